import { resolve } from 'node:path';
import { checkLauncherFile, validateArgvPolicy, type ArgvPolicy } from '../argv/argv-policy.js';
import { CliMcpError } from '../errors.js';
import { DEFAULTS, positive, shown, wholeNumber } from '../options.js';
import { childEnvironment, type EnvironmentOptions } from '../exec/environment.js';
import type { Launcher } from '../exec/launcher.js';
import { resolveSandbox, type Sandbox, type SandboxLevel } from '../exec/sandbox.js';
import { createWarmPool, type WarmOptions, type WarmPool } from '../exec/warm-pool.js';
import { WARM_WORKER_FILE } from '../reflect/warm-worker-file.js';
import type { DiscoveryOptions } from '../discovery/catalog.js';
import type { ApprovalOptions } from '../approval/ask-first.js';
import { createSpool, type Spool, type SpoolOptions } from '../output/spool.js';
import type { ConcurrencyOptions } from '../middleware/concurrency.js';
import type { InputLimits } from '../middleware/harden-input.js';
import type { LogCallsOptions } from '../middleware/log-calls.js';
import type { RateLimitOptions } from '../middleware/rate-limit.js';
import type { SharedStore } from '../store/shared-store.js';
import { redactor, type RedactOptions } from '../output/redactor.js';
import { redactStream, type StreamRedactor } from '../output/redact-stream.js';
import { sanitizeText } from '../sanitize-text.js';
import type { ToolShapeOptions } from '../tool/build-tools.js';
import type { Selection } from '../tool/select.js';
import type { Middleware } from '../middleware/context.js';
import type { RunToolNames } from '../middleware/refuse-follow.js';
import type { ProgressCleaner } from '../output/progress.js';
import type { RunRegistryOptions } from '../runs/types.js';
import type { ReadCommand } from '../types.js';

/**
 * Which commands become tools, with which flags and middleware. Selectors are tried in order and the
 * first whose `commands` matches decides; with selectors given, a command no selector matches is not exposed.
 */
export interface Selector extends Selection {
  /** Run for the chosen commands, inside the global middleware. */
  readonly middleware?: readonly Middleware[];
}

/** How tools are made and run. Every field is optional but `launcher`; the defaults are the safe ones. */
export interface CliToolsOptions extends ToolShapeOptions<Selector> {
  /** How to start the CLI: the executable and the arguments that come before the command path. */
  readonly launcher: Launcher;
  /** Middleware for every tool, outside each selector's own. */
  readonly middleware?: readonly Middleware[];
  /** One structured line per call; `false` turns it off. @default a JSON line on stderr */
  readonly callLog?: false | LogCallsOptions;
  /** Limits on raw input, checked before validation (prototype keys, NUL/CR/LF, sizes, counts, depth). */
  readonly inputLimits?: InputLimits;
  /** Calls over the rate are refused with a retry time and run nothing; `false` turns it off. @default a global bucket of 60, refilled at 30 per second */
  readonly rateLimit?: false | RateLimitOptions;
  /** Most CLI processes at once, and how many calls may wait for one; `false` turns it off. @default { max: 8, queue: 64 } */
  readonly concurrency?: false | ConcurrencyOptions;
  /** When the user is asked before a call runs (MCP elicitation). @default mode `auto`: destructive calls ask */
  readonly approval?: ApprovalOptions;
  /**
   * State that every replica behind a load balancer shares: the rate limit's buckets, the concurrency cap's
   * slots, and, when served, approval grants and the seal and nonces of approval questions
   * (`redisStore(url)` from `cli-mcp/redis`). While it cannot answer, calls are refused (fail closed).
   * @default none: each server keeps its own, in memory
   */
  readonly store?: SharedStore;
  /** Strip ANSI escapes and control, bidi and zero-width characters from the output. @default true */
  readonly sanitize?: boolean;
  /** Mask secrets in the output (token shapes, named environment values, patterns); `false` turns it off. @default the built-in token shapes */
  readonly redact?: false | RedactOptions;
  /** How long a process may run before its tree is stopped. @default 45000 */
  readonly timeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when a process tree is stopped. @default 2000 */
  readonly killGraceMs?: number;
  /** Most bytes kept of each of stdout and stderr: the head and the tail, with a marker for the cut. @default 1048576 */
  readonly maxOutputBytes?: number;
  /** Bytes of output, stdout and stderr together, after which the process tree is stopped: a flood ends in seconds, not at the timeout. @default 268435456 (256 MiB) */
  readonly maxTotalOutputBytes?: number;
  /**
   * Most bytes of output, stdout and stderr together, one result shows (head and tail of each). Past it
   * the whole cleaned output is spooled to disk and the result links to it. @default 24576
   */
  readonly maxResultBytes?: number;
  /** Where and how much cut output is kept for paging; `false` keeps none. @default 16 MiB a call, 256 MiB in all, under the OS temp dir */
  readonly spool?: false | Omit<SpoolOptions, 'memoryBytes'>;
  /**
   * Background runs: calls that outlive their request, as MCP tasks (clients that declare the tasks
   * extension) and through the run tools (`<p>_run_start`, `<p>_run_status`, `<p>_run_cancel`); `false` turns them off.
   * @default 4 runs per caller, 30 min each, kept 15 min after they end; a call goes to the background 3 s after its process starts
   */
  readonly runs?: false | RunRegistryOptions;
  /**
   * A direct call that turns on an option that runs its command until stopped (`tail --follow`, `kubectl get --watch`)
   * is refused, pointing to the background run tools (or saying to leave the flag out when runs are off); `false` lets
   * it run into the timeout instead. @default true
   */
  readonly refuseFollow?: boolean;
  /** How the commands are offered: a tool each, meta-tools to search and run, or a tool per group. @default mode `auto` */
  readonly discovery?: DiscoveryOptions;
  /**
   * Reads a command the tree holds `pending` (a lazy help crawl's `reader`): its tool is read before it is described or
   * called, and the tools are rebuilt over the tree read. For `search` discovery, which lists no command's schema. @default none
   */
  readonly readCommand?: ReadCommand;
  /** Working directory of the CLI. @default process.cwd() */
  readonly cwd?: string;
  /** Which environment variables the CLI gets. @default an allowlist: PATH, HOME, LANG, TERM, TMPDIR, … */
  readonly env?: EnvironmentOptions;
  /**
   * The OS sandbox (bubblewrap) of every call: `contain` (a PID namespace: no process outlives its call
   * or the server), `strict` (also read-only but the cwd, private /tmp, credential dirs hidden), or `off`.
   * Where bwrap does not work, calls run in process groups and stderr says so once.
   * @default 'contain'
   */
  readonly sandbox?: SandboxLevel;
  /** Credential paths `strict` leaves visible. @example ['~/.kube'] @default [] */
  readonly sandboxAllow?: readonly string[];
  /** Under `strict`, `false` cuts the network. @default true */
  readonly sandboxNetwork?: boolean;
  /**
   * Files and directories no call sees, at either sandbox level: a file cannot be opened, a directory is
   * empty (the server's own secrets; `wrap` adds its `--token-file`). @default []
   */
  readonly sandboxHide?: readonly string[];
  /** The bubblewrap executable (tests point it at a missing path). @default 'bwrap' */
  readonly sandboxCommand?: string;
  /**
   * Warm workers, started ahead, each taking one call: for a Node CLI whose program calls commander's or
   * yargs' parse(), the program imported and waiting there (`kind: 'parse'`); for any program, a stub
   * waiting in the call's sandbox to exec it (`kind: 'exec'`). They turn themselves off (saying why) where
   * they could not run a call as if cold. `true` takes the defaults.
   * @default false (`cli-mcp wrap` turns them on: `parse` for the programs it found by their parse() call, `exec` for the rest)
   */
  readonly warm?: boolean | WarmOptions;
}

/** The defaults of the two limits, generous enough for any model, low enough to stop a runaway loop. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { global: { capacity: 2 * DEFAULTS.ratePerSecond, perSecond: DEFAULTS.ratePerSecond } };
export const DEFAULT_CONCURRENCY: ConcurrencyOptions = { max: DEFAULTS.maxConcurrent, queue: DEFAULTS.maxQueued };

/** What the run at the centre needs, checked and with every default applied, once. */
export interface CallSettings {
  readonly launcher: Launcher;
  readonly timeoutMs: number;
  readonly killGraceMs: number;
  readonly maxOutputBytes: number;
  readonly maxTotalOutputBytes: number;
  readonly maxResultBytes: number;
  /** Where output over the result budget is kept; undefined: nowhere. */
  readonly spool?: Spool;
  /** The tool that pages through spooled output, as results name it. */
  readonly readTool: string;
  /** The tools of background runs, as refusals name them; undefined when `runs: false`. */
  readonly runTools?: RunToolNames;
  readonly cwd?: string;
  readonly env: Record<string, string>;
  /** The sandbox every call runs in; undefined: process groups only. */
  readonly sandbox?: Sandbox;
  /** Workers that have imported the program already; undefined: every call starts cold. */
  readonly warm?: WarmPool;
  readonly argvPolicy: ArgvPolicy;
  /** What streamed output goes through before the client sees it: the same cleaning as the result. */
  readonly cleanText: ProgressCleaner;
}


/** The names results point to: the read tool's and the run tools' (`metaNames(…)` gives the real ones). */
export type PointedToolNames = RunToolNames & { readonly readOutput: string };

const UNPREFIXED_NAMES: PointedToolNames = { readOutput: 'read_output', runStart: 'run_start', runStatus: 'run_status', runCancel: 'run_cancel' };

/** Applies defaults and checks every option, each refusal naming the option and the bad value. */
export function callSettings(options: CliToolsOptions, names: PointedToolNames = UNPREFIXED_NAMES): CallSettings {
  const maxResultBytes = positive('maxResultBytes', options.maxResultBytes, DEFAULTS.maxResultBytes);
  const launcher = checkedLauncher(options.launcher);
  const env = environmentFor(options);
  // Output a result shows whole is never written to disk.
  const spool = options.spool === false ? undefined : createSpool({ ...options.spool, memoryBytes: spoolThreshold(maxResultBytes) });
  const resolved = resolveSandbox({ level: options.sandbox, allow: options.sandboxAllow, network: options.sandboxNetwork, command: options.sandboxCommand, hide: options.sandboxHide });
  // Another call's kept output is a file the calls' user could read: every call gets an empty directory in its place.
  const sandbox = resolved && spool ? { ...resolved, hidden: () => [...resolved.hide, ...[spool.directory()].filter((dir): dir is string => dir !== undefined)] } : resolved;
  const checked = warmOptions(options.warm);
  // A stub saves a call the sandbox's set-up (bubblewrap's namespaces); without one a cold spawn is as fast.
  const warm = checked?.kind === 'exec' && !sandbox ? undefined : checked;
  return {
    launcher,
    timeoutMs: positive('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs),
    killGraceMs: positive('killGraceMs', options.killGraceMs, DEFAULTS.killGraceMs),
    maxOutputBytes: positive('maxOutputBytes', options.maxOutputBytes, DEFAULTS.maxOutputBytes),
    maxTotalOutputBytes: positive('maxTotalOutputBytes', options.maxTotalOutputBytes, DEFAULTS.maxTotalOutputBytes),
    maxResultBytes,
    spool,
    readTool: names.readOutput,
    runTools: options.runs === false ? undefined : { runStart: names.runStart, runStatus: names.runStatus, runCancel: names.runCancel },
    cwd: options.cwd,
    env,
    sandbox,
    ...(warm ? { warm: createWarmPool({ launcher, cwd: resolve(options.cwd ?? process.cwd()), env, ...(warm.kind === 'exec' ? {} : { preload: WARM_WORKER_FILE }), ...(sandbox ? { sandbox } : {}) }, warm) } : {}),
    argvPolicy: checkedPolicy(options.argvPolicy ?? {}, options.cwd),
    cleanText: cleanerFor(options),
  };
}

/**
 * Output under this many bytes is neither cleaned for the spool nor written to it: half the result budget,
 * since sanitised text at most doubles when JSON-escaped, so such output is shown whole.
 */
export function spoolThreshold(maxResultBytes: number): number {
  return Math.floor(maxResultBytes / 2);
}

function cleanerFor(options: CliToolsOptions): ProgressCleaner {
  const mask = options.redact === false ? (text: string) => text : redactor(options.redact ?? {});
  const sanitize = options.sanitize === false ? (text: string) => text : sanitizeText;
  // Progress gets a stateful redactor per call; lines are sanitised before it looks for key lines.
  const stream = (): StreamRedactor => {
    const redacting = options.redact === false ? { lines: (text: string) => text, text: mask } : redactStream(options.redact ?? {}, mask);
    return { lines: (text) => redacting.lines(sanitize(text)), text: redacting.text };
  };
  return Object.assign((text: string) => mask(sanitize(text)), { stream });
}

/** The child's environment, computed once: the allowlist applied to this process's environment. */
function environmentFor(options: CliToolsOptions): Record<string, string> {
  const env = childEnvironment(process.env, options.env);
  // An inherited PWD would name the server's directory, not the one the CLI runs in.
  if (env.PWD !== undefined) env.PWD = resolve(options.cwd ?? process.cwd());
  return env;
}

function checkedLauncher(launcher: Launcher): Launcher {
  const refused = checkLauncherFile(launcher.file);
  if (refused) throw new CliMcpError('cli-mcp.invalid-option', refused);
  return launcher;
}

/** The policy, validated, with `confinePaths: true` made the directory the CLI runs in. */
function checkedPolicy(policy: ArgvPolicy, cwd: string | undefined): ArgvPolicy {
  validateArgvPolicy(policy);
  if (policy.confinePaths === undefined || policy.confinePaths === false) return policy;
  return { ...policy, confinePaths: resolve(cwd ?? process.cwd(), policy.confinePaths === true ? '.' : policy.confinePaths) };
}

/** The pool's options, checked; undefined when warm workers are off. */
function warmOptions(value: CliToolsOptions['warm']): WarmOptions | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {};
  if (typeof value !== 'object' || value === null) throw new CliMcpError('cli-mcp.invalid-option', `warm must be true, false or an object, got ${shown(value)}`);
  wholeNumber('warm.size', value.size, 1);
  positive('warm.idleMs', value.idleMs, 1);
  positive('warm.maxMemoryBytes', value.maxMemoryBytes, 1);
  positive('warm.readyTimeoutMs', value.readyTimeoutMs, 1);
  if (value.kind !== undefined && value.kind !== 'parse' && value.kind !== 'exec') throw new CliMcpError('cli-mcp.invalid-option', `warm.kind must be 'parse' or 'exec', got ${shown(value.kind)}`);
  const after = value.startAfterMs;
  if (after !== undefined && (typeof after !== 'number' || !Number.isFinite(after) || after < 0)) throw new CliMcpError('cli-mcp.invalid-option', `warm.startAfterMs must be a number of milliseconds, 0 or more, got ${shown(after)}`);
  return value;
}

