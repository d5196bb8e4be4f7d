/**
 * Finds the file a spawn would execute, the way execvp does: a name with a slash is taken relative to
 * the working directory, a bare name is looked up on the child's PATH (an empty entry means the cwd).
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** The executable's absolute path, or the errno a spawn of it would fail with. */
export type Resolved = { readonly file: string } | { readonly code: 'ENOENT' | 'EACCES' | 'ENOTDIR' };

/**
 * Resolves `file` for a child running in `cwd` with `PATH` = `searchPath`.
 * @example whichExecutable('git', '/usr/bin:/bin', '/repo') // { file: '/usr/bin/git' }
 */
export function whichExecutable(file: string, searchPath: string | undefined, cwd: string): Resolved {
  if (file.includes('/')) return check(path.resolve(cwd, file));
  // execvp without PATH falls back to the confstr default.
  const entries = (searchPath ?? '/usr/local/bin:/usr/bin:/bin').split(':');
  let denied = false;
  for (const entry of entries) {
    const found = check(path.resolve(cwd, entry === '' ? '.' : entry, file));
    if ('file' in found) return found;
    if (found.code === 'EACCES') denied = true;
  }
  return { code: denied ? 'EACCES' : 'ENOENT' };
}

function check(candidate: string): Resolved {
  try {
    if (!statSync(candidate).isFile()) return { code: 'EACCES' };
    accessSync(candidate, constants.X_OK);
    return { file: candidate };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { code: code === 'EACCES' || code === 'ENOTDIR' ? code : 'ENOENT' };
  }
}
