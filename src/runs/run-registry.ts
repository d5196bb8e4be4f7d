/**
 * Background runs: a call started now and polled later. The transport-free core under the run tools
 * and tasks. Output between polls comes from the call's progress lines (already sanitised, redacted
 * and cut per line, as a client's progress notifications are), kept in a bounded head + tail buffer:
 * no second cleaning path, and no reading of a spool entry that is still being written. Progress is
 * batched (a message every 250 ms, its newest 2000 characters), so under a flood polls show a sample
 * of the newest lines; the final result is the whole one a direct call gives (budget, spool links).
 */
import { randomBytes } from 'node:crypto';
import type { CallPrincipal } from '../middleware/context.js';
import { refusalMessage, StoreUnavailableError } from '../store/store-unavailable.js';
import type { ToolResult } from '../types.js';
import { DEFAULT_HEAD_CHARS, DEFAULT_TAIL_CHARS, outputLines } from './output-lines.js';
import { sharedRecordOf, statusOfRecord, summaryOf, type RunRecord } from './run-record.js';
import { duration, refusal, unknownRun } from './refusals.js';
import { sharedRuns, statusFromStore, type SharedRun } from './shared-runs.js';
import {
  DEFAULT_MAX_KEPT_RUNS_PER_PRINCIPAL,
  DEFAULT_MAX_POLL_CHARS,
  type RunRefusal,
  type RunRegistry,
  type RunRegistryOptions,
  type RunStatus,
  type RunSummary,
} from './types.js';
import { DEFAULTS, wholeNumber } from '../options.js';

export * from './types.js';

const SHUTDOWN_REASON = 'the server is shutting down';
/** How often a running run's record is saved even when quiet (see `statusFromStore`'s staleness). */
const HEARTBEAT_MS = 10_000;
const CALLER_REASON = 'cancelled by the caller';

/**
 * A registry of background runs: each is a call through the whole middleware chain, as a direct call
 * is, that may outlive its request; its its cleaned progress lines are kept between polls in a bounded buffer
 * (see outputLines). Runs are bound to the principal that started them and timers never hold the process open.
 * @throws CliMcpError `cli-mcp.invalid-option` when a limit is not a positive integer, naming it and its value
 * @example
 * const runs = createRunRegistry();
 * const begun = await runs.start({ tool: 'make_build', principal }, (hooks) => tools.call('make_build', { args: ['all'] }, { ...hooks, principal }));
 * if (begun.kind === 'running') runs.status(begun.status.runId, principal, { cursor: begun.status.nextCursor });
 */
export function createRunRegistry(options: RunRegistryOptions = {}): RunRegistry {
  const maxRuns = wholeNumber('maxRunsPerPrincipal', options.maxRunsPerPrincipal, DEFAULTS.maxRunsPerPrincipal);
  const maxRunMs = wholeNumber('maxRunMs', options.maxRunMs, DEFAULTS.maxRunMs);
  const ttlMs = wholeNumber('ttlMs', options.ttlMs, DEFAULTS.runTtlMs);
  const maxKept = wholeNumber('maxKeptRunsPerPrincipal', options.maxKeptRunsPerPrincipal, DEFAULT_MAX_KEPT_RUNS_PER_PRINCIPAL);
  const maxPollChars = wholeNumber('maxPollChars', options.maxPollChars, DEFAULT_MAX_POLL_CHARS);
  const headChars = wholeNumber('headChars', options.headChars, DEFAULT_HEAD_CHARS);
  const tailChars = wholeNumber('tailChars', options.tailChars, DEFAULT_TAIL_CHARS);
  const defaultDetachMs = wholeNumber('detachAfterMs', options.detachAfterMs, DEFAULTS.detachAfterMs, 0);
  const now = options.now ?? Date.now;
  const runs = new Map<string, RunRecord>();
  /** Saves to the shared store under way: close waits for them, so a run's end is not lost on shutdown. */
  const saves = new Set<Promise<void>>();
  let closed = false;
  const shared = options.store && sharedRuns(options.store, { maxRuns, maxRunMs, ttlMs, now }, (runId) => {
    const record = runs.get(runId);
    if (record?.detached) void stop(record, CALLER_REASON);
  });

  /** Applies the clock: finished runs past the TTL expire, and past twice the TTL are forgotten. */
  const sweep = (): void => {
    const time = now();
    for (const record of runs.values()) {
      if (record.endedAt === undefined) continue;
      if (time >= record.endedAt + 2 * ttlMs) forget(record);
      else if (time >= record.endedAt + ttlMs && record.state !== 'expired') {
        record.state = 'expired';
        record.lines = undefined;
        record.result = undefined;
      }
    }
  };
  const forget = (record: RunRecord): void => {
    for (const timer of record.timers) clearTimeout(timer);
    record.timers.clear();
    runs.delete(record.id);
    if (record.detached) void shared?.remove(record.id).catch(() => {});
  };
  // Real timers free the memory when nobody polls; an injected clock is applied on every access too.
  const later = (record: RunRecord, ms: number, action: () => void): void => {
    const timer = setTimeout(() => {
      record.timers.delete(timer);
      action();
    }, ms);
    timer.unref();
    record.timers.add(timer);
  };
  const visible = (runId: string, principal: CallPrincipal | undefined): RunRecord | undefined => {
    sweep();
    const record = typeof runId === 'string' ? runs.get(runId) : undefined;
    return record?.detached && record.owner === ownerOf(principal) ? record : undefined;
  };
  const ownRuns = (owner: string): RunRecord[] => [...runs.values()].filter((record) => record.owner === owner);

  const finish = (record: RunRecord, result: ToolResult): void => {
    for (const timer of record.timers) clearTimeout(timer);
    record.timers.clear();
    record.endedAt = now();
    record.result = result;
    record.state = record.reason !== undefined ? 'cancelled' : result.isError ? 'failed' : 'done';
    if (record.lease !== undefined) void shared?.release(record.owner, record.lease).catch(() => {});
    // A call answered directly was forgotten already, or is about to be.
    if (!runs.has(record.id)) return;
    persist(record);
    later(record, ttlMs + 1, sweep);
    later(record, 2 * ttlMs + 1, sweep);
    const finished = ownRuns(record.owner).filter((run) => run.endedAt !== undefined && run.detached);
    finished.sort((a, b) => (a.endedAt as number) - (b.endedAt as number));
    for (const old of finished.slice(0, Math.max(0, finished.length - maxKept))) forget(old);
  };
  /** Mirrors a background run into the shared store now; a failed save is tried again a second later. */
  const persist = (record: RunRecord): void => {
    if (!shared || !record.detached || !runs.has(record.id)) return;
    record.saveDue = false;
    const saving = shared.save(toShared(record)).catch(() => due(record));
    saves.add(saving);
    void saving.finally(() => saves.delete(saving));
  };
  /** While it runs, the record is saved every HEARTBEAT_MS even when quiet: a record that stops being saved tells the others its replica is gone. */
  const heartbeat = (record: RunRecord): void => {
    later(record, HEARTBEAT_MS, () => {
      if (record.state !== 'running') return;
      persist(record);
      heartbeat(record);
    });
  };
  /** Marks a save due, at most one a second, so output streaming in does not write the store per line. */
  const due = (record: RunRecord): void => {
    if (record.saveDue) return;
    record.saveDue = true;
    later(record, 1000, () => record.saveDue && persist(record));
  };
  const stop = async (record: RunRecord, reason: string): Promise<void> => {
    if (record.state === 'running' && record.reason === undefined) {
      record.reason = reason;
      record.controller.abort(new Error(reason));
    }
    await record.settled;
  };

  const summary = (record: RunRecord): RunSummary => summaryOf(record, ttlMs);
  const statusOf = (record: RunRecord, cursor: number): RunStatus => statusOfRecord(record, cursor, { ttlMs, maxPollChars });
  const toShared = (record: RunRecord): SharedRun => sharedRecordOf(record, now());
  const sharedStatus = (run: SharedRun, cursor: number): RunStatus | RunRefusal => statusFromStore(run, cursor, { now: now(), ttlMs, maxPollChars });
  /** The caller's run held by another replica, from the shared store. */
  const fromStore = async (runId: string, principal: CallPrincipal | undefined): Promise<SharedRun | RunRefusal | undefined> => {
    if (!shared || typeof runId !== 'string') return undefined;
    try {
      const run = await shared.load(runId);
      return run?.owner === ownerOf(principal) ? run : undefined;
    } catch (error) {
      return storeRefusal(error);
    }
  };

  /** Asks the replica holding the run to stop it, and waits (up to 15 s) until its record says it has ended. */
  const cancelElsewhere = async (runId: string, principal: CallPrincipal | undefined): Promise<RunStatus | RunRefusal> => {
    const current = async (): Promise<RunStatus | RunRefusal> => {
      const run = await fromStore(runId, principal);
      return run === undefined ? unknownRun(runId) : 'ok' in run ? run : sharedStatus(run, run.lines.total);
    };
    let status = await current();
    if (!status.ok || status.state !== 'running') return status;
    try {
      await shared?.requestCancel(runId);
    } catch (error) {
      return storeRefusal(error);
    }
    for (const deadline = Date.now() + 15_000; status.ok && status.state === 'running' && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await current();
    }
    return status;
  };

  return {
    limits: { maxRunsPerPrincipal: maxRuns, maxRunMs, ttlMs, detachAfterMs: defaultDetachMs },
    async start(request, call) {
      if (closed) return refusal('cli-mcp.runs-closed', 'Refused: the server is shutting down and starts no more background runs.');
      const detachAfterMs = request.detachAfterMs ?? defaultDetachMs;
      if (!Number.isSafeInteger(detachAfterMs) || detachAfterMs < 0) throw new RangeError(`detachAfterMs must be a non-negative integer, got ${String(detachAfterMs)}`);
      sweep();
      const owner = ownerOf(request.principal);
      const going = ownRuns(owner).filter((record) => record.state === 'running');
      let lease: string | undefined;
      try {
        lease = shared ? await shared.claim(owner) : going.length < maxRuns ? '' : undefined;
        // Cancels must reach this replica before any of its runs is known to others.
        await shared?.listen();
      } catch (error) {
        if (lease) await shared?.release(owner, lease).catch(() => {});
        return storeRefusal(error);
      }
      if (lease === undefined) {
        const ids = going.filter((record) => record.detached).map((record) => record.id).join(', ');
        const counted = shared ? `${maxRuns} background runs are already going for you` : `${going.length} background runs are already going for you`;
        return refusal('cli-mcp.run-limit', `Refused: ${counted} (at most ${maxRuns}); wait for one to finish or cancel one${ids === '' ? '' : ` (${ids})`}.`);
      }
      const lines = outputLines(headChars, tailChars);
      const record: RunRecord = { id: randomBytes(16).toString('hex'), owner, tool: request.tool, startedAt: now(), state: 'running', detached: false, lines, controller: new AbortController(), settled: Promise.resolve(), timers: new Set(), ...(shared ? { lease } : {}) };
      runs.set(record.id, record);
      // Until the call detaches it is the request's: the request's cancel stops it, its progress sees the lines.
      const stopWithRequest = (): void => void stop(record, CALLER_REASON);
      if (request.signal?.aborted) stopWithRequest();
      else request.signal?.addEventListener('abort', stopWithRequest, { once: true });
      const progress = (message: string): void => {
        record.lines?.push(message);
        if (record.detached) return due(record);
        try {
          request.progress?.(message);
        } catch {
          // a transport that cannot deliver progress does not end the run
        }
      };
      let spawned: () => void = () => {};
      const spawn = new Promise<void>((resolve) => (spawned = resolve));
      later(record, maxRunMs, () => void stop(record, `it ran past the maximum run time of ${duration(maxRunMs)}`));
      const hooks = { signal: record.controller.signal, timeoutMs: maxRunMs, background: true as const, onSpawn: () => spawned(), progress };
      // Through a promise, so even a call that throws at once ends as a failed run.
      const ended = Promise.resolve()
        .then(() => call(hooks))
        .catch((error: unknown): ToolResult => ({ isError: true, message: `The run failed inside cli-mcp: ${error instanceof Error ? error.message : String(error)}` }));
      record.settled = ended.then((result) => finish(record, result));
      const detach = spawn.then(() => new Promise<'detach'>((resolve) => later(record, detachAfterMs, () => resolve('detach'))));
      const first = await Promise.race([ended, detach]);
      request.signal?.removeEventListener('abort', stopWithRequest);
      if (first !== 'detach' || record.endedAt !== undefined) {
        // Answered directly: the registry keeps nothing of it.
        const result = first === 'detach' ? (record.result as ToolResult) : first;
        forget(record);
        return { kind: 'finished', result };
      }
      record.detached = true;
      if (shared) {
        // A task is answered only once any replica can find it.
        try {
          await shared.save(toShared(record));
        } catch (error) {
          await stop(record, 'the shared store could not keep it');
          forget(record);
          return storeRefusal(error);
        }
        heartbeat(record);
      }
      return { kind: 'running', status: statusOf(record, 0) };
    },
    async status(runId, principal, { cursor = 0 } = {}) {
      if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError(`cursor must be a non-negative integer, got ${String(cursor)}`);
      const record = visible(runId, principal);
      if (record) return statusOf(record, cursor);
      const run = await fromStore(runId, principal);
      return run === undefined ? unknownRun(runId) : 'ok' in run ? run : sharedStatus(run, cursor);
    },
    async cancel(runId, principal) {
      const record = visible(runId, principal);
      if (record) {
        await stop(record, CALLER_REASON);
        sweep();
        return statusOf(record, record.lines?.total ?? 0);
      }
      return cancelElsewhere(runId, principal);
    },
    async list(principal) {
      sweep();
      return ownRuns(ownerOf(principal))
        .filter((record) => record.detached)
        .map(summary);
    },
    async stopAll() {
      await Promise.all([...runs.values()].map((record) => stop(record, SHUTDOWN_REASON)));
    },
    async close() {
      closed = true;
      await Promise.all([...runs.values()].map((record) => stop(record, SHUTDOWN_REASON)));
      await Promise.allSettled([...saves]);
      for (const record of [...runs.values()]) forget(record);
      await shared?.close();
    },
  };
}

function ownerOf(principal: CallPrincipal | undefined): string {
  return principal?.id ?? '';
}

/** A store that cannot answer refuses the request, naming the store; anything else is a bug and is thrown. */
function storeRefusal(error: unknown): RunRefusal {
  if (error instanceof StoreUnavailableError) return refusal('cli-mcp.store-unavailable', refusalMessage(error));
  throw error;
}
