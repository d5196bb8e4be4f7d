import { basename, extname } from 'node:path';
import { PARSER_CONVENTIONS } from '../argv/conventions.js';
import { CliMcpError } from '../errors.js';
import type { CommandSpec, OptionSpec, PositionalSpec } from '../types.js';
import { cleanSpec } from './clean-spec.js';
import { readAnnotations } from './commander.js';
import { withoutUndefined } from './commander-option.js';
import {
  commandRecords,
  commandWords,
  isYargsInstance,
  optionDescriptions,
  parserConfiguration,
  positionalGroupKeys,
  sandboxFor,
  shownVersion,
  unwrapYargs,
  type YargsCommandRecord,
} from './yargs-internals.js';
import {
  reflectYargsOptions,
  reflectYargsPositionals,
  type YargsLevel,
  type YargsOptions,
  type YargsParsing,
} from './yargs-option.js';

export interface ReflectYargsOptions {
  /** Names the root when the program sets no `scriptName()`; else the script's file name is used. */
  readonly name?: string;
  /**
   * Told about each command left out because its builder threw (or parsed the command line itself).
   * @default process.emitWarning
   */
  readonly onWarning?: (message: string) => void;
}

/** What every level of one reflection shares. */
interface Walk {
  readonly parsing: YargsParsing;
  readonly warn: (message: string) => void;
  /** Sandboxes already built, by command path: a walk repeated after async builders settled reuses them. */
  readonly built?: Map<string, object | undefined>;
  /** Where async builders' promises are collected, when the caller will wait for them. */
  readonly pending?: Promise<unknown>[];
}

/**
 * Reflects a yargs 16, 17 or 18 instance (any copy of yargs, not necessarily cli-mcp's) into a CommandSpec
 * tree. Options come from the public `getOptions()`; each command's builder is run on a fresh sandbox
 * instance, as yargs itself does on `--help`, so the instance given is not changed. No parse happens
 * and no handler runs. A command is runnable when it has a handler; a nameless default command (`$0`)
 * makes its parent runnable with its positionals and options; a program without commands is runnable
 * and takes its positionals (`argv._`) as `args`. Hidden commands and options, and yargs' own help,
 * version and show-hidden options, are left out. Tool hints come from `annotate(handler, …)`. A command
 * whose builder throws is left out, with a warning to `options.onWarning`; the rest is reflected.
 * The default command's options, and options declared `global: false`, are marked `local` where there
 * are subcommands: those do not take them. Descriptions, examples and defaults are plain text (`cleanSpec`).
 * @throws {CliMcpError} `cli-mcp.reflection-failed` when `program` is not a yargs instance or has no name.
 * @example reflectYargs(yargs().scriptName('todo').command('add <title>', 'Add', {}, add))
 */
export function reflectYargs(program: object, options?: ReflectYargsOptions): CommandSpec {
  return reflectWith(program, options, {});
}

/**
 * As {@link reflectYargs}, but an async builder (Angular CLI's, which declares its options after awaiting
 * its schematics) is waited for, up to `timeoutMs` in all; commands it declares are walked in turn.
 */
export async function reflectYargsSettled(program: object, options: ReflectYargsOptions & { readonly timeoutMs: number }): Promise<CommandSpec> {
  const built = new Map<string, object | undefined>();
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const pending: Promise<unknown>[] = [];
    const spec = reflectWith(program, options, { built, pending });
    const left = deadline - Date.now();
    if (pending.length === 0 || left <= 0) return spec;
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([Promise.allSettled(pending).then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), left)))]);
    clearTimeout(timer);
    if (late) {
      options.onWarning?.(`async command builders had not settled within the load timeout: what they declared by then is used`);
      return reflectWith(program, options, { built });
    }
  }
}

function reflectWith(program: object, options: ReflectYargsOptions | undefined, memo: Pick<Walk, 'built' | 'pending'>): CommandSpec {
  if (!isYargsInstance(program)) throw new CliMcpError('cli-mcp.reflection-failed', 'not a yargs instance: pass the object yargs() returned');
  const root = unwrapYargs(program);
  const name = scriptName(root) ?? options?.name ?? fileName(root);
  if (!name) throw new CliMcpError('cli-mcp.reflection-failed', 'The yargs program has no name: call .scriptName("…") or pass options.name');
  const configuration = parserConfiguration(root);
  const parsing: YargsParsing = {
    negation: configuration['boolean-negation'] !== false,
    envPrefix: publicOptions(root).envPrefix || undefined,
  };
  const warn = options?.onWarning ?? ((message: string) => process.emitWarning(message, 'CliMcpWarning'));
  const spec = cleanSpec(asParserAlone(reflectLevel(root, undefined, [name], { parsing, warn, ...memo }), root));
  // A program without commands reads `argv._`, which gets what follows `--` too: the default layout suits it.
  // Either way a one-letter key's value goes `-n=5`: yargs-parser reads `-n5` as a cluster of switches.
  return yargsHonoursDoubleDash(root) ? { ...spec, argv: { yargsQuirks: true, shortValue: 'equals' } } : { ...spec, argv: PARSER_CONVENTIONS.yargs };
}

/**
 * A program whose commands have no handler anywhere (c8, get-pkg-repo) uses yargs as a parser alone and acts on the
 * argv it returns: every command runs, and the program reads its own operands from `argv._`.
 */
function asParserAlone(spec: CommandSpec, root: object): CommandSpec {
  const runs = (node: CommandSpec): boolean => node.runnable || node.subcommands.some(runs);
  if (spec.subcommands.length === 0 || runs(spec)) return spec;
  const everyRunnable = (node: CommandSpec): CommandSpec => ({ ...node, runnable: true, subcommands: node.subcommands.map(everyRunnable) });
  return { ...everyRunnable(spec), positionals: spec.positionals.length > 0 ? spec.positionals : programArgs(root) };
}

/** The version `--version` prints, when yargs knows one. */
export function yargsVersion(program: object): string | undefined {
  const version = shownVersion(unwrapYargs(program));
  return typeof version === 'string' && version !== '' && version !== 'unknown' ? version : undefined;
}

/**
 * Whether the program's positionals may follow `--`. yargs fills a command's positionals (`add <file>`,
 * and a `$0 <file>` default) only from before `--`; only a program without commands reads `argv._`, which
 * gets what follows `--` too. When false, `reflectYargs` gives the spec yargs' argv conventions.
 */
export function yargsHonoursDoubleDash(program: object): boolean {
  return commandRecords(unwrapYargs(program)).length === 0;
}

const MAX_DEPTH = 32;

function reflectLevel(instance: object, own: YargsCommandRecord | undefined, path: readonly string[], walk: Walk): CommandSpec {
  if (path.length > MAX_DEPTH) throw new CliMcpError('cli-mcp.reflection-failed', `yargs commands nest deeper than ${MAX_DEPTH}: ${path.join(' ')}`);
  const records = commandRecords(instance);
  const level = levelOf(instance);
  const ownSlots = own ? slotNames(own, instance) : new Set(positionalGroupKeys(instance));
  let optionSpecs = reflectYargsOptions(level, ownSlots, walk.parsing);
  let positionals: PositionalSpec[] = own ? reflectYargsPositionals(own.demanded, own.optional, level) : [];
  const declared = records.find((record) => record.name === '$0');
  const defaultSandbox = declared && built(instance, declared, [...path, '$0'], walk);
  const fallback = defaultSandbox ? declared : undefined;
  if (fallback && defaultSandbox) {
    const defaultLevel = levelOf(defaultSandbox);
    // The default command's options are its own: yargs runs its builder only when no command word is given.
    const defaults = reflectYargsOptions(defaultLevel, slotNames(fallback, defaultSandbox), walk.parsing).map((option): OptionSpec => ({ ...option, local: true }));
    optionSpecs = merge(optionSpecs, defaults);
    if (positionals.length === 0) positionals = reflectYargsPositionals(fallback.demanded, fallback.optional, defaultLevel);
  } else if (!own && records.length === 0) {
    positionals = programArgs(instance);
  }
  const words = commandWords(instance);
  const subcommands = records
    .filter((record) => record.name !== '$0' && record.description !== false)
    .flatMap((record) => {
      const subPath = [...path, record.name];
      const sandbox = built(instance, record, subPath, walk);
      const aliases = words.get(record.name)?.slice(1) ?? [];
      return sandbox ? [{ ...reflectLevel(sandbox, record, subPath, walk), ...(aliases.length > 0 ? { aliases } : {}) }] : [];
    });
  const handler = own?.handler ?? fallback?.handler;
  const listed = new Set(subcommands.map((sub) => sub.name));
  // Hidden and failed commands, a `$0` said on purpose, and yargs' own `help` still run from a positional: their words are kept.
  const hidden = [...[...words].filter(([name]) => !listed.has(name)).flatMap(([, all]) => all), 'help'];
  return withoutUndefined<CommandSpec>({
    name: path.at(-1) ?? '',
    description: describe(own ?? fallback),
    runnable: handler !== undefined || (!own && records.length === 0),
    // `local` says something only where there are commands below to not inherit it.
    options: subcommands.length > 0 ? optionSpecs : optionSpecs.map(({ local: _local, ...option }) => option),
    positionals,
    subcommands,
    annotations: handler ? readAnnotations(handler) : undefined,
    hiddenCommands: hidden,
  });
}

/** A sandbox instance on which the command's builder has run; `undefined`, with a warning, when it threw. */
function built(parent: object, record: YargsCommandRecord, path: readonly string[], walk: Walk): object | undefined {
  const key = path.join(' ');
  if (walk.built?.has(key)) return walk.built.get(key);
  const sandbox = buildOnce(parent, record, path, walk);
  walk.built?.set(key, sandbox);
  return sandbox;
}

function buildOnce(parent: object, record: YargsCommandRecord, path: readonly string[], walk: Walk): object | undefined {
  const sandbox = sandboxFor(parent, record.original);
  try {
    if (typeof record.builder === 'function') {
      const result: unknown = (record.builder as (yargs: object, helpOrVersionSet: boolean) => unknown)(sandbox, true);
      // An async builder: what it declared before its first await, unless the caller waits for the rest.
      if (result instanceof Promise && walk.pending) {
        walk.pending.push(result.catch((error: unknown) => walk.warn(`the builder of "${path.join(' ')}" failed after it began (${error instanceof Error ? error.message : String(error)}): what it declared by then is used`)));
      } else if (result instanceof Promise) result.catch(() => {});
    } else if (typeof record.builder === 'object' && record.builder !== null) {
      const option = (sandbox as { option(key: string, definition: unknown): unknown }).option.bind(sandbox);
      for (const [key, definition] of Object.entries(record.builder)) option(key, definition);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    walk.warn(`the builder of "${path.join(' ')}" threw (${message}): that command is left out`);
    return undefined;
  }
  return sandbox;
}

function levelOf(instance: object): YargsLevel {
  const { text, builtIn } = optionDescriptions(instance);
  return { options: publicOptions(instance), descriptions: text, builtIn };
}

function publicOptions(instance: object): YargsOptions {
  return (instance as { getOptions(): YargsOptions }).getOptions();
}

/** Every name a command's positionals go by, plus what its builder declared with `.positional()`. */
function slotNames(record: YargsCommandRecord, instance: object): Set<string> {
  const names = [...record.demanded, ...record.optional].flatMap((slot) => slot.cmd);
  return new Set([...names, ...positionalGroupKeys(instance)]);
}

/** Own options first; a default command's option of the same name does not repeat it. */
function merge(own: readonly OptionSpec[], more: readonly OptionSpec[]): OptionSpec[] {
  const names = new Set(own.map((option) => option.name));
  return [...own, ...more.filter((option) => !names.has(option.name))];
}

/**
 * A program without commands reads its positionals from `argv._`. In strict mode yargs accepts none
 * unless `.demandCommand(min, max)` allows them.
 */
function programArgs(instance: object): PositionalSpec[] {
  const demanded = (instance as { getDemandedCommands(): { _?: { min?: number; max?: number } } }).getDemandedCommands()._;
  const strict = (instance as { getStrict(): boolean }).getStrict();
  if (strict && (demanded === undefined || demanded.max === 0)) return [];
  return [{ name: 'args', type: 'string', required: (demanded?.min ?? 0) > 0, variadic: true }];
}

function describe(record: YargsCommandRecord | undefined): string | undefined {
  if (!record) return undefined;
  const text = record.description || '';
  const note = typeof record.deprecated === 'string' ? `(deprecated: ${record.deprecated})` : record.deprecated ? '(deprecated)' : '';
  return [text, note].filter(Boolean).join(' ') || undefined;
}

function scriptName(instance: object): string | undefined {
  const candidate = instance as { customScriptName?: boolean; $0?: unknown };
  return candidate.customScriptName === true && typeof candidate.$0 === 'string' && candidate.$0 ? candidate.$0 : undefined;
}

function fileName(instance: object): string | undefined {
  const script = (instance as { $0?: unknown }).$0;
  if (typeof script !== 'string' || !script) return undefined;
  const first = script.split(' ').at(-1) ?? script;
  return basename(first, extname(first)) || undefined;
}
