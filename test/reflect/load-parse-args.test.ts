import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { typedByParser } from '../../src/reflect/node-parse-args.js';
import type { CommandSpec } from '../../src/types.js';
import { fixture, repoRoot } from '../helpers/fixture.js';
import { scratchMaker } from '../helpers/scratch.js';

// The loader's worker runs from dist/: `npm run build` first.
const scratch = scratchMaker('cli-mcp-load-parse-args-');
const typesOf = (spec: CommandSpec) => Object.fromEntries(spec.options.map((option) => [option.name, option.type]));

describe('programs on node:util parseArgs, read from help that writes no values (class: node:util parseArgs)', () => {
  it('when an ES module declares its options to parseArgs then the help\'s options take the values it declares', async () => {
    const loaded = await loadTarget(fixture('parse-args', 'bundle.mjs'), { cwd: scratch(), cache: false });
    expect(loaded.method).toBe('help text (gnu, 1 pages, types from its parseArgs)');
    expect(typesOf(loaded.spec)).toEqual({ ext: 'string', out: 'string', minify: 'boolean' });
  });

  it('when a CommonJS program requires util.parseArgs then its table types the help too', async () => {
    const loaded = await loadTarget(fixture('parse-args', 'cjs/lint.cjs'), { cwd: scratch(), cache: false });
    expect(typesOf(loaded.spec)).toEqual({ config: 'string', fix: 'boolean' });
  });

  it('when mocha 12 (parseArgs, a help without types) is read then its value options take values and its switches stay switches', async () => {
    const loaded = await loadTarget(path.join(repoRoot, 'node_modules/.bin/mocha'), { cwd: scratch(), cache: false });
    expect(loaded.method).toMatch(/types from its parseArgs/);
    const types = typesOf(loaded.spec);
    expect([types['extension'], types['require'], types['ignore'], types['node-option'], types['bail'], types['jobs']]).toEqual(['string', 'string', 'string', 'string', 'boolean', 'integer']);
  });

  it('when mocha is read lazily (as `wrap` serves a help-read bin) then the tree a command\'s later read gives keeps the types too', async () => {
    const loaded = await loadTarget(path.join(repoRoot, 'node_modules/.bin/mocha'), { cwd: scratch(), cache: false, lazy: true });
    expect(loaded.method).toMatch(/each command read when asked for, types from its parseArgs/);
    const read = await loaded.readCommand?.(['init']);
    expect(read?.spec.subcommands.find((command) => command.name === 'init')?.pending).toBeUndefined();
    const types = read === undefined ? {} : typesOf(read.spec);
    expect([types['extension'], types['require'], types['bail'], types['jobs']]).toEqual(['string', 'string', 'boolean', 'integer']);
  });
});

describe('typedByParser', () => {
  const spec: CommandSpec = {
    name: 'tool',
    runnable: true,
    positionals: [],
    options: [
      { name: 'ext', type: 'boolean', flag: '--ext' },
      { name: 'jobs', type: 'integer', flag: '--jobs', aliases: ['-j'] },
      { name: 'quiet', type: 'string', flag: '--quiet', optionalValue: true, valueForm: 'equals' },
      { name: 'other', type: 'boolean', flag: '--other' },
    ],
    subcommands: [{ name: 'init', runnable: true, positionals: [], subcommands: [], options: [{ name: 'ext', type: 'boolean', flag: '--ext' }] }],
  };

  it('when the table and the help disagree on a value then the table wins, a number stays a number, and commands keep their help', () => {
    const typed = typedByParser(spec, { ext: { type: 'string' }, jobs: { type: 'string', short: 'j' }, quiet: { type: 'boolean' } });
    expect(typed.options).toEqual([
      { name: 'ext', type: 'string', flag: '--ext' },
      { name: 'jobs', type: 'integer', flag: '--jobs', aliases: ['-j'] },
      { name: 'quiet', type: 'boolean', flag: '--quiet' },
      { name: 'other', type: 'boolean', flag: '--other' },
    ]);
    expect(typed.subcommands).toBe(spec.subcommands);
  });

  it('when the table names an option by its short letter only then it is found by that letter', () => {
    const typed = typedByParser({ ...spec, options: [{ name: 'o', type: 'boolean', flag: '-o' }] }, { out: { type: 'string', short: 'o' } });
    expect(typed.options[0]?.type).toBe('string');
  });
});
