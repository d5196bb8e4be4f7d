import { CliMcpError } from '../errors.js';
import { positionalsFromTokens } from './help/usage.js';
import { tokenizeUsage } from './help/usage-tokens.js';
import type { CommandAnnotations, CommandSpec, PositionalSpec } from '../types.js';
import {
  type CommanderOption,
  jsonDefault,
  probeParser,
  reflectOptions,
  withoutUndefined,
} from './commander-option.js';
import { cleanSpec } from './clean-spec.js';
import { isLegacyCommander, legacyFacts } from './commander-legacy.js';
import type { CommanderArgument, CommanderCommand, CommanderHelp, CommandFacts } from './commander-types.js';

export type { CommanderArgument, CommanderCommand, CommanderHelp } from './commander-types.js';

/** Where a command's tool hints live; a registry symbol so any copy of cli-mcp finds them. */
export const ANNOTATIONS = Symbol.for('cli-mcp.annotations');

/**
 * commander keeps these facts only in private fields (pinned to major 14 by a test): whether a command
 * has an action, whether it is a stand-alone executable, which option is `--version`, whether it takes
 * unknown options or excess arguments, its own `.usage()` text, and, before 11.1, its arguments. This is the only place cli-mcp reads commander internals.
 */
type PrivateField = '_actionHandler' | '_executableHandler' | '_versionOptionName' | '_args' | '_allowUnknownOption' | '_usage' | '_allowExcessArguments';

function privateField(cmd: CommanderCommand, field: PrivateField): unknown {
  return (cmd as unknown as Record<string, unknown>)[field];
}

/**
 * A root that takes any option and word into one action and declares no commands: it registers its
 * commands itself, when it sees their word or `--help` (webpack-cli 7), so its own help run reveals them.
 */
export function isDispatcher(cmd: CommanderCommand): boolean {
  return !cmd.parent && cmd.commands.length === 0 && typeof privateField(cmd, '_actionHandler') === 'function' && privateField(cmd, '_allowUnknownOption') === true;
}

/**
 * Attaches MCP tool hints to a command (commander's or any object); replaces earlier hints.
 * @example annotate(program.command('get').action(get), { readOnlyHint: true })
 */
export function annotate<T extends object>(command: T, annotations: CommandAnnotations): T {
  Object.defineProperty(command, ANNOTATIONS, {
    value: { ...annotations },
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return command;
}

/** The hints `annotate` attached, keeping only well-typed known keys; `undefined` when none. */
export function readAnnotations(command: object): CommandAnnotations | undefined {
  const raw = (command as Record<symbol, unknown>)[ANNOTATIONS];
  if (typeof raw !== 'object' || raw === null) return undefined;
  const source = raw as Record<string, unknown>;
  const hints: Record<string, string | boolean> = {};
  if (typeof source['title'] === 'string') hints['title'] = source['title'];
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
    if (typeof source[key] === 'boolean') hints[key] = source[key];
  }
  return Object.keys(hints).length > 0 ? (hints as CommandAnnotations) : undefined;
}

/**
 * Reflects a commander program into a CommandSpec tree through commander's public introspection
 * (`commands`, `options`, `registeredArguments`, `createHelp().visibleCommands/visibleOptions`);
 * commander 2 to 6, which have no `createHelp`, through the fields they keep (commander-legacy.ts).
 * Hidden commands and options, the help option and command, and the version option are left out (the
 * words of hidden and help commands are kept in `hiddenCommands`: a positional must never be one);
 * descriptions, examples and defaults are plain text (`cleanSpec`).
 * `options.name` names the root when `program.name()` is empty.
 * @throws {CliMcpError} `cli-mcp.reflection-failed` when the root has no name at all.
 */
export function reflectCommander(program: CommanderCommand, options?: { readonly name?: string }): CommandSpec {
  // A name that is not one word (playwright calls itself "npx playwright") would make odd tool names.
  const own = program.name();
  const name = own && (/^[\w.@-]+$/.test(own) || !options?.name) ? own : options?.name;
  if (!name) {
    throw new CliMcpError(
      'cli-mcp.reflection-failed',
      'The commander program has no name: call program.name("…") or pass options.name',
    );
  }
  return cleanSpec(reflectCommand(program, name));
}

function reflectCommand(cmd: CommanderCommand, name: string): CommandSpec {
  const facts = isLegacyCommander(cmd) ? legacyFacts(cmd) : modernFacts(cmd);
  return withoutUndefined<CommandSpec>({
    name,
    description: facts.description,
    examples: facts.examples,
    runnable: facts.runnable,
    options: reflectOptions(facts.options),
    positionals: facts.arguments.length > 0 ? facts.arguments.map(reflectArgument) : usagePositionals(cmd, facts),
    subcommands: facts.subcommands.map((sub) => reflectCommand(sub, sub.name())),
    annotations: readAnnotations(cmd),
    aliases: aliasesOf(cmd),
    hiddenCommands: hiddenWords(cmd, facts.subcommands),
  });
}

function aliasesOf(cmd: CommanderCommand): string[] | undefined {
  const aliases = typeof cmd.aliases === 'function' ? cmd.aliases() : [];
  return aliases.length > 0 ? [...aliases] : undefined;
}

/** Words commander dispatches that are not in the tree: hidden subcommands (and aliases), and its implicit `help` command. */
function hiddenWords(cmd: CommanderCommand, listed: readonly CommanderCommand[]): string[] | undefined {
  const hidden = cmd.commands.filter((sub) => !listed.includes(sub)).flatMap((sub) => [sub.name(), ...(aliasesOf(sub) ?? [])]);
  const implicit = typeof cmd.createHelp === 'function' ? cmd.createHelp().visibleCommands(cmd).filter((sub) => !cmd.commands.includes(sub as CommanderCommand)) : [];
  const words = [...hidden, ...implicit.map((sub) => (sub as CommanderCommand).name())];
  return words.length > 0 ? words : undefined;
}

/** commander 7 and later, read through `createHelp()`. */
function modernFacts(cmd: CommanderCommand): CommandFacts {
  const help = (cmd.createHelp as () => CommanderHelp)();
  // Membership in cmd.commands/options keeps commander's implicit help command and option out.
  const visibleCommands = new Set<object>(help.visibleCommands(cmd));
  const visibleOptions = new Set<object>(help.visibleOptions(cmd));
  const version = privateField(cmd, '_versionOptionName');
  return {
    description: cmd.description() || cmd.summary?.() || undefined,
    examples: helpText(cmd),
    // A leaf without an action still runs: programs like npm-check-updates read opts() after parse().
    runnable: typeof privateField(cmd, '_actionHandler') === 'function' || privateField(cmd, '_executableHandler') === true || cmd.commands.length === 0,
    options: cmd.options.filter((option) => visibleOptions.has(option) && !(typeof version === 'string' && option.attributeName() === version)),
    arguments: argumentsOf(cmd),
    subcommands: cmd.commands.filter((sub) => visibleCommands.has(sub)),
  };
}

/**
 * madge declares no arguments but `.usage('[options] <src...>')` and reads `program.args`, which commander
 * before 13 fills with any excess words: the usage the author wrote names them.
 */
function usagePositionals(cmd: CommanderCommand, facts: CommandFacts): PositionalSpec[] {
  const usage = privateField(cmd, '_usage');
  if (typeof usage !== 'string' || privateField(cmd, '_allowExcessArguments') === false || facts.subcommands.length > 0) return [];
  return positionalsFromTokens(tokenizeUsage(usage), { bareOperands: true });
}

/** Registered arguments; before commander 11.1 they lived only in the private `_args`. */
function argumentsOf(cmd: CommanderCommand): readonly CommanderArgument[] {
  return cmd.registeredArguments ?? (privateField(cmd, '_args') as readonly CommanderArgument[] | undefined) ?? [];
}

/** Text the author added with `addHelpText('before' | 'after', …)`, replayed through its listeners. */
function helpText(cmd: CommanderCommand): string | undefined {
  if (typeof cmd.listeners !== 'function') return undefined;
  let text = '';
  const context = { error: false, command: cmd, write: (chunk: string) => void (text += chunk) };
  for (const event of ['beforeHelp', 'afterHelp']) {
    for (const listener of cmd.listeners(event)) {
      if (typeof listener !== 'function') continue;
      // A help-text function that throws costs the examples, not the reflection.
      try {
        (listener as (ctx: typeof context) => void).call(cmd, context);
      } catch {
        continue;
      }
    }
  }
  return text.trim() || undefined;
}

function reflectArgument(argument: CommanderArgument): PositionalSpec {
  // choices install their own parseArg that rejects every probe: the values are strings.
  const type = argument.argChoices ? 'string' : probeParser(argument.parseArg).type;
  return withoutUndefined<PositionalSpec>({
    name: argument.name(),
    description: argument.description || undefined,
    type,
    required: argument.required,
    variadic: argument.variadic,
    choices: argument.argChoices ? [...argument.argChoices] : undefined,
    default: jsonDefault(argument.defaultValue),
  });
}
