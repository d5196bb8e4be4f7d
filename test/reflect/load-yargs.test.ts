import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import type { CommandSpec } from '../../src/types.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker runs from dist/: `npm run build` first.
const fixtures = fileURLToPath(new URL('../fixtures/yargs/', import.meta.url));

/** A fresh working directory: a handler, or code after the parse, would write a file into it. */
const scratch = scratchMaker('cli-mcp-load-yargs-');

const commandNames = (spec: CommandSpec): string[] => spec.subcommands.map((sub) => sub.name);

describe.concurrent('loadTarget on yargs programs', () => {
  it.each([
    { file: 'esm-parse.mjs', story: 'is ESM and calls parse() at import (yargs 18)', name: 'esm-tool', method: 'yargs (parse() call)', commands: ['build'] },
    { file: 'cjs-argv.cjs', story: 'is CommonJS and reads .argv (yargs 17 singleton)', name: 'cjs-tool', method: 'yargs (parse() call)', commands: ['clean'] },
    { file: 'exported.mjs', story: 'only exports its instance', name: 'exported', method: 'yargs (export)', commands: ['ping', 'pong'] },
    { file: 'parse-async.mjs', story: 'awaits parseAsync() at top level', name: 'awaiter', method: 'yargs (parse() call)', commands: ['go'] },
    { file: 'marker.mjs', story: 'has a default handler that writes a marker and calls parseSync() (yargs 17 ESM)', name: 'marker', method: 'yargs (parse() call)', commands: [] },
    { file: 'exit-at-import.mjs', story: 'calls process.exit(3) after building', name: 'quitter', method: 'yargs (constructed program)', commands: ['start', 'status'] },
  ])('when the module $story then it loads by $method and nothing runs', async ({ file, name, method, commands }) => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('yargs', file), { cwd });
    expect(loaded.method).toBe(method);
    expect(loaded.spec.name).toBe(name);
    expect(commandNames(loaded.spec)).toEqual(commands);
    // A handler, or the code after the parse, would have left HANDLER_RAN, AFTER_PARSE or MARKER.
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a program has a nameless default command then its root is one runnable tool with its positionals', async () => {
    const { spec } = await loadTarget(fixture('yargs', 'marker.mjs'), { cwd: scratch() });
    expect(spec).toMatchObject({ runnable: true, positionals: [{ name: 'file', required: false, default: 'MARKER' }] });
  });

  it('when a yargs program has commands then its conventions put no "--" before positionals and options last', async () => {
    const loaded = await loadTarget(fixture('yargs', 'esm-parse.mjs'), { cwd: scratch() });
    expect(loaded.spec.argv).toEqual({ doubleDash: 'never', options: 'end', falseValue: 'omit', shortValue: 'equals', yargsQuirks: true });
    expect(loaded.spec.subcommands[0]).toMatchObject({ name: 'build', options: [{ name: 'watch', type: 'boolean' }], positionals: [{ name: 'target', required: true }] });
  });

  it('when the program sets its version then the loader reports it and no --version flag', async () => {
    const loaded = await loadTarget(fixture('yargs', 'esm-parse.mjs'), { cwd: scratch() });
    expect(loaded.version).toBe('3.2.1');
    expect(loaded.spec.options.map((option) => option.name)).toEqual([]);
  });

  it('when a commander program is loaded then it still says commander and keeps the default conventions', async () => {
    const loaded = await loadTarget(fileURLToPath(new URL('../fixtures/programs/parse-at-import.mjs', import.meta.url)), { cwd: scratch() });
    expect(loaded.method).toBe('commander (parse() call)');
    expect(loaded.spec.argv).toBeUndefined();
  });

  it('when one builder throws and another parses with a new yargs() then both are left out with warnings, and the rest is reflected', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('yargs', 'bad-builder.mjs'), { cwd });
    expect(commandNames(loaded.spec)).toEqual(['good', 'own', 'last']);
    expect(loaded.warnings).toEqual([
      'the builder of "shaky broken" threw (no .shakyrc found): that command is left out',
      'the builder of "shaky eager" threw (the program parsed its command line while being reflected): that command is left out',
    ]);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a builder reads .argv of its own instance then what it declared is kept', async () => {
    const { spec } = await loadTarget(fixture('yargs', 'bad-builder.mjs'), { cwd: scratch() });
    expect(spec.subcommands[1]).toMatchObject({ name: 'own', options: [{ name: 'y', type: 'string' }] });
  });

  it('when the default command declares options next to a subcommand then they are local to the root', async () => {
    const { spec } = await loadTarget(fixture('yargs', 'default-local.mjs'), { cwd: scratch() });
    expect(spec).toMatchObject({ runnable: true, description: 'Serve the site' });
    expect(spec.options.map((option) => [option.name, 'local' in option])).toEqual([
      ['verbose', false],
      ['port', true],
    ]);
    expect(spec.subcommands[0]?.options.map((option) => option.name)).toEqual(['out']);
  });
});
