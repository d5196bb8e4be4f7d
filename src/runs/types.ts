import type { CallPrincipal } from '../middleware/context.js';
import type { SharedStore } from '../store/shared-store.js';
import type { ToolResult } from '../types.js';

/** @default 16 finished runs kept per principal; the oldest are forgotten first. */
export const DEFAULT_MAX_KEPT_RUNS_PER_PRINCIPAL = 16;
/** @default 16384 characters of new output one poll returns (their head and tail when more). */
export const DEFAULT_MAX_POLL_CHARS = 16 * 1024;

/** How many background runs a registry lets go at once, for how long, and how much it keeps. */
export interface RunRegistryOptions {
  /** Runs one principal may have going at once; a start past it is refused. @default 4 */
  readonly maxRunsPerPrincipal?: number;
  /** A run still going after this many milliseconds (real time) is cancelled, with the reason in its status. @default 1800000 (30 min) */
  readonly maxRunMs?: number;
  /** How long a finished run's output and result are kept; its status then says `expired` for as long again, then the run is unknown. @default 900000 (15 min) */
  readonly ttlMs?: number;
  /** Finished runs kept per principal (expired ones included); past it the oldest are forgotten. @default 16 */
  readonly maxKeptRunsPerPrincipal?: number;
  /** Characters of new output one status returns: the head and tail of them, the middle counted. @default 16384 */
  readonly maxPollChars?: number;
  /** Characters of a run's first lines kept for its whole life. @default 16384 */
  readonly headChars?: number;
  /** Characters of a run's newest lines kept. @default 65536 */
  readonly tailChars?: number;
  /**
   * Where every replica keeps run records, the per-caller limit and cancel requests, so that any replica
   * answers a run's status and a cancel reaches the one that holds its process. @default none: this process only
   */
  readonly store?: SharedStore;
  /** How long after its process starts a call may still finish and be answered directly, when the start does not say. @default 3000 */
  readonly detachAfterMs?: number;
  /** The clock for start, end and expiry times (tests inject one). @default Date.now */
  readonly now?: () => number;
}

/** What a registry asks of a call it runs: pass every hook on to the tool's call (`CallOptions`). */
export interface RunHooks {
  /** The run's own cancel: the request's until the call detaches, then only a cancel of the run. */
  readonly signal: AbortSignal;
  /** The maximum run time: the process's limit instead of the server's timeout. */
  readonly timeoutMs: number;
  /** The call may outlive its request (watch-style flags are allowed). */
  readonly background: true;
  /** Called right before the process is spawned, every check passed. */
  readonly onSpawn: () => void;
  /** The call's output lines, kept for polls (and passed on to the request's progress until it detaches). */
  readonly progress: (message: string) => void;
}

/** One call to start. */
export interface RunRequest {
  /** The tool's name, for lists and logs. */
  readonly tool: string;
  /** Who starts it: only they can see, poll and cancel it. @default nobody in particular (stdio) */
  readonly principal?: CallPrincipal;
  /** How long after its process starts the call may still finish and be answered directly; past it the run goes on in the background. @default the registry's `detachAfterMs` */
  readonly detachAfterMs?: number;
  /** The starting request's cancel: it stops the call only until the call detaches. */
  readonly signal?: AbortSignal;
  /** The starting request's progress: output lines until the call detaches. */
  readonly progress?: (message: string) => void;
}

/** How a start ended: the call finished in time (its result, nothing kept), it goes on in the background, or it was refused. */
export type RunBegun = { readonly kind: 'finished'; readonly result: ToolResult } | { readonly kind: 'running'; readonly status: RunStatus } | RunRefusal;

/** Where a run is: going, finished (`done` exit 0, `failed` otherwise or refused, `cancelled`), or `expired` (output and result gone). */
export type RunState = 'running' | 'done' | 'failed' | 'cancelled' | 'expired';

/** Stable codes of a registry's refusals. */
export type RunRefusalCode = 'cli-mcp.unknown-run' | 'cli-mcp.run-limit' | 'cli-mcp.runs-closed' | 'cli-mcp.store-unavailable';

/** A refusal: nothing was started, or no run by that id is visible to the caller. */
export interface RunRefusal {
  readonly ok: false;
  readonly kind: 'refused';
  readonly code: RunRefusalCode;
  readonly message: string;
}

/** One run as `list` shows it. */
export interface RunSummary {
  /** 32 hex characters (128 random bits). */
  readonly runId: string;
  /** The tool's name. */
  readonly tool: string;
  readonly state: RunState;
  /** Milliseconds since the epoch, by the registry's clock. */
  readonly startedAt: number;
  readonly endedAt?: number;
  /** Until when output and result are kept, once finished. */
  readonly expiresAt?: number;
  /** Why a run was cancelled. */
  readonly reason?: string;
}

/** One poll of a run. */
export interface RunStatus extends RunSummary {
  readonly ok: true;
  /** The output lines after the cursor (cleaned as progress is: sanitised, redacted), head and tail within the poll's budget. */
  readonly newOutput: string;
  /** Lines after the cursor not in `newOutput` (dropped from memory, or past the poll's budget). */
  readonly omittedLines: number;
  /** Pass it as `cursor` to the next status to get only what came after. */
  readonly nextCursor: number;
  /** Once finished: the same result a direct call gives (result budget, spool links). */
  readonly result?: ToolResult;
}

/** Background runs of a CLI's tools, bound to the principal that started each. */
export interface RunRegistry {
  /** The limits in force, every default applied. */
  readonly limits: { readonly maxRunsPerPrincipal: number; readonly maxRunMs: number; readonly ttlMs: number; readonly detachAfterMs: number };
  /**
   * Starts `call` with the run's hooks and answers once it has finished, or has run `detachAfterMs`
   * past its spawn (it then goes on in the background, kept under a new id). A call that ends before
   * it spawns (invalid input, an approval question, a refusal) is answered directly too. Refused past
   * `maxRunsPerPrincipal` or after close.
   */
  start(request: RunRequest, call: (hooks: RunHooks) => Promise<ToolResult>): Promise<RunBegun>;
  /**
   * The run's state and its output after `cursor` (a number `nextCursor` gave; 0 or absent: from the start).
   * @throws RangeError when `cursor` is not a non-negative integer
   */
  status(runId: string, principal: CallPrincipal | undefined, options?: { readonly cursor?: number }): Promise<RunStatus | RunRefusal>;
  /** Stops a running run's process tree and resolves once it is gone; a finished run's status is answered unchanged. */
  cancel(runId: string, principal: CallPrincipal | undefined): Promise<RunStatus | RunRefusal>;
  /** The caller's runs on this replica, oldest first. */
  list(principal: CallPrincipal | undefined): Promise<RunSummary[]>;
  /** Cancels every running run (the server is shutting down) and resolves once every process tree is gone. */
  stopAll(): Promise<void>;
  /** stopAll, then forgets every run; later starts are refused and later polls answer unknown. */
  close(): Promise<void>;
}
