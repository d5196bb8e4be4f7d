/**
 * The bin runs the bundled CLI through V8's code cache, kept beside the bundle: each command's first start writes one,
 * later starts read it, and a cache that cannot be read or written never stops a start. Run on a copy of the built
 * package (bin, bundle, package.json), so the repository's own cache is left alone. `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const scratch = scratchMaker('cli-mcp-code-cache-');
const version = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;

/** A copy of the built package's start: its bin, its bundle and what they read. */
function builtPackage(): { dir: string; cacheDir: string; start: (...args: string[]) => Promise<string> } {
  const dir = scratch();
  mkdirSync(path.join(dir, 'dist', 'cli'), { recursive: true });
  for (const file of ['package.json', 'dist/source-stamp.txt', 'dist/cli/bin.js', 'dist/cli/cli.cjs']) copyFileSync(path.join(repo, file), path.join(dir, file));
  const start = async (...args: string[]) => (await run(process.execPath, [path.join(dir, 'dist', 'cli', 'bin.js'), ...args], { cwd: dir, timeout: 20_000 })).stdout;
  return { dir, cacheDir: path.join(dir, 'dist', 'cli', 'code-cache'), start };
}

const entries = (dir: string) => readdirSync(dir).sort();

describe('the code cache beside the bundle', () => {
  it('when a command starts for the first time then it writes its cache, and a later start reads it and leaves it as it was', async () => {
    const built = builtPackage();
    expect(await built.start('--version')).toBe(`${version}\n`);
    const [written] = entries(built.cacheDir);
    expect(entries(built.cacheDir)).toEqual([expect.stringMatching(new RegExp(`^other-${process.version}-${process.arch}-\\d+-[\\d.]+-\\d+\\.bin$`))]);
    const file = path.join(built.cacheDir, written ?? '');
    const before = { bytes: readFileSync(file), mtime: statSync(file).mtimeMs };
    expect(before.bytes.length).toBeGreaterThan(100_000);
    expect(await built.start('--version')).toBe(`${version}\n`);
    expect(readFileSync(file).equals(before.bytes)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(before.mtime);
    // Another command compiles other code: it keeps a cache of its own.
    expect(await built.start('help')).toContain('wrap');
    expect(entries(built.cacheDir)).toEqual([expect.stringMatching(/^help-/), written]);
  });

  it('when the cache is not one V8 accepts then the start runs from the source and replaces it', async () => {
    const built = builtPackage();
    await built.start('--version');
    const [written = ''] = entries(built.cacheDir);
    const garbage = Buffer.alloc(4096, 7);
    writeFileSync(path.join(built.cacheDir, written), garbage);
    expect(await built.start('--version')).toBe(`${version}\n`);
    const replaced = readFileSync(path.join(built.cacheDir, written));
    expect(replaced.equals(garbage)).toBe(false);
    expect(replaced.length).toBeGreaterThan(100_000);
  });

  it('when the bundle is rebuilt then its cache is a new one and the old is never read', async () => {
    const built = builtPackage();
    await built.start('--version');
    const [old] = entries(built.cacheDir);
    const bundle = path.join(built.dir, 'dist', 'cli', 'cli.cjs');
    utimesSync(bundle, new Date(), new Date(Date.now() + 60_000));
    expect(await built.start('--version')).toBe(`${version}\n`);
    expect(entries(built.cacheDir)).toHaveLength(2);
    expect(entries(built.cacheDir)).toContain(old);
  });

  it('when the cache cannot be written then every start still runs, compiling as without one', async () => {
    const built = builtPackage();
    // A file where the directory would be: what a read-only install amounts to for a process that may not write there.
    writeFileSync(built.cacheDir, 'not a directory');
    expect(await built.start('--version')).toBe(`${version}\n`);
    expect(await built.start('--version')).toBe(`${version}\n`);
    expect(readFileSync(built.cacheDir, 'utf8')).toBe('not a directory');
  });
});
