import type { ToolDefinition } from '../tool/definition.js';
import type { ApprovalMode } from '../options.js';
import type { BucketSettings } from '../store/shared-store.js';
import type { SpoolSummary } from '../output/spool.js';
import type { ToolInput, ToolResult } from '../types.js';

/** One call's output on disk: the spool entry and what each stream kept. */
export interface SpooledOutput {
  readonly id: string;
  readonly summary: SpoolSummary;
}

/** What one tool call carries through the middleware chain. */
export interface CallContext {
  readonly tool: ToolDefinition;
  /** The arguments exactly as the client sent them. */
  rawInput: unknown;
  /** The checked input; set by validation, which runs first. */
  input: ToolInput;
  /** Fires when the client cancels; the process tree is stopped. */
  readonly signal: AbortSignal;
  /** How long the process may run; `timeout(ms)` sets it. */
  timeoutMs: number;
  /** The call may outlive its request (a task or background run): commands that run until stopped are allowed. */
  readonly background: boolean;
  /** Called once every check has passed, right before the process is spawned (a background run's cue). */
  readonly onSpawn?: () => void;
  /** The argv the CLI was started with (after the launcher's own words); set at the centre. */
  argv?: readonly string[];
  /** Sends a log message to the client (an MCP logging notification, at the level it asked for). */
  readonly log: (level: LogLevel, data: unknown) => void;
  /** Receives output lines while the CLI runs, when the client asked for progress. */
  readonly progress?: (message: string) => void;
  /** What the transport knows about asking the user: whether it can, the answer to an earlier question, the session's grants. */
  readonly approval: ApprovalChannel;
  /** The outcome; set by the run at the centre of the chain, or by a PreRun that ends the call. */
  result?: ToolResult;
  /** Where the run kept the call's whole cleaned output on disk, when it passed the result budget. */
  spooled?: SpooledOutput;
  /** Who made the call, when the transport authenticated it (HTTP); undefined over stdio. */
  readonly principal?: CallPrincipal;
  /** What the access policy gives this caller over the server's own settings. */
  readonly access?: CallAccess;
  /** How the call was decided, when a middleware decided it (`refused: rate limit`, `approved by the user`), for the call log. */
  decision?: string;
  /** The input's keys that were mapped to the schema's (lenient input), for the call log. */
  mapped?: readonly string[];
  /** Free room for your own middleware to share facts about this call. */
  readonly state: Map<string, unknown>;
}

/**
 * What the caller of a tool sets of its context; everything else is the server's. Defaults: no signal, log
 * nowhere, no progress, cannot ask and no grants, nobody in particular (stdio), the server's access and
 * timeout (a per-tool `timeout()` still wins), not in the background, no spawn hook.
 */
export type CallOptions = Partial<Pick<CallContext, 'signal' | 'log' | 'progress' | 'approval' | 'principal' | 'access' | 'timeoutMs' | 'background' | 'onSpawn'>>;

/** Who a call is for: an id, a name for messages, and the scopes their credential grants. */
export interface CallPrincipal {
  /**
   * Unique across kinds of credential (`token:alice`, `jwt:<issuer>#<sub>`): everything kept per caller
   * (grants, rate buckets, slots, runs, tasks, spooled output) is keyed by it, never by the name.
   */
  readonly id: string;
  /** The name the credential gives (a static token's principal, a JWT's subject), for messages and logs. */
  readonly name: string;
  readonly scopes: readonly string[];
}

/** A caller's own settings from the access policy; an absent field keeps the server's. */
export interface CallAccess {
  /** The policy entry that decided (`rules[2]`, `default`), for logs and refusals. */
  readonly rule: string;
  /** Whether the caller may see and call a command, by its path (program word included). */
  allows(commandPath: readonly string[]): boolean;
  readonly approval?: ApprovalMode;
  /** One bucket for all of the caller's calls, instead of the server's. */
  readonly rateLimit?: BucketSettings;
}

/** The transport's side of approval. */
export interface ApprovalChannel {
  /** The client can show the user a question (MCP elicitation). */
  readonly canAsk: boolean;
  /** The user's answer to the question with this key, asked in an earlier round of this call. */
  readonly answer?: { readonly key: string; readonly accepted: boolean };
  /** Where the caller's approvals are kept: this session's, or the shared store's for every replica. */
  readonly grants: ApprovalGrants;
}

/**
 * A caller's approval grants, each a key with an expiry. Kept in this process (`memoryGrants`) or in the
 * shared store (`storeGrants`); a store that cannot answer rejects with StoreUnavailableError, and the call is refused.
 */
export interface ApprovalGrants {
  /** Whether `key` is granted and the grant has not expired. */
  has(key: string): Promise<boolean>;
  /** Grants `key` for `ttlMs` (a later grant of the same key replaces it). */
  add(key: string, ttlMs: number): Promise<void>;
  /** Takes a live grant away: true for exactly one caller, on every replica; false after it or once expired. */
  take(key: string): Promise<boolean>;
}

/** MCP's log levels (RFC 5424). */
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** One layer of the onion: do something, `await next()` to go inward, then look at `ctx.result`. */
export type Middleware = (ctx: CallContext, next: () => Promise<void>) => Promise<void>;
