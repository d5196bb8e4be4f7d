import { existsSync, readdirSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { programCacheKey, type ProgramKeyParts } from '../../src/reflect/program-cache.js';
import { scratchMaker } from '../helpers/scratch.js';

// The loader's worker runs from dist/: `npm run build` first.
const scratch = scratchMaker('cli-mcp-program-cache-');
const commander = fileURLToPath(new URL('../../node_modules/commander/index.js', import.meta.url));
const node22 = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));
// A Node other than the one running the tests (npx puts node_modules/.bin/node, Node 22, first on PATH).
const otherNode = [node22, '/usr/bin/node', '/usr/local/bin/node'].find((node) => existsSync(node) && realpathSync(node) !== realpathSync(process.execPath));

/** An ESM program whose commands come from a CommonJS module that requires another: both loaders' files are tracked. */
function writeProgram(dir: string): string {
  writeFileSync(join(dir, 'prog.mjs'), `import { Command } from ${JSON.stringify(commander)};\nimport names from './lib.cjs';\nconst program = new Command('prog');\nfor (const name of names) program.command(name);\nprogram.parse();\n`);
  writeFileSync(join(dir, 'lib.cjs'), `module.exports = require('./dep.cjs');\n`);
  writeFileSync(join(dir, 'dep.cjs'), `module.exports = ['alpha', 'beta'];\n`);
  return join(dir, 'prog.mjs');
}

async function load(program: string, cacheDir: string, node?: string) {
  const loaded = await loadTarget(program, { cwd: join(program, '..'), programCacheDir: cacheDir, ...(node === undefined ? {} : { node }) });
  return { fromCache: loaded.fromCache === true, commands: loaded.spec.subcommands.map((sub) => sub.name) };
}

describe('the program cache', () => {
  it('when nothing changed then the second load is read from the cache with the same commands', async () => {
    const dir = scratch();
    const program = writeProgram(dir);
    expect(await load(program, join(dir, 'cache'))).toEqual({ fromCache: false, commands: ['alpha', 'beta'] });
    expect(await load(program, join(dir, 'cache'))).toEqual({ fromCache: true, commands: ['alpha', 'beta'] });
  });

  it('when a file required two levels down changes then the program is loaded again and the change is seen', async () => {
    const dir = scratch();
    const program = writeProgram(dir);
    await load(program, join(dir, 'cache'));
    writeFileSync(join(dir, 'dep.cjs'), `module.exports = ['alpha', 'gamma'];\n`);
    expect(await load(program, join(dir, 'cache'))).toEqual({ fromCache: false, commands: ['alpha', 'gamma'] });
  });

  it('when a dependency is only touched then its new mtime invalidates the entry', async () => {
    const dir = scratch();
    const program = writeProgram(dir);
    await load(program, join(dir, 'cache'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'lib.cjs'), later, later);
    expect((await load(program, join(dir, 'cache'))).fromCache).toBe(false);
    expect((await load(program, join(dir, 'cache'))).fromCache).toBe(true);
  });

  it.skipIf(otherNode === undefined)('when the program is loaded under another Node then that load does not use the first Node\'s entry', async () => {
    const dir = scratch();
    const program = writeProgram(dir);
    await load(program, join(dir, 'cache'));
    expect((await load(program, join(dir, 'cache'), otherNode)).fromCache).toBe(false);
    expect((await load(program, join(dir, 'cache'), otherNode)).fromCache).toBe(true);
  });

  it('when the entry is damaged then it is ignored, the program is loaded and the entry rewritten', async () => {
    const dir = scratch();
    const program = writeProgram(dir);
    const cache = join(dir, 'cache');
    await load(program, cache);
    const [entry] = readdirSync(cache);
    writeFileSync(join(cache, entry ?? ''), '{"format":1,"files":[');
    expect(await load(program, cache)).toEqual({ fromCache: false, commands: ['alpha', 'beta'] });
    expect((await load(program, cache)).fromCache).toBe(true);
  });

  it('when cache is false then nothing is read or written', async () => {
    const dir = scratch();
    const program = writeProgram(dir);
    const cache = join(dir, 'cache');
    await load(program, cache);
    const loaded = await loadTarget(program, { cwd: dir, programCacheDir: cache, cache: false });
    expect(loaded.fromCache).toBeUndefined();
    expect(readdirSync(cache)).toHaveLength(1);
  });
});

describe('programCacheKey', () => {
  const parts: ProgramKeyParts = { cliMcpVersion: '0.1.0', node: '/usr/bin/node', nodeBuild: '1:2:3:4', launcherArgs: ['/p/cli.js'], name: 'cli', cwd: '/p', env: { PATH: '/bin', HOME: '/h' } };
  it.each([
    { change: 'cli-mcp version', with: { cliMcpVersion: '0.2.0' } },
    { change: 'Node executable', with: { node: '/opt/node22/bin/node' } },
    { change: 'Node build (same path, replaced binary)', with: { nodeBuild: '1:9:3:4' } },
    { change: 'node flags from the shebang', with: { launcherArgs: ['--experimental-strip-types', '/p/cli.js'] } },
    { change: 'working directory', with: { cwd: '/q' } },
    { change: 'environment', with: { env: { PATH: '/bin', HOME: '/h', NODE_ENV: 'production' } } },
  ])('when the $change differs then the key differs', ({ with: changed }) => {
    expect(programCacheKey({ ...parts, ...changed })).not.toBe(programCacheKey(parts));
  });

  it('when the environment lists the same variables in another order then the key is the same', () => {
    expect(programCacheKey({ ...parts, env: { HOME: '/h', PATH: '/bin' } })).toBe(programCacheKey(parts));
  });
});
