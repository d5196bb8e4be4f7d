/**
 * What an option entry's own text says about its value when no placeholder does: a value's name glued to its
 * flag (graphviz's `-Tv`, eqn's `-mn`), a text that lists the values (shasum's `-a`), and switches that share one
 * text naming a thing each (bsdtar's `-z, -j, -J, --lzma`), a default that is a number (yargs prints no placeholder).
 */
import type { ValueType } from '../../types.js';
import { typeOfValue } from './infer.js';
import type { OptionEntry } from './option-entries.js';

/**
 * graphviz writes a one-letter option with its value's name glued on (`-Tv  Set output format to 'v'`, `-ofile
 * Write output to 'file'`, `-Gname=val`): the quoted name in the text says the rest is a value, attached.
 */
export function attachedPlaceholder(spec: string, description: string): string {
  const glued = /^-([A-Za-z])([A-Za-z]\w*)(=\w+)?$/.exec(spec.trim());
  const rest = glued?.[2] ?? '';
  // eqn's `-mn  The minimum point-size is n`, `-Tname  … for device name`, `-fF  … a gfont F command`: a one-letter or
  // placeholder-like rest that the text uses as a word of its own names the value too.
  const word = (text: string): boolean => new RegExp(`(^|[\\s(])${text}([\\s.,;:)]|$)`).test(description);
  // eqn's `-dxy  Specify delimiters x and y`: two letters the text names one by one.
  const named = ((rest.length === 1 || /^(name|dir|file|path|num|size|level)$/.test(rest)) && word(rest)) || (rest.length === 2 && [...rest].every(word));
  if (!glued || (!description.includes(`'${rest}'`) && !named)) return spec;
  return `-${glued[1] ?? ''}<${rest}${glued[3] ?? ''}>`;
}

/**
 * bsdtar's `-z, -j, -J, --lzma  Compress archive with gzip/bzip2/xz/lzma`: as many switches as the text has
 * slashed words are one switch each, with its own word, not spellings of one.
 */
export function oneSwitchEach(entry: OptionEntry): OptionEntry[] {
  const flags = entry.spec.split(/,\s*/);
  if (flags.length < 3 || !flags.every((flag) => /^--?[\w-]+$/.test(flag.trim()))) return [entry];
  const words = entry.description.split(/\s+/).find((word) => word.split('/').length === flags.length && word.split('/').every((part) => /^\w+$/.test(part)));
  if (words === undefined) return [entry];
  return flags.map((flag, index) => ({ spec: flag.trim(), description: entry.description.replace(words, words.split('/')[index] ?? '') }));
}

/** `1 (default), 224, 256`: three (or `least`) or more short values, and the one marked as the default. */
export function valuesListed(description: string, least = 3): { values: string[]; fallback?: string } | undefined {
  const items = description.split(/,\s*/);
  if (items.length < least || !items.every((item) => /^[\w.+-]{1,12}( \(default\))?$/.test(item))) return undefined;
  // xwininfo's `-all   -tree, -stats, -bits, …`: the options a switch stands for, not its values.
  if (items.every((item) => /^--?[A-Za-z]/.test(item))) return undefined;
  const fallback = items.find((item) => item.endsWith(' (default)'))?.replace(' (default)', '');
  return { values: items.map((item) => item.replace(' (default)', '')), ...(fallback !== undefined ? { fallback } : {}) };
}

/** yargs prints no placeholder: a number or a quoted default (`[default: ","]`) says the option takes a value. */
export function valueDefaultType(said: string | undefined, description: string): ValueType | undefined {
  if (said === undefined) return undefined;
  const type = typeOfValue(said);
  if (type === 'integer' || type === 'number') return type;
  return /\bdefault:? ["']/.test(description) && type === 'string' ? 'string' : undefined;
}
