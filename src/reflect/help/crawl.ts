/**
 * Reflects a program that is not JavaScript through its help text: runs `<bin> --help`, then the
 * help of every listed subcommand (bounded in depth, time, pages, bytes, commands and parallelism), and
 * assembles the pages into a CommandSpec. The result, partial when a bound was reached, is cached on disk per program build.
 */
import { CliMcpError } from '../../errors.js';
import { childEnvironment, type EnvironmentOptions } from '../../exec/environment.js';
import type { SandboxLevel } from '../../exec/sandbox.js';
import { programName, resolveBinary } from './binary.js';
import { CACHE_FORMAT, defaultCacheDir, readCache, readCacheLink, writeCache, writeCacheLink, type CachedHelp } from './cache.js';
import { cheapCrawlKey, crawlKey } from './crawl-key.js';
import { crawlSpec } from './crawl-pages.js';
import { programVersion } from './program-version.js';
import { HELP_ENV, helpArgvs, helpSandbox, runHelpCall, type HelpAnswers, type HelpCall } from './fetch-page.js';
import type { HelpReflection } from './help-reflection.js';
import { lazyReflection, readLazyEntry } from './lazy-crawl.js';
import { withNeutralDirectory } from './neutral-dir.js';
import type { HelpDialect } from './page.js';
import { partialWarning } from './budget.js';

export type { HelpReflection } from './help-reflection.js';

export interface ReflectHelpOptions {
  /** Subcommand levels read below the program; deeper commands are listed but not exposed. @default 3 */
  readonly maxDepth?: number;
  /** Time for the whole crawl; commands not read by then are left unread and the result is partial. @default 60_000 */
  readonly timeoutMs?: number;
  /** Help pages read at most; the result is partial past it. @default 2000 */
  readonly maxPages?: number;
  /** Bytes kept of one help page (its head and tail). @default 262144 (256 KiB) */
  readonly maxPageBytes?: number;
  /** Characters of help text read in all; the result is partial past it. @default 33554432 (32 Mi) */
  readonly maxBytes?: number;
  /** Commands kept in the tree, read or only listed; a page whose listing does not fit is left unread. @default 20000 */
  readonly maxCommands?: number;
  /** Time for one help call. @default 10_000 */
  readonly callTimeoutMs?: number;
  /** Most help processes running at once. @default 4 */
  readonly concurrency?: number;
  /** Told of each page read: `crawled 12/40: kubectl get`. */
  readonly onProgress?: (message: string) => void;
  /** Where results are cached. @default ~/.cache/cli-mcp/help (or $XDG_CACHE_HOME/cli-mcp/help) */
  readonly cacheDir?: string;
  /** Read and write the cache. @default true */
  readonly cache?: boolean;
  /** Read only these first-level subcommands (names or aliases), listed or not (git lists only its common ones). @default all */
  readonly only?: readonly string[];
  /** Read the help as this dialect instead of detecting it. */
  readonly dialect?: HelpDialect;
  /**
   * Where a relative binary path is resolved from. Help itself runs in an empty temporary directory,
   * so the tools describe the program, not the directory the server happened to start in. @default process.cwd()
   */
  readonly cwd?: string;
  /** Which environment variables the help runs get, as for calls (`--allow-env`); help's own settings win. @default the allowlist */
  readonly env?: EnvironmentOptions;
  /** The OS sandbox of each help call: reading help needs no network, no writes and no credentials. @default 'strict' (no network) */
  readonly sandbox?: SandboxLevel;
  /**
   * Read the program's own page only: the commands it lists are pending (name and line) until `reader` reads one;
   * a full crawl already cached is used whole. For search-mode serving, which describes a command before it runs one. @default false
   */
  readonly lazy?: boolean;
  /**
   * What identifies the program's build, vouched for by the caller (a JS bin's loaded files, stamped): a crawl cached
   * under it is found without running the program, as a native binary's is by its file. @default none: `--version` keys a script
   */
  readonly buildKey?: string;
}


/**
 * @example
 * const { spec, dialect } = await reflectHelp('kubectl', { onProgress: (m) => console.error(m) });
 */
export async function reflectHelp(binary: string, options: ReflectHelpOptions = {}): Promise<HelpReflection> {
  const started = performance.now();
  const settings = normalise(options);
  const file = await resolveBinary(binary, settings.cwd);
  if (file === undefined) throw new CliMcpError('cli-mcp.target-not-found', `Could not find an executable "${binary}" (looked on PATH and from ${settings.cwd}).`);
  const env = childEnvironment(process.env, { ...options.env, set: { ...options.env?.set, ...HELP_ENV } });
  // Help can depend on the directory (`git diff -h` outside a repository shows only `--no-index`): it runs in an empty one.
  return withNeutralDirectory(async (neutral) => {
    const call: HelpCall = { file, program: programName(binary), cwd: neutral, env, timeoutMs: settings.callTimeoutMs, maxBytes: settings.maxPageBytes, sandbox: helpSandbox(options.sandbox) };
    // A native binary (or a build the caller vouches for) found under its cheap key is served before any process runs, `--version` included.
    const cheap = settings.cache ? await cheapCrawlKey(call, settings, options.buildKey) : undefined;
    const linked = cheap === undefined ? undefined : await readCacheLink(settings.cacheDir, cheap);
    let hit: CachedHelp | undefined = linked === undefined ? undefined : await readCache(settings.cacheDir, linked);
    const lazily = { file, program: call.program, env, sandbox: call.sandbox ?? 'none', settings, ...(cheap === undefined ? {} : { cheap }) } as const;
    const linkedLazy = settings.lazy && hit === undefined && linked !== undefined ? await readLazyEntry(settings.cacheDir, linked) : undefined;
    if (linkedLazy !== undefined && linked !== undefined) return lazyReflection({ ...lazily, key: linked }, linkedLazy, started);
    // A native binary not found by its cheap key (or no cache): its own page is asked for while `--version` runs (wasted when the
    // key it makes is cached after all). A script has no cheap key: its cached starts go by `--version` alone.
    const answers: HelpAnswers = new Map();
    const cold = !settings.cache || (cheap !== undefined && linked === undefined);
    const firstPage = cold ? runHelpCall({ ...call, answers }, helpArgvs(settings.dialect, [])[0] ?? ['--help']) : undefined;
    // Its page is awaited however the key fares: nothing it started runs on once this returns.
    const keyed = await (settings.cache && hit === undefined ? crawlKey(call, settings) : Promise.resolve(undefined)).finally(() => firstPage);
    const key = keyed?.key;
    if (key !== undefined) hit = await readCache(settings.cacheDir, key);
    if (hit !== undefined) {
      // An entry from before the link existed gets one, so the next start runs nothing.
      if (key !== undefined && cheap !== undefined) await writeCacheLink(settings.cacheDir, cheap, key);
      settings.onProgress(`cache hit: ${hit.binary} (${hit.pages} pages${hit.partial === undefined ? '' : `, partial: ${hit.partial.join(', ')}`})`);
      if (hit.partial !== undefined) settings.onProgress(partialWarning(call.program, hit.partial, settings, true));
      const partial = hit.partial === undefined ? {} : { partial: hit.partial };
      return { spec: hit.spec, dialect: hit.dialect, pages: hit.pages, sources: hit.sources, unread: hit.unread, unreadDetail: hit.unreadDetail, fromCache: true, durationMs: elapsed(started), ...partial, ...(hit.version === undefined ? {} : { version: hit.version }) };
    }
    // The version clients are told (serverInfo): read with the cache key, or now when there is no cache.
    const version = keyed ? keyed.version : (await programVersion(call, settings.callTimeoutMs)).version;
    const known = version === undefined ? {} : { version };
    if (settings.lazy) return lazyReflection({ ...lazily, ...(key === undefined ? {} : { key }), ...known, answered: answers }, key === undefined ? undefined : await readLazyEntry(settings.cacheDir, key), started);
    const { crawl, spec, sources } = await crawlSpec({ ...call, answers }, settings, started);
    const partial = crawl.reached.length > 0 ? { partial: crawl.reached } : {};
    if (crawl.reached.length > 0) settings.onProgress(partialWarning(call.program, crawl.reached, settings, false) + (crawl.leftOut > 0 ? `; ${crawl.leftOut} more listed commands left out` : ''));
    // A call that timed out alone may be load: retried next start. A bound reached is cached, marked, so no start pays it twice.
    if (key !== undefined && (crawl.reached.length > 0 || !crawl.unread.some((item) => item.reason === 'time'))) {
      const failure = await writeCache(settings.cacheDir, key, { format: CACHE_FORMAT, binary: file, dialect: crawl.dialect, pages: crawl.pages, sources, unread: crawl.unread, unreadDetail: crawl.unreadDetail, spec, ...partial, ...known });
      if (failure !== undefined) settings.onProgress(`could not write the help cache: ${failure.message}`);
      else if (cheap !== undefined) await writeCacheLink(settings.cacheDir, cheap, key);
    }
    return { spec, dialect: crawl.dialect, pages: crawl.pages, sources, unread: crawl.unread, unreadDetail: crawl.unreadDetail, fromCache: false, durationMs: elapsed(started), ...partial, ...known };
  });
}

type Settings = Required<Omit<ReflectHelpOptions, 'only' | 'dialect' | 'env' | 'sandbox' | 'buildKey'>> & Pick<ReflectHelpOptions, 'only' | 'dialect' | 'sandbox'>;

function normalise(options: ReflectHelpOptions): Settings {
  const count = (name: string, value: number | undefined, fallback: number, min: number): number => {
    const result = value ?? fallback;
    if (!Number.isInteger(result) || result < min) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be an integer of at least ${min}; got ${String(value)}`);
    return result;
  };
  return {
    maxDepth: count('maxDepth', options.maxDepth, 3, 0),
    timeoutMs: count('timeoutMs', options.timeoutMs, 60_000, 1),
    maxPages: count('maxPages', options.maxPages, 2_000, 1),
    maxPageBytes: count('maxPageBytes', options.maxPageBytes, 256 * 1024, 1024),
    maxBytes: count('maxBytes', options.maxBytes, 32 * 1024 * 1024, 1),
    maxCommands: count('maxCommands', options.maxCommands, 20_000, 1),
    callTimeoutMs: count('callTimeoutMs', options.callTimeoutMs, 10_000, 1),
    concurrency: count('concurrency', options.concurrency, 4, 1),
    onProgress: options.onProgress ?? (() => {}),
    cacheDir: options.cacheDir ?? defaultCacheDir(),
    cache: options.cache ?? true,
    lazy: options.lazy ?? false,
    cwd: options.cwd ?? process.cwd(),
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.dialect !== undefined ? { dialect: options.dialect } : {}),
  };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
