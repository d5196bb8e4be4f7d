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

/** Every token that names the option: its flag, its negation and its aliases. */
export function spellings(option: OptionSpec): string[] {
  return [option.flag, option.negation, ...(option.aliases ?? [])].filter((flag) => flag !== undefined);
}
