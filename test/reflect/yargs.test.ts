import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import yargs18 from 'yargs';
import yargs17 from 'yargs17';
import { describe, expect, it } from 'vitest';
import { annotate } from '../../src/reflect/commander.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import { reflectYargs, yargsHonoursDoubleDash, yargsVersion } from '../../src/reflect/yargs.js';
import type { CommandSpec } from '../../src/types.js';
import { named, optionsOf, plain, serve, todo, tree, type Factory, type Recorder } from '../fixtures/yargs/programs.js';

const require = createRequire(import.meta.url);
// yargs 17's CommonJS build is a separate copy of yargs from its ESM build: commandDir works only there.
const yargs17cjs = require('yargs17/yargs') as Factory;

const majors: ReadonlyArray<readonly [string, Factory]> = [
  ['yargs 18', yargs18],
  ['yargs 17', yargs17],
];

const child = (spec: CommandSpec, ...names: string[]): CommandSpec => {
  let node = spec;
  for (const name of names) {
    const next = node.subcommands.find((sub) => sub.name === name);
    if (!next) throw new Error(`no ${name} under ${node.name}`);
    node = next;
  }
  return node;
};
const optionNames = (spec: CommandSpec) => spec.options.map((option) => option.name);
const option = (spec: CommandSpec, name: string) => spec.options.find((candidate) => candidate.name === name);

describe.each(majors)('reflectYargs on %s', (_major, factory) => {
  const spec = reflectYargs(todo(factory));

  it('when commands are declared then each visible one is a subcommand, in order, and a hidden one is left out', () => {
    expect(spec.name).toBe('todo');
    expect(spec.subcommands.map((sub) => sub.name)).toEqual(['add', 'list', 'remote', 'purge']);
  });

  it('when a command has a handler then it is runnable, and a group without one is not', () => {
    expect(spec.runnable).toBe(false);
    expect(child(spec, 'add').runnable).toBe(true);
    expect(child(spec, 'remote').runnable).toBe(false);
    expect(child(spec, 'remote', 'add').runnable).toBe(true);
  });

  it('when a builder declares subcommands then they are reflected with their own options and positionals', () => {
    expect(child(spec, 'remote', 'add')).toMatchObject({
      description: 'Add a remote',
      options: [{ name: 'fetch', type: 'boolean' }],
      positionals: [
        { name: 'name', required: true },
        { name: 'url', required: true },
      ],
    });
    expect(child(spec, 'remote').subcommands.map((sub) => sub.name)).toEqual(['add', 'remove']);
  });

  it('when positionals are declared then their type, choices, requiredness and variadic rest are kept', () => {
    expect(child(spec, 'add').positionals).toEqual([
      { name: 'title', description: 'What to do', type: 'string', required: true, variadic: false },
      { name: 'tags', description: 'Tags', type: 'string', required: false, variadic: true, choices: ['home', 'work'], default: [] },
    ]);
  });

  it('when a command declares every option kind then each becomes the matching spec', () => {
    const add = child(spec, 'add');
    expect(option(add, 'priority')).toEqual({ name: 'priority', description: 'How urgent', flag: '--priority', default: 'low', type: 'string', choices: ['low', 'high'] });
    expect(option(add, 'due')).toEqual({ name: 'due', description: 'Days from now', flag: '--due', type: 'number' });
    expect(option(add, 'owner')).toEqual({ name: 'owner', flag: '--owner', required: true, type: 'string' });
    expect(option(add, 'label')).toEqual({ name: 'label', flag: '--label', type: 'string', variadic: true });
    expect(option(spec, 'verbose')).toEqual({ name: 'verbose', description: 'Say more', flag: '--verbose', aliases: ['-v'], type: 'integer', count: true });
    expect(option(spec, 'q')).toEqual({ name: 'q', description: 'Quiet', flag: '-q', type: 'boolean', negation: '--no-q' });
  });

  it('when an option takes two values per flag then it is left out, since one token cannot carry them', () => {
    expect(optionNames(child(spec, 'add'))).not.toContain('point');
  });

  it('when an option has aliases then it appears once, under its first long name', () => {
    expect(optionNames(spec)).toEqual(['verbose', 'config', 'q']);
    expect(option(spec, 'config')?.flag).toBe('--config');
  });

  it('when options are hidden or are yargs\' help and version then they are left out, and a deprecated one is kept with a note', () => {
    const add = child(spec, 'add');
    expect(optionNames(add)).toEqual(['priority', 'due', 'owner', 'label', 'dry']);
    expect(option(add, 'dry')).toMatchObject({ type: 'boolean', description: '(deprecated: use --plan)' });
    expect(child(spec, 'purge').description).toBe('Delete everything (deprecated)');
  });

  it('when the program declares options then every command inherits them, placed at the root', () => {
    const add = flattenRunnable(spec).find((command) => command.path.join(' ') === 'todo add');
    expect(add?.options.filter((scoped) => scoped.depth === 0).map((scoped) => scoped.name)).toEqual(['verbose', 'config', 'q']);
  });

  it('when a command module gives its options as an object then they are reflected', () => {
    expect(child(spec, 'list')).toMatchObject({
      runnable: true,
      options: [{ name: 'json', type: 'boolean' }, { name: 'limit', type: 'number', default: 10 }],
      positionals: [{ name: 'filter', required: false }],
    });
  });

  it('when the default command has no name then the program is runnable with its positionals and options', () => {
    const served = reflectYargs(serve(factory));
    expect(served).toMatchObject({ name: 'serve', runnable: true, description: 'Serve a directory', positionals: [{ name: 'dir', required: true, type: 'string' }] });
    expect(optionNames(served)).toEqual(['port', 'watch']);
    expect(served.subcommands.map((sub) => sub.name)).toEqual(['stop']);
  });

  it('when the default command has a name then it is that subcommand', () => {
    expect(reflectYargs(named(factory))).toMatchObject({ runnable: false, subcommands: [{ name: 'start', runnable: true }] });
  });

  it('when the program has no commands then it is runnable and takes argv._ as args, unless strict refuses them', () => {
    expect(reflectYargs(plain(factory))).toMatchObject({ runnable: true, positionals: [{ name: 'args', required: false, variadic: true }] });
    expect(optionNames(reflectYargs(plain(factory)))).toEqual(['n', 'name']);
    expect(reflectYargs(plain(factory).strict()).positionals).toEqual([]);
    expect(reflectYargs(plain(factory).strict().demandCommand(1, 2)).positionals).toMatchObject([{ name: 'args', required: true }]);
  });

  it('when an option is local (global: false) then it stays on the command that declares it', () => {
    const program = factory([]).scriptName('l').option('here', { type: 'string', global: false }).command('sub', 's', {}, () => void 0);
    expect(optionNames(reflectYargs(program))).toEqual(['here']);
  });

  it('when reflected then no handler and no parse runs, and the instance is unchanged', () => {
    const calls: string[] = [];
    const record: Recorder = (path) => void calls.push(path);
    const program = todo(factory, record);
    const before = JSON.stringify(optionsOf(program));
    reflectYargs(program);
    expect(calls).toEqual([]);
    expect(JSON.stringify(optionsOf(program))).toBe(before);
    expect(JSON.stringify(reflectYargs(program))).toBe(JSON.stringify(spec));
  });

  it('when a builder throws then that command is left out with a warning naming it, and the rest is reflected', () => {
    const warnings: string[] = [];
    const program = factory([])
      .scriptName('t')
      .command('bad', 'b', () => {
        throw new Error('no config');
      })
      .command('good', 'g', (y) => y.option('fast', { type: 'boolean' }), () => void 0);
    const reflected = reflectYargs(program, { onWarning: (message) => void warnings.push(message) });
    expect(reflected.subcommands.map((sub) => sub.name)).toEqual(['good']);
    expect(warnings).toEqual(['the builder of "t bad" threw (no config): that command is left out']);
  });

  it('when the default command\'s builder throws then the program has no default, with a warning', () => {
    const warnings: string[] = [];
    const program = factory([]).scriptName('d').command('$0', 'def', () => {
      throw new Error('broken');
    }, () => void 0);
    expect(reflectYargs(program, { onWarning: (message) => void warnings.push(message) })).toMatchObject({ runnable: false, options: [] });
    expect(warnings).toEqual(['the builder of "d $0" threw (broken): that command is left out']);
  });

  it('when the default command declares options next to subcommands then they are the root\'s alone, not inherited', () => {
    const served = reflectYargs(serve(factory));
    expect(served.options).toEqual([
      { name: 'port', flag: '--port', type: 'number', default: 8080 },
      { name: 'watch', flag: '--watch', type: 'boolean', negation: '--no-watch', local: true },
    ]);
    // Without subcommands there is nothing to not inherit it.
    const alone = factory([]).scriptName('a').command('$0', 'def', (y) => y.option('watch', { type: 'boolean' }), () => void 0);
    expect(reflectYargs(alone).options).toEqual([{ name: 'watch', flag: '--watch', type: 'boolean', negation: '--no-watch' }]);
  });

  it('when an option is global: false next to subcommands then it is marked local', () => {
    const program = factory([]).scriptName('l').option('here', { type: 'string', global: false }).option('everywhere', { type: 'string' }).command('sub', 's', {}, () => void 0);
    expect(reflectYargs(program).options).toEqual([
      { name: 'here', flag: '--here', type: 'string', local: true },
      { name: 'everywhere', flag: '--everywhere', type: 'string' },
    ]);
  });

  it('when descriptions and defaults are coloured then the spec holds plain text', () => {
    const program = factory([])
      .scriptName('c')
      .command('paint', '\x1b[31mPaint\x1b[39m it', (y) => y.option('colour', { type: 'string', description: '\x1b[1mthe colour\x1b[22m', default: '\x1b[31mred\x1b[39m' }), () => void 0);
    expect(reflectYargs(program).subcommands[0]).toMatchObject({ description: 'Paint it', options: [{ description: 'the colour', default: 'red' }] });
  });

  it('when a handler is annotated then the command carries the hints', () => {
    const handler = annotate(() => void 0, { readOnlyHint: true });
    expect(reflectYargs(factory([]).scriptName('a').command('get', 'g', {}, handler)).subcommands[0]?.annotations).toEqual({ readOnlyHint: true });
  });

  it('when the program sets a version then it is read, and a scriptName wins over the name given', () => {
    expect(yargsVersion(factory([]).version('1.2.3'))).toBe('1.2.3');
    expect(reflectYargs(factory([]).scriptName('mine'), { name: 'fallback' }).name).toBe('mine');
    expect(reflectYargs(factory([]), { name: 'fallback' }).name).toBe('fallback');
  });

  it('when the program has commands then positionals may not follow "--", and without commands they may', () => {
    expect(yargsHonoursDoubleDash(todo(factory))).toBe(false);
    expect(yargsHonoursDoubleDash(plain(factory))).toBe(true);
  });

  it('when boolean-negation is configured off then booleans have no --no- form', () => {
    const program = factory([]).scriptName('n').parserConfiguration({ 'boolean-negation': false }).option('x', { type: 'boolean' });
    expect(option(reflectYargs(program), 'x')?.negation).toBeUndefined();
  });

  it('when options are read from the environment then each names its variable', () => {
    expect(option(reflectYargs(factory([]).scriptName('e').env('MYAPP').option('dry-run', { type: 'string' })), 'dry-run')?.env).toBe('MYAPP_DRY_RUN');
  });
});

describe.each([
  ['yargs 18', yargs18],
  ['yargs 17 (CommonJS)', yargs17cjs],
])('reflectYargs on a commandDir tree with %s', (_major, factory) => {
  it('when commands come from commandDir, nested too, then the tree is reflected and no handler runs', () => {
    const spec = reflectYargs(tree(factory));
    expect(spec.subcommands.map((sub) => sub.name)).toEqual(['build', 'remote']);
    expect(child(spec, 'build')).toMatchObject({ runnable: true, options: [{ name: 'watch', description: 'Rebuild on change' }], positionals: [{ name: 'target' }] });
    expect(child(spec, 'remote', 'add')).toMatchObject({ runnable: true, options: [{ name: 'fetch' }], positionals: [{ name: 'url', required: true }] });
    // The command modules' handlers would write this file into the working directory.
    expect(existsSync('HANDLER_RAN')).toBe(false);
  });
});

describe('reflectYargs input checks', () => {
  it('when given something that is not a yargs instance then it fails clearly', () => {
    expect(() => reflectYargs({})).toThrow(expect.objectContaining({ code: 'cli-mcp.reflection-failed' }));
  });
});
