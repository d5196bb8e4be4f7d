import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { checkInput } from '../../src/middleware/validate.js';
import { describeIssues } from '../../src/schema/issues.js';
import { option, positional, runnable, toolFor } from '../helpers/commands.js';

const todoAdd = toolFor(
  runnable({
    path: ['todo', 'add'],
    options: [option('limit', 'integer'), option('mode', 'string', { choices: ['fast', 'slow'] }), option('title', 'string', { required: true })],
    positionals: [positional('list', { required: true }), positional('note')],
  }),
);
const bare = toolFor(runnable({ path: ['todo', 'ls'] }));
const listOnly = toolFor(runnable({ path: ['todo', 'show'], options: [option('verbose', 'boolean')], positionals: [positional('id', { required: true })] }));

/** The message of a call that must be refused. */
function refusal(tool: typeof todoAdd, raw: unknown): string {
  const checked = checkInput(tool, raw);
  if (checked.ok) throw new Error(`expected ${JSON.stringify(raw)} to be refused`);
  return checked.message;
}

describe('messages for a refused call', () => {
  it('when a call is refused then the message names the tool and says to call again', () => {
    const message = refusal(todoAdd, { flags: { title: 'x', limit: 2.5 }, args: ['inbox'] });
    expect(message.split('\n')).toEqual([
      'Invalid arguments for todo_add:',
      '- flags.limit: expected an integer, got 2.5',
      'Fix these and call the tool again.',
    ]);
  });

  it('when a flag is unknown then the error lists the valid flags', () => {
    expect(refusal(todoAdd, { flags: { title: 'x', colour: true }, args: ['inbox'] })).toContain(
      '- flags: unknown flag "colour"; valid flags: limit, mode, title',
    );
  });

  it('when a command has many flags (git log\'s ~200) then the error names the nearest few, not all of them', () => {
    const names = Array.from({ length: 40 }, (_, i) => `option-${i}`);
    const many = toolFor(runnable({ path: ['git', 'log'], options: [...names.map((name) => option(name, 'boolean')), option('oneline', 'boolean'), option('decorate', 'boolean')] }));
    const message = refusal(many, { flags: { onelin: true } });
    expect(message).toContain('- flags: unknown flag "onelin"; did you mean oneline');
    expect(message).toContain('this command has 42 flags');
    expect(message).not.toContain('option-39');
  });

  it('when a command has no flags and one is sent then the error says it takes none', () => {
    expect(refusal(bare, { flags: { all: true } })).toContain('- flags: unknown flag "all"; this command takes no flags');
  });

  it('when a top-level key is unknown then the error says the input has only flags and args', () => {
    expect(refusal(listOnly, { args: ['1'], verbose: true })).toContain(
      '- input: unknown field "verbose"; the input has only "flags" (an object) and "args" (an array of strings)',
    );
  });

  it('when a flag has the wrong type then the error names the field path and echoes the value', () => {
    expect(refusal(listOnly, { flags: { verbose: 'yes' }, args: ['1'] })).toContain('- flags.verbose: expected a boolean (true or false), got "yes"');
  });

  it('when a choice flag gets another value then the error lists the choices and the value', () => {
    expect(refusal(todoAdd, { flags: { title: 'x', mode: 'medium' }, args: ['inbox'] })).toContain(
      '- flags.mode: expected one of "fast", "slow", got "medium"',
    );
  });

  it('when there are too many args then the error gives the maximum and the args sent', () => {
    expect(refusal(todoAdd, { flags: { title: 'x' }, args: ['a', 'b', 'c'] })).toContain('- args: at most 2 items, got ["a","b","c"]');
  });

  it('when a command takes no positionals and args are sent then the error says it takes none', () => {
    expect(refusal(bare, { args: ['x'] })).toContain('- args: this command takes no positional arguments');
  });

  it('when there are too few args then the error gives the minimum', () => {
    expect(refusal(listOnly, { args: [] })).toContain('- args: at least 1 item, got []');
  });

  it('when args is absent and a positional is required then the error names args', () => {
    expect(refusal(listOnly, {})).toContain('- args: at least 1 item, got []');
  });

  it('when flags is absent entirely and a flag is required then the error names flags.<name>', () => {
    expect(refusal(todoAdd, { args: ['inbox'] })).toContain('- flags.title: required: expected a string');
  });

  it('when a flag value is null then it counts as absent', () => {
    expect(checkInput(todoAdd, { flags: { title: 'x', limit: null }, args: ['inbox'] })).toEqual({
      ok: true,
      input: { flags: { title: 'x' }, args: ['inbox'] },
      mapped: [],
    });
    expect(refusal(todoAdd, { flags: { title: null }, args: ['inbox'] })).toContain('- flags.title: required: expected a string');
  });

  it('when args is not an array then the error says an array was expected and echoes the value', () => {
    expect(refusal(listOnly, { args: { first: '1' } })).toContain('- args: expected an array, got {"first":"1"}');
  });

  it('when an arg is not a string then the error names its index', () => {
    expect(refusal(listOnly, { args: [true] })).toContain('- args[0]: expected a string, got true');
  });

  it('when a required string flag is empty then the error says it must not be empty', () => {
    expect(refusal(todoAdd, { flags: { title: '' }, args: ['inbox'] })).toContain('- flags.title: must not be empty');
  });

  it('when the input is not an object then the error is about the input itself', () => {
    expect(refusal(listOnly, 'show 1')).toContain('- input: expected an object, got "show 1"');
  });

  it('when several things are wrong then each gets its own line', () => {
    const lines = refusal(todoAdd, { flags: { limit: 1.5 }, args: [] }).split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual(['- flags.limit: expected an integer, got 1.5', '- flags.title: required: expected a string', '- args: at least 1 item, got []']);
  });
});

describe('describeIssues', () => {
  it('when a received value is long then it is cut to 80 characters', () => {
    const input = { name: 'x'.repeat(200) };
    const result = z.strictObject({ name: z.number() }).safeParse(input);
    const line = describeIssues(result.error?.issues ?? [], input, []);
    const got = line.slice(line.indexOf('got ') + 4);
    expect(got).toHaveLength(80);
    expect(got.endsWith('...')).toBe(true);
  });

  it('when a path has nested numbers then they render as indexes after the key', () => {
    const input = { matrix: [[1, 'two']] };
    const result = z.object({ matrix: z.array(z.array(z.number())) }).safeParse(input);
    expect(describeIssues(result.error?.issues ?? [], input, [])).toBe('- matrix[0][1]: expected a number, got "two"');
  });
});
