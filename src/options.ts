/**
 * Every option a user sets, written once: the library's defaults (in the library's units), the values an
 * option may take, and each command-line flag with its doc and the library option it feeds. The CLI builds
 * its flags from these rows and the library reads its defaults from `DEFAULTS`, so `--help` cannot drift.
 */
import { CliMcpError } from './errors.js';

/** The OS sandbox levels of a call. */
export const SANDBOX_LEVELS = ['off', 'contain', 'strict'] as const;
export type SandboxLevel = (typeof SANDBOX_LEVELS)[number];
/** How commands are offered: `auto` picks `all` or `search` by the list's size. */
export const DISCOVERY_CHOICES = ['auto', 'all', 'search', 'groups'] as const;
export type DiscoveryChoice = (typeof DISCOVERY_CHOICES)[number];
/** When the user is asked before a call runs. */
export const APPROVAL_MODES = ['auto', 'ask', 'yolo', 'read-only'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
/** When results carry structuredContent beside the text. */
export const STRUCTURED_CONTENT_CHOICES = ['auto', 'always', 'never'] as const;
export type StructuredContentChoice = (typeof STRUCTURED_CONTENT_CHOICES)[number];

const MiB = 1024 * 1024;

const defaults = {
  /** One popular editor refuses tool names over 60 characters. */
  maxToolNameLength: 60,
  discovery: 'auto' as DiscoveryChoice,
  listBudgetTokens: 16_000,
  approval: 'auto' as ApprovalMode,
  grantTtlMs: 300_000,
  /** A stopped call still answers well before the 60 s request timeout of the common clients. */
  timeoutMs: 45_000,
  killGraceMs: 2_000,
  maxOutputBytes: MiB,
  /** Counted JSON-escaped: shown as text and again as structured content, a result stays under 20k tokens. */
  maxResultBytes: 24 * 1024,
  maxTotalOutputBytes: 256 * MiB,
  spoolCallBytes: 16 * MiB,
  spoolTotalBytes: 256 * MiB,
  /** Calls per second across all tools; bursts up to twice that. */
  ratePerSecond: 30,
  maxConcurrent: 8,
  maxQueued: 64,
  slotLeaseMs: 30_000,
  sandbox: 'contain' as SandboxLevel,
  maxRunsPerPrincipal: 4,
  maxRunMs: 30 * 60_000,
  runTtlMs: 15 * 60_000,
  detachAfterMs: 3_000,
  warmWorkers: 1,
  warmIdleMs: 120_000,
  warmMaxMemoryBytes: 256 * MiB,
  structuredContent: 'auto' as StructuredContentChoice,
  pageSize: 100,
  maxFrameBytes: 4 * MiB,
};
/** The library's defaults, each in the unit its option's name says. */
export const DEFAULTS: Readonly<typeof defaults> = Object.freeze(defaults);

/** How a flag's value is read. */
export type ValueKind = 'positive' | 'count' | 'duration' | 'positive-duration' | 'repeat';

/** One command-line flag. */
export interface FlagRow {
  /** As `--help` writes it: `--timeout <ms>`, `--no-cache`, `--include <commands...>`. */
  readonly flag: string;
  readonly doc: string;
  /** How a value is checked: a whole number over 0, one of 0 or more, a duration with its unit, one word per occurrence. */
  readonly value?: ValueKind;
  readonly choices?: readonly string[];
  /** In the flag's own unit (seconds for `--grant-ttl`, MiB for `--warm-max-memory`). */
  readonly default?: number | string;
  /** The CLI keeps no value until the flag is given, and only shows the default: giving it at all means something. */
  readonly leftUnset?: true;
  /** The library option it sets, when it sets one: `timeoutMs`, `runs.maxRunMs`. */
  readonly library?: string;
}

/** The flags `wrap`, `tools`, `call` and `export` share. */
export const SHARED_FLAGS = {
  prefix: { flag: '--prefix <name>', doc: 'replace the program name at the start of every tool name', library: 'prefix' },
  maxToolName: { flag: '--max-tool-name <n>', doc: 'longest tool name (16 to 64); longer ones are cut and end with a hash', value: 'positive', default: DEFAULTS.maxToolNameLength, library: 'maxToolNameLength' },
  include: { flag: '--include <commands...>', doc: 'expose only these commands, exactly: paths like "todo add", or "tag *" for everything under tag', library: 'selectors' },
  exclude: { flag: '--exclude <commands...>', doc: 'never expose these commands or anything under them (globs); excluded tools cannot be called', library: 'selectors' },
  excludeFlag: { flag: '--exclude-flag <names...>', doc: 'leave these flags out of every tool', library: 'selectors' },
  tools: { flag: '--tools <mode>', doc: 'how commands are offered: all (a tool each), search (tools to search, describe and run them), groups (a tool per command group), auto (all while the list fits --list-budget, else search)', choices: DISCOVERY_CHOICES, default: DEFAULTS.discovery, library: 'discovery.mode' },
  pin: { flag: '--pin <commands...>', doc: 'in search and groups mode, still list these commands as their own tools (paths or globs: "get", "config *")', library: 'discovery.pin' },
  listBudget: { flag: '--list-budget <tokens>', doc: 'largest tools/list (estimated tokens) --tools auto serves a tool per command; past it all compacts its schemas', value: 'positive', default: DEFAULTS.listBudgetTokens, library: 'discovery.budgetTokens' },
  approval: { flag: '--approval <mode>', doc: 'when to ask the user first: auto (destructive calls), ask (all but read-only), yolo (never), read-only (refuse the rest)', choices: APPROVAL_MODES, default: DEFAULTS.approval, library: 'approval.mode' },
  grantTtl: { flag: '--grant-ttl <seconds>', doc: 'how long an approval covers the same call again', value: 'positive', default: DEFAULTS.grantTtlMs / 1000, library: 'approval.grantTtlMs' },
  oneTimeGrants: { flag: '--one-time-grants', doc: 'every approval covers one call only', library: 'approval.oneTime' },
  timeout: { flag: '--timeout <ms>', doc: "stop a call's process tree after this many milliseconds", value: 'positive', default: DEFAULTS.timeoutMs, library: 'timeoutMs' },
  killGrace: { flag: '--kill-grace <ms>', doc: 'wait between SIGTERM and SIGKILL when stopping a process tree', value: 'positive', default: DEFAULTS.killGraceMs, library: 'killGraceMs' },
  maxOutput: { flag: '--max-output <bytes>', doc: 'most bytes kept in memory of each of stdout and stderr, for middleware', value: 'positive', default: DEFAULTS.maxOutputBytes, library: 'maxOutputBytes' },
  maxResult: { flag: '--max-result <bytes>', doc: 'most bytes of output (stdout and stderr together) a result shows; the rest is spooled and read in pages', value: 'positive', default: DEFAULTS.maxResultBytes, library: 'maxResultBytes' },
  outputCeiling: { flag: '--output-ceiling <bytes>', doc: "stop a call's process tree once it has printed this many bytes (stdout and stderr together)", value: 'positive', default: DEFAULTS.maxTotalOutputBytes, library: 'maxTotalOutputBytes' },
  spool: { flag: '--no-spool', doc: 'do not keep cut output on disk (results show head and tail only)', library: 'spool' },
  quiet: { flag: '--quiet', doc: 'write only warnings and errors on stderr: no crawl progress, no startup line, no line per call (clients still get the call records as log notifications)' },
  cwd: { flag: '--cwd <dir>', doc: 'run as if started in this directory: the target is found from it and the CLI runs in it', library: 'cwd' },
  exec: { flag: '--exec <binary>', doc: 'run this executable for each call instead of the target itself (e.g. kubectl)', library: 'launcher' },
  node: { flag: '--node <path>', doc: "run a JS target (its loading and every call) under this Node executable instead of cli-mcp's own", library: 'launcher' },
  python: { flag: '--python <path>', doc: "read a Python target's parser, and run every call, under this interpreter (a venv's python) instead of its #! line's", library: 'launcher' },
  cache: { flag: '--no-cache', doc: 'reflect the program afresh: neither read nor write the program and help caches (~/.cache/cli-mcp)' },
  allowEnv: { flag: '--allow-env <names...>', doc: 'more environment variables the CLI inherits (NAME or PREFIX_*), beyond PATH, HOME, LANG, …', library: 'env.allow' },
  inheritEnv: { flag: '--inherit-env', doc: 'pass the whole environment to the CLI, secrets included (off: an allowlist)', library: 'env.inheritAll' },
  preset: { flag: '--preset <cli>', doc: 'deny the dangerous flags and commands of a known CLI', library: 'argvPolicy' },
  // One value per occurrence: commander takes a required value even when it starts with `-`, but ends a variadic list there.
  denyFlag: { flag: '--deny-flag <flag>', doc: 'a flag the model may never pass, in any spelling; repeat for more: --deny-flag --kubeconfig --deny-flag -s', value: 'repeat', library: 'argvPolicy.denyFlags' },
  confinePaths: { flag: '--confine-paths', doc: 'refuse values that look like paths (absolute, ./ ../ ~, containing /) and resolve outside the working directory', library: 'argvPolicy.confinePaths' },
  doubleDash: { flag: '--no-double-dash', doc: 'the CLI does not treat -- as the end of its options: send none, refuse positionals starting with -', library: 'argvPolicy.honoursDoubleDash' },
  redactEnv: { flag: '--redact-env <names...>', doc: 'mask the values of these environment variables wherever they appear in output', library: 'redact.envNames' },
  redactPattern: { flag: '--redact-pattern <regexps...>', doc: 'mask text matching these regular expressions in output', library: 'redact.patterns' },
  redact: { flag: '--no-redact', doc: 'do not mask secrets (token shapes, password= values) in output', library: 'redact' },
  sanitize: { flag: '--no-sanitize', doc: 'keep ANSI escapes, control characters and invisible (bidi, zero-width, tag, variation selector …) characters in output', library: 'sanitize' },
  allowMultiline: { flag: '--allow-multiline <flags...>', doc: 'let these values hold line feeds (free text such as commit messages): a flag name for every tool, TOOL.FLAG for one tool, TOOL.args for its positionals', library: 'inputLimits.multilineFlags' },
  rateLimit: { flag: '--rate-limit <perSecond>', doc: 'calls per second across all tools (bursts up to twice that)', value: 'positive', default: DEFAULTS.ratePerSecond, library: 'rateLimit.global' },
  noRateLimit: { flag: '--no-rate-limit', doc: 'do not limit the call rate', library: 'rateLimit' },
  maxConcurrent: { flag: '--max-concurrent <n>', doc: 'most CLI processes at once', value: 'positive', default: DEFAULTS.maxConcurrent, library: 'concurrency.max' },
  maxConcurrentPerPrincipal: { flag: '--max-concurrent-per-principal <n>', doc: 'with --http and authentication: most CLI processes of one principal at once', value: 'positive', library: 'concurrency.perPrincipal' },
  maxQueued: { flag: '--max-queued <n>', doc: 'most calls waiting for a process slot; more are refused', value: 'count', default: DEFAULTS.maxQueued, library: 'concurrency.queue' },
  sandbox: { flag: '--sandbox <level>', doc: 'OS sandbox of each call (bubblewrap): contain (no process outlives its call), strict (also read-only but the cwd, private /tmp, credentials hidden), off', choices: SANDBOX_LEVELS, default: DEFAULTS.sandbox, library: 'sandbox' },
  sandboxAllow: { flag: '--sandbox-allow <paths...>', doc: 'credential paths --sandbox strict leaves visible, e.g. ~/.kube', library: 'sandboxAllow' },
  sandboxNetwork: { flag: '--no-sandbox-network', doc: 'under --sandbox strict, the CLI gets no network', library: 'sandboxNetwork' },
} as const satisfies Record<string, FlagRow>;

/** The flags of a server (`wrap`, and `mcp start` of a program that adds cli-mcp): background runs, warm workers, what results carry. */
export const SERVE_FLAGS = {
  maxRuns: { flag: '--max-runs <n>', doc: 'background runs (tasks) one caller may have going at once; past it, a call that could be a task runs directly', value: 'positive', default: DEFAULTS.maxRunsPerPrincipal, library: 'runs.maxRunsPerPrincipal' },
  maxRunTime: { flag: '--max-run-time <duration>', doc: "stop a background run's process tree after this long (500ms, 3s, 30m, 1h)", value: 'positive-duration', default: DEFAULTS.maxRunMs, library: 'runs.maxRunMs' },
  runTtl: { flag: '--run-ttl <duration>', doc: "how long a finished background run's result is kept for polling", value: 'positive-duration', default: DEFAULTS.runTtlMs, library: 'runs.ttlMs' },
  detachAfter: { flag: '--detach-after <duration>', doc: 'a call still running this long after its process started goes on in the background: a task, for clients that declare tasks (0: at once)', value: 'duration', default: DEFAULTS.detachAfterMs, library: 'runs.detachAfterMs' },
  structuredContent: { flag: '--structured-content <when>', doc: 'when results carry structuredContent beside the text: auto (not for clients known to show their model the JSON instead: Claude Code, Codex, mcporter, LangChain, the Inspector), always, never', choices: STRUCTURED_CONTENT_CHOICES, default: DEFAULTS.structuredContent, library: 'structuredContent' },
  runs: { flag: '--no-runs', doc: 'no background runs: every call is answered when it ends, never as a task', library: 'runs' },
  warm: { flag: '--no-warm', doc: 'start every call cold: no warm workers (a Node CLI\'s waiting in its parse(), any other program\'s waiting in its sandbox to exec the call)', library: 'warm' },
  warmWorkers: { flag: '--warm-workers <n>', doc: 'warm workers kept ready (each takes one call; more, up to 4, while calls come faster than one gets ready)', value: 'positive', default: DEFAULTS.warmWorkers, library: 'warm.size' },
  warmIdle: { flag: '--warm-idle <duration>', doc: 'stop a warm worker no call has taken for this long; the pool refills after the next call', value: 'positive-duration', default: DEFAULTS.warmIdleMs, library: 'warm.idleMs' },
  warmMaxMemory: { flag: '--warm-max-memory <MiB>', doc: 'turn warm workers off for a program whose worker uses more memory than this once it has imported it', value: 'positive', default: DEFAULTS.warmMaxMemoryBytes / MiB, library: 'warm.maxMemoryBytes' },
} as const satisfies Record<string, FlagRow>;

/** `wrap`'s own flags: the wire, watching the program, and the shared store's leases. */
export const WRAP_FLAGS = {
  pageSize: { flag: '--page-size <n>', doc: 'tools per tools/list page (clients follow nextCursor for the rest)', value: 'positive', default: DEFAULTS.pageSize, library: 'pageSize' },
  watch: { flag: '--watch', doc: "when the program's files change (a JS target's package tree, a binary, a manifest), read it again and tell clients the tool list changed" },
  maxFrameBytes: { flag: '--max-frame-bytes <n>', doc: 'longest message read from the client; a longer one is skipped and answered with an error', value: 'positive', default: DEFAULTS.maxFrameBytes, library: 'maxFrameBytes' },
  slotLease: { flag: '--slot-lease <seconds>', doc: "with --redis: how long a running call holds its process slot without renewal; a dead replica's slots come back after it", value: 'positive', default: DEFAULTS.slotLeaseMs / 1000, leftUnset: true, library: 'concurrency.leaseMs' },
} as const satisfies Record<string, FlagRow>;

/**
 * A library option's number, checked: undefined takes the default; anything but a finite number over 0 is
 * refused with an error that names the option and echoes the value.
 * @throws {CliMcpError} `cli-mcp.invalid-option`
 */
export function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be a positive number, got ${shown(value)}`);
  return value;
}

/**
 * A library option's whole number, checked: undefined takes the default; anything but a safe integer of at
 * least `min` is refused by name. @throws {CliMcpError} `cli-mcp.invalid-option`
 */
export function wholeNumber(name: string, value: number | undefined, fallback: number, min: 0 | 1 = 1): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be ${min === 1 ? 'a positive whole number' : 'a whole number, 0 or more'}, got ${shown(value)}`);
  return value;
}

/** A library option's choice, checked: undefined takes the default. @throws {CliMcpError} `cli-mcp.invalid-option` */
export function oneOf<T extends string>(name: string, choices: readonly T[], value: unknown, fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw new CliMcpError('cli-mcp.invalid-option', `${name} must be one of ${choices.join(', ')}, got ${shown(value)}`);
}

/** The bad value as the user wrote it, with its type when that is what is wrong: `"10" (a string)`. */
export function shown(value: unknown): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  let text: string;
  try {
    text = typeof value === 'function' ? `[function ${(value as { name?: string }).name || 'anonymous'}]` : typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  if (text.length > 80) text = `${text.slice(0, 77)}...`;
  return value === null || value === undefined ? String(value) : `${text} (${type})`;
}
