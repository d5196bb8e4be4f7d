import type * as z from 'zod';
import { article, pathText, preview, valueAt } from '../messages.js';

/** Turns zod issues into lines a model can act on: where, what was expected, what it sent. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown, validFlags: readonly string[]): string {
  return issues.map((issue) => `- ${pathText(issue.path, 'input')}: ${what(issue, input, validFlags)}`).join('\n');
}

function what(issue: z.core.$ZodIssue, input: unknown, validFlags: readonly string[]): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    if (issue.path.length === 0) return `unknown field ${keys}; the input has only "flags" (an object) and "args" (an array of strings)`;
    const valid = validFlags.length ? `valid flags: ${validFlags.join(', ')}` : 'this command takes no flags';
    return `unknown flag ${keys}; ${valid}`;
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
