/**
 * Which copies of commander and yargs a program loaded, read from the package.json above each loaded
 * file: what the load worker names when it found no program it could read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The yargs majors whose internals yargs-internals.ts is pinned against. */
export const SUPPORTED_YARGS: readonly number[] = [16, 17, 18];

const PARSERS = new Set(['commander', 'yargs']);

/** One copy of a parser package: its name, version and directory. */
export interface ParserPackage {
  readonly name: string;
  readonly version: string;
  readonly dir: string;
}

/** The commander and yargs packages the files belong to, each copy once. */
export function parserPackages(files: readonly string[]): ParserPackage[] {
  const owners = new Map<string, ParserPackage | undefined>();
  for (const file of files) {
    for (let dir = dirname(file); dirname(dir) !== dir && !owners.has(dir); dir = dirname(dir)) {
      const manifest = join(dir, 'package.json');
      const found = existsSync(manifest) ? packageAt(manifest, dir) : undefined;
      // A nameless package.json (yargs' build/ has one, for `"type"`) is not the package: climb on.
      if (found === undefined) continue;
      owners.set(dir, found === 'other' ? undefined : found);
      break;
    }
  }
  return [...owners.values()].filter((copy): copy is ParserPackage => copy !== undefined);
}

/** The parser package at `dir`; 'other' for any other named package; undefined for a nameless or unreadable package.json. */
function packageAt(manifest: string, dir: string): ParserPackage | 'other' | undefined {
  try {
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof name !== 'string') return undefined;
    return PARSERS.has(name) && typeof version === 'string' ? { name, version, dir } : 'other';
  } catch {
    return undefined;
  }
}
