import { cpSync, mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliMcpError } from '../../src/errors.js';
import { loadTarget, type LoadedTarget } from '../../src/reflect/load-program.js';
import type { CommandSpec } from '../../src/types.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker runs from dist/: `npm run build` first.
const programs = fileURLToPath(new URL('../fixtures/programs/', import.meta.url));
const repoCommander = fileURLToPath(new URL('../../node_modules/commander', import.meta.url));

/** A fresh working directory: fixture actions write ACTION_RAN into it, so it must stay empty. */
const scratch = scratchMaker('cli-mcp-load-');

const commandNames = (spec: CommandSpec): string[] => spec.subcommands.map((sub) => sub.name);

async function timedLoad(target: string, cwd: string): Promise<{ loaded: LoadedTarget; ms: number }> {
  const started = performance.now();
  const loaded = await loadTarget(target, { cwd });
  return { loaded, ms: performance.now() - started };
}

// The worker waits 1.5 s for a late parse() before falling back; a found parse() or export returns well before.
const FAST_MS = 5_000;

describe.concurrent('loadTarget on commander programs', () => {
  it.each([
    { file: 'export-main.mjs', story: 'exports its program and parses when main', name: 'greeter', method: 'commander (parse() call)', commands: ['hello', 'fail'] },
    { file: 'exports-only.mjs', story: 'only exports its program', name: 'exports-only', method: 'commander (export)', commands: ['ping', 'pong'] },
    { file: 'parse-at-import.mjs', story: 'calls parse() at import time', name: 'importer', method: 'commander (parse() call)', commands: ['run', 'stop'] },
    { file: 'parse-async-tla.mjs', story: 'awaits parseAsync() at top level', name: 'awaiter', method: 'commander (parse() call)', commands: ['go', 'wait'] },
    { file: 'require-parse.cjs', story: 'is CommonJS and requires commander', name: 'cjs-tool', method: 'commander (parse() call)', commands: ['build', 'clean'] },
    { file: 'async-main.mjs', story: 'builds and parses in an async main after a delay', name: 'later', method: 'commander (parse() call)', commands: ['fetch', 'push'] },
    { file: 'exit-at-import.mjs', story: 'calls process.exit(3) at top level after building', name: 'quitter', method: 'commander (constructed program)', commands: ['start', 'status'] },
    { file: 'subclass.mjs', story: 'uses a subclass of Command', name: 'custom', method: 'commander (parse() call)', commands: ['alpha', 'beta'] },
  ])('when the module $story then it loads by $method and no action runs', async ({ file, name, method, commands }) => {
    const cwd = scratch();
    const { loaded } = await timedLoad(fixture('programs', file), cwd);
    expect(loaded.method).toBe(method);
    expect(loaded.spec.name).toBe(name);
    expect(commandNames(loaded.spec)).toEqual(commands);
    // Each fixture has a default command: an uncaught parse() would have run it and left ACTION_RAN.
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a module is loaded then it runs under node from its real path', async () => {
    const { loaded } = await timedLoad(fixture('programs', 'parse-at-import.mjs'), scratch());
    expect(loaded.launcher).toEqual({ file: process.execPath, prefixArgs: [fixture('programs', 'parse-at-import.mjs')] });
  });

  it('when parse() is called at import then the code after it does not run', async () => {
    const cwd = scratch();
    await loadTarget(fixture('programs', 'parse-at-import.mjs'), { cwd });
    expect(readdirSync(cwd)).not.toContain('AFTER_PARSE');
  });

  it('when an async main parses 50 ms after import then the loader returns within a few seconds', async () => {
    const { loaded, ms } = await timedLoad(fixture('programs', 'async-main.mjs'), scratch());
    expect(loaded.method).toBe('commander (parse() call)');
    expect(ms).toBeLessThan(FAST_MS);
  });

  it('when the program has a version then it is read, else it is undefined', async () => {
    const [withVersion, without] = await Promise.all([loadTarget(fixture('programs', 'export-main.mjs'), { cwd: scratch() }), loadTarget(fixture('programs', 'parse-at-import.mjs'), { cwd: scratch() })]);
    expect(withVersion.version).toBe('2.3.4');
    expect(without.version).toBeUndefined();
  });

  it('when the version option exists then it is not reflected as a flag', async () => {
    const { spec } = await loadTarget(fixture('programs', 'export-main.mjs'), { cwd: scratch() });
    expect(spec.options.map((option) => option.name)).not.toContain('version');
    expect(spec.subcommands[0]?.options.map((option) => option.name)).toEqual(['shout']);
  });

  it('when the root has an action then it is a single runnable command', async () => {
    const { spec } = await loadTarget(fixture('programs', 'root-action.mjs'), { cwd: scratch() });
    expect(spec).toMatchObject({ name: 'shout', runnable: true, subcommands: [], positionals: [{ name: 'word', required: false }] });
    expect(spec.options.map((option) => option.name)).toEqual(['times']);
  });

  it('when a subclass nests commands then the nested ones are reflected too', async () => {
    const { spec } = await loadTarget(fixture('programs', 'subclass.mjs'), { cwd: scratch() });
    expect(spec.subcommands[1]).toMatchObject({ name: 'beta', runnable: false, subcommands: [{ name: 'gamma', runnable: true }] });
  });

  it('when the program uses its own nested copy of commander then it is still found', async () => {
    const dir = scratch();
    cpSync(fixture('programs', 'nested-copy/program.mjs'), path.join(dir, 'program.mjs'));
    cpSync(repoCommander, path.join(dir, 'node_modules', 'commander'), { recursive: true });
    // The copy is the one the program resolves, not cli-mcp's.
    expect(createRequire(path.join(dir, 'program.mjs')).resolve('commander').startsWith(dir)).toBe(true);
    const { loaded } = await timedLoad('./program.mjs', dir);
    expect(loaded).toMatchObject({ method: 'commander (parse() call)', spec: { name: 'nested' } });
    expect(commandNames(loaded.spec)).toEqual(['inner', 'outer']);
    expect(readdirSync(dir).sort()).toEqual(['node_modules', 'program.mjs']);
  });
});

describe.concurrent('loadTarget on bin names', () => {
  function withBin(name: string, target: string): string {
    const dir = scratch();
    mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(target, path.join(dir, 'node_modules', '.bin', name));
    return dir;
  }

  it('when a bare name is in ./node_modules/.bin then its real script is loaded and run under node', async () => {
    const dir = withBin('greet', fixture('programs', 'export-main.mjs'));
    const loaded = await loadTarget('greet', { cwd: dir });
    expect(loaded.spec.name).toBe('greeter');
    expect(loaded.launcher).toEqual({ file: process.execPath, prefixArgs: [realpathSync(fixture('programs', 'export-main.mjs'))] });
    expect(readdirSync(dir)).toEqual(['node_modules']);
  });

  it('when a program has no name then the bin name given is its fallback name', async () => {
    const loaded = await loadTarget('pinger', { cwd: withBin('pinger', fixture('programs', 'exports-only.mjs')) });
    expect(loaded.spec.name).toBe('pinger');
  });

  it('when a bare name is nowhere then it is target-not-found', async () => {
    await expect(loadTarget('no-such-bin-cli-mcp', { cwd: scratch() })).rejects.toMatchObject({ code: 'cli-mcp.target-not-found' });
  });

  it('when a bare name (an installed bin, found as npx finds it) is not JavaScript and has no readable help then reflection fails and says why', async () => {
    // Not a system program: no manual stands in for its help.
    const cwd = scratch();
    mkdirSync(path.join(cwd, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(path.join(cwd, 'node_modules', '.bin', 'helpless'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    await expect(loadTarget('helpless', { cwd })).rejects.toMatchObject({ code: 'cli-mcp.reflection-failed', message: expect.stringContaining('Could not read the help of') });
  });
});

describe.concurrent('loadTarget edge cases', () => {
  it('when a default is the directory the program loaded in (nyc\'s and commitlint\'s `--cwd`) then it is not published, and other defaults are (class: defaults from the load\'s place)', async () => {
    const loaded = await loadTarget(fixture('programs', 'cwd-default.mjs'), { cwd: scratch(), cache: false });
    expect(loaded.spec.options.find((option) => option.name === 'cwd')).not.toHaveProperty('default');
    expect(loaded.spec.options.find((option) => option.name === 'name')).toMatchObject({ default: 'x' });
  });

  it('when a bin\'s shebang passes node flags then it is still loaded', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('programs', 'shebang-flags'), { cwd });
    expect(loaded).toMatchObject({ method: 'commander (parse() call)', spec: { name: 'flagged' } });
    expect(loaded.launcher.prefixArgs).toEqual(['--no-warnings', fixture('programs', 'shebang-flags')]);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a module awaits forever after building its program then the constructed program is found', async () => {
    const { loaded } = await timedLoad(fixture('programs', 'never-settles.mjs'), scratch());
    expect(loaded).toMatchObject({ method: 'commander (constructed program)', spec: { name: 'stuck' } });
  });

  it('when a module\'s import stays busy past the settle time (a big ESM program on a loaded machine) then its program is read from its parse() call', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('programs', 'busy-import.mjs'), { cwd });
    expect(loaded).toMatchObject({ method: 'commander (parse() call)', spec: { name: 'busy' } });
    expect(commandNames(loaded.spec)).toEqual(['build', 'watch']);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe.concurrent('loadTarget failures', () => {
  it.each([
    { file: 'no-program.mjs', story: 'builds no commander program', code: 'cli-mcp.program-not-found', message: /no commander program was found in .*no-program\.mjs/ },
    { file: 'no-parser-bin.mjs', story: 'builds no program and its help reads as none (class: argv read by hand, nopt, flat, opener)', code: 'cli-mcp.program-not-found', message: /no commander program was found in .*no-parser-bin\.mjs, nor a yargs one, and its --help, -h and help printed nothing that reads as help: describe its commands in a manifest \(cli-mcp wrap --manifest <file> --exec .*no-parser-bin\.mjs\)/ },
    { file: 'throws-at-import.mjs', story: 'throws at import', code: 'cli-mcp.program-not-found', message: /failed: boom at import/ },
    { file: 'missing.mjs', story: 'does not exist', code: 'cli-mcp.target-not-found', message: /^cannot find ".*missing\.mjs"/ },
    { file: 'not-js.sh', story: 'is a shell script without a help text', code: 'cli-mcp.reflection-failed', message: /Could not read the help of .*not-js\.sh.*reads as help/ },
  ])('when the target $story then it rejects with $code', async ({ file, code, message }) => {
    const cwd = scratch();
    const error: unknown = await loadTarget(fixture('programs', file), { cwd }).then(() => undefined, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(CliMcpError);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a relative path is given then it is resolved against cwd, not the process cwd', async () => {
    // exports-only never parses, so loading it from the fixtures folder cannot write there.
    const loaded = await loadTarget('./exports-only.mjs', { cwd: programs });
    expect(loaded.spec.name).toBe('exports-only');
    await expect(loadTarget('./exports-only.mjs', { cwd: scratch() })).rejects.toMatchObject({ code: 'cli-mcp.target-not-found' });
  });
});
