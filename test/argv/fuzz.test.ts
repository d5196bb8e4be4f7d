import yargs18 from 'yargs';
import yargs17 from 'yargs17';
import { describe, expect, it } from 'vitest';
import { layOutArgv } from '../../src/argv/build-argv.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import { reflectCommander, type CommanderCommand } from '../../src/reflect/commander.js';
import { reflectYargs } from '../../src/reflect/yargs.js';
import { fuzzCommander, fuzzYargs, type FuzzLibrary } from '../../fuzz/harness.mjs';

// A seeded slice of `npm run fuzz`, through the real parsers, against src.
const lib: FuzzLibrary = { reflectCommander: (program) => reflectCommander(program as CommanderCommand), reflectYargs, flattenRunnable, layOutArgv };

describe('fuzzing layOutArgv through the real parsers (seeded slice)', () => {
  it('when 3000 random hostile calls go to a commander program with hidden, aliased and destructive subcommands then each is refused or read exactly as requested', () => {
    const report = fuzzCommander(lib, { count: 3000, seed: 42 });
    expect(report.mismatches).toEqual({});
    expect(report.reached).toBeGreaterThan(2500);
    expect(Object.keys(report.refused)).toEqual(expect.arrayContaining(['a positional names a command', 'a bare optional-value flag before a word']));
  });

  it.each([
    ['yargs 18', yargs18, 800],
    ['yargs 17', yargs17, 1500],
  ] as const)('when random hostile calls go to a %s program with a default command then each is refused or read exactly as requested', (_name, factory, count) => {
    const report = fuzzYargs(lib, factory, { count, seed: 42 });
    expect(report.mismatches).toEqual({});
    expect(report.reached).toBeGreaterThan(count / 2);
  });
});
