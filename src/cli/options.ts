import { InvalidArgumentError, Option, type Command } from 'commander';
import type { ArgvPolicy } from '../argv/argv-policy.js';
import type { EnvironmentOptions } from '../exec/environment.js';
import { SANDBOX_LEVELS, type SandboxLevel } from '../exec/sandbox.js';
import { ARGV_PRESETS } from '../argv/presets.js';
import { DISCOVERY_CHOICES, type DiscoveryChoice } from '../discovery/budget.js';
import type { ApprovalMode } from '../middleware/approval.js';
import type { Selector } from '../call/options.js';
import { allowCommands, excludeCommands, excludeFlags } from '../tool/select.js';
import type { CreateMcpServerOptions } from '../server/create-mcp-server.js';
import { STRUCTURED_CONTENT_CHOICES, type StructuredContentChoice } from '../server/clients.js';
import { DEFAULT_DETACH_AFTER_MS, DEFAULT_MAX_RUN_MS, DEFAULT_MAX_RUNS_PER_PRINCIPAL, DEFAULT_RUN_TTL_MS } from '../runs/types.js';

/** The options `wrap`, `tools` and `call` share. */
export interface SharedFlags {
  prefix?: string;
  maxToolName?: number;
  timeout?: number;
  killGrace?: number;
  maxOutput?: number;
  cwd?: string;
  exec?: string;
  /** The Node executable a JS target runs under: loading and every call. */
  node?: string;
  /** `false` from --no-cache: reflect afresh, neither reading nor writing the program and help caches. */
  cache?: boolean;
  /** `wrap` only: re-read the target when its files change. */
  watch?: boolean;
  allowEnv?: string[];
  inheritEnv?: boolean;
  preset?: PresetName;
  denyFlag?: string[];
  doubleDash?: boolean;
  confinePaths?: boolean;
  redact?: boolean;
  redactEnv?: string[];
  redactPattern?: string[];
  sanitize?: boolean;
  allowMultiline?: string[];
  rateLimit?: number | false;
  maxConcurrent?: number;
  maxConcurrentPerPrincipal?: number;
  maxQueued?: number;
  include?: string[];
  exclude?: string[];
  excludeFlag?: string[];
  approval?: ApprovalMode;
  grantTtl?: number;
  oneTimeGrants?: boolean;
  /** `wrap`, `call`: the manifest to serve; `tools`: the manifest to read, or with a target where to write one (`true`: stdout). */
  manifest?: string | true;
  /** `wrap` only. */
  pageSize?: number;
  sandbox?: SandboxLevel;
  sandboxAllow?: string[];
  sandboxNetwork?: boolean;
  /** `wrap` only. */
  maxFrameBytes?: number;
  /** `wrap --redis` only: seconds. */
  slotLease?: number;
  tools?: DiscoveryChoice;
  pin?: string[];
  listBudget?: number;
  maxResult?: number;
  outputCeiling?: number;
  spool?: boolean;
  /** `wrap` only: background runs and tasks; `false` from --no-runs. */
  runs?: boolean;
  maxRuns?: number;
  /** Milliseconds, like every duration below. */
  maxRunTime?: number;
  runTtl?: number;
  detachAfter?: number;
  /** `false` from --no-warm. */
  warm?: boolean;
  warmWorkers?: number;
  /** Milliseconds. */
  warmIdle?: number;
  /** MiB. */
  warmMaxMemory?: number;
  /** `wrap` and `mcp start` only. */
  structuredContent?: StructuredContentChoice;
  /** Only warnings and errors on stderr. */
  quiet?: boolean;
}

type PresetName = keyof typeof ARGV_PRESETS;

export function addSharedOptions(command: Command): Command {
  return command
    .option('--prefix <name>', 'replace the program name at the start of every tool name')
    .addOption(new Option('--max-tool-name <n>', 'longest tool name (16 to 64); longer ones are cut and end with a hash').argParser(positiveInt).default(60))
    .option('--include <commands...>', 'expose only these commands, exactly: paths like "todo add", or "tag *" for everything under tag')
    .option('--exclude <commands...>', 'never expose these commands or anything under them (globs); excluded tools cannot be called')
    .option('--exclude-flag <names...>', 'leave these flags out of every tool')
    .addOption(
      new Option('--tools <mode>', 'how commands are offered: all (a tool each), search (tools to search, describe and run them), groups (a tool per command group), auto (all while the list fits --list-budget, else search)')
        .choices(DISCOVERY_CHOICES)
        .default('auto'),
    )
    .option('--pin <commands...>', 'in search and groups mode, still list these commands as their own tools (paths or globs: "get", "config *")')
    .addOption(new Option('--list-budget <tokens>', 'largest tools/list (estimated tokens) --tools auto serves a tool per command; past it all compacts its schemas').argParser(positiveInt).default(16_000))
    .addOption(
      new Option('--approval <mode>', 'when to ask the user first: auto (destructive calls), ask (all but read-only), yolo (never), read-only (refuse the rest)')
        .choices(['auto', 'ask', 'yolo', 'read-only'])
        .default('auto'),
    )
    .addOption(new Option('--grant-ttl <seconds>', 'how long an approval covers the same call again').argParser(positiveInt).default(300))
    .option('--one-time-grants', 'every approval covers one call only')
    .addOption(new Option('--timeout <ms>', 'stop a call\'s process tree after this many milliseconds').argParser(positiveInt).default(45_000))
    .addOption(new Option('--kill-grace <ms>', 'wait between SIGTERM and SIGKILL when stopping a process tree').argParser(positiveInt).default(2_000))
    .addOption(new Option('--max-output <bytes>', 'most bytes kept in memory of each of stdout and stderr, for middleware').argParser(positiveInt).default(1024 * 1024))
    .addOption(new Option('--max-result <bytes>', 'most bytes of output (stdout and stderr together) a result shows; the rest is spooled and read in pages').argParser(positiveInt).default(24 * 1024))
    .addOption(new Option('--output-ceiling <bytes>', 'stop a call\'s process tree once it has printed this many bytes (stdout and stderr together)').argParser(positiveInt).default(256 * 1024 * 1024))
    .option('--no-spool', 'do not keep cut output on disk (results show head and tail only)')
    .option('--quiet', 'write only warnings and errors on stderr: no crawl progress, no startup line, no line per call (clients still get the call records as log notifications)')
    .option('--cwd <dir>', 'run as if started in this directory: the target is found from it and the CLI runs in it')
    .option('--exec <binary>', 'run this executable for each call instead of the target itself (e.g. kubectl)')
    .option('--node <path>', 'run a JS target (its loading and every call) under this Node executable instead of cli-mcp\'s own')
    .option('--no-cache', 'reflect the program afresh: neither read nor write the program and help caches (~/.cache/cli-mcp)')
    .option('--allow-env <names...>', 'more environment variables the CLI inherits (NAME or PREFIX_*), beyond PATH, HOME, LANG, …')
    .option('--inherit-env', 'pass the whole environment to the CLI, secrets included (off: an allowlist)')
    .addOption(new Option('--preset <cli>', 'deny the dangerous flags and commands of a known CLI').choices(Object.keys(ARGV_PRESETS)))
    // One value per occurrence: commander takes a required value even when it starts with `-`, but ends a variadic list there.
    .addOption(new Option('--deny-flag <flag>', 'a flag the model may never pass, in any spelling; repeat for more: --deny-flag --kubeconfig --deny-flag -s').argParser(collect))
    .option('--confine-paths', 'refuse values that look like paths (absolute, ./ ../ ~, containing /) and resolve outside the working directory')
    .option('--no-double-dash', 'the CLI does not treat -- as the end of its options: send none, refuse positionals starting with -')
    .option('--redact-env <names...>', 'mask the values of these environment variables wherever they appear in output')
    .option('--redact-pattern <regexps...>', 'mask text matching these regular expressions in output')
    .option('--no-redact', 'do not mask secrets (token shapes, password= values) in output')
    .option('--no-sanitize', 'keep ANSI escapes, control characters and invisible (bidi, zero-width, tag, variation selector …) characters in output')
    .option('--allow-multiline <flags...>', 'let these values hold line feeds (free text such as commit messages): a flag name for every tool, TOOL.FLAG for one tool, TOOL.args for its positionals')
    .addOption(new Option('--rate-limit <perSecond>', 'calls per second across all tools (bursts up to twice that)').argParser(positiveInt).default(30))
    .option('--no-rate-limit', 'do not limit the call rate')
    .addOption(new Option('--max-concurrent <n>', 'most CLI processes at once').argParser(positiveInt).default(8))
    .addOption(new Option('--max-concurrent-per-principal <n>', 'with --http and authentication: most CLI processes of one principal at once').argParser(positiveInt))
    .addOption(
      new Option('--sandbox <level>', 'OS sandbox of each call (bubblewrap): contain (no process outlives its call), strict (also read-only but the cwd, private /tmp, credentials hidden), off')
        .choices(SANDBOX_LEVELS),
    )
    .option('--sandbox-allow <paths...>', 'credential paths --sandbox strict leaves visible, e.g. ~/.kube')
    .option('--no-sandbox-network', 'under --sandbox strict, the CLI gets no network')
    .addOption(new Option('--max-queued <n>', 'most calls waiting for a process slot; more are refused').argParser(nonNegativeInt).default(64));
}

/** `wrap`'s options for calls that outlive their request: MCP tasks, for clients that declare the extension. */
export function addRunOptions(command: Command): Command {
  return command
    .addOption(new Option('--max-runs <n>', 'background runs (tasks) one caller may have going at once; past it, a call that could be a task runs directly').argParser(positiveInt).default(DEFAULT_MAX_RUNS_PER_PRINCIPAL))
    .addOption(new Option('--max-run-time <duration>', 'stop a background run\'s process tree after this long (500ms, 3s, 30m, 1h)').argParser(positiveDuration).default(DEFAULT_MAX_RUN_MS, formatDuration(DEFAULT_MAX_RUN_MS)))
    .addOption(new Option('--run-ttl <duration>', 'how long a finished background run\'s result is kept for polling').argParser(positiveDuration).default(DEFAULT_RUN_TTL_MS, formatDuration(DEFAULT_RUN_TTL_MS)))
    .addOption(new Option('--detach-after <duration>', 'a call still running this long after its process started goes on in the background: a task, for clients that declare tasks (0: at once)').argParser(duration).default(DEFAULT_DETACH_AFTER_MS, formatDuration(DEFAULT_DETACH_AFTER_MS)))
    .addOption(
      new Option('--structured-content <when>', 'when results carry structuredContent beside the text: auto (not for clients known to show their model the JSON instead: Claude Code, Codex, mcporter, LangChain, the Inspector), always, never')
        .choices(STRUCTURED_CONTENT_CHOICES)
        .default('auto'),
    )
    .option('--no-runs', 'no background runs: every call is answered when it ends, never as a task')
    .option('--no-warm', 'start every call of a Node CLI cold, with no warm workers waiting in its parse()')
    .addOption(new Option('--warm-workers <n>', 'warm workers kept ready for a Node CLI found by its parse() call (each takes one call)').argParser(positiveInt).default(1))
    .addOption(new Option('--warm-idle <duration>', 'stop a warm worker no call has taken for this long; the pool refills after the next call').argParser(positiveDuration).default(120_000, '2m'))
    .addOption(new Option('--warm-max-memory <MiB>', 'turn warm workers off for a program whose worker uses more memory than this once it has imported it').argParser(positiveInt).default(256));
}

export function serverOptions(flags: SharedFlags & { readonly tokenFile?: string }): CreateMcpServerOptions {
  return {
    prefix: flags.prefix,
    maxToolNameLength: flags.maxToolName,
    selectors: selectors(flags),
    approval: { mode: flags.approval, grantTtlMs: flags.grantTtl === undefined ? undefined : flags.grantTtl * 1000, oneTime: flags.oneTimeGrants },
    timeoutMs: flags.timeout,
    killGraceMs: flags.killGrace,
    maxOutputBytes: flags.maxOutput,
    maxResultBytes: flags.maxResult,
    maxTotalOutputBytes: flags.outputCeiling,
    spool: flags.spool === false ? false : undefined,
    discovery: { mode: flags.tools, pin: flags.pin, budgetTokens: flags.listBudget },
    cwd: flags.cwd,
    executable: flags.exec,
    env: environmentOf(flags),
    argvPolicy: argvPolicy(flags),
    redact: flags.redact === false ? false : { envNames: flags.redactEnv, patterns: flags.redactPattern?.map(regExp) },
    sanitize: flags.sanitize,
    inputLimits: flags.allowMultiline === undefined ? undefined : { multilineFlags: flags.allowMultiline },
    rateLimit: flags.rateLimit === false || flags.rateLimit === undefined ? flags.rateLimit : { global: { capacity: 2 * flags.rateLimit, perSecond: flags.rateLimit } },
    concurrency: flags.maxConcurrent === undefined ? undefined : { max: flags.maxConcurrent, queue: flags.maxQueued ?? 64, leaseMs: flags.slotLease === undefined ? undefined : flags.slotLease * 1000, perPrincipal: flags.maxConcurrentPerPrincipal },
    pageSize: flags.pageSize,
    sandbox: flags.sandbox,
    sandboxAllow: flags.sandboxAllow,
    sandboxNetwork: flags.sandboxNetwork,
    // The bearer tokens of every principal: no call of any of them may read the file.
    sandboxHide: flags.tokenFile === undefined ? undefined : [flags.tokenFile],
    maxFrameBytes: flags.maxFrameBytes,
    structuredContent: flags.structuredContent,
    runs: flags.runs === false ? false : { maxRunsPerPrincipal: flags.maxRuns, maxRunMs: flags.maxRunTime, ttlMs: flags.runTtl, detachAfterMs: flags.detachAfter },
    // Serving commands only (one call starts cold anyway); `wrap` keeps it only for a program found by its parse() call.
    warm: flags.warm === false ? false : flags.warmWorkers === undefined ? undefined : { size: flags.warmWorkers, idleMs: flags.warmIdle, maxMemoryBytes: flags.warmMaxMemory === undefined ? undefined : flags.warmMaxMemory * 1024 * 1024 },
  };
}

/** Which variables the CLI gets: for its calls, and for loading or reading its help too. */
export function environmentOf(flags: SharedFlags): EnvironmentOptions {
  return { allow: flags.allowEnv, inheritAll: flags.inheritEnv };
}

function argvPolicy(flags: SharedFlags): ArgvPolicy {
  const preset: ArgvPolicy = flags.preset ? ARGV_PRESETS[flags.preset] : {};
  return {
    ...preset,
    denyFlags: [...(preset.denyFlags ?? []), ...(flags.denyFlag ?? [])],
    honoursDoubleDash: flags.doubleDash === false ? false : preset.honoursDoubleDash,
    confinePaths: flags.confinePaths === true ? true : preset.confinePaths,
  };
}

/** The command-line selection, as one selector built from the same helpers the library offers. */
function selectors(flags: SharedFlags): Selector[] | undefined {
  if (!flags.include && !flags.exclude && !flags.excludeFlag) return undefined;
  const included = flags.include ? allowCommands(...flags.include) : undefined;
  const excluded = flags.exclude ? excludeCommands(...flags.exclude) : undefined;
  return [
    {
      commands: (command) => (included?.(command) ?? true) && (excluded?.(command) ?? true),
      ...(flags.excludeFlag ? { flags: excludeFlags(...flags.excludeFlag) } : {}),
    },
  ];
}

function regExp(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new Error(`--redact-pattern ${JSON.stringify(source)} is not a regular expression: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function nonNegativeInt(value: string): number {
  return value === '0' ? 0 : positiveInt(value);
}

export function positiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`expected a positive whole number, got "${value}"`);
  return number;
}

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** A duration with its unit (`500ms`, `3s`, `30m`, `1.5h`), or `0`, in whole milliseconds. */
export function duration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim());
  const ms = match ? Math.round(Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS]) : value.trim() === '0' ? 0 : Number.NaN;
  // Commander names the option and echoes the value around this message.
  if (!Number.isSafeInteger(ms)) throw new InvalidArgumentError('expected a duration with its unit, such as 500ms, 3s, 30m or 1h.');
  return ms;
}

function positiveDuration(value: string): number {
  const ms = duration(value);
  if (ms <= 0) throw new InvalidArgumentError('expected a duration longer than 0, such as 3s or 30m.');
  return ms;
}

/** Milliseconds in the largest unit that divides them: 1800000 → `30m`. */
export function formatDuration(ms: number): string {
  for (const unit of ['h', 'm', 's'] as const) if (ms > 0 && ms % DURATION_UNITS_MS[unit] === 0) return `${ms / DURATION_UNITS_MS[unit]}${unit}`;
  return `${ms}ms`;
}
