import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import type { CommandSpec } from '../../src/types.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker runs from dist/: `npm run build` first.

/** A fresh working directory: an action, or the code after parse(), would write into it. */
const scratch = scratchMaker('cli-mcp-load-legacy-');

const commands = (spec: CommandSpec): Array<[string, boolean]> => spec.subcommands.map((sub) => [sub.name, sub.runnable]);

describe.concurrent('loadTarget on programs built with commander older than 7', () => {
  it.each([
    { file: 'commander6.cjs', major: 'commander 6.2 (its singleton, options as properties)', name: 'deploy6', version: '6.0.0' },
    { file: 'commander2.cjs', major: 'commander 2.20 (prototype-based, actions as parent listeners)', name: 'deploy2', version: '2.0.0' },
  ])('when a program uses $major then its parse(process.argv) is found and its tree reflected, and nothing runs', async ({ file, name, version }) => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('programs', file), { cwd });
    expect(loaded).toMatchObject({ method: 'commander (parse() call)', version, spec: { name, runnable: false } });
    expect(commands(loaded.spec).slice(0, 3)).toEqual([
      ['deploy', true],
      ['status', true],
      ['install', true],
    ]);
    expect(loaded.spec.subcommands.map((sub) => sub.name)).not.toContain('secret');
    expect(loaded.spec.subcommands[0]?.positionals.map((positional) => [positional.name, positional.required, positional.variadic])).toEqual([
      ['app', true, false],
      ['targets', false, true],
    ]);
    expect(loaded.spec.examples).toMatch(/Examples:\n\s+\$ deploy\d deploy web --force/);
    // An action, or the code after parse(), would have left ACTION_RAN or AFTER_PARSE.
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a commander 6 program declares a negation, a default and a required option then each keeps its meaning', async () => {
    const { spec } = await loadTarget(fixture('programs', 'commander6.cjs'), { cwd: scratch() });
    expect(spec.options).toEqual([
      { name: 'verbose', description: 'say more', flag: '--verbose', aliases: ['-v'], type: 'boolean' },
      { name: 'color', description: 'plain output', type: 'boolean', negation: '--no-color', default: true },
      { name: 'port', description: 'port to listen on', flag: '--port', aliases: ['-p'], type: 'string', default: 8080 },
      { name: 'env', description: 'target environment', flag: '--env', aliases: ['-e'], type: 'string', required: true },
    ]);
    expect(spec.subcommands.find((sub) => sub.name === 'group')).toMatchObject({ runnable: false, subcommands: [{ name: 'leaf', runnable: true }] });
  });

  it('when reflected from an old commander then the argument descriptions given to description() are kept', async () => {
    const { spec } = await loadTarget(fixture('programs', 'commander6.cjs'), { cwd: scratch() });
    expect(spec.subcommands[0]?.positionals[0]).toMatchObject({ name: 'app', description: 'the app to deploy' });
  });
});
