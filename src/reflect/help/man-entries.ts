/**
 * Man pages describe related options together under one heading line: `--since=<date>, --after=<date>`,
 * `--pretty[=<format>], --format=<format>`, `--min-parents=<n>, --max-parents=<n>, --no-min-parents`.
 * Each long name is an option of its own; this splits such an entry into one per name.
 */
import type { OptionEntry } from './option-entries.js';

interface Part {
  readonly text: string;
  /** The long name without dashes and `no-`/`[no-]`; undefined for a short flag. */
  readonly name?: string;
  /** Written `--no-x`: turns `x` off. */
  readonly negative: boolean;
}

/** `--[no-]x=…` → x; `--no-x` → x, negative; `-p` → short. */
function partOf(text: string): Part | undefined {
  const long = /^--(\[no-\])?(no-)?([\w][\w.-]*)/.exec(text);
  if (long) return { text, name: long[3] ?? '', negative: long[1] === undefined && long[2] !== undefined };
  // `-<number>` (git log's `-3`) is a placeholder, not a flag.
  return /^-[\w?#]/.test(text) ? { text, negative: false } : undefined;
}

/** Splits at top-level commas: `--stat[=<width>[,<name-width>]]` stays whole. */
function commaParts(spec: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of spec) {
    if ('[(<{'.includes(char)) depth += 1;
    if (']})>'.includes(char)) depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter((part) => part !== '');
}

/** `--expand-tabs=<n>, --expand-tabs`: the same flag with and without a value is one flag whose value is optional. */
function mergeSameFlag(parts: readonly string[]): string[] {
  const flagOf = (part: string): string => /^-[^=[\s<]+/.exec(part)?.[0] ?? part;
  const out: string[] = [];
  for (const part of parts) {
    const flag = flagOf(part);
    const index = out.findIndex((seen) => flagOf(seen) === flag);
    const seen = index === -1 ? undefined : out[index];
    if (seen === undefined) {
      out.push(part);
      continue;
    }
    const withValue = seen.length > flag.length ? seen : part;
    const value = withValue.slice(flag.length).replace(/^[=\s]/, '');
    out[index] = value === '' || value.startsWith('[') ? withValue : `${flag}[=${value}]`;
  }
  return out;
}

/**
 * One entry per long name: short flags go with the first, each `--no-x` with its `x` (or alone when
 * no `x` is listed).
 */
export function splitManEntry(entry: OptionEntry): OptionEntry[] {
  const parts = commaParts(entry.spec).map(partOf).filter((part): part is Part => part !== undefined);
  if (parts.length === 0) return [entry];
  const positives = [...new Set(parts.filter((part) => part.name !== undefined && !part.negative).map((part) => part.name ?? ''))];
  const groups = new Map<string, string[]>(positives.map((name) => [name, []]));
  for (const part of parts) {
    if (part.name === undefined) continue;
    const group = groups.get(part.name) ?? [];
    groups.set(part.name, [...group, part.text]);
  }
  if (groups.size <= 1) return [{ spec: mergeSameFlag(parts.map((part) => part.text)).join(', '), description: entry.description }];
  const shorts = parts.filter((part) => part.name === undefined).map((part) => part.text);
  return [...groups.values()].map((texts, index) => ({
    spec: mergeSameFlag(index === 0 ? [...shorts, ...texts] : texts).join(', '),
    description: entry.description,
  }));
}

export function splitManEntries(entries: readonly OptionEntry[]): OptionEntry[] {
  return stackedTags(entries).flatMap(splitManEntry);
}

/** gpg's `--sign` over `-s  Sign a message.`: a tag with no text of its own heads the next one's paragraph (roff's .TQ, texinfo's @itemx). */
function stackedTags(entries: readonly OptionEntry[]): OptionEntry[] {
  const out: OptionEntry[] = [];
  let pending: string[] = [];
  for (const entry of entries) {
    if (entry.description.trim() === '') {
      pending.push(entry.spec.trim());
      continue;
    }
    out.push(pending.length === 0 ? entry : { spec: [...pending, entry.spec.trim()].join(', '), description: entry.description });
    pending = [];
  }
  return [...out, ...pending.map((spec) => ({ spec, description: '' }))];
}
