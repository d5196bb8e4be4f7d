/**
 * Reads a program's help pages: the root's, then those of the listed commands a crawl wants (every one down to
 * maxDepth, or for a lazy crawl only those on the paths asked for; the others are kept as pending entries),
 * bounded in time, pages, bytes and commands, with at most `concurrency` help calls at once.
 */
import { CliMcpError } from '../../errors.js';
import type { CommandSpec, OptionSpec } from '../../types.js';
import { cleanSpec, withoutDirectory } from '../clean-spec.js';
import type { CachedHelp, UnreadCommand } from './cache.js';
import { globalOptionsCommand } from './cobra.js';
import { fetchListing, fetchPage, spawnHelp, type HelpCall, type ParentPage } from './fetch-page.js';
import { withFullCommandList } from './git-commands.js';
import { manualOptions, wantsManual, withManualOptions } from './git-manual.js';
import { fullerHelpArgs } from './fuller-help.js';
import { looksLikeHelp, parseHelp } from './parse.js';
import { fishSource } from './fish-completions.js';
import { installedName, manPage, pageFromManual, withManPage } from './man-page.js';
import { limiter } from './limit.js';
import { dialectEnvironment, NEUTRAL_DIRECTORY } from './neutral-dir.js';
import type { HelpDialect, HelpPage, SubcommandEntry } from './page.js';
import { assembleSpec, type Globals, type Visited } from './spec-tree.js';
import { withManDatabase } from './man-index.js';
import { protocolFlags } from './cobra-merge.js';
import { conventionsOf } from './value-form.js';
import { crawlBudget, type CrawlBound, type CrawlLimits } from './budget.js';
import { selectOnly } from './command-list.js';
import { isOptionsPlaceholder, splitPath } from './usage-tokens.js';

/** What a crawl of the pages is told. */
export interface CrawlSettings extends CrawlLimits {
  readonly maxDepth: number;
  readonly callTimeoutMs: number;
  readonly concurrency: number;
  readonly onProgress: (message: string) => void;
  readonly only?: readonly string[];
  readonly dialect?: HelpDialect;
  /** Which listed commands are read (their words after the program); the others are pending. @default every one */
  readonly wanted?: (words: readonly string[]) => boolean;
}

export interface Crawl extends Pick<CachedHelp, 'dialect' | 'pages' | 'sources' | 'unread' | 'unreadDetail'> {
  readonly root: Visited;
  readonly globals: Globals;
  /** The program's own help page, as printed. */
  readonly rootText: string;
  readonly reached: readonly CrawlBound[];
  readonly leftOut: number;
}

/** A crawl and the spec it makes: pages assembled, the man database's lines, cobra's protocol flags (unless `protocol` is false), cleaned. */
export async function crawlSpec(call: HelpCall, settings: CrawlSettings, started: number, { protocol = true }: { readonly protocol?: boolean } = {}): Promise<{ readonly crawl: Crawl; readonly spec: CommandSpec; readonly sources: readonly string[] }> {
  const crawl = await crawlPages(call, settings, started);
  const conventions = conventionsOf(crawl.dialect, crawl.rootText);
  // Cleaned before it is cached or returned: help text is the program's to write, not ours to pass on raw.
  const assembled = await withManDatabase(assembleSpec(call.program, crawl.root, crawl.globals, conventions), call);
  const merged = protocol ? await protocolFlags(assembled, crawl, { ...call, deadline: started + settings.timeoutMs }, settings.concurrency, settings.onProgress) : undefined;
  const sources = merged === undefined ? crawl.sources : [...crawl.sources, 'completion protocol'];
  return { crawl, spec: withoutDirectory(cleanSpec({ ...(merged?.spec ?? assembled), argv: conventions }), NEUTRAL_DIRECTORY), sources };
}

/** Reads the root's help, then each wanted listed subcommand's, breadth limited by `limit` and the deadline. */
export async function crawlPages(rootCall: HelpCall, settings: CrawlSettings, started: number): Promise<Crawl> {
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
  const read = (words: readonly string[], entry?: SubcommandEntry, parent?: ParentPage) =>
    limit(async () => {
      const bound = budget.exhausted();
      if (bound !== undefined) return { kind: 'failed', reason: bound } as const;
      budget.begin();
      const result = await fetchPage({ ...call, deadline }, dialect, words, {
        ...(entry !== undefined ? { entry } : {}),
        ...(parent !== undefined ? { parent } : {}),
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
  // The man page completes a command's help (or stands in for help that reads as none): for a program with no subcommands,
  // or one whose help lists no options at all (apt-cache's are in its manual, and go before or after its command).
  // Its usage must say it takes options (`apt-cache [options] command`; gio's `gio COMMAND [ARGS…]` does not: its manual's are
  // its commands'), and not in cobra's help (rclone lists its global flags in `rclone help flags`; its manual is a book).
  const optionless = help.kind === 'page' && help.dialect === 'gnu' && help.page.options.length === 0 && help.page.globalOptions.length === 0 && namesOptions(help.page, call.program);
  const manual = help.kind === 'page' && help.page.subcommands.length > 0 && !optionless ? undefined : await manPage(call.program, call.file, { ...call, timeoutMs: Math.min(call.timeoutMs, Math.max(1, deadline - performance.now())) });
  const manualPage = manual === undefined ? undefined : pageFromManual(manual, [call.program], installedName(call.file));
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
    if (depth < settings.maxDepth) known += listed.filter((entry) => settings.wanted?.([...words, entry.name]) !== false).length;
    if (depth >= settings.maxDepth) {
      unread.push(...listed.map((entry) => ({ command: label([...words, entry.name]), reason: 'depth' as const })));
      return { words, page, children: listed.map((entry) => ({ words: [...words, entry.name], entry, children: [] })) };
    }
    const children = await Promise.all(
      listed.map(async (entry): Promise<Visited> => {
        const childWords = [...words, entry.name];
        // Listed only, read when asked for: its name and line are all a lazy crawl serves until then.
        if (settings.wanted?.(childWords) === false) return { words: childWords, entry, children: [], pending: true };
        const result = await read(childWords, entry, { text, page });
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

/** A usage form of the program writes where its options go: `apt-cache [options] command`. */
function namesOptions(page: HelpPage, program: string): boolean {
  return page.usage.some((form) => splitPath(form, [program]).rest.some(isOptionsPlaceholder));
}
