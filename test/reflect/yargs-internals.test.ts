import { createRequire } from 'node:module';
import yargs18 from 'yargs';
import yargs17 from 'yargs17';
import { describe, expect, it } from 'vitest';
import {
  commandRecords,
  isYargsInstance,
  optionDescriptions,
  positionalGroupKeys,
  sandboxFor,
  unwrapYargs,
  watchYargsInstances,
} from '../../src/reflect/yargs-internals.js';
import { optionsOf, type Factory } from '../fixtures/yargs/programs.js';

// Every read in yargs-internals.ts is pinned here against the majors cli-mcp supports.
const require = createRequire(import.meta.url);
const yargs17cjs = require('yargs17/yargs') as Factory;
const yargs16raw = require('yargs16/yargs') as Factory;
/** yargs 16 has no class: its sandboxes come from the factory seen building the instance, so instances are built watched, as in the load worker. */
const yargs16 = ((...args: Parameters<Factory>) => {
  const stop = watchYargsInstances(() => {});
  try {
    return yargs16raw(...args);
  } finally {
    stop();
  }
}) as unknown as Factory;

describe('the yargs copies these pins cover', () => {
  it('when the dev dependencies are installed then they are yargs 18, 17 and 16', () => {
    expect((require('yargs/package.json') as { version: string }).version).toMatch(/^18\./);
    expect((require('yargs17/package.json') as { version: string }).version).toMatch(/^17\./);
    expect((require('yargs16/package.json') as { version: string }).version).toBe('16.2.0');
  });
});

describe.each([
  ['yargs 18', yargs18],
  ['yargs 17 (ESM)', yargs17],
  ['yargs 17 (CommonJS)', yargs17cjs],
  ['yargs 16 (CommonJS, no class)', yargs16],
])('yargs internals on %s', (_copy, factory) => {
  it('when an option is declared global: false then getOptions().local lists it, and only it', () => {
    const program = factory([]).option('here', { type: 'string', global: false }).option('everywhere', { type: 'string' });
    expect((optionsOf(program) as { local?: unknown }).local).toEqual(['here']);
  });

  it('when a factory creates instances then the watcher sees each one, and stops when told', () => {
    const seen: object[] = [];
    const stop = watchYargsInstances((instance) => seen.push(instance));
    let first: object;
    try {
      first = factory([]);
    } finally {
      stop();
    }
    factory([]);
    expect(seen).toEqual([first]);
    expect(Object.defineProperty.name).toBe('defineProperty');
  });

  it('when commands are declared then their records say name, handler, hiding and positional slots', () => {
    const handler = () => void 0;
    const program = factory([]).command('add <a|b> [rest..]', 'Add', {}, handler).command('group', false).command('$0', 'Default', {}, handler);
    const [add, group, fallback] = commandRecords(program);
    expect(add).toMatchObject({ name: 'add', original: 'add <a|b> [rest..]', description: 'Add', handler });
    expect(add?.demanded).toEqual([{ cmd: ['a', 'b'], variadic: false }]);
    expect(add?.optional).toEqual([{ cmd: ['rest'], variadic: true }]);
    expect(group).toMatchObject({ name: 'group', description: false, handler: undefined });
    expect(fallback).toMatchObject({ name: '$0', description: 'Default', handler });
  });

  it('when descriptions are read then yargs\' own options are told apart and its translations resolved', () => {
    const program = factory([]).config('settings').option('x', { describe: 'An x' }).showHidden();
    const { text, builtIn } = optionDescriptions(program);
    expect([...builtIn].sort()).toEqual(['help', 'show-hidden', 'version']);
    expect(Object.fromEntries(text)).toEqual({ settings: 'Path to JSON config file', x: 'An x' });
  });

  it('when a builder runs on a sandbox then the sandbox is a fresh instance of the same copy and the original is untouched', () => {
    const program = factory([]).option('root', { type: 'string' });
    const sandbox = sandboxFor(program, 'sub <file>');
    (sandbox as ReturnType<Factory>).positional('file', { type: 'number' }).option('own', { type: 'string' });
    expect(Object.getPrototypeOf(sandbox)).toBe(Object.getPrototypeOf(program));
    // yargs 16 runs builders on a reset instance, which keeps its own help and version.
    expect(Object.keys(optionsOf(sandbox).key).filter((key) => !optionDescriptions(sandbox).builtIn.has(key))).toEqual(['file', 'own']);
    expect(positionalGroupKeys(sandbox)).toEqual(['file']);
    expect(Object.keys(optionsOf(program).key)).toEqual(['help', 'version', 'root']);
  });

  it('when the program set a locale then making a sandbox keeps it', () => {
    const program = factory([]);
    const before = program.locale();
    program.locale('fr');
    try {
      sandboxFor(program, 'x');
      expect(program.locale()).toBe('fr');
    } finally {
      program.locale(before);
    }
  });
});

describe('yargs 17 CommonJS singleton', () => {
  it('when require("yargs") is used as a function then the instance behind it is found', () => {
    const singleton = require('yargs17') as object;
    expect(typeof singleton).toBe('function');
    expect(isYargsInstance(singleton)).toBe(true);
    const instance = unwrapYargs(singleton);
    expect(typeof instance).toBe('object');
    expect(isYargsInstance(instance)).toBe(true);
  });
});
