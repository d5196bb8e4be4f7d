/**
 * One full crawl of each real program per test run, shared by the files that read the same programs (cobra's protocol,
 * lazy reading): a crawl of gh or kubectl costs 10–15 s of CPU on 2 cores, and the second reader gets what a user's
 * second start gets, the cached crawl (test/reflect/help holds a cached crawl to a fresh one). A file that imports this
 * runs with the run's shared HOME: help shows defaults under HOME (kubectl's `--cache-dir`), and a user's is one.
 */
import { mkdirSync } from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { reflectHelp } from '../../src/reflect/help/crawl.js';
import type {} from './real-crawls-setup.js'; // its ProvidedContext

/** The XDG_CACHE_HOME of this run's shared crawls. */
export function realCrawlsHome(): string {
  return inject('realCrawls');
}

for (const [name, dir] of [['HOME', 'home'], ['XDG_CONFIG_HOME', 'home/.config']] as const) {
  process.env[name] = join(realCrawlsHome(), dir);
  mkdirSync(process.env[name], { recursive: true });
}

/** The program's full crawl: made by the first file that asks (the others wait for it), then read from the cache. */
export async function sharedCrawl(program: string): ReturnType<typeof reflectHelp> {
  const lock = join(realCrawlsHome(), `${program}.lock`);
  for (let waited = 0; !(await mkdir(lock).then(() => true, () => false)); waited += 100) {
    if (waited > 300_000) throw new Error(`the shared crawl of ${program} stayed locked for 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await reflectHelp(program, { cacheDir: join(realCrawlsHome(), 'cli-mcp', 'help') });
  } finally {
    await rmdir(lock);
  }
}
