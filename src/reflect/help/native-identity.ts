/**
 * What identifies a native executable's build without running it. A `#!` script gets none: a version
 * manager's shim (pyenv, asdf, rbenv) never changes while the program it runs does, so scripts keep
 * the `--version` run in their cache key.
 */
import { open, realpath, stat } from 'node:fs/promises';

export interface NativeIdentity {
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly size: number;
}

/** The binary's real path, device, inode, mtime and size; undefined for a script or a file that cannot be read. */
export async function nativeIdentity(file: string): Promise<NativeIdentity | undefined> {
  try {
    const path = await realpath(file);
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
      if (head.toString('latin1') === '#!') return undefined;
    } finally {
      await handle.close();
    }
    const info = await stat(path);
    return { path, dev: info.dev, ino: info.ino, mtimeMs: info.mtimeMs, size: info.size };
  } catch {
    return undefined;
  }
}
