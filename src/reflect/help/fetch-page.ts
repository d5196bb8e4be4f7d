/**
 * Runs a program's help for one command path and parses it. Each dialect is asked the way its
 * programs answer: `<sub> --help`, git's `<sub> -h`, Go flag's `<sub> -help`, and `help <sub>` when `--help` says nothing.
 */
import { spawnCommand, type CommandOutcome } from '../../exec/spawn-command.js';
import { resolveSandbox, type Sandbox, type SandboxLevel } from '../../exec/sandbox.js';
import type { ExecOutput } from '../../types.js';
import type { HelpDialect, HelpPage, SubcommandEntry } from './page.js';
import { looksLikeHelp, parseHelp } from './parse.js';
import { isCommandToken, isOptionPlace, splitPath, usageText } from './usage-tokens.js';

/** The page a command is listed on, as printed and as read. */
export interface ParentPage {
  readonly text: string;
  readonly page: HelpPage;
}

/** How one help call is made. */
export interface HelpCall {
  readonly file: string;
  readonly program: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** No call runs past this `performance.now()` time. */
  readonly deadline?: number;
  /** Bytes kept of what one call prints (head and tail). @default 524288 */
  readonly maxBytes?: number;
  /** The sandbox of each help call. @default strict, no network (process groups where bwrap does not work) */
  readonly sandbox?: Sandbox | 'none';
  /** What help calls already answered, by their arguments: a lazy crawl reads again from these, and stores those it makes. */
  readonly answers?: HelpAnswers;
}

/** Help calls' output by their arguments (joined with NUL); only calls that ran to their end are kept. */
export type HelpAnswers = Map<string, ExecOutput>;

/**
 * Variables that keep help plain and in English, and pagers out of the way; the rest is the usual allowlist. A Go
 * program's runtime runs on one thread and collects only near 512 MiB: a third less CPU a help call (kubectl 66 → 42 ms).
 * A Python program's sets print in one order (pip's `freeze --all` names one): the same tools at every read.
 */
export const HELP_ENV: Readonly<Record<string, string>> = {
  NO_COLOR: '1',
  TERM: 'dumb',
  LC_ALL: 'C',
  LANG: 'C',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  GOMAXPROCS: '1',
  GOGC: 'off',
  GOMEMLIMIT: '512MiB',
  PYTHONHASHSEED: '0',
};

const helpSandboxes = new Map<SandboxLevel, Sandbox | undefined>();

/** The sandbox help calls run in, resolved once per level: reading help needs no network, writes or credentials. */
export function helpSandbox(level: SandboxLevel = 'strict'): Sandbox | 'none' {
  if (level === 'off') return 'none';
  // The real /tmp stays visible (read-only): a program installed under it (a clone in /tmp) must still run.
  if (!helpSandboxes.has(level)) helpSandboxes.set(level, resolveSandbox({ level, network: false, privateTmp: false }));
  return helpSandboxes.get(level) ?? 'none';
}

export type FetchResult =
  | { readonly kind: 'page'; readonly page: HelpPage; readonly text: string; readonly unread?: string }
  | { readonly kind: 'failed'; readonly reason: 'time' | 'unreadable' | 'not-started'; readonly message?: string; readonly text?: string };

/** Runs exactly `args` and parses what they print (kubectl's `options` lists the global flags). */
export async function fetchListing(call: HelpCall, dialect: HelpDialect, args: readonly string[]): Promise<HelpPage | undefined> {
  const result = await spawnHelp(call, args);
  if ('notStarted' in result || result.timedOut) return undefined;
  return parseHelp(result.text, { path: [call.program, ...args], dialect });
}

/** The argv to try, in order, for the help of `words` (the path after the program). */
export function helpArgvs(dialect: HelpDialect | undefined, words: readonly string[]): string[][] {
  // ImageMagick and X programs spell it with one dash (`identify -help`; `identify --help` opens an image named `--help`).
  if (dialect === undefined) return [['--help'], ['-h'], ['help'], ['-help']];
  if (dialect === 'git') return words.length === 0 ? [['--help']] : [[...words, '-h']];
  if (dialect === 'cobra' || dialect === 'clap') return [[...words, '--help'], ['help', ...words]];
  // Go's flag package spells it with one dash (`terraform fmt -help`).
  if (dialect === 'goflag') return [[...words, '-help']];
  // gsettings reads `list-keys --help` as a schema named `--help`; its `help list-keys` answers.
  return words.length === 0 ? [['--help']] : [[...words, '--help'], ['help', ...words]];
}

/** Runs `args` as every help call runs: in the call's sandbox, within its time and the crawl's deadline (none left: `late`). */
export async function runHelpCall(call: HelpCall, args: readonly string[]): Promise<CommandOutcome | { readonly kind: 'late' }> {
  return answered(call.answers, args.join('\0'), () => spawnHelpCall(call, args));
}

/** The answer kept under `key`, or `spawn`'s, kept when it ran to its end. */
export async function answered<T extends CommandOutcome | { readonly kind: 'late' }>(answers: HelpAnswers | undefined, key: string, spawn: () => Promise<T>): Promise<T | CommandOutcome> {
  const known = answers?.get(key);
  if (known !== undefined) return { kind: 'ran', output: known, aborted: false };
  const outcome = await spawn();
  if (answers !== undefined && outcome.kind === 'ran' && !outcome.output.timedOut && !outcome.aborted) answers.set(key, outcome.output);
  return outcome;
}

async function spawnHelpCall(call: HelpCall, args: readonly string[]): Promise<CommandOutcome | { readonly kind: 'late' }> {
  const timeoutMs = Math.min(call.timeoutMs, Math.ceil((call.deadline ?? Number.POSITIVE_INFINITY) - performance.now()));
  if (timeoutMs <= 0) return { kind: 'late' };
  const chosen = call.sandbox ?? helpSandbox();
  const sandbox = chosen === 'none' ? undefined : chosen;
  return spawnCommand({ file: call.file, args, cwd: call.cwd, env: call.env, timeoutMs, maxOutputBytes: call.maxBytes ?? 512 * 1024, sandbox });
}

/** What a help call printed: stdout, or stderr when stdout is empty (some print help there). */
export async function spawnHelp(call: HelpCall, args: readonly string[]): Promise<{ text: string; timedOut: boolean; exitCode: number | null } | { notStarted: string }> {
  const outcome = await runHelpCall(call, args);
  if (outcome.kind === 'late') return { text: '', timedOut: true, exitCode: null };
  if (outcome.kind === 'not-started') return { notStarted: outcome.message };
  const { stdout, stderr, timedOut, exitCode } = outcome.output;
  return { text: stdout.trim() !== '' ? stdout : stderr, timedOut, exitCode };
}

/** A script's own source printed for its help (ptargrep's pod2usage, when perldoc is missing): code, not help. */
function printsSource(text: string): boolean {
  return /^#!\//m.test(text.split('\n').slice(0, 5).join('\n'));
}

/**
 * Reads the help of `words`. With no dialect yet (the root), the first text that reads as help
 * decides it. A page identical to its parent's text means the program ignored the subcommand.
 */
export async function fetchPage(
  call: HelpCall,
  dialect: HelpDialect | undefined,
  words: readonly string[],
  options: { readonly entry?: SubcommandEntry; readonly parent?: ParentPage } = {},
): Promise<FetchResult & { dialect?: HelpDialect }> {
  const path = [call.program, ...words];
  // The first text that did not read as help: it may say where the help is (qpdf's `Run "qpdf --help=all"`).
  let unread: string | undefined;
  let ignored = false;
  for (const args of helpArgvs(dialect, words)) {
    const result = await spawnHelp(call, args);
    if ('notStarted' in result) return { kind: 'failed', reason: 'not-started', message: result.notStarted };
    if (result.timedOut) return { kind: 'failed', reason: 'time' };
    const parent = options.parent;
    ignored ||= result.text === parent?.text;
    // npm prints `npm cache`'s page for `npm cache add --help` (and a help search for `help cache add`): a command named only
    // by that page's usage forms is read from it, at its path.
    if (ignored && parent !== undefined && options.entry?.fromForms === true) {
      const page = parseHelp(parent.text, { path, ...(dialect !== undefined ? { dialect } : {}) });
      if (looksLikeHelp(page)) return { kind: 'page', page, text: parent.text, dialect: page.dialect };
    }
    if (result.text.trim() === '' || result.text === parent?.text || printsSource(result.text)) continue;
    unread ??= result.text;
    const page = parseHelp(result.text, { path, ...(dialect !== undefined ? { dialect } : {}) });
    // shx's `help cat` prints its own page again, lines changed: its parent's commands listed again are its parent's page.
    if (parent !== undefined && !page.usage.some((form) => formNames(form, path)) && page.subcommands.length > 1 && sameCommands(page, parent.page)) {
      ignored = true;
      continue;
    }
    if (looksLikeHelp(page)) return { kind: 'page', page: withListedOperands(page, path, options.entry, page.dialect), text: result.text, dialect: page.dialect, ...(unread !== result.text && unread !== undefined ? { unread } : {}) };
  }
  // git prints `git remote add`'s usage in `git remote -h`; it stands in when the subcommand's own help fails.
  // systemd-analyze (a parser of its own) prints its own help for `blame --help`: a command it lists is then what its listing says.
  // apt-cache prints its own help for `show --help`, and there writes `apt-cache [options] show pkg1 [pkg2 ...]`.
  const named = ignored && options.parent !== undefined && dialect === 'gnu' ? formsNaming(options.parent.page, path) : [];
  const usage = options.entry?.usage ?? named[0] ?? (ignored && dialect === 'gnu' && options.entry !== undefined ? path.join(' ') : undefined);
  if (usage !== undefined && dialect !== undefined) {
    const page = parseHelp(`usage: ${usage}\n`, { path, dialect });
    if (looksLikeHelp(page)) return { kind: 'page', page: withListedOperands(page, path, options.entry, page.dialect), text: '', dialect };
  }
  return { kind: 'failed', reason: 'unreadable', ...(unread !== undefined ? { text: unread } : {}) };
}

/**
 * A command's page whose usage does not name it (appstreamcli prints `appstreamcli [OPTION…]` for every command)
 * says nothing of its operands: its parent's listing does (`search TERM`).
 */
function withListedOperands<Page extends HelpPage>(page: Page, path: readonly string[], entry: SubcommandEntry | undefined, dialect: HelpDialect): Page {
  if (entry?.usage === undefined || page.usage.some((form) => formNames(form, path))) return page;
  return { ...page, positionals: parseHelp(`usage: ${entry.usage}\n`, { path, dialect }).positionals };
}

/**
 * The parent's usage forms that name the command at `path` (program first): by its word (`apt-cache [options] show pkg1`),
 * else by the command placeholder, the word put in its place (shx's `shx [shx-options] <command> [cmd-options] [cmd-args]`).
 * Where nothing follows the placeholder (`apt-cache [options] command`) and the listing writes no command's operands, the
 * command's are unknown: any go. A listing that writes some (systemd-analyze's `dot [UNIT...]`) says a bare name takes none.
 */
function formsNaming(parentPage: HelpPage, path: readonly string[]): string[] {
  const parent = path.slice(0, -1);
  const forms = parentPage.usage;
  const named = forms.filter((form) => formNames(form, path));
  if (named.length > 0) return named;
  return forms.flatMap((form) => {
    const split = splitPath(form, parent);
    const at = split.rest.findIndex((token) => !isOptionPlace(token));
    const placeholder = split.rest[at];
    if (split.path.length !== parent.length || placeholder === undefined || !isCommandToken(placeholder)) return [];
    const after = usageText(split.rest.slice(at + 1));
    const unknown = after === '' && parentPage.subcommands.every((entry) => entry.usage === undefined);
    return [[...split.path, usageText(split.rest.slice(0, at)), path.at(-1) ?? '', unknown ? '[args...]' : after].filter((part) => part !== '').join(' ')];
  });
}

/** The usage form is the command's at `path` (program first): it writes all of its words. */
function formNames(form: string, path: readonly string[]): boolean {
  return splitPath(form, path).path.length === path.length;
}

/** A page that lists every command its parent lists (and maybe more: shx's `help cat` adds `true` and `false`). */
function sameCommands(page: HelpPage, parent: HelpPage): boolean {
  const names = new Set(page.subcommands.map((entry) => entry.name));
  return parent.subcommands.length > 1 && parent.subcommands.every((entry) => names.has(entry.name));
}
