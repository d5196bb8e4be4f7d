import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** cli-mcp's own package directory, found upward from this module: the same from src/, dist/ and the bundled bin. */
export const PACKAGE_DIR = packageDirAbove(dirname(fileURLToPath(import.meta.url)));

/** A file cli-mcp builds into dist/ and starts by path (its workers, its bin); running from the sources (tests), the built one. */
export function builtFile(relative: string): string {
  return join(PACKAGE_DIR, 'dist', relative);
}

let version: string | undefined;
/** cli-mcp's own version, from its package.json. */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
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
