import { describe, expect, it } from 'vitest';
import { checkInput } from '../../src/middleware/validate.js';
import { option, positional, runnable, toolFor } from '../helpers/commands.js';

// git log's shapes: a long option with a short alias, a camelCase name with a dashed flag, a negatable switch, a list.
const log = toolFor(
  runnable({
    path: ['git', 'log'],
    options: [
      option('max-count', 'integer', { aliases: ['-n'] }),
      option('maxWorkers', 'string', { flag: '--max-workers' }),
      option('progress', 'boolean', { negation: '--no-progress' }),
      option('verbose', 'boolean', { aliases: ['-v'] }),
      option('version', 'boolean', { flag: '-v' }),
      option('ratio', 'number'),
      option('format', 'string', { choices: ['1', '2', 'json'] }),
      option('label', 'string', { variadic: true }),
    ],
    positionals: [positional('paths', { variadic: true })],
  }),
);

describe('input a model naturally sends', () => {
  it.each([
    ['a short alias for its option (git log -n)', { n: 3 }, { 'max-count': 3 }, ['flags.n → flags.max-count']],
    ['the flag\'s spelling of a camelCase option', { 'max-workers': '2' }, { maxWorkers: '2' }, ['flags.max-workers → flags.maxWorkers']],
    ['another case style of the name', { max_count: 1 }, { 'max-count': 1 }, ['flags.max_count → flags.max-count']],
    ['no-x: true for a switch x', { 'no-progress': true }, { progress: false }, ['flags.no-progress: true → flags.progress: false']],
    ['noX: false for a switch x', { noProgress: false }, { progress: true }, ['flags.noProgress: false → flags.progress: true']],
    ['a number for a string option', { maxWorkers: 2 }, { maxWorkers: '2' }, ['flags.maxWorkers: 2 → "2"']],
    ['a number that is one of a string option\'s choices', { format: 2 }, { format: '2' }, ['flags.format: 2 → "2"']],
    ['an exact numeric string for an integer or a number', { 'max-count': '10', ratio: '0.5' }, { 'max-count': 10, ratio: 0.5 }, ['flags.max-count: "10" → 10', 'flags.ratio: "0.5" → 0.5']],
    ['"true" for a switch', { progress: 'true' }, { progress: true }, ['flags.progress: "true" → true']],
    ['one value for a list', { label: 'bug' }, { label: ['bug'] }, ['flags.label: "bug" → ["bug"]']],
  ])('when it sends %s then the call is read as the tool means it, and the reading is reported', (_, flags, read, mapped) => {
    expect(checkInput(log, { flags })).toEqual({ ok: true, input: { flags: read, args: [] }, mapped });
  });

  it('when it sends numbers or one word as the positionals then they are read as words', () => {
    expect(checkInput(log, { args: [1, 'src'] })).toMatchObject({ ok: true, input: { args: ['1', 'src'] }, mapped: ['args: [1,"src"] → ["1","src"]'] });
    expect(checkInput(log, { args: 'src' })).toMatchObject({ ok: true, input: { args: ['src'] } });
  });

  it('when a spelling could mean two options then the call is refused naming both, and nothing runs', () => {
    const checked = checkInput(log, { flags: { v: true } });
    expect(checked).toEqual({ ok: false, message: expect.stringContaining('flags.v could be "verbose" (--verbose, -v) or "version" (-v): use one of those names.') });
  });

  it('when an option is sent under two spellings then the call is refused, not one of them dropped', () => {
    expect(checkInput(log, { flags: { n: 3, 'max-count': 5 } })).toMatchObject({ ok: false, message: expect.stringContaining('flags.n and flags.max-count are the same option') });
  });

  it('when a value only looks like the type then it is still refused by the schema (no guessing)', () => {
    expect(checkInput(log, { flags: { 'max-count': '10 commits' } })).toMatchObject({ ok: false, message: expect.stringContaining('flags.max-count: expected an integer, got "10 commits"') });
    expect(checkInput(log, { flags: { format: 3 } })).toMatchObject({ ok: false, message: expect.stringContaining('flags.format') });
    expect(checkInput(log, { flags: { 'no-progress': 'yes' } })).toMatchObject({ ok: false, message: expect.stringContaining('unknown flag "no-progress"') });
  });

  it('when a key is __proto__ or constructor then it stays a key, refused as unknown, and nothing is polluted', () => {
    const flags = JSON.parse('{"__proto__": {"max-count": 1}, "constructor": true}') as Record<string, unknown>;
    expect(checkInput(log, { flags })).toMatchObject({ ok: false, message: expect.stringContaining('unknown flag "__proto__", "constructor"') });
    expect(({} as Record<string, unknown>)['max-count']).toBeUndefined();
  });

  it('when a key names no option in any spelling then it is refused as unknown', () => {
    expect(checkInput(log, { flags: { colour: true } })).toMatchObject({ ok: false, message: expect.stringContaining('unknown flag "colour"') });
  });
});
