/**
 * One full crawl of each real program per test run, shared by the files that read the same programs: a crawl of gh
 * or kubectl costs 10–20 s of CPU on 2 cores, and the second reader gets what a user's second start gets, the cached
 * crawl (test/reflect/help holds a cached crawl to a fresh one). Crawls in process (the sources' help readers) and
 * crawls by a spawned cli-mcp (the built ones) share one cache: an entry names the sources of its readers, so they
 * meet only when dist/ was built from the sources under test (as `npm test` builds it).
 * A file that imports this runs with the run's shared HOME: help shows defaults under HOME (kubectl's `--cache-dir`),
 * and a user's is one.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { reflectHelp } from '../../src/reflect/help/crawl.js';
import type {} from './real-crawls-setup.js'; // its ProvidedContext

/** The XDG_CACHE_HOME of this run's shared crawls, in process and by a spawned cli-mcp alike. */
export function realCrawlsHome(): string {
  return inject('realCrawls');
}

/** Programs the run's files also crawl in process (cobra-protocol, lazy-crawl, crawl-real, crawl-git). */
const CRAWLED_IN_PROCESS: ReadonlySet<string> = new Set(['gh', 'kubectl', 'git', 'docker', 'hugo', 'restic', 'skopeo', 'etcdctl']);

/** Whether a served start of `program` reads the run's crawl in process from the cache. */
export function crawledInProcess(program: string): boolean {
  return CRAWLED_IN_PROCESS.has(program);
}

/**
 * Runs `work`, a spawned cli-mcp serving `program`: after the run's crawl of it in process when other files make one
 * (the start then reads it from the cache), else alone among the files serving it (the first fills the cache).
 */
export async function serving<T>(program: string, work: () => Promise<T>): Promise<T> {
  if (!crawledInProcess(program)) return crawlingAlone(`served-${program}`, work);
  await sharedCrawl(program);
  return work();
}

for (const [name, dir] of [['HOME', 'home'], ['XDG_CONFIG_HOME', 'home/.config']] as const) {
  process.env[name] = join(realCrawlsHome(), dir);
  mkdirSync(process.env[name], { recursive: true });
}

/** Runs `work` while no other file of the run holds `name`: the first to crawl a program fills the cache, the others wait for it. */
export async function crawlingAlone<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = join(realCrawlsHome(), `${name}.lock`);
  for (let waited = 0; !(await mkdir(lock).then(() => true, () => false)); waited += 100) {
    if (waited > 300_000) throw new Error(`the shared crawl ${name} stayed locked for 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await work();
  } finally {
    await rmdir(lock);
  }
}

/**
 * Runs `start`, which reads `program`'s help in this process (a server started here, a manifest written), with the
 * run's crawl of it in the cache it reads: the file's own cache (test/helpers/hermetic.ts) comes back after.
 */
export async function withRunCrawl<T>(program: string, start: () => Promise<T>): Promise<T> {
  await sharedCrawl(program);
  const own = process.env['XDG_CACHE_HOME'];
  process.env['XDG_CACHE_HOME'] = realCrawlsHome();
  try {
    return await start();
  } finally {
    process.env['XDG_CACHE_HOME'] = own;
  }
}

/** Where the run's crawls are cached: `cli-mcp/help` under {@link realCrawlsHome}. */
export function sharedCrawlsDir(): string {
  return join(realCrawlsHome(), 'cli-mcp', 'help');
}

/** The program's full crawl in process, and what the crawl that made it said: made by the first file that asks, then read from the cache. */
export async function sharedCrawl(program: string): Promise<Awaited<ReturnType<typeof reflectHelp>> & { readonly said: readonly string[] }> {
  const saidFile = join(realCrawlsHome(), `${program}.said.json`);
  return crawlingAlone(program, async () => {
    const said: string[] = [];
    const reflected = await reflectHelp(program, { cacheDir: sharedCrawlsDir(), onProgress: (message) => said.push(message) });
    if (reflected.fromCache) return { ...reflected, said: JSON.parse(readFileSync(saidFile, 'utf8')) as string[] };
    writeFileSync(saidFile, JSON.stringify(said));
    return { ...reflected, said };
  });
}
