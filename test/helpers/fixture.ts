import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A path under test/fixtures, from its parts.
 * @example fixture('exec', 'echo-argv.js') // <repo>/test/fixtures/exec/echo-argv.js
 */
export function fixture(...parts: string[]): string {
  return join(repoRoot, 'test/fixtures', ...parts);
}
