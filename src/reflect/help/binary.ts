/** Finds the executable a name stands for and what identifies its build, for the cache key. */
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { basename, delimiter, isAbsolute, join, resolve } from 'node:path';

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The file `binary` runs: a path (relative to `cwd`) as is, a bare name looked up on `PATH`.
 * Undefined when there is no such executable.
 */
export async function resolveBinary(binary: string, cwd: string, pathVariable = process.env['PATH'] ?? ''): Promise<string | undefined> {
  if (binary.includes('/') || binary.includes('\\') || isAbsolute(binary)) {
    const file = resolve(cwd, binary);
    return (await isExecutableFile(file)) ? file : undefined;
  }
  const extensions = process.platform === 'win32' ? ['', ...(process.env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of pathVariable.split(delimiter).filter((entry) => entry !== '')) {
    for (const extension of extensions) {
      const file = resolve(cwd, join(dir, binary + extension));
      if (await isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

/** What changes when the program is replaced: its real path, modification time and size. */
export interface BinaryIdentity {
  readonly path: string;
  readonly mtimeMs: number;
  readonly size: number;
}

export async function identify(file: string): Promise<BinaryIdentity> {
  const path = await realpath(file);
  const info = await stat(path);
  return { path, mtimeMs: info.mtimeMs, size: info.size };
}

/** The program's name as its users type it: `kubectl`, `fakectl` (a `.exe`, `.js` or `.py` suffix dropped). */
export function programName(file: string): string {
  return basename(file).replace(/\.(exe|cmd|bat|js|mjs|cjs|py)$/i, '');
}
