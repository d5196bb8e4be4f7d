/**
 * The on-disk cache of reflected JS programs, so that a later start spawns no load worker. An entry
 * sits under a key of what the load is given (cli-mcp's version and the sources of its build, the Node
 * executable, the launcher's flags, the script, its name, the working directory, the environment) and
 * lists every file the program was built from with its mtime and size: it is used only while all of
 * them still match. A JS bin in which no commander or yargs program was found is cached the same way, as a
 * note to read its help: the help cache holds the pages, found under a key the stamps make (no `--version` run).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandSpec } from '../types.js';
import type { DeclaredOptions } from './node-parse-args.js';
import { writeJsonAtomically } from './help/cache.js';
import { buildStamp, cacheBase } from '../package-files.js';

/** Bumped when reflection changes what a load produces, so older entries stop matching. */
export const PROGRAM_CACHE_FORMAT = 4;

/** What a load is given: any difference is another entry. */
export interface ProgramKeyParts {
  readonly cliMcpVersion: string;
  /** The Node executable the worker runs under, and what identifies its build. */
  readonly node: string;
  readonly nodeBuild: string;
  /** The launcher's arguments: node flags from the shebang, then the script's real path. */
  readonly launcherArgs: readonly string[];
  /** The name the program falls back to (the target's file name). */
  readonly name: string;
  readonly cwd: string;
  /** The load worker's whole environment. */
  readonly env: Readonly<Record<string, string>>;
}

/** A file an entry was built from, as [path, mtimeMs, size]. */
export type FileStamp = readonly [string, number, number];

/** What an entry holds: the loaded program, or a note that its help is read; and the files it was built from. */
export type CachedProgram = CachedLoad | CachedHelpRead;

export interface CachedLoad {
  readonly format: number;
  readonly files: readonly FileStamp[];
  readonly spec: CommandSpec;
  readonly version?: string;
  readonly method: string;
  readonly warnings: readonly string[];
  readonly warmable: boolean;
  /** No Python parser was read: the spec was read from its help text. */
  readonly readFrom?: 'help';
}

/** A JS bin with no commander or yargs program: it is read from its help, through the help cache under {@link helpBuildKey}. */
export interface CachedHelpRead {
  readonly format: number;
  readonly files: readonly FileStamp[];
  readonly readFrom: 'help-text';
  readonly warnings: readonly string[];
  /** The option table it handed Node's parseArgs, which types its help's options. */
  readonly declared?: DeclaredOptions;
}

/** `$XDG_CACHE_HOME/cli-mcp/programs`, else `~/.cache/cli-mcp/programs`. */
export function defaultProgramCacheDir(): string {
  return join(cacheBase(), 'programs');
}

/** A file name for the load's inputs; environment values are hashed in, never stored. */
export function programCacheKey(parts: ProgramKeyParts): string {
  const env = Object.entries(parts.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify({ format: PROGRAM_CACHE_FORMAT, reader: buildStamp(), ...parts, env })).digest('hex').slice(0, 40);
}

/** What changes when an executable is replaced: its device, inode, mtime and size (stat follows links). */
export function buildIdentity(file: string): string {
  const info = statSync(file);
  return `${info.dev}:${info.ino}:${info.mtimeMs}:${info.size}`;
}

/** The entry under `key` while every file it lists is unchanged; undefined when missing, stale or damaged. */
export async function readProgramCache(dir: string, key: string): Promise<CachedProgram | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8'));
    if (!isCachedProgram(value)) return undefined;
    return value.files.every(([path, mtimeMs, size]) => stampMatches(path, mtimeMs, size)) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Stamps `files` and writes the entry; a file that cannot be stamped, or a failed write, is returned as an error. */
export async function writeProgramCache(dir: string, key: string, files: readonly string[], program: Omit<CachedLoad, 'format' | 'files'>): Promise<Error | undefined> {
  const stamped = stampFiles(files);
  return stamped instanceof Error ? stamped : writeStamped(dir, key, stamped, program);
}

/** Writes an entry whose files were stamped before the load they describe (a help read keyed by them). */
export async function writeStamped(dir: string, key: string, files: readonly FileStamp[], entry: Omit<CachedLoad, 'format' | 'files'> | Omit<CachedHelpRead, 'format' | 'files'>): Promise<Error | undefined> {
  return writeJsonAtomically(dir, `${key}.json`, { format: PROGRAM_CACHE_FORMAT, files, ...entry });
}

/** Each file's mtime and size; an error when one cannot be stamped. */
export function stampFiles(files: readonly string[]): FileStamp[] | Error {
  try {
    return files.map((path) => {
      const info = statSync(path);
      return [path, info.mtimeMs, info.size] as const;
    });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** What identifies a help-read JS bin's build to the help cache: the entry's key and its files' stamps, so no `--version` runs. */
export function helpBuildKey(key: string, files: readonly FileStamp[]): string {
  return createHash('sha256').update(JSON.stringify([key, files])).digest('hex').slice(0, 40);
}

function stampMatches(path: string, mtimeMs: number, size: number): boolean {
  try {
    const info = statSync(path);
    return info.mtimeMs === mtimeMs && info.size === size;
  } catch {
    return false;
  }
}

function isCachedProgram(value: unknown): value is CachedProgram {
  if (typeof value !== 'object' || value === null) return false;
  const stamped = value as Partial<CachedProgram>;
  const wellStamped =
    stamped.format === PROGRAM_CACHE_FORMAT &&
    Array.isArray(stamped.files) &&
    stamped.files.every((stamp) => Array.isArray(stamp) && typeof stamp[0] === 'string' && typeof stamp[1] === 'number' && typeof stamp[2] === 'number') &&
    Array.isArray(stamped.warnings);
  if (!wellStamped) return false;
  if (stamped.readFrom === 'help-text') return stamped.declared === undefined || (typeof stamped.declared === 'object' && stamped.declared !== null);
  const entry = stamped as Partial<CachedLoad>;
  return (
    typeof entry.method === 'string' &&
    typeof entry.warmable === 'boolean' &&
    (entry.readFrom === undefined || entry.readFrom === 'help') &&
    (entry.version === undefined || typeof entry.version === 'string') &&
    typeof entry.spec === 'object' && entry.spec !== null &&
    typeof entry.spec.name === 'string' && Array.isArray(entry.spec.subcommands) && Array.isArray(entry.spec.options)
  );
}
