/**
 * Background runs across replicas: each run's record (state, kept output lines, result) is mirrored
 * into the shared store so any replica answers its status, a cancel is published to the replica that
 * holds the process, and the per-caller limit is a leased slot pool every replica counts against.
 */
import type { SharedStore } from '../store/shared-store.js';
import type { ToolResult } from '../types.js';
import { readSnapshot, type LinesSnapshot } from './output-lines.js';
import { unknownRun } from './refusals.js';
import type { RunRefusal, RunState, RunStatus } from './types.js';

/** A run as every replica reads it. */
export interface SharedRun {
  readonly runId: string;
  /** The principal's id ('' over stdio). */
  readonly owner: string;
  readonly tool: string;
  /** Never `expired`: that is worked out from `endedAt` by whoever reads it. */
  readonly state: Exclude<RunState, 'expired'>;
  readonly startedAt: number;
  /** When the holding replica last saved it: it saves a running run at least every 10 s. */
  readonly savedAt: number;
  readonly endedAt?: number;
  readonly reason?: string;
  readonly lines: LinesSnapshot;
  readonly result?: ToolResult;
}

/** The shared side of one registry. */
export interface SharedRuns {
  /** One of the owner's places, leased until the run must have ended; undefined when every place is taken. */
  claim(owner: string): Promise<string | undefined>;
  release(owner: string, lease: string): Promise<void>;
  /** Writes the record, kept as long as its run may still be asked about. */
  save(run: SharedRun): Promise<void>;
  load(runId: string): Promise<SharedRun | undefined>;
  remove(runId: string): Promise<void>;
  /** Asks whichever replica holds the run to cancel it. */
  requestCancel(runId: string): Promise<void>;
  /** Starts listening for cancels (once; later calls wait for the same); `onCancel` gets every id asked for. */
  listen(): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

const CANCEL_CHANNEL = 'run-cancel';

/** The mirror of a registry with these limits in `store`; `onCancel` is called for a cancel asked on any replica. */
export function sharedRuns(store: SharedStore, limits: { readonly maxRuns: number; readonly maxRunMs: number; readonly ttlMs: number; readonly now: () => number }, onCancel: (runId: string) => void): SharedRuns {
  const pool = (owner: string): string => `runs:${Buffer.from(owner).toString('hex') || '-'}`;
  let listening: Promise<() => Promise<void>> | undefined;
  return {
    // A replica that dies holding a place frees it when the lease ends: no run outlives the maximum run time.
    claim: (owner) => store.acquireSlot(pool(owner), limits.maxRuns, limits.maxRunMs + 60_000),
    release: (owner, lease) => store.releaseSlot(pool(owner), lease),
    async save(run) {
      const keepUntil = run.endedAt === undefined ? limits.now() + limits.maxRunMs + 2 * limits.ttlMs : run.endedAt + 2 * limits.ttlMs;
      const keepMs = keepUntil - limits.now();
      if (keepMs > 0) await store.putValue(key(run.runId), JSON.stringify(run), keepMs);
      else await store.deleteValue(key(run.runId));
    },
    async load(runId) {
      if (!/^[0-9a-f]{32}$/.test(runId)) return undefined;
      const value = await store.getValue(key(runId));
      return value === undefined ? undefined : (JSON.parse(value) as SharedRun);
    },
    remove: (runId) => store.deleteValue(key(runId)),
    requestCancel: (runId) => store.publish(CANCEL_CHANNEL, runId),
    async listen() {
      listening ??= store.subscribe(CANCEL_CHANNEL, onCancel);
      try {
        await listening;
      } catch (error) {
        listening = undefined;
        throw error;
      }
    },
    async close() {
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.().catch(() => {});
    },
  };
}

/** A running run whose record has not been saved for this long lost its replica (and, with it, its processes). */
export const STALE_AFTER_MS = 30_000;
const GONE_REASON = 'the replica running it stopped answering; its processes ended with it';

/** A run another replica holds, as its owner would answer: expired past the TTL, unknown past twice the TTL, cancelled once its replica is gone. */
export function statusFromStore(stored: SharedRun, cursor: number, at: { readonly now: number; readonly ttlMs: number; readonly maxPollChars: number }): RunStatus | RunRefusal {
  const gone = stored.state === 'running' && at.now - stored.savedAt > STALE_AFTER_MS;
  const run: SharedRun = gone ? { ...stored, state: 'cancelled', reason: GONE_REASON, endedAt: stored.savedAt } : stored;
  if (run.endedAt !== undefined && at.now >= run.endedAt + 2 * at.ttlMs) return unknownRun(run.runId);
  const expired = run.endedAt !== undefined && at.now >= run.endedAt + at.ttlMs;
  const page = expired ? { text: '', omitted: 0, nextCursor: 0 } : readSnapshot(run.lines, cursor, at.maxPollChars);
  const times = run.endedAt === undefined ? {} : { endedAt: run.endedAt, expiresAt: run.endedAt + at.ttlMs };
  return {
    ok: true,
    runId: run.runId,
    tool: run.tool,
    state: expired ? 'expired' : run.state,
    startedAt: run.startedAt,
    ...times,
    ...(run.reason === undefined ? {} : { reason: run.reason }),
    newOutput: page.text,
    omittedLines: page.omitted,
    nextCursor: page.nextCursor,
    ...(run.result && !expired ? { result: run.result } : {}),
  };
}

function key(runId: string): string {
  return `run:${runId}`;
}
