/**
 * A click command (or typer's, built on click), as the Python worker read it, into a CommandSpec: its
 * params' types, flags, counts and multiples decide each option; a group's commands become subcommands.
 */
import type { CommandSpec, OptionSpec, PositionalSpec } from '../../types.js';
import type { ClickCommand, ClickParam, ClickType } from './parser-tree.js';
import { settlePositionals } from '../help/argparse.js';
import { primaryFlag, switchDefault, withNote } from './spec-parts.js';

/** The command named `name`, with the commands of a group below it. */
export function clickSpec(name: string, command: ClickCommand): CommandSpec {
  const params = command.params.filter((param) => param.hidden !== true && !isVersionOption(param));
  const seen = new Set<string>();
  const options = params.filter((param) => param.kind === 'option').map(optionOf).filter((option) => !seen.has(option.name) && seen.add(option.name) !== undefined);
  const positionals = settlePositionals(params.filter((param) => param.kind === 'argument').flatMap(positionalsOf));
  const commands = command.commands ?? [];
  const listed = commands.filter((sub) => !sub.hidden && sub.name !== 'help');
  const hidden = commands.filter((sub) => !listed.includes(sub)).flatMap((sub) => [sub.name ?? '', ...sub.aliases]).filter(Boolean);
  const description = command.help ?? command.short_help;
  return {
    name,
    ...(description ? { description } : {}),
    ...(command.epilog ? { examples: command.epilog } : {}),
    // A group runs a command of its own only when click is told to (invoke_without_command).
    runnable: !command.group || command.invoke_without_command === true,
    options,
    positionals,
    subcommands: listed.map((sub) => ({ ...clickSpec(sub.name ?? '', sub), ...(sub.aliases.length > 0 ? { aliases: sub.aliases } : {}) })),
    ...(hidden.length > 0 ? { hiddenCommands: hidden } : {}),
  };
}

/** click's `version_option`: eager, not passed to the command, named version; like `--help`, not an option to call. */
function isVersionOption(param: ClickParam): boolean {
  return param.is_eager && !param.expose_value && param.name === 'version';
}

/** What a value of the type is: click's integer and float types (ranges too) are numbers; BOOL is spelled true or false. */
function typeOf(type: ClickType): { type: 'string' | 'integer' | 'number'; choices?: readonly string[] } {
  if (type.choices) return { type: 'string', choices: type.choices };
  if (type.class === 'IntParamType' || type.class === 'IntRange') return { type: 'integer' };
  if (type.class === 'FloatParamType' || type.class === 'FloatRange') return { type: 'number' };
  if (type.class === 'BoolParamType') return { type: 'string', choices: ['true', 'false'] };
  return { type: 'string' };
}

/** One click option: a flag (with its secondary off switch), a count, or a value, repeated when `multiple`. */
export function optionOf(param: ClickParam): OptionSpec {
  const secondary = param.secondary_opts;
  const flags = primaryFlag(param.opts, param.name);
  const negation = secondary.find((flag) => flag.startsWith('--')) ?? secondary[0];
  const common = {
    name: flags.name,
    ...(param.help ? { description: param.help } : {}),
    flag: flags.flag,
    ...(flags.aliases.length > 0 ? { aliases: flags.aliases } : {}),
    ...(param.required ? { required: true } : {}),
    ...(param.envvar ? { env: param.envvar } : {}),
  };
  const prompted = (spec: OptionSpec): OptionSpec => (param.prompt === true ? withNote(spec, 'Asked for interactively when not given.') : spec);
  if (param.count === true) return prompted({ ...common, type: 'integer', count: true });
  if (param.is_flag === true) {
    const fallback = param.is_bool_flag === true ? switchDefault(param.default) : undefined;
    return prompted({ ...common, type: 'boolean', ...(negation !== undefined ? { negation } : {}), ...(fallback !== undefined ? { default: fallback } : {}) });
  }
  const words = param.nargs > 1 ? param.nargs : undefined;
  const value = words !== undefined ? { type: 'string' as const } : typeOf(param.type);
  const list = param.multiple || words !== undefined;
  const fallback = defaultOf(param.default, value.type, list, words);
  return prompted({
    ...common,
    type: value.type,
    ...(list ? { variadic: true } : {}),
    ...(words !== undefined ? { arity: words } : {}),
    ...(value.choices !== undefined ? { choices: value.choices } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  });
}

/** A default as the spec holds it: a list flattened to words for a tuple, nothing for an empty one. */
function defaultOf(value: unknown, type: string, list: boolean, words: number | undefined): unknown {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  if (!list) return Array.isArray(value) ? undefined : type === 'string' ? String(value) : typeof value === 'number' ? value : undefined;
  if (!Array.isArray(value)) return undefined;
  const flat = words !== undefined && value.every(Array.isArray) ? value.flat() : value;
  return flat.every((item) => typeof item === 'string' || typeof item === 'number') ? flat.map((item) => (type === 'string' ? String(item) : item)) : undefined;
}

/** One click argument: `nargs=-1` takes the rest; a fixed nargs is that many words. */
function positionalsOf(param: ClickParam): PositionalSpec[] {
  const value = typeOf(param.type);
  const base = { name: param.name ?? 'arg', type: value.type, ...(value.choices !== undefined ? { choices: value.choices } : {}) };
  if (param.nargs > 1) return Array.from({ length: param.nargs }, () => ({ ...base, required: param.required, variadic: false }));
  const fallback = param.nargs === 1 && param.default !== undefined && param.default !== null && !Array.isArray(param.default) ? param.default : undefined;
  return [{ ...base, required: param.required, variadic: param.nargs === -1, ...(fallback !== undefined ? { default: fallback } : {}) }];
}
