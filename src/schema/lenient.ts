/**
 * A model's natural input, read as the tool means it before validation: an option by its short alias or its
 * flag's spelling (`n` for `--max-count`'s `-n`, `max-workers` for `maxWorkers`), `no-x: true` for `x: false`,
 * a number where a string goes, a numeric string where a number goes, one value where a list goes. Each
 * reading is one unique match, and reported; anything that could mean two options is refused by name.
 */
import type { OptionSpec, RunnableCommand } from '../types.js';

/** The input as read, and what was read differently from how it was sent (`flags.n → flags.limit`). */
export type LenientReading = { readonly ok: true; readonly input: unknown; readonly mapped: readonly string[] } | { readonly ok: false; readonly message: string };

export function readLeniently(command: RunnableCommand, input: unknown): LenientReading {
  if (!isRecord(input)) return { ok: true, input, mapped: [] };
  const mapped: string[] = [];
  let flags = input.flags;
  if (isRecord(flags)) {
    const renamed = renameFlags(command.options, flags, mapped);
    if (typeof renamed === 'string') return { ok: false, message: renamed };
    flags = coerceValues(command.options, renamed, mapped);
  }
  const args = coerceArgs(input.args, mapped);
  return { ok: true, input: { ...input, flags, ...(args === undefined ? {} : { args }) }, mapped };
}

/** Unknown keys renamed to the one option they name; a message when one names several, or an option given twice. */
function renameFlags(options: readonly OptionSpec[], flags: Record<string, unknown>, mapped: string[]): Record<string, unknown> | string {
  const names = new Set(options.map((option) => option.name));
  // No prototype: a `__proto__` key stays a key, which validation then refuses as unknown.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(flags)) {
    if (names.has(key)) {
      out[key] = value;
      continue;
    }
    const direct = matching(options, key);
    const negated = direct.length === 0 && typeof value === 'boolean' ? negatedMatch(options, key) : [];
    const found = direct.length > 0 ? direct : negated;
    if (found.length > 1) return `flags.${key} could be ${found.map((option) => `"${option.name}" (${spellings(option)})`).join(' or ')}: use one of those names.`;
    const option = found[0];
    if (!option) {
      out[key] = value; // validation names it as unknown
      continue;
    }
    if (Object.hasOwn(flags, option.name) || Object.hasOwn(out, option.name)) return `flags.${key} and flags.${option.name} are the same option (${spellings(option)}): give it once, as "${option.name}".`;
    const read = direct.length > 0 ? value : !value;
    out[option.name] = read;
    mapped.push(direct.length > 0 ? `flags.${key} → flags.${option.name}` : `flags.${key}: ${String(value)} → flags.${option.name}: ${String(read)}`);
  }
  return out;
}

/** Options `key` spells: a flag or alias without its dashes (`n`, `max-count`), or the name in another case style (`max_workers`). */
function matching(options: readonly OptionSpec[], key: string): OptionSpec[] {
  const folded = fold(key);
  return options.filter((option) => [option.flag, ...(option.aliases ?? [])].some((flag) => flag !== undefined && flag.replace(/^-+/, '') === key) || fold(option.name) === folded);
}

/** `no-progress`, `noProgress`, `no_progress` with a boolean: the option they turn off, when it takes true or false. */
function negatedMatch(options: readonly OptionSpec[], key: string): OptionSpec[] {
  const rest = /^no[-_]?(?<rest>.+)$/i.exec(key)?.groups?.rest;
  if (rest === undefined) return [];
  return matching(options, rest).filter((option) => option.type === 'boolean');
}

function fold(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

function spellings(option: OptionSpec): string {
  return [option.flag, ...(option.aliases ?? [])].filter((flag) => flag !== undefined).join(', ') || option.name;
}

/** Values of a neighbouring JSON type read as the option's own, where the reading is exact. */
function coerceValues(options: readonly OptionSpec[], flags: Record<string, unknown>, mapped: string[]): Record<string, unknown> {
  const byName = new Map(options.map((option) => [option.name, option]));
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(flags)) {
    const option = byName.get(key);
    let read = value;
    if (option?.variadic) {
      const list = Array.isArray(value) ? value : value === null || typeof value === 'boolean' ? value : [value];
      read = Array.isArray(list) ? list.map((item) => coerce(option, item)) : list;
    } else if (option) read = coerce(option, value);
    if (JSON.stringify(read) !== JSON.stringify(value)) mapped.push(`flags.${key}: ${JSON.stringify(value)} → ${JSON.stringify(read)}`);
    out[key] = read;
  }
  return out;
}

function coerce(option: OptionSpec, value: unknown): unknown {
  switch (option.type) {
    case 'string':
      return typeof value === 'number' && Number.isFinite(value) && (!option.choices?.length || option.choices.includes(String(value))) ? String(value) : value;
    case 'integer':
      return typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
  }
}

/** Positionals are words: numbers become their text, one word its list. */
function coerceArgs(args: unknown, mapped: string[]): unknown {
  if (args === undefined || args === null) return undefined;
  const list = typeof args === 'string' || typeof args === 'number' ? [args] : args;
  if (!Array.isArray(list)) return args;
  const read = list.map((arg) => (typeof arg === 'number' && Number.isFinite(arg) ? String(arg) : arg));
  if (JSON.stringify(read) !== JSON.stringify(args)) mapped.push(`args: ${JSON.stringify(args)} → ${JSON.stringify(read)}`);
  return read;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
