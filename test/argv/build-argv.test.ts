import { describe, expect, it } from 'vitest';
import { buildArgv } from '../../src/argv/build-argv.js';
import type { RunnableCommand, ScopedOption, ToolInput } from '../../src/types.js';

/** A depth-0 option of the given type; overrides fill in flag, negation and the rest. */
function option(name: string, type: ScopedOption['type'], extra: Partial<ScopedOption> = {}): ScopedOption {
  return { name, type, flag: `--${name}`, depth: 0, ...extra };
}

/** A root command (`tool`) with these options and no declared positionals. */
function command(options: readonly ScopedOption[], path: readonly string[] = ['tool']): RunnableCommand {
  return { path, options, positionals: [] };
}

function call(flags: Record<string, unknown>, args: readonly string[] = []): ToolInput {
  return { flags, args };
}

const verbose = option('verbose', 'boolean');
const color = option('color', 'boolean', { negation: '--no-color' });
const loneNoColor: ScopedOption = { name: 'color', type: 'boolean', negation: '--no-color', default: true, depth: 0 };
const name = option('name', 'string');
const count = option('count', 'integer', { flag: '-n' });
const ratio = option('ratio', 'number');
const cheese = option('cheese', 'string', { optionalValue: true });
const tag = option('tag', 'string', { variadic: true });
const port = option('port', 'integer', { variadic: true });

interface Case {
  readonly title: string;
  readonly command: RunnableCommand;
  readonly input: ToolInput;
  readonly expected: readonly string[];
}

const booleans: readonly Case[] = [
  { title: 'when a boolean is true then its flag is sent', command: command([verbose]), input: call({ verbose: true }), expected: ['--verbose'] },
  { title: 'when a boolean without negation is false then nothing is sent', command: command([verbose]), input: call({ verbose: false }), expected: [] },
  { title: 'when a paired --color/--no-color is true then --color is sent', command: command([color]), input: call({ color: true }), expected: ['--color'] },
  { title: 'when a paired --color/--no-color is false then --no-color is sent', command: command([color]), input: call({ color: false }), expected: ['--no-color'] },
  { title: 'when a lone --no-color is false then --no-color is sent', command: command([loneNoColor]), input: call({ color: false }), expected: ['--no-color'] },
  { title: 'when a lone --no-color is true then nothing is sent because it is already the default', command: command([loneNoColor]), input: call({ color: true }), expected: [] },
  { title: 'when a short-only boolean is true then the short flag is sent', command: command([option('f', 'boolean', { flag: '-f' })]), input: call({ f: true }), expected: ['-f'] },
];

const values: readonly Case[] = [
  { title: 'when a string option has a value then it travels as one --name=value token', command: command([name]), input: call({ name: 'alice' }), expected: ['--name=alice'] },
  { title: 'when a value starts with -- then it stays inside the single --name= token', command: command([name]), input: call({ name: '--x=y' }), expected: ['--name=--x=y'] },
  { title: 'when a value contains spaces and quotes then it is passed verbatim', command: command([name]), input: call({ name: `a b "c" 'd'` }), expected: [`--name=a b "c" 'd'`] },
  { title: 'when a short-only option has a value then it is attached as -n5', command: command([count]), input: call({ count: 5 }), expected: ['-n5'] },
  { title: 'when a short-only option has a negative value then it stays attached as -n-3', command: command([count]), input: call({ count: -3 }), expected: ['-n-3'] },
  { title: 'when a number option has a decimal then it is rendered exactly', command: command([ratio]), input: call({ ratio: 0.1 }), expected: ['--ratio=0.1'] },
  { title: 'when a number is 1000000 then it is not shortened', command: command([ratio]), input: call({ ratio: 1000000 }), expected: ['--ratio=1000000'] },
  { title: 'when a number is 1e21 then it is written out without an exponent', command: command([ratio]), input: call({ ratio: 1e21 }), expected: ['--ratio=1000000000000000000000'] },
  { title: 'when a number is 1.5e-7 then it is written out without an exponent', command: command([ratio]), input: call({ ratio: 1.5e-7 }), expected: ['--ratio=0.00000015'] },
  { title: 'when an optional-value option is true then the bare flag is sent', command: command([cheese]), input: call({ cheese: true }), expected: ['--cheese'] },
  { title: 'when an optional-value option has a string then flag and value are one token', command: command([cheese]), input: call({ cheese: 'brie' }), expected: ['--cheese=brie'] },
  { title: 'when a value option without optionalValue is true then nothing is sent so no later token becomes its value', command: command([name]), input: call({ name: true }), expected: [] },
  { title: 'when a value option with a negation is false then the negation is sent', command: command([option('cheese', 'string', { negation: '--no-cheese' })]), input: call({ cheese: false }), expected: ['--no-cheese'] },
  { title: 'when a lone negation of a value type is given a string then nothing is sent', command: command([{ name: 'cheese', type: 'string', negation: '--no-cheese', depth: 0 }]), input: call({ cheese: 'brie' }), expected: [] },
];

const variadics: readonly Case[] = [
  { title: 'when a variadic option has several values then the flag repeats once per value', command: command([tag]), input: call({ tag: ['a', 'b'] }), expected: ['--tag=a', '--tag=b'] },
  { title: 'when a variadic option has numbers then each is formatted exactly', command: command([port]), input: call({ port: [80, 1e21] }), expected: ['--port=80', '--port=1000000000000000000000'] },
  { title: 'when a short-only variadic option has values then each is attached', command: command([option('I', 'string', { flag: '-I', variadic: true })]), input: call({ I: ['src', 'lib'] }), expected: ['-Isrc', '-Ilib'] },
  { title: 'when a variadic array holds null and boolean elements then those are skipped, and an empty one is sent empty', command: command([tag]), input: call({ tag: ['a', '', null, undefined, true, 'b'] }), expected: ['--tag=a', '--tag=', '--tag=b'] },
  { title: 'when a variadic element starts with - then it stays inside its token', command: command([tag]), input: call({ tag: ['-rf'] }), expected: ['--tag=-rf'] },
];

const level = option('verbose', 'integer', { count: true });

const counts: readonly Case[] = [
  { title: 'when a count is 3 then its flag is sent three times', command: command([level]), input: call({ verbose: 3 }), expected: ['--verbose', '--verbose', '--verbose'] },
  { title: 'when a count is 1 then its flag is sent once, without a value', command: command([level]), input: call({ verbose: 1 }), expected: ['--verbose'] },
  { title: 'when a count is 0 then nothing is sent', command: command([level]), input: call({ verbose: 0 }), expected: [] },
  { title: 'when a count is negative then nothing is sent', command: command([level]), input: call({ verbose: -2 }), expected: [] },
  { title: 'when a count is fractional then nothing is sent', command: command([level]), input: call({ verbose: 1.5 }), expected: [] },
  { title: 'when a count is given true or a string then nothing is sent', command: command([level, option('n', 'integer', { count: true })]), input: call({ verbose: true, n: '2' }), expected: [] },
];

const omitted: readonly Case[] = [
  { title: 'when a value is null then nothing is sent', command: command([name]), input: call({ name: null }), expected: [] },
  { title: 'when a value is undefined then nothing is sent', command: command([name]), input: call({ name: undefined }), expected: [] },
  { title: 'when a value is the empty string then nothing is sent', command: command([name]), input: call({ name: '' }), expected: [] },
  { title: 'when a variadic value is an empty array then nothing is sent', command: command([tag]), input: call({ tag: [] }), expected: [] },
  { title: 'when a value is an object then nothing is sent', command: command([name]), input: call({ name: { a: 1 } }), expected: [] },
  { title: 'when a key is not an option of the command then it is ignored', command: command([verbose]), input: call({ rm: true, '--force': 'x', verbose: true }), expected: ['--verbose'] },
  { title: 'when a value is only inherited from the flags object prototype then it is ignored', command: command([name]), input: call(Object.create({ name: 'inherited' }) as Record<string, unknown>), expected: [] },
];

const kubectl = ['kubectl', 'get', 'pods'] as const;
const namespace = option('namespace', 'string', { depth: 0 });
const output = option('output', 'string', { flag: '-o', depth: 1 });
const watch = option('watch', 'boolean', { depth: 2 });

const ordering: readonly Case[] = [
  {
    title: 'when flags are given in any key order then declaration order decides the argv, switches before options with values (sed compiles an -e script as it meets it, so -E must come first)',
    command: command([verbose, name, color]),
    input: call({ color: false, name: 'x', verbose: true }),
    expected: ['--verbose', '--no-color', '--name=x'],
  },
  {
    title: 'when options are inherited then each goes right after the word of the command that declares it',
    command: command([namespace, output, watch], kubectl),
    input: call({ watch: true, output: 'json', namespace: 'prod' }),
    expected: ['--namespace=prod', 'get', '-ojson', 'pods', '--watch'],
  },
  {
    title: 'when no options are set then only the subcommand words are sent',
    command: command([namespace, output, watch], kubectl),
    input: call({}),
    expected: ['get', 'pods'],
  },
];

const positionals: readonly Case[] = [
  { title: 'when there are positionals then they follow the options, with no -- where none starts with -', command: command([verbose]), input: call({ verbose: true }, ['a.txt', 'b.txt']), expected: ['--verbose', 'a.txt', 'b.txt'] },
  { title: 'when a positional starts with -- then it stays after the separator', command: command([]), input: call({}, ['--force']), expected: ['--', '--force'] },
  { title: 'when a positional is -rf then it stays after the separator as one token', command: command([]), input: call({}, ['-rf', '/']), expected: ['--', '-rf', '/'] },
  { title: 'when a positional is an empty string then it is still sent', command: command([]), input: call({}, ['']), expected: [''] },
  { title: 'when there are no positionals then no -- is sent', command: command([verbose]), input: call({ verbose: true }, []), expected: ['--verbose'] },
  {
    title: 'when a subcommand has options and positionals then the positionals come after everything else',
    command: command([namespace, watch], kubectl),
    input: call({ namespace: 'prod', watch: true }, ['web-1']),
    expected: ['--namespace=prod', 'get', 'pods', '--watch', 'web-1'],
  },
];

describe('buildArgv', () => {
  describe.each([
    ['booleans', booleans],
    ['values', values],
    ['variadic options', variadics],
    ['counts', counts],
    ['omitted values', omitted],
    ['ordering', ordering],
    ['positionals', positionals],
  ] as const)('%s', (_group, cases) => {
    it.each(cases)('$title', ({ command: cmd, input, expected }) => {
      expect(buildArgv(cmd, input)).toEqual(expected);
    });
  });

  it('when the root is the program then it is never part of the argv', () => {
    expect(buildArgv(command([], ['kubectl', 'get']), call({}))).toEqual(['get']);
  });

  it('when flags or args are missing then it returns what it can instead of throwing', () => {
    const loose = { flags: undefined, args: undefined } as unknown as ToolInput;
    expect(buildArgv(command([verbose], ['tool', 'sub']), loose)).toEqual(['sub']);
  });

  it('when called twice with the same input then it returns equal arrays and leaves the input untouched', () => {
    const input = call({ tag: ['a', 'b'] }, ['x']);
    const snapshot = structuredClone(input);
    expect(buildArgv(command([tag]), input)).toEqual(buildArgv(command([tag]), input));
    expect(input).toEqual(snapshot);
  });

  it('when a number is not finite then it throws a RangeError rather than sending NaN', () => {
    expect(() => buildArgv(command([ratio]), call({ ratio: Number.NaN }))).toThrow(RangeError);
  });
});
