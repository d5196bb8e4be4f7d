import type { CallOptions, CliTools } from '../call/cli-tools.js';
import type { CallPrincipal } from '../call/context.js';
import type { ToolDefinition } from '../tool/definition.js';
import type { ToolResult } from '../types.js';

/** @default 4 background runs going at once per principal. */
export const DEFAULT_MAX_RUNS_PER_PRINCIPAL = 4;
/** @default 1800000 (30 min): a run still going then is cancelled. */
export const DEFAULT_MAX_RUN_MS = 30 * 60 * 1000;
/** @default 900000 (15 min) a finished run's output and result are kept. */
export const DEFAULT_RUN_TTL_MS = 15 * 60 * 1000;
/** @default 16 finished runs kept per principal; the oldest are forgotten first. */
export const DEFAULT_MAX_KEPT_RUNS_PER_PRINCIPAL = 16;
/** @default 16384 characters of new output one poll returns (their head and tail when more). */
export const DEFAULT_MAX_POLL_CHARS = 16 * 1024;

/** How a registry runs calls and how much it keeps. Every field is optional but `run`. */
export interface RunRegistryOptions {
  /** Runs one call through the whole middleware chain: `CliTools.run`. */
  readonly run: CliTools['run'];
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
  /** The clock for start, end and expiry times (tests inject one). @default Date.now */
  readonly now?: () => number;
}

/** What a background call carries: a direct call's options but `signal` (the start request's cancel must not end the run). */
export type RunStartOptions = Omit<CallOptions, 'signal'>;

/** Where a run is: going, finished (`done` exit 0, `failed` otherwise or refused, `cancelled`), or `expired` (output and result gone). */
export type RunState = 'running' | 'done' | 'failed' | 'cancelled' | 'expired';

/** Stable codes of a registry's refusals. */
export type RunRefusalCode = 'cli-mcp.unknown-run' | 'cli-mcp.run-limit' | 'cli-mcp.runs-closed';

/** A refusal: nothing was started, or no run by that id is visible to the caller. */
export interface RunRefusal {
  readonly ok: false;
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
  /** Starts a run and answers at once with its id; refused past `maxRunsPerPrincipal` or after close. */
  start(tool: ToolDefinition, input: unknown, options?: RunStartOptions): { readonly ok: true; readonly runId: string } | RunRefusal;
  /**
   * The run's state and its output after `cursor` (a number `nextCursor` gave; 0 or absent: from the start).
   * @throws RangeError when `cursor` is not a non-negative integer
   */
  status(runId: string, principal: CallPrincipal | undefined, options?: { readonly cursor?: number }): RunStatus | RunRefusal;
  /** Stops a running run's process tree and resolves once it is gone; a finished run's status is answered unchanged. */
  cancel(runId: string, principal: CallPrincipal | undefined): Promise<RunStatus | RunRefusal>;
  /** The caller's runs, oldest first. */
  list(principal: CallPrincipal | undefined): RunSummary[];
  /** Cancels every running run (the server is shutting down) and resolves once every process tree is gone. */
  stopAll(): Promise<void>;
  /** stopAll, then forgets every run; later starts are refused and later polls answer unknown. */
  close(): Promise<void>;
}
