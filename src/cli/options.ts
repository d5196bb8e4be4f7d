import { InvalidArgumentError, Option, type Command } from 'commander';
import type { ArgvPolicy } from '../argv/argv-policy.js';
import type { EnvironmentOptions } from '../exec/environment.js';
import { ARGV_PRESETS } from '../argv/presets.js';
import type { Selector } from '../call/options.js';
import { allowCommands, excludeCommands, excludeFlags } from '../tool/select.js';
import type { CreateMcpServerOptions } from '../server/create-mcp-server.js';
import { DEFAULTS, SERVE_FLAGS, SHARED_FLAGS, WRAP_FLAGS, type ApprovalMode, type DiscoveryChoice, type FlagRow, type SandboxLevel, type StructuredContentChoice, type ValueKind } from '../options.js';
import { CliMcpError } from '../errors.js';

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
  python?: string;
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

type Rows = typeof SHARED_FLAGS & typeof SERVE_FLAGS & typeof WRAP_FLAGS;
type RowKey = keyof Rows;
/** Every flag the CLI reads has a row in the options table (`--manifest` means something else to each command). */
const everyFlagHasARow: [Exclude<keyof SharedFlags, RowKey | 'manifest'>] extends [never] ? true : Exclude<keyof SharedFlags, RowKey | 'manifest'> = true;

/** The library options no flag sets, each with the reason: with the rows' `library` fields, every option is decided. */
const NOT_A_FLAG = {
  middleware: 'functions, written in code',
  callLog: 'the CLI writes its own line per call on stderr',
  store: '--redis builds it',
  refuseFollow: 'always on: a follow flag is pointed to the background run tools',
  sandboxHide: '--token-file is hidden from every call',
  sandboxCommand: 'for tests of the fallback',
  name: "the program's name",
  version: "the program's version",
  tools: 'built from the target',
  readCommand: "the help crawl's reader: wrap serves search mode reading each command when it is asked for",
} as const;
type Head<S> = S extends `${infer H}.${string}` ? H : S;
type LibraryOf<R> = R extends { readonly library: infer L } ? L : never;
type RowLibraryKey = Head<LibraryOf<Rows[RowKey]>>;
type Undecided = Exclude<keyof CreateMcpServerOptions, RowLibraryKey | keyof typeof NOT_A_FLAG>;
/** A new library option fails to compile here until a row sets it or NOT_A_FLAG says why none does. */
const everyLibraryOptionDecided: [Undecided] extends [never] ? true : Undecided = true;
/** And every row's `library` names a real option. */
const everyRowNamesAnOption: [Exclude<RowLibraryKey, keyof CreateMcpServerOptions>] extends [never] ? true : Exclude<RowLibraryKey, keyof CreateMcpServerOptions> = true;
void [everyFlagHasARow, everyLibraryOptionDecided, everyRowNamesAnOption];

/** Choices the table cannot hold without importing what it describes. */
const CHOICES_FROM_ELSEWHERE: Readonly<Record<string, readonly string[]>> = { preset: Object.keys(ARGV_PRESETS) };

/** Adds the options `wrap`, `tools`, `call` and `export` share, from their rows in the options table. */
export function addSharedOptions(command: Command): Command {
  return addRows(command, SHARED_FLAGS);
}

/** A server's options (`wrap`, `mcp start`): background runs, warm workers, what results carry. */
export function addServeOptions(command: Command): Command {
  return addRows(command, SERVE_FLAGS);
}

/** `wrap`'s own: the wire, watching the program, the shared store's leases. */
export function addWrapOptions(command: Command): Command {
  return addRows(command, WRAP_FLAGS);
}

function addRows(command: Command, rows: Readonly<Record<string, FlagRow>>): Command {
  for (const [key, row] of Object.entries(rows)) command.addOption(optionOf({ choices: CHOICES_FROM_ELSEWHERE[key], ...row }));
  return command;
}

/** A commander option from its row: its check, its choices, and its default as `--help` shows it. */
function optionOf(row: FlagRow): Option {
  // A flag whose presence means something keeps no value until given; its default is only said.
  const option = new Option(row.flag, row.leftUnset ? `${row.doc} (default: ${String(row.default)})` : row.doc);
  if (row.choices) option.choices(row.choices);
  if (row.value) option.argParser(PARSERS[row.value]);
  if (row.default === undefined || row.leftUnset) return option;
  return option.default(row.default, typeof row.default === 'number' && row.value?.endsWith('duration') ? formatDuration(row.default) : undefined);
}

const PARSERS: Readonly<Record<ValueKind, (value: string, previous: unknown) => unknown>> = {
  positive: positiveInt,
  count: (value) => (value === '0' ? 0 : positiveInt(value)),
  duration,
  'positive-duration': positiveDuration,
  repeat: (value, previous) => [...(Array.isArray(previous) ? previous : []), value],
};

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
    launcher: flags.exec,
    env: environmentOf(flags),
    argvPolicy: argvPolicy(flags),
    redact: flags.redact === false ? false : { envNames: flags.redactEnv, patterns: flags.redactPattern?.map(regExp) },
    sanitize: flags.sanitize,
    inputLimits: flags.allowMultiline === undefined ? undefined : { multilineFlags: flags.allowMultiline },
    rateLimit: flags.rateLimit === false || flags.rateLimit === undefined ? flags.rateLimit : { global: { capacity: 2 * flags.rateLimit, perSecond: flags.rateLimit } },
    concurrency: flags.maxConcurrent === undefined ? undefined : { max: flags.maxConcurrent, queue: flags.maxQueued ?? DEFAULTS.maxQueued, leaseMs: flags.slotLease === undefined ? undefined : flags.slotLease * 1000, perPrincipal: flags.maxConcurrentPerPrincipal },
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
    throw new CliMcpError('cli-mcp.invalid-option', `--redact-pattern ${JSON.stringify(source)} is not a regular expression: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function positiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new CliMcpError('cli-mcp.invalid-option', `expected a positive whole number, got "${value}"`);
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
