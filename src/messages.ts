import type * as z from 'zod';

/** Wording shared by every message that points at a bad value: where it is, what it was, what was expected. */

/** A path as people write it: `flags.limit`, `program.subcommands[2].options[0]`; `root` names the empty path. */
export function pathText(path: readonly PropertyKey[], root: string): string {
  if (path.length === 0) return root;
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
}

/** The value at `path` inside `input`, or `undefined` when the path leads nowhere. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A value as JSON, cut to `max` characters so one bad value cannot flood a message. */
export function preview(value: unknown, max = 80): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** A zod type name in words: `int` → `an integer`. */
export function article(expected: string): string {
  const names: Record<string, string> = { int: 'an integer', object: 'an object', array: 'an array', boolean: 'a boolean (true or false)' };
  return names[expected] ?? `a ${expected}`;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: adjacent transpositions count 1), for
 * "did you mean" hints; `Infinity` when the lengths alone show it is over `limit`, so long inputs cost nothing.
 */
export function distanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? Infinity) + 1, (current[j - 1] ?? Infinity) + 1, (previous[j - 1] ?? Infinity) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (beforePrevious[j - 2] ?? Infinity) + 1);
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? Infinity;
}

/** What is wrong with one value of a user's file (a manifest, a policy), from zod's issue: `expected one of …, got "x"`. */
export function fileValueProblem(issue: z.core.$ZodIssue, found: unknown): string {
  const got = found === undefined ? '' : `, got ${preview(found, 60)}`;
  switch (issue.code) {
    case 'invalid_type':
      return found === undefined ? `required: expected ${article(issue.expected)}` : `expected ${article(issue.expected)}${got}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map(String).join(', ')}${got}`;
    case 'too_small':
    case 'invalid_format':
      return issue.message === 'must not be empty' ? issue.message : `${issue.message}${got}`;
    default:
      return `${issue.message.replace(/^Invalid input: /, '')}${got}`;
  }
}

/** A count as `12,345`: `toLocaleString` would start ICU, ~10 ms on the first call, on every server's start path. */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+$)/g, ',');
}
