import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { annotate, reflectCommander } from '../../src/reflect/commander.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import type { CommandSpec, OptionSpec } from '../../src/types.js';

const noop = (): void => {};

function node(name: string, runnable: boolean, options: OptionSpec[], subcommands: CommandSpec[] = []): CommandSpec {
  return { name, runnable, options, positionals: [], subcommands };
}

const flag = (name: string, description?: string): OptionSpec => ({
  name,
  type: 'boolean',
  flag: `--${name}`,
  ...(description ? { description } : {}),
});

describe('flattening a command tree into runnable commands', () => {
  it('when the tree is three levels deep then commands come depth-first in declaration order, root first', () => {
    const tree = node('app', true, [], [
      node('a', false, [], [node('a1', true, [], [node('deep', true, [])]), node('a2', true, [])]),
      node('b', true, []),
    ]);
    expect(flattenRunnable(tree).map((c) => c.path)).toEqual([
      ['app'],
      ['app', 'a', 'a1'],
      ['app', 'a', 'a1', 'deep'],
      ['app', 'a', 'a2'],
      ['app', 'b'],
    ]);
  });

  it('when ancestors declare options then they come first, each with the depth of its declaring command', () => {
    const tree = node('app', false, [flag('verbose')], [
      node('cfg', false, [flag('file')], [node('view', true, [flag('json')])]),
    ]);
    const [view] = flattenRunnable(tree);
    expect(view?.options).toEqual([
      { ...flag('verbose'), depth: 0 },
      { ...flag('file'), depth: 1 },
      { ...flag('json'), depth: 2 },
    ]);
  });

  it('when a nearer command declares an option of the same name then the farther one is dropped', () => {
    const tree = node('app', false, [flag('quiet', 'root'), flag('verbose', 'root')], [
      node('mid', false, [flag('verbose', 'mid')], [node('leaf', true, [flag('quiet', 'leaf')])]),
    ]);
    const [leaf] = flattenRunnable(tree);
    expect(leaf?.options.map((o) => [o.name, o.description, o.depth])).toEqual([
      ['verbose', 'mid', 1],
      ['quiet', 'leaf', 2],
    ]);
  });

  it('when a sibling shadows an option then the other sibling still inherits the original', () => {
    const tree = node('app', false, [flag('v', 'root')], [node('x', true, [flag('v', 'x')]), node('y', true, [])]);
    expect(flattenRunnable(tree).map((c) => c.options.map((o) => `${o.description}@${o.depth}`))).toEqual([
      ['x@1'],
      ['root@0'],
    ]);
  });

  it('when nothing is runnable then the list is empty', () => {
    expect(flattenRunnable(node('app', false, [], [node('g', false, [])]))).toEqual([]);
  });

  it('when reflected from commander then description, examples, positionals and annotations come from the node', () => {
    const program = new Command('git').option('-C <path>', 'run as if started in path');
    const remote = program.command('remote');
    const add = remote
      .command('add')
      .description('add a remote')
      .argument('<name>')
      .argument('<url>')
      .option('-f, --fetch')
      .addHelpText('after', 'Example: git remote add origin URL')
      .action(noop);
    annotate(add, { idempotentHint: false });
    expect(flattenRunnable(reflectCommander(program))).toStrictEqual([
      {
        path: ['git', 'remote', 'add'],
        description: 'add a remote',
        examples: 'Example: git remote add origin URL',
        annotations: { idempotentHint: false },
        options: [
          { name: 'C', description: 'run as if started in path', type: 'string', flag: '-C', depth: 0 },
          { name: 'fetch', type: 'boolean', flag: '--fetch', aliases: ['-f'], depth: 2 },
        ],
        positionals: [
          { name: 'name', type: 'string', required: true, variadic: false },
          { name: 'url', type: 'string', required: true, variadic: false },
        ],
      },
    ]);
  });

  it('when conventions are set on the root and one command then each runnable gets them resolved from the root down', () => {
    const tree: CommandSpec = {
      ...node('prog', false, [], [node('a', true, []), { ...node('b', true, []), argv: { options: 'command' } }]),
      argv: { doubleDash: 'when-needed', options: 'end', falseValue: 'omit', shortValue: 'attached' },
    };
    const [a, b] = flattenRunnable(tree);
    expect(a?.argv).toEqual({ doubleDash: 'when-needed', options: 'end', falseValue: 'omit', shortValue: 'attached' });
    expect(b?.argv).toEqual({ doubleDash: 'when-needed', options: 'command', falseValue: 'omit', shortValue: 'attached' });
  });

  it('when no conventions are set then a runnable carries none (the default layout applies)', () => {
    expect(flattenRunnable(node('prog', true, []))[0]).not.toHaveProperty('argv');
  });

  it('when the conventions read --x=false then a switch without a negation gets that as its negation, and others are left alone', () => {
    const refresh: OptionSpec = { name: 'refresh', type: 'boolean', flag: '-refresh', default: true };
    const color: OptionSpec = { name: 'color', type: 'boolean', flag: '--color', negation: '--no-color' };
    const level: OptionSpec = { name: 'level', type: 'string', flag: '-level' };
    const tree: CommandSpec = { ...node('tf', true, [refresh, color, level]), argv: { falseValue: 'explicit' } };
    expect(flattenRunnable(tree)[0]?.options).toEqual([
      { ...refresh, negation: '-refresh=false', depth: 0 },
      { ...color, depth: 0 },
      { ...level, depth: 0 },
    ]);
  });

  it('when a command declares a passthrough then its runnable carries it', () => {
    const exec: CommandSpec = { ...node('exec', true, []), passthrough: { name: 'COMMAND', required: true } };
    expect(flattenRunnable(node('kubectl', false, [], [exec]))[0]?.passthrough).toEqual({ name: 'COMMAND', required: true });
  });

  it('when an option is local then its own command takes it and the commands under it do not, and a farther one it shadowed comes back', () => {
    const port: OptionSpec = { name: 'port', type: 'integer', flag: '--port' };
    const tree = node('site', true, [{ ...port, description: 'global' }], [{ ...node('serve', true, [{ ...port, local: true }], [node('stop', true, [])]) }]);
    const [, serve, stop] = flattenRunnable(tree);
    expect(serve?.options).toEqual([{ ...port, local: true, depth: 1 }]);
    expect(stop?.options).toEqual([{ ...port, description: 'global', depth: 0 }]);
  });
});
