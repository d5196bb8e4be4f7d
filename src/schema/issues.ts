import type * as z from 'zod';

/** Turns zod issues into lines a model can act on: where, what was expected, what it sent. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown, validFlags: readonly string[]): string {
  return issues.map((issue) => `- ${where(issue.path)}: ${what(issue, input, validFlags)}`).join('\n');
}

function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
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

function article(expected: string): string {
  const names: Record<string, string> = { int: 'an integer', object: 'an object', array: 'an array', boolean: 'a boolean (true or false)' };
  return names[expected] ?? `a ${expected}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
