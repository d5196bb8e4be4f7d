/**
 * An optparse parser, as the Python worker read it, into a CommandSpec. optparse knows options only: the
 * operands come from its usage line, read as its help is (the same reader the help text goes through).
 */
import type { CommandSpec, OptionSpec } from '../../types.js';
import { repeatsIn } from '../help/infer.js';
import { parseHelp } from '../help/parse.js';
import type { OptparseOption, OptparseParser } from './parser-tree.js';
import { isHelpSwitch, pairNegations, primaryFlag, switchDefault, valueType } from './spec-parts.js';

const SWITCHES = new Set(['store_true', 'store_false', 'store_const', 'append_const', 'version']);

/** The command a parser describes, named `name` (its path from the program in `path`). */
export function optparseSpec(name: string, parser: OptparseParser, path: readonly string[] = [name]): CommandSpec {
  const declared = parser.options.filter((option) => !option.hidden && option.action !== 'help' && !isHelpSwitch(option.long) && (option.action !== 'version' || !option.long.includes('--version')));
  const options = pairNegations(
    declared.map((option) => ({ spec: optionOf(option), dest: option.dest, off: option.action === 'store_false', on: option.action === 'store_true' || option.action === 'store_const' })),
  );
  // The usage line alone: the rest of the help would be read again as options.
  const usage = parser.usage === null ? undefined : parseHelp(parser.usage, { path, dialect: 'argparse' });
  return {
    name,
    ...(parser.description ? { description: parser.description } : {}),
    ...(parser.epilog ? { examples: parser.epilog } : {}),
    runnable: true,
    options,
    positionals: usage?.positionals ?? [],
    subcommands: [],
  };
}

/** One optparse option: a switch, a count, or a value (optparse's `type`), repeated for `append`. */
export function optionOf(option: OptparseOption): OptionSpec {
  const strings = [...option.long, ...option.short];
  const { flag, name, aliases, negation, lone } = primaryFlag(strings, option.dest, '-', option.action === 'store_false' ? 'lone' : false);
  const common = {
    name,
    ...(option.help ? { description: option.help } : {}),
    ...(lone ? {} : { flag }),
    ...(aliases.length > 0 ? { aliases } : {}),
  };
  if (SWITCHES.has(option.action) || !option.takes_value) {
    if (option.action === 'count') return { ...common, type: 'integer', count: true };
    const fallback = lone ? true : switchDefault(option.default);
    return { ...common, type: 'boolean', ...(negation !== undefined ? { negation } : {}), ...(fallback !== undefined ? { default: fallback } : {}) };
  }
  const words = option.nargs !== null && option.nargs > 1 ? option.nargs : undefined;
  // A callback keeps what it keeps (yt-dlp's --print adds to a list): its help says when it may be given again.
  const list = option.action === 'append' || words !== undefined || (option.action === 'callback' && repeatsIn(option.help ?? ''));
  const type = words !== undefined || option.choices !== null ? 'string' : valueType(option.type);
  const fallback = list || option.default === undefined || option.default === null || option.default === '' ? undefined : type === 'string' ? String(option.default) : typeof option.default === 'number' ? option.default : undefined;
  return {
    ...common,
    type,
    ...(list ? { variadic: true } : {}),
    ...(words !== undefined ? { arity: words } : {}),
    ...(option.choices !== null ? { choices: option.choices } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}
