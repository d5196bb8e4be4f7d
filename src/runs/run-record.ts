/** One run as the registry holds it, and the views of it that status, lists and the shared store take. */
import type { ToolResult } from '../types.js';
import type { OutputLines } from './output-lines.js';
import type { SharedRun } from './shared-runs.js';
import type { RunState, RunStatus, RunSummary } from './types.js';

export interface RunRecord {
  readonly id: string;
  /** The principal's id ('' over stdio): another caller is told the run is unknown. */
  readonly owner: string;
  readonly tool: string;
  readonly startedAt: number;
  endedAt?: number;
  state: RunState;
  /** Answered as a run (not a direct result): only such runs are listed, polled and kept. */
  detached: boolean;
  reason?: string;
  /** Dropped on expiry. */
  lines?: OutputLines;
  result?: ToolResult;
  /** Its place among the owner's runs in the shared store. */
  lease?: string;
  /** A save to the shared store is due (output arrived, or a save failed). */
  saveDue?: boolean;
  readonly controller: AbortController;
  /** Settles once the call has returned, so the process tree is gone. */
  settled: Promise<void>;
  readonly timers: Set<NodeJS.Timeout>;
}

/** What `list` shows of a run; `expiresAt` once it has ended. */
export function summaryOf(record: RunRecord, ttlMs: number): RunSummary {
  return {
    runId: record.id,
    tool: record.tool,
    state: record.state,
    startedAt: record.startedAt,
    ...(record.endedAt === undefined ? {} : { endedAt: record.endedAt, expiresAt: record.endedAt + ttlMs }),
    ...(record.reason === undefined ? {} : { reason: record.reason }),
  };
}

/** One poll: the summary, the lines after `cursor` within the poll's budget, and the result once ended. */
export function statusOfRecord(record: RunRecord, cursor: number, limits: { readonly ttlMs: number; readonly maxPollChars: number }): RunStatus {
  const page = record.lines?.read(cursor, limits.maxPollChars) ?? { text: '', omitted: 0, nextCursor: cursor };
  return { ok: true, ...summaryOf(record, limits.ttlMs), newOutput: page.text, omittedLines: page.omitted, nextCursor: page.nextCursor, ...(record.result ? { result: record.result } : {}) };
}

/** The run as every replica reads it, saved at `savedAt`. */
export function sharedRecordOf(record: RunRecord, savedAt: number): SharedRun {
  return {
    runId: record.id,
    owner: record.owner,
    tool: record.tool,
    state: record.state === 'expired' ? 'done' : record.state,
    startedAt: record.startedAt,
    savedAt,
    ...(record.endedAt === undefined ? {} : { endedAt: record.endedAt }),
    ...(record.reason === undefined ? {} : { reason: record.reason }),
    lines: record.lines?.snapshot() ?? { head: [], tail: [], tailStart: 0, total: 0 },
    ...(record.result ? { result: record.result } : {}),
  };
}
