/**
 * Reflects a program that is not JavaScript through its help text: runs `<bin> --help`, then the
 * help of every listed subcommand (bounded in depth, time, pages, bytes, commands and parallelism), and
 * assembles the pages into a CommandSpec. The result, partial when a bound was reached, is cached on disk per program build.
 */
import { CliMcpError } from '../../errors.js';
import { childEnvironment, type EnvironmentOptions } from '../../exec/environment.js';
import type { SandboxLevel } from '../../exec/sandbox.js';
import type { CommandSpec, OptionSpec } from '../../types.js';
import { programName, resolveBinary } from './binary.js';
import { CACHE_FORMAT, defaultCacheDir, readCache, readCacheLink, writeCache, writeCacheLink, type CachedHelp, type UnreadCommand } from './cache.js';
import { cheapCrawlKey, crawlKey } from './crawl-key.js';
import { programVersion } from './program-version.js';
import { globalOptionsCommand } from './cobra.js';
import { protocolFlags } from './cobra-merge.js';
import { fetchListing, fetchPage, HELP_ENV, helpSandbox, spawnHelp, type HelpCall } from './fetch-page.js';
import { withFullCommandList } from './git-commands.js';
import { manualOptions, wantsManual, withManualOptions } from './git-manual.js';
import { fullerHelpArgs } from './fuller-help.js';
import { looksLikeHelp, parseHelp } from './parse.js';
import { fishSource } from './fish-completions.js';
import { manPage, pageFromManual, withManPage } from './man-page.js';
import { limiter } from './limit.js';
import { dialectEnvironment, withNeutralDirectory } from './neutral-dir.js';
import type { HelpDialect, HelpPage, SubcommandEntry } from './page.js';
import { assembleSpec, type Globals, type Visited } from './spec-tree.js';
import { cleanSpec } from '../clean-spec.js';
import { withManDatabase } from './man-index.js';
import { crawlBudget, partialWarning, type CrawlBound } from './budget.js';
import { conventionsOf } from './value-form.js';
import { selectOnly } from './command-list.js';

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
}

export interface HelpReflection {
  readonly spec: CommandSpec;
  readonly dialect: HelpDialect;
  /** Help pages read (by the crawl that filled the cache, on a cache hit). */
  readonly pages: number;
  /** The sources read: `help`; `man page` when the program's man page added to it or stood in for it; `fish completions` when fish's spec added options or their choices. */
  readonly sources: readonly string[];
  /** Commands listed but not read, so not exposed. */
  readonly unread: readonly UnreadCommand[];
  /** Commands exposed from their short help alone: the man page that completes it could not be read (no man, or pages not installed). */
  readonly unreadDetail: readonly string[];
  readonly fromCache: boolean;
  readonly durationMs: number;
  /** The program's version, as `--version` prints it (`2.39.5` from `git version 2.39.5`), when it says one. */
  readonly version?: string;
  /** The bounds the crawl reached, when it stopped early: the tree is what was read by then. */
  readonly partial?: readonly CrawlBound[];
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
    // A native binary found under its cheap key is served before any process runs, `--version` included.
    const cheap = settings.cache ? await cheapCrawlKey(call, settings) : undefined;
    const linked = cheap === undefined ? undefined : await readCacheLink(settings.cacheDir, cheap);
    let hit: CachedHelp | undefined = linked === undefined ? undefined : await readCache(settings.cacheDir, linked);
    const keyed = settings.cache && hit === undefined ? await crawlKey(call, settings) : undefined;
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
    const crawl = await crawlPages(call, settings, started);
    const conventions = conventionsOf(crawl.dialect, crawl.rootText);
    // Cleaned before it is cached or returned: help text is the program's to write, not ours to pass on raw.
    const assembled = await withManDatabase(assembleSpec(call.program, crawl.root, crawl.globals, conventions), call);
    const merged = await protocolFlags(assembled, crawl, { ...call, deadline: started + settings.timeoutMs }, settings.concurrency, settings.onProgress);
    const sources = merged === undefined ? crawl.sources : [...crawl.sources, 'completion protocol'];
    const spec: CommandSpec = cleanSpec({ ...(merged?.spec ?? assembled), argv: conventions });
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

type Settings = Required<Omit<ReflectHelpOptions, 'only' | 'dialect' | 'env' | 'sandbox'>> & Pick<ReflectHelpOptions, 'only' | 'dialect' | 'sandbox'>;

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
    cwd: options.cwd ?? process.cwd(),
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.dialect !== undefined ? { dialect: options.dialect } : {}),
  };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

interface Crawl {
  readonly root: Visited;
  readonly globals: Globals;
  readonly dialect: HelpDialect;
  readonly pages: number;
  /** What was read: `help`, `man page`, `fish completions`. */
  readonly sources: readonly string[];
  readonly unread: readonly UnreadCommand[];
  readonly unreadDetail: readonly string[];
  /** The program's own help page, as printed. */
  readonly rootText: string;
  readonly reached: readonly CrawlBound[];
  readonly leftOut: number;
}

/** Reads the root's help, then every listed subcommand's, breadth limited by `limit` and the deadline. */
async function crawlPages(rootCall: HelpCall, settings: Settings, started: number): Promise<Crawl> {
  const budget = crawlBudget(settings, started);
  const deadline = budget.deadline;
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
      const bound = budget.exhausted();
      if (bound !== undefined) return { kind: 'failed', reason: bound } as const;
      budget.begin();
      const result = await fetchPage({ ...call, deadline }, dialect, words, {
        ...(entry !== undefined ? { entry } : {}),
        ...(parentText !== undefined ? { parentText } : {}),
      });
      if (result.kind !== 'page') return result;
      pages += 1;
      budget.spend(result.text.length);
      settings.onProgress(`crawled ${pages}/${known}: ${label(words)}`);
      if (dialect !== 'git' || !wantsManual(words, result.page)) return result;
      const manual = await manualOptions({ ...call, deadline }, words[0] ?? '');
      if (manual === undefined) unreadDetail.push(label(words));
      return manual === undefined ? result : { ...result, page: withManualOptions(result.page, manual) };
    });

  // A root help that names a fuller one (`--help all`, `-h long`) is read in full when that lists more options.
  const fuller = async (first: Awaited<ReturnType<typeof read>>): Promise<Awaited<ReturnType<typeof read>>> => {
    const said = first.kind === 'page' ? [first.text, first.unread] : ['text' in first ? first.text : undefined];
    const args = said.map((text) => (text === undefined ? undefined : fullerHelpArgs(text))).find((found) => found !== undefined);
    if (args === undefined) return first;
    const result = await spawnHelp({ ...call, deadline }, args);
    if ('notStarted' in result || result.timedOut) return first;
    const page = parseHelp(result.text, { path: [call.program], ...(dialect !== undefined ? { dialect } : {}) });
    const more = first.kind === 'page' ? page.options.length > first.page.options.length : looksLikeHelp(page);
    return more ? { kind: 'page', page, text: result.text, dialect: page.dialect } : first;
  };
  const help = await fuller(await read([]));
  // The man page completes a command's help (or stands in for help that reads as none): for a program with no subcommands.
  const manual = help.kind === 'page' && help.page.subcommands.length > 0 ? undefined : await manPage(call.program, call.file, { ...call, timeoutMs: Math.min(call.timeoutMs, Math.max(1, deadline - performance.now())) });
  const manualPage = manual === undefined ? undefined : pageFromManual(manual, [call.program]);
  const root =
    manualPage === undefined ? help
    : help.kind === 'page' ? { ...help, page: withManPage(help.page, manualPage, [call.program]) }
    : ({ kind: 'page', page: manualPage, text: manual ?? '', dialect: 'gnu' } as const);
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
  // `above`: the options of the commands between the root and this one. A child's `Global Flags` that a group above it
  // declares (hugo convert's --output under `hugo convert toJSON`) come from that group, not from the root.
  const fish = fishSource(call.program, call.file);
  const visit = async (words: readonly string[], listedPage: HelpPage, text: string, depth: number, above: ReadonlySet<string> = new Set()): Promise<Visited> => {
    let page = fish?.complete(listedPage, words, depth === 0 ? `${text}\n${manual ?? ''}` : text) ?? listedPage;
    if (depth > 0) inherited.push(...page.globalOptions.filter((option) => !above.has(option.name)));
    const below = depth === 0 ? above : new Set([...above, ...page.options.map((option) => option.name)]);
    let listed = page.subcommands;
    if (depth === 0 && settings.only !== undefined) listed = selectOnly(listed, settings.only);
    const fit = budget.admit(listed.length);
    if (fit < listed.length) {
      listed = listed.slice(0, fit);
      // The page's listing is not kept whole: a wide program must not hold every entry it ever listed.
      page = { ...page, subcommands: listed };
    }
    if (depth < settings.maxDepth) known += listed.length;
    if (depth >= settings.maxDepth) {
      unread.push(...listed.map((entry) => ({ command: label([...words, entry.name]), reason: 'depth' as const })));
      return { words, page, children: listed.map((entry) => ({ words: [...words, entry.name], entry, children: [] })) };
    }
    const children = await Promise.all(
      listed.map(async (entry): Promise<Visited> => {
        const childWords = [...words, entry.name];
        const result = await read(childWords, entry, text);
        if (result.kind === 'page') return { ...(await visit(childWords, result.page, result.text, depth + 1, below)), entry };
        // A call cut by the crawl's own deadline means the time bound was reached: the partial result is cached, marked.
        if (result.reason === 'time') budget.exhausted();
        unread.push({ command: label(childWords), reason: result.reason === 'not-started' ? 'unreadable' : result.reason });
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
  const sources = [...(help.kind === 'page' ? ['help'] : []), ...(manual !== undefined ? ['man page'] : []), ...(fish !== undefined && fish.added + fish.chosen > 0 ? ['fish completions'] : [])];
  return { root: tree, globals, dialect, pages, sources, unread: unread.sort((a, b) => a.command.localeCompare(b.command)), unreadDetail: unreadDetail.sort(), rootText: root.text, reached: budget.reached, leftOut: budget.leftOut };
}
