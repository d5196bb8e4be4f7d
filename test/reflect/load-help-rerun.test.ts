import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker runs from dist/: `npm run build` first.

/** A fresh working directory: an action would write ACTION_RAN into it. */
const scratch = scratchMaker('cli-mcp-load-rerun-');

describe.concurrent('loadTarget on programs that build more for --help', () => {
  it.each([
    { file: 'lazy-help.mjs', story: 'registers its commands only when process.argv includes --help', commands: ['build', 'serve'] },
    { file: 'help-when-bare.mjs', story: 'calls program.help() when run bare, before registering its commands', commands: ['up', 'down'] },
  ])('when a program $story then it is loaded again as `prog --help` and the larger tree is kept', async ({ file, commands }) => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('programs', file), { cwd });
    expect(loaded.method).toBe('commander (parse() call, with --help)');
    expect(loaded.spec.subcommands.map((sub) => sub.name)).toEqual(commands);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a program shows its help bare then the options it had declared before are kept too', async () => {
    const { spec } = await loadTarget(fixture('programs', 'help-when-bare.mjs'), { cwd: scratch() });
    expect(spec.options.map((option) => option.name)).toEqual(['quiet']);
  });

  it('when a program gives no sign of building more for help then its first load stands', async () => {
    const loaded = await loadTarget(fixture('programs', 'parse-at-import.mjs'), { cwd: scratch() });
    expect(loaded.method).toBe('commander (parse() call)');
  });
});
