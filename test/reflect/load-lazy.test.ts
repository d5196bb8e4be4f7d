import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker runs from dist/: `npm run build` first.
const scratch = scratchMaker('cli-mcp-load-lazy-');

describe('loadTarget on a program that registers its commands lazily', () => {
  it('when its root takes every word into one action that registers commands only for their word or --help (class: lazily registered commands, as webpack-cli 7) then its own help run reveals them, with their options, and no command runs', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('programs', 'dispatcher.mjs'), { cwd, cache: false });
    expect(loaded.method).toBe('commander (parse() call, with --help)');
    expect(loaded.spec.subcommands.map((sub) => [sub.name, sub.description, sub.options.map((option) => [option.name, option.type])])).toEqual([
      ['build', 'Run the bundler', [['mode', 'string'], ['watch', 'boolean']]],
      ['info', 'Outputs information about your system', [['output', 'string']]],
    ]);
    // A command's action, or the code after the parse, would have left BUILD_RAN, INFO_RAN or AFTER_PARSE.
    expect(readdirSync(cwd)).toEqual([]);
  });
});
