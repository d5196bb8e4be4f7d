/**
 * A fact only one source states decides it: a bare switch in one source (zip's help `-i   include only the
 * following names`, unzip's grid `-d  extract files into exdir`) takes the value another shows it with (the
 * manual's `-i files`, the usage's `[-d exdir]`).
 */
import type { OptionSpec } from '../../types.js';

/** Each bare switch of `options` that another source (a manual, a usage line) shows taking a value, with that value. */
export function withValuesFrom(options: readonly OptionSpec[], other: readonly OptionSpec[]): OptionSpec[] {
  const twinOf = (option: OptionSpec): OptionSpec | undefined => {
    const own = new Set(spellings(option));
    return other.find((found) => found.name === option.name || spellings(found).some((flag) => own.has(flag)));
  };
  return options.map((option) => {
    const twin = twinOf(option);
    if (option.type !== 'boolean' || option.count === true || option.negation !== undefined || twin === undefined || twin.type === 'boolean' || twin.count === true) return option;
    const { type, valueForm, syntax, variadic, choices, optionalValue } = twin;
    return { ...option, type, ...(valueForm ? { valueForm, syntax } : {}), ...(variadic ? { variadic } : {}), ...(choices ? { choices } : {}), ...(optionalValue ? { optionalValue } : {}) };
  });
}

/**
 * An option the page spells short only (a usage line's `-f factor`) takes the long spelling another source gives it
 * (niceload's manual: `-f FACTOR` over `--factor FACTOR`): its name and flag, the short kept as an alias, and that text
 * when the page has none.
 */
export function withLongSpellingsFrom(options: readonly OptionSpec[], other: readonly OptionSpec[]): OptionSpec[] {
  const isLong = (flag: string): boolean => flag.startsWith('--');
  return options.map((option) => {
    const own = spellings(option);
    if (own.some(isLong) || option.flag === undefined) return option;
    const twin = other.find((found) => found.flag !== undefined && isLong(found.flag) && spellings(found).some((flag) => own.includes(flag)));
    const long = twin?.flag;
    // The page has that long spelling already, as another option (strings' `-U {d|s|…}` beside `--unicode={default|…}`).
    if (twin === undefined || long === undefined || options.some((found) => found.name === twin.name || spellings(found).includes(long))) return option;
    const aliases = [...new Set([...own, ...(twin.aliases ?? [])])].filter((flag) => flag !== long && flag !== option.negation);
    const description = option.description ?? twin.description;
    return { ...option, name: twin.name, flag: long, aliases, ...(description === undefined ? {} : { description }) };
  });
}

/** Every token that names the option: its flag, its negation and its aliases. */
export function spellings(option: OptionSpec): string[] {
  return [option.flag, option.negation, ...(option.aliases ?? [])].filter((flag) => flag !== undefined);
}
