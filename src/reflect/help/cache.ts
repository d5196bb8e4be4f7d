/**
 * The on-disk cache of crawled help: one JSON file per program build and crawl settings, written
 * atomically (a temp file renamed into place); an entry that does not read back is ignored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandSpec } from '../../types.js';
import { buildStamp, cacheBase, packageVersion } from '../../package-files.js';
import type { CrawlBound } from './budget.js';
import { HELP_DIALECTS, type HelpDialect } from './page.js';

/** Bumped when parsing changes what a crawl produces, so older entries stop matching. */
export const CACHE_FORMAT = 11;

/** What a cache entry holds: the crawl's result. */
export interface CachedHelp {
  readonly format: number;
  readonly binary: string;
  readonly dialect: HelpDialect;
  readonly pages: number;
  /** The sources read: `help`, `man page`, `fish completions`. */
  readonly sources: readonly string[];
  readonly unread: readonly UnreadCommand[];
  /** Commands read from their short help only (git's man page could not be read). */
  readonly unreadDetail: readonly string[];
  readonly spec: CommandSpec;
  /** The bounds the crawl reached: present only on a partial result. */
  readonly partial?: readonly CrawlBound[];
  /** What `--version` says the program is. */
  readonly version?: string;
}

export interface UnreadCommand {
  readonly command: string;
  /**
   * `depth`: below maxDepth; `unreadable`: its help did not read as help; `time`: its call or the crawl ran out of
   * time; `pages`, `bytes`: the crawl had read its fill; `commands`: its listing did not fit in the tree.
   */
  readonly reason: 'depth' | 'unreadable' | CrawlBound;
}

/** `$XDG_CACHE_HOME/cli-mcp/help`, else `~/.cache/cli-mcp/help`. */
export function defaultCacheDir(): string {
  return join(cacheBase(), 'help');
}

/**
 * A file name for everything that decides the result: the build, its `--version`, the crawl settings, and the
 * cli-mcp that read it (its version and this build of the parsers), so a changed parser never reads an old entry.
 */
export function cacheKey(parts: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(JSON.stringify({ format: CACHE_FORMAT, reader: readerBuild(), ...parts })).digest('hex').slice(0, 40);
}

/** cli-mcp's version and the sources of this build of the help readers. */
function readerBuild(): string {
  return `${packageVersion()}:${buildStamp()}`;
}

function isCachedHelp(value: unknown): value is CachedHelp {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<CachedHelp>;
  return (
    entry.format === CACHE_FORMAT &&
    Array.isArray(entry.sources) &&
    typeof entry.binary === 'string' &&
    HELP_DIALECTS.includes(entry.dialect as HelpDialect) &&
    typeof entry.pages === 'number' &&
    Array.isArray(entry.unread) &&
    Array.isArray(entry.unreadDetail) &&
    (entry.partial === undefined || Array.isArray(entry.partial)) &&
    typeof entry.spec === 'object' && entry.spec !== null &&
    typeof entry.spec.name === 'string' && Array.isArray(entry.spec.subcommands) && Array.isArray(entry.spec.options)
  );
}

/** The entry under `key`, or undefined when there is none or it is damaged. */
export async function readCache(dir: string, key: string): Promise<CachedHelp | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8'));
    return isCachedHelp(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the entry whole or not at all; a failure (read-only disk, …) is returned, not thrown. */
export async function writeCache(dir: string, key: string, entry: CachedHelp): Promise<Error | undefined> {
  return writeJsonAtomically(dir, `${key}.json`, entry);
}

/**
 * A native binary's identity (real path, device, inode, mtime, size) leads to its entry with no process run.
 * The link is a file of its own, since the entry's key also holds what `--version` printed.
 */
export async function readCacheLink(dir: string, cheapKey: string): Promise<string | undefined> {
  try {
    const value = JSON.parse(await readFile(join(dir, `${cheapKey}.link.json`), 'utf8')) as { format?: unknown; key?: unknown };
    return value.format === CACHE_FORMAT && typeof value.key === 'string' && /^[0-9a-f]{40}$/.test(value.key) ? value.key : undefined;
  } catch {
    return undefined;
  }
}

export async function writeCacheLink(dir: string, cheapKey: string, key: string): Promise<Error | undefined> {
  return writeJsonAtomically(dir, `${cheapKey}.link.json`, { format: CACHE_FORMAT, key });
}

/** `value` as JSON in `dir/name`, whole or not at all (a temp file renamed into place); a failure is returned. */
export async function writeJsonAtomically(dir: string, name: string, value: unknown): Promise<Error | undefined> {
  const file = join(dir, name);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temp, JSON.stringify(value), 'utf8');
    await rename(temp, file);
    return undefined;
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    return error instanceof Error ? error : new Error(String(error));
  }
}
