import { readFileSync } from 'node:fs';
import { CliMcpError, type ErrorCode } from './errors.js';

/** A file the user named (a manifest, a policy) as text; a refusal saying which file and why, with `code`, otherwise. */
export function readUserFile(path: string, kind: string, code: ErrorCode): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    throw new CliMcpError(code, `cannot read ${kind} "${path}": ${reason}`, { cause: error });
  }
}
