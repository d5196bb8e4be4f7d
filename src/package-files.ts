/**
 * cli-mcp's own files: its package directory, the workers it starts by path, its version, its cache directory.
 * In the single-file binary (scripts/binary.mjs) the package is not on disk: the workers are embedded assets,
 * written once per build under the cache directory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';

/** Whether this process is the single-file binary. */
export const IN_BINARY = isSea();

let packageDir: string | undefined;
/** cli-mcp's package directory, found upward from this module: the same from src/, dist/ and the bundled bin. */
export function packageDirectory(): string {
  packageDir ??= packageDirAbove(dirname(ownFile()));
  return packageDir;
}

/** A file cli-mcp builds into dist/ and starts by path (its workers); running from the sources (tests), the built one. */
export function builtFile(relative: string): string {
  return IN_BINARY ? writtenAsset(`dist/${relative}`) : join(packageDirectory(), 'dist', relative);
}

let version: string | undefined;
/** cli-mcp's own version, from its package.json. */
export function packageVersion(): string {
  version ??= (JSON.parse(IN_BINARY ? getAsset('package.json', 'utf8') : readFileSync(join(packageDirectory(), 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/** The file a new build of cli-mcp rewrites: caches stamp entries with it, so a changed reader never reads an old one. */
export function ownFile(): string {
  return IN_BINARY ? process.execPath : fileURLToPath(import.meta.url);
}

/** The file in dist/ that holds the {@link sourceStamp} of the sources the build was made from. */
export const SOURCE_STAMP_FILE = 'source-stamp.txt';

let stamp: string | undefined;
/**
 * What caches stamp their entries with: the sources of this build, so a changed reader never reads an old entry,
 * while builds of the same sources (the bundled bin, the library's modules, the sources run by the tests) share them.
 */
export function buildStamp(): string {
  stamp ??= IN_BINARY ? `binary:${statSync(process.execPath).mtimeMs}` : ownFile().endsWith('.ts') ? sourceStamp(join(packageDirectory(), 'src')) : builtStamp();
  return stamp;
}

/** A hash of every file under `dir`, names and contents. */
export function sourceStamp(dir: string): string {
  const hash = createHash('sha256');
  for (const name of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const file = join(dir, name);
    if (statSync(file).isFile()) hash.update(`${name}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

function builtStamp(): string {
  try {
    return readFileSync(join(packageDirectory(), 'dist', SOURCE_STAMP_FILE), 'utf8').trim();
  } catch {
    return `built:${statSync(ownFile()).mtimeMs}`; // a build that wrote no stamp
  }
}

/** `$XDG_CACHE_HOME/cli-mcp`, else `~/.cache/cli-mcp`: where every cli-mcp cache lives. */
export function cacheBase(): string {
  return join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'cli-mcp');
}

function packageDirAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (isCliMcpPackage(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`cli-mcp's package.json is not above ${start}`);
  }
}

function isCliMcpPackage(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'cli-mcp';
  } catch {
    return false;
  }
}

let assetsDir: string | undefined;
/**
 * An embedded asset on disk. Every asset is written at the first ask (a worker imports its siblings), under a
 * directory named by the hash of the asset list, which holds each asset's hash: each build writes its own, once.
 */
function writtenAsset(name: string): string {
  assetsDir ??= writeAssets();
  return join(assetsDir, name);
}

function writeAssets(): string {
  const list = getAsset('assets.json', 'utf8');
  const dir = join(cacheBase(), 'binary', createHash('sha256').update(list).digest('hex').slice(0, 16));
  const complete = join(dir, '.complete');
  if (existsSync(complete)) return dir;
  for (const name of Object.keys(JSON.parse(list) as Record<string, string>)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, new Uint8Array(getAsset(name)));
    renameSync(temp, file);
  }
  writeFileSync(complete, '');
  return dir;
}
