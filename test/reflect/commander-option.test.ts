import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { jsonDefault, probeParser, reflectOptions } from '../../src/reflect/commander-option.js';
import { reflectCommander } from '../../src/reflect/commander.js';
import type { OptionSpec } from '../../src/types.js';

function optionsOf(build: (program: Command) => void): readonly OptionSpec[] {
  const program = new Command('tool').action(() => {});
  build(program);
  return reflectCommander(program).options;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];
const collectInts = (value: string, previous: number[]): number[] => [...previous, Number.parseInt(value, 10)];
const throwing = (): never => {
  throw new Error('no');
};

describe('reflecting one commander option', () => {
  it.each<[string, (program: Command) => void, OptionSpec]>([
    [
      'a boolean switch becomes a boolean with its long flag',
      (p) => p.option('-f, --force', 'overwrite'),
      { name: 'force', description: 'overwrite', type: 'boolean', flag: '--force', aliases: ['-f'] },
    ],
    [
      'a required value <x> becomes a string',
      (p) => p.option('--out <file>'),
      { name: 'out', type: 'string', flag: '--out' },
    ],
    [
      'an optional value [x] becomes a string with optionalValue',
      (p) => p.option('--cheese [type]'),
      { name: 'cheese', type: 'string', flag: '--cheese', optionalValue: true },
    ],
    [
      'a variadic value <x...> is variadic',
      (p) => p.option('--tag <tags...>'),
      { name: 'tag', type: 'string', flag: '--tag', variadic: true },
    ],
    [
      'choices are kept and the type stays string',
      (p) => p.addOption(new Option('--size <size>').choices(['s', 'm', 'l'])),
      { name: 'size', type: 'string', flag: '--size', choices: ['s', 'm', 'l'] },
    ],
    [
      'a JSON default is published',
      (p) => p.option('--level <n>', 'level', 'info'),
      { name: 'level', description: 'level', type: 'string', flag: '--level', default: 'info' },
    ],
    [
      'a mandatory option is required',
      (p) => p.requiredOption('--token <t>'),
      { name: 'token', type: 'string', flag: '--token', required: true },
    ],
    [
      'an environment variable is published as env',
      (p) => p.addOption(new Option('--port <n>').env('PORT')),
      { name: 'port', type: 'string', flag: '--port', env: 'PORT' },
    ],
    [
      'a short-only option is named by its letter',
      (p) => p.option('-v'),
      { name: 'v', type: 'boolean', flag: '-v' },
    ],
    [
      'a kebab-case long name keeps its hyphens',
      (p) => p.option('--dry-run'),
      { name: 'dry-run', type: 'boolean', flag: '--dry-run' },
    ],
    [
      'a lone --no-x is a boolean negation defaulting to true, with no flag',
      (p) => p.option('--no-color', 'plain output'),
      { name: 'color', description: 'plain output', type: 'boolean', negation: '--no-color', default: true },
    ],
    [
      'a paired --x and --no-x become one option with both tokens',
      (p) => p.option('--color', 'colour', false).option('--no-color'),
      { name: 'color', description: 'colour', type: 'boolean', flag: '--color', negation: '--no-color', default: false },
    ],
    [
      'a pair declared negation first defaults to true as commander does',
      (p) => p.option('--no-color').option('--color'),
      { name: 'color', type: 'boolean', flag: '--color', negation: '--no-color', default: true },
    ],
    [
      'a value option paired with its negation is a string with flag and negation',
      (p) => p.option('--sauce <type>').option('--no-sauce'),
      { name: 'sauce', type: 'string', flag: '--sauce', negation: '--no-sauce' },
    ],
    [
      'argParser(parseInt) types the value as integer',
      (p) => p.option('--count <n>', 'how many', Number.parseInt),
      { name: 'count', description: 'how many', type: 'integer', flag: '--count' },
    ],
    [
      'argParser(parseFloat) types the value as number',
      (p) => p.option('--ratio <r>', 'ratio', Number.parseFloat),
      { name: 'ratio', description: 'ratio', type: 'number', flag: '--ratio' },
    ],
    [
      'a collector argParser makes a repeatable string option',
      (p) => p.option('--include <glob>', 'globs', collect, []),
      { name: 'include', description: 'globs', type: 'string', flag: '--include', variadic: true, default: [] },
    ],
    [
      'a collector of integers is a repeatable integer option',
      (p) => p.option('--id <n>', 'ids', collectInts, []),
      { name: 'id', description: 'ids', type: 'integer', flag: '--id', variadic: true, default: [] },
    ],
    [
      'a throwing argParser leaves the option a string',
      (p) => p.option('--when <date>', 'date', throwing),
      { name: 'when', description: 'date', type: 'string', flag: '--when' },
    ],
    [
      'a string-returning argParser leaves the option a string',
      (p) => p.option('--name <n>', 'name', (v: string) => v.toUpperCase()),
      { name: 'name', description: 'name', type: 'string', flag: '--name' },
    ],
    [
      'a default that is not JSON data (a function, a Date) is dropped',
      (p) => p.addOption(new Option('--since <d>').default(new Date(0))),
      { name: 'since', type: 'string', flag: '--since' },
    ],
  ])('when %s', (_title, build, expected) => {
    expect(optionsOf(build)).toStrictEqual([expected]);
  });

  it('when both long flags are given (--ws, --workspace) then the second is the name and flag, the first an alias', () => {
    expect(optionsOf((p) => p.option('--ws, --workspace <w>'))).toStrictEqual([
      { name: 'workspace', type: 'string', flag: '--workspace', aliases: ['--ws'] },
    ]);
  });

  it('when a pair is split by other options then it stays one spec at the first position', () => {
    const names = optionsOf((p) => p.option('--color').option('--verbose').option('--no-color')).map((o) => o.name);
    expect(names).toEqual(['color', 'verbose']);
  });

  it('when options are given directly then reflectOptions pairs them the same way', () => {
    const specs = reflectOptions([new Option('--cache'), new Option('--no-cache')]);
    expect(specs).toStrictEqual([{ name: 'cache', type: 'boolean', flag: '--cache', negation: '--no-cache' }]);
  });
});

describe('typing a value parser by behaviour', () => {
  it.each<[string, ((value: string, previous: never) => unknown) | undefined, { type: string; collector: boolean }]>([
    ['no parser is a string', undefined, { type: 'string', collector: false }],
    ['Number is a number', Number, { type: 'number', collector: false }],
    ['parseInt is an integer', Number.parseInt, { type: 'integer', collector: false }],
    ['parseFloat is a number', Number.parseFloat, { type: 'number', collector: false }],
    [
      'a strict integer parser that throws on 1.5 is an integer',
      (v: string) => {
        if (!/^\d+$/.test(v)) throw new Error('not an integer');
        return Number(v);
      },
      { type: 'integer', collector: false },
    ],
    ['a parser that passes text through when not numeric is a string', (v: string) => (Number.isNaN(Number(v)) ? v : Number(v)), { type: 'string', collector: false }],
    ['a parser that always throws is a string', throwing, { type: 'string', collector: false }],
    ['a parser returning objects is a string', (v: string) => ({ v }), { type: 'string', collector: false }],
    ['a collector of strings is a string collector', collect, { type: 'string', collector: true }],
    ['a collector of floats is a number collector', (v: string, p: number[]) => [...p, Number.parseFloat(v)], { type: 'number', collector: true }],
  ])('when %s', (_title, parser, expected) => {
    expect(probeParser(parser as never)).toEqual(expected);
  });

  it('when a collector mutates the array it is given then probing still sees one element', () => {
    const pushing = (v: string, p: string[]): string[] => (p.push(v), p);
    expect(probeParser(pushing as never)).toEqual({ type: 'string', collector: true });
  });
});

describe('keeping only JSON defaults', () => {
  it.each<[string, unknown, unknown]>([
    ['a string', 'x', 'x'],
    ['a finite number', 3, 3],
    ['an array of strings', ['a'], ['a']],
    ['a plain object', { a: [1, null] }, { a: [1, null] }],
    ['NaN', Number.NaN, undefined],
    ['a function', () => 1, undefined],
    ['a Map', new Map(), undefined],
    ['undefined', undefined, undefined],
  ])('when the default is %s', (_title, value, expected) => {
    expect(jsonDefault(value)).toEqual(expected);
  });
});
