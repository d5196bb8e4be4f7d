/**
 * An argparse parser, as the Python worker read it, into a CommandSpec: each action's kind, nargs, type
 * and choices decide its option or positional exactly; subparsers become subcommands.
 */
import type { CommandSpec, OptionSpec, PositionalSpec } from '../../types.js';
import { repeatsIn } from '../help/infer.js';
import type { ArgparseAction, ArgparseParser } from './parser-tree.js';
import { settlePositionals } from '../help/argparse.js';
import { exclusionNotes, isHelpSwitch, pairNegations, primaryFlag, switchDefault, valueType, withNote } from './spec-parts.js';

const SWITCHES = new Set(['store_true', 'store_false', 'store_const', 'append_const', 'boolean_optional', 'version']);

/** The command a parser describes, named `name`; its subparsers' commands below it. */
export function argparseSpec(name: string, parser: ArgparseParser, description?: string | null): CommandSpec {
  const notes = exclusionNotes(parser.exclusive.map((group) => ({ required: group.required, members: group.members.map((dest) => labelOf(parser, dest)) })));
  const noteFor = (action: ArgparseAction): string | undefined => notes.get(labelOf(parser, action.dest));
  const declared = parser.actions.filter((action) => action.option_strings.length > 0 && isOption(action));
  const options = pairNegations(
    declared.map((action) => ({ spec: withNote(optionOf(action, parser.prefix_chars), noteFor(action)), dest: action.dest, off: action.kind === 'store_false', on: action.kind === 'store_true' || action.kind === 'store_const' })),
  );
  const positionals = settlePositionals(parser.actions.filter((action) => action.option_strings.length === 0 && action.kind !== 'parsers' && !action.hidden).flatMap((action) => positionalsOf(action, noteFor(action))));
  const parsers = parser.actions.find((action) => action.kind === 'parsers');
  const listed = (parsers?.commands ?? []).filter((command) => command.hidden !== true && command.name !== 'help');
  const hidden = (parsers?.commands ?? []).filter((command) => !listed.includes(command)).flatMap((command) => [command.name, ...command.aliases]);
  const text = description ?? parser.description;
  return {
    name,
    ...(text ? { description: text } : {}),
    ...(parser.epilog ? { examples: parser.epilog } : {}),
    // A parser with subcommands runs one of them: argparse's usage writes the command it cannot go without.
    runnable: parsers === undefined,
    options,
    positionals,
    subcommands: listed.map((command) => ({
      ...argparseSpec(command.name, command.parser, command.parser.description ?? command.help),
      ...(command.aliases.length > 0 ? { aliases: command.aliases } : {}),
    })),
    ...(hidden.length > 0 ? { hiddenCommands: hidden } : {}),
  };
}

/** Not help, nor the subparsers, nor hidden; a version action only under another name than `--version` (isort's `--vn`). */
function isOption(action: ArgparseAction): boolean {
  if (action.hidden || action.kind === 'help' || action.kind === 'parsers' || isHelpSwitch(action.option_strings)) return false;
  return action.kind !== 'version' || !action.option_strings.includes('--version');
}

/** How an exclusive group names a member: its first option string, or a positional's name. */
function labelOf(parser: ArgparseParser, dest: string): string {
  const action = parser.actions.find((candidate) => candidate.dest === dest);
  return action?.option_strings[0] ?? (typeof action?.metavar === 'string' ? action.metavar : dest);
}

/** One option action as an OptionSpec. */
export function optionOf(action: ArgparseAction, prefixChars = '-'): OptionSpec {
  const negatable = action.kind === 'boolean_optional' ? 'pair' : action.kind === 'store_false' ? 'lone' : false;
  const { flag, name, negation, aliases, lone } = primaryFlag(action.option_strings, action.dest, prefixChars, negatable);
  const common = {
    name,
    ...(action.help ? { description: action.help } : {}),
    ...(lone ? {} : { flag }),
    ...(aliases.length > 0 ? { aliases } : {}),
    ...(action.required ? { required: true } : {}),
  };
  if (SWITCHES.has(action.kind) || (action.kind === 'custom' && action.nargs === 0)) {
    const fallback = lone ? true : switchDefault(action.default);
    return { ...common, type: 'boolean', ...(negation !== undefined ? { negation } : {}), ...(fallback !== undefined ? { default: fallback } : {}) };
  }
  if (action.kind === 'count') return { ...common, type: 'integer', count: true, ...(typeof action.default === 'number' && action.default > 0 ? { default: action.default } : {}) };
  // A program's own Action keeps what it keeps: its help says when it may be given again.
  const repeated = action.kind === 'append' || action.kind === 'extend' || (action.kind === 'custom' && repeatsIn(action.help ?? ''));
  const words = typeof action.nargs === 'number' && action.nargs > 1 ? action.nargs : undefined;
  const choices = action.choices ?? metavarChoices(action.metavar);
  // Several words to one use travel as strings; `+` and `*` of a plain store take one word here (a flag per word would keep the last).
  const type = words !== undefined || choices !== null ? 'string' : valueType(action.type);
  const fallback = defaultOf(action.default, type, repeated || words !== undefined);
  return {
    ...common,
    type,
    ...(action.nargs === '?' || (action.nargs === '*' && !repeated) ? { optionalValue: true } : {}),
    ...(repeated || words !== undefined ? { variadic: true } : {}),
    ...(words !== undefined ? { arity: words } : {}),
    ...(choices !== null ? { choices } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}

/** A metavar written as argparse writes choices (`{auto,always,never}`): a type function checks them (pre-commit's --color). */
function metavarChoices(metavar: ArgparseAction['metavar']): string[] | null {
  const listed = typeof metavar === 'string' ? /^\{([\w.-]+(?:,[\w.-]+)+)\}$/.exec(metavar)?.[1] : undefined;
  return listed === undefined ? null : listed.split(',');
}

/** A default worth publishing: a value of the option's type (a list for a list), not an empty one. */
function defaultOf(value: unknown, type: OptionSpec['type'], list: boolean): unknown {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  if (list) return Array.isArray(value) ? value : undefined;
  if (Array.isArray(value)) return undefined;
  if (type === 'string') return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** A positional action: one entry, or one per word of a fixed `nargs`, as the usage writes them. */
function positionalsOf(action: ArgparseAction, note: string | undefined): PositionalSpec[] {
  const names = Array.isArray(action.metavar) ? action.metavar : [typeof action.metavar === 'string' ? action.metavar : action.dest];
  const type = action.choices !== null ? 'string' : (valueType(action.type) as PositionalSpec['type']);
  const description = withNote({ description: action.help ?? '' }, note).description;
  const base = {
    ...(description ? { description } : {}),
    type,
    ...(action.choices !== null ? { choices: action.choices } : {}),
  };
  if (typeof action.nargs === 'number') {
    return Array.from({ length: action.nargs }, (_, index) => ({ name: names[index] ?? names[0] ?? action.dest, ...base, required: true, variadic: false }));
  }
  const optional = action.nargs === '?' || action.nargs === '*' || action.nargs === '...';
  const variadic = action.nargs === '*' || action.nargs === '+' || action.nargs === '...';
  const fallback = optional ? defaultOf(action.default, type, variadic) : undefined;
  return [{ name: names[0] ?? action.dest, ...base, required: !optional, variadic, ...(fallback !== undefined ? { default: fallback } : {}) }];
}
