/** What the argparse, click and optparse readers share: flag names, negations, value types, notes. */

/** `-h, --help` as a program's own switch (yt-dlp's store_true): help, left out as help actions are. */
export function isHelpSwitch(strings: readonly string[]): boolean {
  return strings.includes('--help');
}
import type { OptionSpec, PositionalSpec, ValueType } from '../../types.js';

/** The flag an option is sent with, its key, the other spellings, and its off switch. */
export interface Flags {
  readonly flag: string;
  readonly name: string;
  readonly aliases: readonly string[];
  readonly negation?: string;
  /** Only an off switch (`--no-cache` storing false): the option has no flag of its own. */
  readonly lone: boolean;
}

/**
 * Reads option strings as the spec names them: the first long one is the flag (`--dry-run`), its key the
 * name without dashes; a `--no-x` of a negatable option is its negation, and an off switch alone is keyed `x`.
 */
export function primaryFlag(strings: readonly string[], dest: string | null, prefixChars = '-', negatable: 'pair' | 'lone' | false = false): Flags {
  const long = (flag: string): boolean => flag.length > 2 && prefixChars.includes(flag[0] ?? '') && flag[1] === flag[0];
  const offs = strings.filter((flag) => long(flag) && /^(.)\1no-/.test(flag));
  // An off switch is lone only when every long spelling of it is a `--no-x`.
  const negations = negatable === 'pair' || (negatable === 'lone' && offs.length === strings.filter(long).length) ? offs : [];
  const positives = strings.filter((flag) => !negations.includes(flag));
  const lone = negations.length > 0 && !positives.some(long);
  const primary = lone ? (negations[0] ?? '') : (positives.find(long) ?? positives.find((flag) => flag.length > 2) ?? positives[0] ?? strings[0] ?? '');
  const bare = primary.replace(new RegExp(`^[${escapeClass(prefixChars)}]+`), '');
  const name = lone ? bare.replace(/^no-/, '') : bare || (dest ?? primary).replace(/_/g, '-');
  const negation = negations.find((flag) => flag !== primary);
  return {
    flag: primary,
    name,
    aliases: lone ? positives : positives.filter((flag) => flag !== primary),
    ...(lone ? { negation: primary } : negation !== undefined ? { negation } : {}),
    lone,
  };
}

function escapeClass(chars: string): string {
  return chars.replace(/[\]\\^-]/g, '\\$&');
}

/** An option with the dest it stores to, and whether it turns that dest on or off. */
export interface Stored {
  readonly spec: OptionSpec;
  readonly dest: string | null;
  readonly on: boolean;
  readonly off: boolean;
}

/**
 * A lone off switch (`--no-color` storing false) beside an option storing the same dest becomes that option's
 * negation, as commander's `--x` / `--no-x` and `--cheese <type>` / `--no-cheese` pairs do (yt-dlp's
 * `--cache-dir DIR` and `--no-cache-dir`). An off switch with spellings of its own (`--abort-on-error,
 * --no-ignore-errors`), or one left without a partner under a taken key, stays a switch of its own.
 */
export function pairNegations(stored: readonly Stored[]): OptionSpec[] {
  const merged = new Map<Stored, OptionSpec>(stored.map((item) => [item, item.spec]));
  for (const off of stored.filter((item) => item.off && item.dest !== null && item.spec.flag === undefined)) {
    const on = stored.find((item) => item !== off && !item.off && item.dest === off.dest && merged.get(item)?.negation === undefined);
    const onSpec = on === undefined ? undefined : merged.get(on);
    if (on === undefined || onSpec === undefined || off.spec.negation === undefined) continue;
    // argparse and optparse start a dest at the default of the first option that stores to it.
    const fallback = onSpec.type === 'boolean' && stored.indexOf(off) < stored.indexOf(on) ? { default: true } : {};
    merged.set(on, { ...onSpec, negation: off.spec.negation, ...fallback });
    merged.delete(off);
  }
  const taken = new Set([...merged.values()].filter((spec) => spec.flag !== undefined).map((spec) => spec.name));
  const seen = new Set<string>();
  return [...merged.values()]
    .map((spec) => (spec.flag === undefined && spec.negation !== undefined && taken.has(spec.name) ? asSwitch(spec, spec.negation) : spec))
    .filter((spec) => !seen.has(spec.name) && seen.add(spec.name) !== undefined);
}

/** A lone off switch as a switch of its own, keyed by its whole name (`no-cache-dir`). */
function asSwitch(spec: OptionSpec, flag: string): OptionSpec {
  const { negation: _negation, default: _default, ...rest } = spec;
  return { ...rest, name: flag.replace(/^-+/, ''), flag };
}

/** The value type a Python type's name stands for: `int` integers, `float` numbers, anything else text. */
export function valueType(typeName: string | null | undefined): Exclude<ValueType, 'boolean'> {
  if (typeName === 'int' || typeName === 'long') return 'integer';
  if (typeName === 'float') return 'number';
  return 'string';
}

/** A switch's default worth publishing: only `true` (on unless turned off); `false` is what absent means. */
export function switchDefault(value: unknown): true | undefined {
  return value === true ? true : undefined;
}

/** The spec with a note after its description. */
export function withNote<T extends { readonly description?: string }>(spec: T, note: string | undefined): T {
  if (note === undefined) return spec;
  const text = spec.description?.trim() ?? '';
  return { ...spec, description: text === '' ? note : `${text}${/[.!?]$/.test(text) ? '' : '.'} ${note}` };
}

/** For each member of a mutually exclusive group (by label): which others it excludes, and whether one is required. */
export function exclusionNotes(groups: readonly { readonly required: boolean; readonly members: readonly string[] }[]): Map<string, string> {
  const notes = new Map<string, string>();
  for (const group of groups) {
    if (group.members.length < 2 && !group.required) continue;
    for (const member of group.members) {
      const others = group.members.filter((other) => other !== member);
      const said = [others.length > 0 ? `Not with ${others.join(', ')}.` : '', group.required ? `One of ${group.members.join(', ')} is required.` : ''].filter(Boolean).join(' ');
      notes.set(member, [notes.get(member), said].filter(Boolean).join(' '));
    }
  }
  return notes;
}

