import type * as z from 'zod';
import { article, distanceWithin, pathText, preview, valueAt } from '../messages.js';

/** Most flag names an unknown-flag message lists whole; past it, the nearest to what was sent. */
const MAX_LISTED_FLAGS = 15;

/** Turns zod issues into lines a model can act on: where, what was expected, what it sent. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown, validFlags: readonly string[]): string {
  return issues.map((issue) => `- ${pathText(issue.path, 'input')}: ${what(issue, input, validFlags)}`).join('\n');
}

function what(issue: z.core.$ZodIssue, input: unknown, validFlags: readonly string[]): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    if (issue.path.length === 0) return `unknown field ${keys}; the input has only "flags" (an object) and "args" (an array of strings)`;
    return `unknown flag ${keys}; ${validList(issue.keys, validFlags)}`;
  }
  const received = valueAt(input, issue.path);
  const got = received === undefined ? '' : `, got ${preview(received)}`;
  // Option schemas carry their own wording ("expected …", "required: expected …").
  if (/^(required: )?expected /.test(issue.message)) return `${issue.message}${got}`;
  switch (issue.code) {
    case 'invalid_type':
      return received === undefined ? `required: expected ${article(issue.expected)}` : `expected ${article(issue.expected)}${got}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}${got}`;
    case 'too_big':
      if (issue.origin === 'array') return issue.maximum === 0 ? 'this command takes no positional arguments' : `at most ${issue.maximum} items${got}`;
      return `${issue.message}${got}`;
    case 'too_small':
      if (issue.origin === 'array') return `at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}${got}`;
      if (issue.origin === 'string') return `must not be empty`;
      return `${issue.message}${got}`;
    default:
      return `${issue.message.replace(/^Invalid input: /, '')}${got}`;
  }
}

/** Every valid flag when there are few; else the ones nearest the unknown keys (git log has ~200), and how many there are. */
function validList(keys: readonly string[], validFlags: readonly string[]): string {
  if (validFlags.length === 0) return 'this command takes no flags';
  if (validFlags.length <= MAX_LISTED_FLAGS) return `valid flags: ${validFlags.join(', ')}`;
  const near = validFlags
    .map((flag) => ({ flag, distance: Math.min(...keys.map((key) => nearness(key.toLowerCase(), flag.toLowerCase()))) }))
    .filter(({ distance }) => distance < Infinity)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 5)
    .map(({ flag }) => flag);
  const hint = near.length > 0 ? `did you mean ${near.join(', ')}? ` : '';
  return `${hint}this command has ${validFlags.length} flags (its tool description or the schema lists them)`;
}

/** 0 when one name holds the other, else their edit distance up to 3. */
function nearness(key: string, flag: string): number {
  if (key.length > 1 && (flag.includes(key) || key.includes(flag))) return 0;
  const distance = distanceWithin(key, flag, 3);
  return distance <= 3 ? distance : Infinity;
}
