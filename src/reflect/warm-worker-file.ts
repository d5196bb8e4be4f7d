import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The warm workers' preload, compiled: beside this module when built; the built one when the sources run (tests). */
export const WARM_WORKER_FILE = ((): string => {
  const sibling = fileURLToPath(new URL('./warm-worker.js', import.meta.url));
  return existsSync(sibling) ? sibling : fileURLToPath(new URL('../../dist/reflect/warm-worker.js', import.meta.url));
})();
