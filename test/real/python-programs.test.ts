/**
 * Debian's Python programs read from their parser objects: for each, facts checked by hand against its
 * source and help (a choice list, an int option, a subcommand), and one real call through the built CLI
 * (`node dist/cli/bin.js call <prog> <tool> --input <json>`) that succeeds, starting from the program cache that
 * read filled, as a user's second start does (the cache key names the sources, so `dist/` must be built from them:
 * `npm run build` first).
 * Programs are named by their /usr/bin path: a version manager's shim (pyenv's pip3) is a shell script.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import { loadTarget } from '../../src/reflect/load-program.js';
import type { OptionSpec, RunnableCommand } from '../../src/types.js';
import { repoRoot } from '../e2e/clients.js';
import { scratchMaker } from '../helpers/scratch.js';
import { PYTHON_PROGRAMS } from './python-programs.js';

const run = promisify(execFile);
const scratch = scratchMaker('cli-mcp-python-real-');
const bin = path.join(repoRoot, 'dist', 'cli', 'bin.js');

/** The option `name` of the command at `words` (program first), as its tool sees it. */
function optionOf(commands: readonly RunnableCommand[], words: string, name: string): OptionSpec | undefined {
  const option = commands.find((command) => command.path.join(' ') === words)?.options.find((candidate) => candidate.name === name);
  if (option === undefined) return undefined;
  const { depth: _depth, ...rest } = option;
  return rest;
}

describe('Debian Python programs read from their parsers', () => {
  for (const program of PYTHON_PROGRAMS) {
    const file = `/usr/bin/${program.bin}`;
    if (!existsSync(file)) {
      console.warn(`\n!!! ${program.bin} (${program.family}) is NOT INSTALLED: its test is SKIPPED (apt-get install -y --no-install-recommends ${program.pkg}) !!!\n`);
      it.skip(`when ${program.bin} (${program.family}) is read then … (NOT INSTALLED)`, () => {});
      continue;
    }
    it.concurrent(`when ${program.bin} (${program.family}) is read then ${program.checks} and ${program.call.tool} ${program.call.does}`, async () => {
      const dir = scratch();
      const cwd = path.join(dir, 'cwd');
      const cache = path.join(dir, 'cache');
      mkdirSync(cwd, { recursive: true });
      // Read afresh here; the call below, from the same directory and environment, then starts from what this read cached, as a user's second start does.
      const loaded = await loadTarget(file, { cwd, programCacheDir: path.join(cache, 'cli-mcp', 'programs'), env: { set: { LANG: 'C.UTF-8' } } });
      expect(loaded.fromCache).toBeFalsy();
      if (typeof program.method === 'string') expect(loaded.method).toBe(program.method);
      else expect(loaded.method).toMatch(program.method);
      const commands = flattenRunnable(loaded.spec);
      if (program.commands !== undefined) expect(commands.map((command) => command.path.slice(1).join(' '))).toEqual(expect.arrayContaining([...program.commands]));
      for (const [words, name, expected] of program.options) expect(optionOf(commands, words, name), `${words} ${name}`).toMatchObject(expected);
      for (const [words, name] of program.hidden ?? []) expect(optionOf(commands, words, name), `${words} ${name} is hidden`).toBeUndefined();

      for (const [name, text] of Object.entries({ ...program.call.files, '.keep': '' })) {
        mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
        writeFileSync(path.join(cwd, name), text);
      }
      const env = { ...process.env, XDG_CACHE_HOME: cache, LANG: 'C.UTF-8' };
      const { stdout, stderr } = await run(process.execPath, [bin, 'call', file, program.call.tool, '--input', JSON.stringify(program.call.input)], { cwd, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
      expect(stderr, 'the call starts from the read above').toMatch(/, cached\)/);
      const result = JSON.parse(stdout) as { isError: boolean; structuredContent?: { exitCode: number; stdout: string; stderr: string } };
      expect(result.isError, JSON.stringify(result.structuredContent ?? result)).toBe(false);
      expect(result.structuredContent?.exitCode).toBe(0);
      expect(result.structuredContent?.stdout).toMatch(program.call.stdout);
      for (const made of program.call.creates ?? []) expect(existsSync(path.join(cwd, made)), made).toBe(true);
    }, 240_000);
  }
});
