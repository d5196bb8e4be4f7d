import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Makes fresh temp directories for one test file, all removed after its tests. */
export function scratchMaker(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** Bytes in the regular files under `dir`, all levels. */
export function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let sum = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) sum += bytesUnder(path);
    else sum += stat?.size ?? 0;
  }
  return sum;
}
