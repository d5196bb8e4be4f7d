/**
 * A lazy help crawl: the program's own page (and what lists its commands) first, each listed command read when
 * it is asked for. Every help call's answer is kept with the paths read, in one cache entry beside the full
 * crawl's, so a later read, and the next start, run only the calls not made yet; each read is the full crawl's
 * pipeline over the pages read so far, so a command read lazily is the command a full crawl makes of those pages.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sandbox } from '../../exec/sandbox.js';
import type { CommandSpec, ExecOutput, ReadCommand } from '../../types.js';
import { showsCobraCompletion } from './cobra-protocol.js';
import { CACHE_FORMAT, writeCacheLink, writeJsonAtomically } from './cache.js';
import { crawlSpec, type Crawl, type CrawlSettings } from './crawl-pages.js';
import type { HelpReflection } from './help-reflection.js';
import type { HelpAnswers } from './fetch-page.js';
import { withNeutralDirectory } from './neutral-dir.js';

/** What a lazy crawl starts from. */
export interface LazyStart {
  readonly file: string;
  readonly program: string;
  readonly env: Readonly<Record<string, string>>;
  readonly sandbox: Sandbox | 'none';
  readonly settings: CrawlSettings & { readonly maxPageBytes: number; readonly cacheDir: string };
  /** Where its entry is cached; none: nothing is cached. */
  readonly key?: string;
  /** The key a native binary is found under without running it. */
  readonly cheap?: string;
  readonly version?: string;
  /** Help calls already answered this start (the program's own page, asked for beside `--version`). */
  readonly answered?: HelpAnswers;
}

/** A lazy crawl's cache entry: the paths read, and the answer of every help call made for them. */
export interface LazyEntry {
  readonly format: number;
  readonly binary: string;
  readonly version?: string;
  readonly read: readonly (readonly string[])[];
  /** Paths read with every command below them (`[]`: the whole tree). */
  readonly below?: readonly (readonly string[])[];
  readonly answers: readonly (readonly [string, ExecOutput])[];
  /** The tree the latest crawl made of the pages read, and the paths it read: a start whose paths are these serves it without parsing a page. */
  readonly tree?: LazyTree;
}

/** A crawl's outcome as a lazy read keeps it: the tree, and what its reads and the start report. */
interface LazyRead {
  readonly spec: CommandSpec;
  readonly sources: readonly string[];
  readonly crawl: Pick<Crawl, 'dialect' | 'pages' | 'unread' | 'unreadDetail' | 'reached'>;
}

interface LazyTree extends LazyRead {
  readonly read: readonly (readonly string[])[];
  readonly below: readonly (readonly string[])[];
}

/** The lazy entry under `key`, or undefined when there is none or it is damaged. */
export async function readLazyEntry(dir: string, key: string): Promise<LazyEntry | undefined> {
  try {
    const value = JSON.parse(await readFile(join(dir, `${key}.lazy.json`), 'utf8')) as Partial<LazyEntry>;
    return value.format === CACHE_FORMAT && typeof value.binary === 'string' && Array.isArray(value.read) && (value.below === undefined || Array.isArray(value.below)) && Array.isArray(value.answers) ? (value as LazyEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the program's page (from the entry's answers when it has them) and returns the tree with its commands pending, and the reader of each. */
export async function lazyReflection(start: LazyStart, entry: LazyEntry | undefined, started: number): Promise<HelpReflection & { readonly reader: ReadCommand }> {
  const { settings } = start;
  const answers: HelpAnswers = new Map([...(start.answered ?? []), ...(entry?.answers ?? [])]);
  const read: (readonly string[])[] = [...(entry?.read ?? [])];
  const below: (readonly string[])[] = [...(entry?.below ?? [])];
  const version = start.version ?? entry?.version;
  // Read: a command on the way to a path read (or one), or anywhere below a path read with all below it.
  const under = (paths: readonly (readonly string[])[], words: readonly string[]): boolean => paths.some((path) => words.every((word, index) => path[index] === word));
  const within = (paths: readonly (readonly string[])[], words: readonly string[]): boolean => paths.some((path) => path.every((word, index) => words[index] === word));
  // cobra's protocol is asked once a command is read: a start lists names and lines only.
  let asked = read.length + below.length > 0;
  // The paths the latest crawl read: reads asked together are read in one crawl, the first one after them.
  let crawled = { read: [...read], below: [...below] };
  const crawlPaths = (paths: typeof crawled, onProgress: (message: string) => void) => {
    const wanted = (words: readonly string[]) => under(paths.read, words) || within(paths.below, words);
    return withNeutralDirectory((neutral) =>
      crawlSpec({ file: start.file, program: start.program, cwd: neutral, env: start.env, timeoutMs: settings.callTimeoutMs, maxBytes: settings.maxPageBytes, sandbox: start.sandbox, answers }, { ...settings, onProgress, wanted }, performance.now(), { protocol: asked }),
    );
  };
  const crawlOnce = async (onProgress: (message: string) => void): Promise<LazyRead> => {
    const paths = { read: [...read], below: [...below] };
    const { spec, sources, crawl } = await crawlPaths(paths, onProgress);
    crawled = paths;
    const { dialect, pages, unread, unreadDetail, reached } = crawl;
    return { spec: asked ? spec : withRootPending(spec, crawl), sources, crawl: { dialect, pages, unread, unreadDetail, reached } };
  };
  const store = async (): Promise<void> => {
    if (start.key === undefined) return;
    const tree: LazyTree = { ...latest, ...crawled };
    const value: LazyEntry = { format: CACHE_FORMAT, binary: start.file, ...(version === undefined ? {} : { version }), read, ...(below.length === 0 ? {} : { below }), answers: [...answers], tree };
    const failure = await writeJsonAtomically(settings.cacheDir, `${start.key}.lazy.json`, value);
    if (failure !== undefined) settings.onProgress(`could not write the help cache: ${failure.message}`);
    else if (start.cheap !== undefined) await writeCacheLink(settings.cacheDir, start.cheap, start.key);
  };
  // Stored when a call ran that the entry does not hold (a start without an entry stores what it ran, the page asked for beside `--version` too).
  const known = entry === undefined ? 0 : answers.size;
  const kept = entry?.tree !== undefined && samePaths(entry.tree, { read, below }) ? entry.tree : undefined;
  if (kept !== undefined) crawled = { read: [...kept.read], below: [...kept.below] };
  let latest: LazyRead = kept ?? (await crawlOnce(settings.onProgress));
  if (answers.size > known || kept === undefined) await store();
  // One crawl at a time: each reads over the tree the one before it left.
  let queue: Promise<unknown> = Promise.resolve();
  // Reads of everything below a path asked for and not done: a command asked for meanwhile is read beside them.
  let wholeReads = 0;
  const readBeside = async (words: readonly string[]) => {
    asked = true;
    // The pages read before, and its own: the caller gets this tree, and the tree of the reads in line stays the one kept.
    const done = await crawlPaths({ read: [...read], below: [...crawled.below] }, () => {});
    await store();
    const failure = failureOf(done.crawl, start.program, words);
    return { spec: done.spec, ...(failure === undefined ? {} : { failure }) };
  };
  const reader: ReadCommand = (words, { below: all = false } = {}) => {
    // A prefix of a path read was read with it (the root too, once the protocol is asked), and all below a path read so.
    const covered = (paths: typeof crawled) => within(paths.below, words) || (!all && under(paths.read, words));
    const beside = !all && wholeReads > 0 && !covered(crawled);
    // Beside a whole read, the path is its own: the reads below a path still under way do not hold it yet.
    if (!covered({ read, below: beside ? crawled.below : below })) (all ? below : read).push([...words]);
    if (beside) return readBeside(words);
    if (all) wholeReads += 1;
    const next = queue.then(async () => {
      if (!covered(crawled) || !asked) {
        asked = true;
        latest = await crawlOnce(() => {});
        await store();
      }
      const failure = failureOf(latest.crawl, start.program, words);
      return { spec: latest.spec, ...(failure === undefined ? {} : { failure }) };
    });
    queue = next.catch(() => {});
    if (all) void queue.then(() => (wholeReads -= 1));
    return next;
  };
  const { crawl, spec, sources } = latest;
  return {
    spec,
    dialect: crawl.dialect,
    pages: crawl.pages,
    sources,
    unread: crawl.unread,
    unreadDetail: crawl.unreadDetail,
    fromCache: entry !== undefined,
    durationMs: Math.round(performance.now() - started),
    ...(crawl.reached.length > 0 ? { partial: crawl.reached } : {}),
    ...(version === undefined ? {} : { version }),
    reader,
  };
}

/** Whether two sets of read paths are the same, in the same order. */
function samePaths(a: Pick<LazyTree, 'read' | 'below'>, b: Pick<LazyTree, 'read' | 'below'>): boolean {
  return JSON.stringify([a.read, a.below]) === JSON.stringify([b.read, b.below]);
}

/** A runnable root of a program that may answer cobra's protocol stays pending until the protocol is asked: it may change its flags. */
function withRootPending(spec: CommandSpec, crawl: Crawl): CommandSpec {
  const cobra = crawl.dialect === 'cobra' || showsCobraCompletion(crawl.rootText);
  return cobra && spec.runnable ? { ...spec, pending: true } : spec;
}

const WHY: Readonly<Record<string, string>> = {
  unreadable: 'its help printed nothing that reads as help',
  time: 'its help did not answer in time',
  depth: 'it is deeper than the crawl reads',
};

/** Why `words`' command (or a group above it) could not be read, when it could not. */
function failureOf(crawl: Pick<Crawl, 'unread'>, program: string, words: readonly string[]): string | undefined {
  const label = [program, ...words].join(' ');
  const unread = crawl.unread.find((item) => label === item.command || label.startsWith(`${item.command} `));
  if (unread === undefined) return undefined;
  return `Could not read the help of "${unread.command}": ${WHY[unread.reason] ?? `the crawl reached its ${unread.reason} limit`}.`;
}
