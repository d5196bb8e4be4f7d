/**
 * Reflects a program that is not JavaScript through its help text: runs `<bin> --help`, then the
 * help of every listed subcommand (bounded in depth, time and parallelism), and assembles the
 * pages into a CommandSpec. The result is cached on disk per program build.
 */
import { PARSER_CONVENTIONS } from '../../argv/conventions.js';
import { CliMcpError } from '../../errors.js';
import { childEnvironment, type EnvironmentOptions } from '../../exec/environment.js';
import { runCommand } from '../../exec/run.js';
import type { ArgvConventions, CommandSpec, OptionSpec } from '../../types.js';
import { identify, programName, resolveBinary } from './binary.js';
import { CACHE_FORMAT, cacheKey, defaultCacheDir, readCache, writeCache, type UnreadCommand } from './cache.js';
import { globalOptionsCommand } from './cobra.js';
import { fetchListing, fetchPage, type HelpCall } from './fetch-page.js';
import { withFullCommandList } from './git-commands.js';
import { manualOptions, wantsManual, withManualOptions } from './git-manual.js';
import { limiter } from './limit.js';
import { dialectEnvironment, withNeutralDirectory } from './neutral-dir.js';
import type { HelpDialect, HelpPage, SubcommandEntry } from './page.js';
import { assembleSpec, type Globals, type Visited } from './spec-tree.js';
import { valueFormsOf } from './value-form.js';

export interface ReflectHelpOptions {
  /** Subcommand levels read below the program; deeper commands are listed but not exposed. @default 3 */
  readonly maxDepth?: number;
  /** Time for the whole crawl; commands not read by then are left unread (and nothing is cached). @default 60_000 */
  readonly timeoutMs?: number;
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
}

export interface HelpReflection {
  readonly spec: CommandSpec;
  readonly dialect: HelpDialect;
  /** Help pages read (by the crawl that filled the cache, on a cache hit). */
  readonly pages: number;
  /** Commands listed but not read, so not exposed. */
  readonly unread: readonly UnreadCommand[];
  /** Commands exposed from their short help alone: the man page that completes it could not be read (no man, or pages not installed). */
  readonly unreadDetail: readonly string[];
  readonly fromCache: boolean;
  readonly durationMs: number;
}

/** Variables that keep help plain and in English, and pagers out of the way; the rest is the usual allowlist. */
const HELP_ENV = { NO_COLOR: '1', TERM: 'dumb', LC_ALL: 'C', LANG: 'C', PAGER: 'cat', GIT_PAGER: 'cat', MANPAGER: 'cat' };

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
    const call: HelpCall = { file, program: programName(binary), cwd: neutral, env, timeoutMs: settings.callTimeoutMs };
    const key = settings.cache ? await keyFor(call, settings) : undefined;
    if (key !== undefined) {
      const hit = await readCache(settings.cacheDir, key);
      if (hit !== undefined) {
        settings.onProgress(`cache hit: ${hit.binary} (${hit.pages} pages)`);
        return { spec: hit.spec, dialect: hit.dialect, pages: hit.pages, unread: hit.unread, unreadDetail: hit.unreadDetail, fromCache: true, durationMs: elapsed(started) };
      }
    }
    const crawl = await crawlPages(call, settings, started);
    const conventions = conventionsOf(crawl.dialect, crawl.rootText);
    const spec: CommandSpec = { ...assembleSpec(call.program, crawl.root, crawl.globals, conventions), argv: conventions };
    if (key !== undefined && !crawl.unread.some((item) => item.reason === 'time')) {
      const failure = await writeCache(settings.cacheDir, key, { format: CACHE_FORMAT, binary: file, dialect: crawl.dialect, pages: crawl.pages, unread: crawl.unread, unreadDetail: crawl.unreadDetail, spec });
      if (failure !== undefined) settings.onProgress(`could not write the help cache: ${failure.message}`);
    }
    return { spec, dialect: crawl.dialect, pages: crawl.pages, unread: crawl.unread, unreadDetail: crawl.unreadDetail, fromCache: false, durationMs: elapsed(started) };
  });
}

type Settings = Required<Omit<ReflectHelpOptions, 'only' | 'dialect' | 'env'>> & Pick<ReflectHelpOptions, 'only' | 'dialect'>;

function normalise(options: ReflectHelpOptions): Settings {
  const count = (name: string, value: number | undefined, fallback: number, min: number): number => {
    const result = value ?? fallback;
    if (!Number.isInteger(result) || result < min) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be an integer of at least ${min}; got ${String(value)}`);
    return result;
  };
  return {
    maxDepth: count('maxDepth', options.maxDepth, 3, 0),
    timeoutMs: count('timeoutMs', options.timeoutMs, 60_000, 1),
    callTimeoutMs: count('callTimeoutMs', options.callTimeoutMs, 10_000, 1),
    concurrency: count('concurrency', options.concurrency, 4, 1),
    onProgress: options.onProgress ?? (() => {}),
    cacheDir: options.cacheDir ?? defaultCacheDir(),
    cache: options.cache ?? true,
    cwd: options.cwd ?? process.cwd(),
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.dialect !== undefined ? { dialect: options.dialect } : {}),
  };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

/** The cache key: the build (real path, mtime, size), what `--version` prints, and the crawl settings. */
async function keyFor(call: HelpCall, settings: Settings): Promise<string> {
  const identity = await identify(call.file);
  const outcome = await runCommand({ file: call.file, args: ['--version'], cwd: call.cwd, env: call.env, timeoutMs: Math.min(5_000, settings.callTimeoutMs), maxOutputBytes: 64 * 1024 });
  const version = outcome.kind === 'ran' ? `${outcome.output.exitCode}\n${outcome.output.stdout}\n${outcome.output.stderr}` : outcome.code;
  return cacheKey({ ...identity, version, maxDepth: settings.maxDepth, only: settings.only ?? null, dialect: settings.dialect ?? null });
}

interface Crawl {
  readonly root: Visited;
  readonly globals: Globals;
  readonly dialect: HelpDialect;
  readonly pages: number;
  readonly unread: readonly UnreadCommand[];
  readonly unreadDetail: readonly string[];
  /** The program's own help page, as printed. */
  readonly rootText: string;
}

/** Reads the root's help, then every listed subcommand's, breadth limited by `limit` and the deadline. */
async function crawlPages(rootCall: HelpCall, settings: Settings, started: number): Promise<Crawl> {
  const deadline = started + settings.timeoutMs;
  const limit = limiter(settings.concurrency);
  const unread: UnreadCommand[] = [];
  const unreadDetail: string[] = [];
  const inherited: OptionSpec[] = [];
  let call = rootCall;
  let dialect = settings.dialect;
  let pages = 0;
  let known = 1;
  const label = (words: readonly string[]): string => [call.program, ...words].join(' ');
  const read = (words: readonly string[], entry?: SubcommandEntry, parentText?: string) =>
    limit(async () => {
      if (deadline <= performance.now()) return { kind: 'failed', reason: 'time' } as const;
      const result = await fetchPage({ ...call, deadline }, dialect, words, {
        ...(entry !== undefined ? { entry } : {}),
        ...(parentText !== undefined ? { parentText } : {}),
      });
      if (result.kind !== 'page') return result;
      pages += 1;
      settings.onProgress(`crawled ${pages}/${known}: ${label(words)}`);
      if (dialect !== 'git' || !wantsManual(words, result.page)) return result;
      const manual = await manualOptions({ ...call, deadline }, words[0] ?? '');
      if (manual === undefined) unreadDetail.push(label(words));
      return manual === undefined ? result : { ...result, page: withManualOptions(result.page, manual) };
    });

  const root = await read([]);
  if (root.kind !== 'page') {
    const why =
      root.reason === 'not-started' ? (root.message ?? 'it could not be started')
      : root.reason === 'time' ? `it did not answer within ${Math.min(settings.callTimeoutMs, settings.timeoutMs)} ms`
      : 'its --help, -h and help printed nothing that reads as help';
    throw new CliMcpError('cli-mcp.reflection-failed', `Could not read the help of "${label([])}": ${why}.`);
  }
  dialect ??= root.dialect ?? 'gnu';
  call = { ...call, env: { ...call.env, ...(await dialectEnvironment(dialect, call.cwd)) } };
  // `git --help` lists the common commands only; `git help -a` lists the rest.
  const rootPage = dialect === 'git' ? await limit(() => withFullCommandList({ ...call, deadline }, root.page)) : root.page;
  const visit = async (words: readonly string[], page: HelpPage, text: string, depth: number): Promise<Visited> => {
    if (depth > 0) inherited.push(...page.globalOptions);
    let listed = page.subcommands;
    if (depth === 0 && settings.only !== undefined) listed = selectOnly(listed, settings.only);
    if (depth >= settings.maxDepth) {
      unread.push(...listed.map((entry) => ({ command: label([...words, entry.name]), reason: 'depth' as const })));
      return { words, page, children: listed.map((entry) => ({ words: [...words, entry.name], entry, children: [] })) };
    }
    known += listed.length;
    const children = await Promise.all(
      listed.map(async (entry): Promise<Visited> => {
        const childWords = [...words, entry.name];
        const result = await read(childWords, entry, text);
        if (result.kind === 'page') return { ...(await visit(childWords, result.page, result.text, depth + 1)), entry };
        unread.push({ command: label(childWords), reason: result.reason === 'time' ? 'time' : 'unreadable' });
        return { words: childWords, entry, children: [] };
      }),
    );
    return { words, page, children };
  };
  const globalCommand = dialect === 'cobra' ? globalOptionsCommand(root.text) : undefined;
  const [tree] = await Promise.all([
    visit([], rootPage, root.text, 0),
    globalCommand === undefined ? undefined : limit(async () => {
      const page = await fetchListing({ ...call, deadline }, 'cobra', globalCommand);
      if (page !== undefined) inherited.push(...page.globalOptions, ...page.options);
    }),
  ]);
  const globals: Globals = { inherited, rootPage: root.page.globalOptions };
  return { root: tree, globals, dialect, pages, unread: unread.sort((a, b) => a.command.localeCompare(b.command)), unreadDetail: unreadDetail.sort(), rootText: root.text };
}

/** The wanted entries, in listing order, then wanted names the page does not list (git lists only common commands). */
function selectOnly(listed: readonly SubcommandEntry[], only: readonly string[]): SubcommandEntry[] {
  const wanted = new Set(only);
  const picked = listed.filter((entry) => wanted.has(entry.name) || (entry.aliases ?? []).some((alias) => wanted.has(alias)));
  const named = new Set(picked.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]));
  return [...picked, ...only.filter((name) => !named.has(name)).map((name) => ({ name }))];
}

/** How users of a program whose help reads in this dialect type its command lines. */
function conventionsOf(dialect: HelpDialect, rootText: string): ArgvConventions {
  if (dialect === 'cobra') return PARSER_CONVENTIONS.cobra;
  if (dialect === 'git') return PARSER_CONVENTIONS.git;
  if (dialect === 'goflag') return PARSER_CONVENTIONS.goFlag;
  // The catch-all dialect also reads programs with parsers of their own: take values as their help writes them.
  if (dialect === 'gnu') return { ...PARSER_CONVENTIONS.getopt, ...valueFormsOf(rootText) };
  return PARSER_CONVENTIONS.getopt;
}
