/**
 * Oracle (a), option coverage: every option a page documents is an option of the tools, by any of its
 * spellings. A program's own help and man pages are checked against all its tools; a command's help
 * page against that command's tool. Help and version switches are left out (isHelpOrVersion).
 */
import type { OptionSpec } from '../../../src/types.js';
import type { ToolDefinition } from '../../../src/tool/definition.js';
import { documentedOptions, isHelpOrVersion, mergeBySpelling, type DocumentedOption } from './documented-options.js';
import type { Page } from './pages.js';

export interface MissingOption {
  /** The spellings the page gives it. */
  readonly tokens: readonly string[];
  /** The page that documents it (`rsync --help`, `man rsync`). */
  readonly page: string;
  readonly line: string;
}

export interface CoverageResult {
  readonly documented: number;
  readonly covered: number;
  readonly missing: readonly MissingOption[];
  /** Help and version switches the oracle left out, as documented. */
  readonly leftOut: readonly string[];
  /** Documented options covered by an option a source beside help gave (`man page`: 12). */
  readonly coveredBy?: Readonly<Record<string, number>>;
}

/** Every spelling a tool's options answer to: flags, aliases and negations. */
export function spellings(options: readonly OptionSpec[]): Set<string> {
  const all = new Set<string>();
  for (const option of options) for (const token of [option.flag, option.negation, ...(option.aliases ?? [])]) if (token) all.add(token);
  return all;
}

/** `-Tsvg` documented as `-Tformat`: covered by a one-letter option that takes a value, attached. */
function valuedShorts(options: readonly OptionSpec[]): Set<string> {
  const shorts = new Set<string>();
  for (const option of options) {
    if (option.type === 'boolean') continue;
    for (const token of [option.flag, ...(option.aliases ?? [])]) if (token && /^-[^-]$/.test(token)) shorts.add(token);
  }
  return shorts;
}

function isCovered(doc: DocumentedOption, names: Set<string>, shorts: Set<string>): boolean {
  return doc.tokens.some((token) => names.has(token) || (/^-[^-]./.test(token) && shorts.has(token.slice(0, 2))));
}

/** The source beside help of the option covering `doc` by one of its spellings, if one gave it. */
function coveringSource(doc: DocumentedOption, options: readonly OptionSpec[]): string | undefined {
  const covering = options.find((option) => [...spellings([option])].some((token) => doc.tokens.includes(token)));
  return covering?.source;
}

/** Every option spelling the pages document, as this oracle reads them. */
export function documentedSpellings(pages: readonly Page[]): Set<string> {
  return new Set(pages.flatMap((page) => documentedOptions(page.text).flatMap((doc) => doc.tokens)));
}

/** The spellings some page documents with a value (`--cachepath=PATH`, `-o FILE`, `--color[=WHEN]`). */
export function documentedWithValue(pages: readonly Page[]): Set<string> {
  return new Set(pages.flatMap((page) => documentedOptions(page.text).filter((doc) => doc.value !== 'none').flatMap((doc) => doc.tokens)));
}

/** The tool a page's command words name; undefined when none does. */
export function toolFor(tools: readonly ToolDefinition[], words: readonly string[]): ToolDefinition | undefined {
  return tools.find((tool) => tool.command.path.length === words.length + 1 && tool.command.path.slice(1).every((word, i) => word === words[i]));
}

export function optionCoverage(pages: readonly Page[], tools: readonly ToolDefinition[]): CoverageResult {
  const everyOption = tools.flatMap((tool) => tool.command.options);
  const leftOut = new Set<string>();
  const documented = (page: Page) =>
    mergeBySpelling(documentedOptions(page.text)).filter((doc) => {
      if (isHelpOrVersion(doc)) doc.tokens.forEach((token) => leftOut.add(token));
      return !isHelpOrVersion(doc);
    });
  const entries: Array<{ doc: DocumentedOption; page: string; ok: boolean; options: readonly OptionSpec[] }> = [];
  // The program's own pages document options of any of its commands: checked against every tool, each option once.
  const wide: Array<{ doc: DocumentedOption; page: string }> = [];
  for (const page of pages.filter((one) => toolOfPage(tools, one) === undefined)) {
    for (const doc of documented(page)) {
      // `-i` and `--interactive` as two help entries, then `-i, --interactive` in the man page: one option.
      const same = wide.filter((entry) => entry.doc.tokens.some((token) => doc.tokens.includes(token)));
      if (same.length === 0) {
        wide.push({ doc, page: page.how });
        continue;
      }
      const [first, ...rest] = same;
      first!.doc = { ...first!.doc, tokens: [...new Set([...same.flatMap((entry) => entry.doc.tokens), ...doc.tokens])] };
      for (const merged of rest) wide.splice(wide.indexOf(merged), 1);
    }
  }
  const all = { names: spellings(everyOption), shorts: valuedShorts(everyOption) };
  for (const { doc, page } of wide) entries.push({ doc, page, ok: isCovered(doc, all.names, all.shorts), options: everyOption });
  // A command's own help page documents that command's options: checked against its tool alone.
  for (const page of pages) {
    const tool = toolOfPage(tools, page);
    if (!tool) continue;
    const own = { names: spellings(tool.command.options), shorts: valuedShorts(tool.command.options) };
    for (const doc of documented(page)) entries.push({ doc, page: page.how, ok: isCovered(doc, own.names, own.shorts), options: tool.command.options });
  }
  const missing = entries.filter((entry) => !entry.ok).map(({ doc, page }) => ({ tokens: doc.tokens, page, line: doc.line }));
  const coveredBy: Record<string, number> = {};
  for (const entry of entries) {
    const source = entry.ok ? coveringSource(entry.doc, entry.options) : undefined;
    if (source !== undefined) coveredBy[source] = (coveredBy[source] ?? 0) + 1;
  }
  return { documented: entries.length, covered: entries.length - missing.length, missing, leftOut: [...leftOut].sort(), coveredBy };
}

/** The tool a command's own page (`gh pr create --help`, `man git-commit`) belongs to; the program's own pages belong to none. */
export function toolOfPage(tools: readonly ToolDefinition[], page: Page): ToolDefinition | undefined {
  return page.words.length > 0 ? toolFor(tools, page.words) : undefined;
}
