/**
 * git's help: `git --help` (usage with global options, commands grouped under headings),
 * `git <cmd> -h` (usage forms, options under no heading or under `… options`, `--[no-]x`),
 * and `git help <cmd>` man text (NAME, SYNOPSIS, OPTIONS).
 */
import type { OptionSpec } from '../../types.js';
import { assemblePage } from './assemble.js';
import { commandEntries, uniqueEntries } from './command-list.js';
import { splitManEntries } from './man-entries.js';
import { optionEntries, type OptionEntry } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage, ParseContext, SubcommandEntry } from './page.js';
import { splitHelp, type HelpLayout } from './sections.js';
import { optionsFromTokens } from './usage.js';
import { isOptionToken, splitPath, type UsageToken } from './usage-tokens.js';

const MAN = /^(NAME|SYNOPSIS|DESCRIPTION|OPTIONS)$/;
/** Where a man page lists options: OPTIONS, and log's and show's diff options under DIFF FORMATTING. */
const MAN_OPTIONS = /OPTIONS|^DIFF FORMATTING$/;

export function parseGit(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text);
  if (layout.sections.some((section) => section.title === 'NAME')) return parseManual(layout, context);
  const path = context.path ?? splitPath(layout.usage[0] ?? '', undefined).path;
  const pathContext = { ...context, path };
  const { own, subcommands } = splitSubcommandForms(layout.usage, path);
  // Only the program's own `<command> [<args>]`: `--setup <command>` or `foreach <command>` take a shell command, not a subcommand.
  const listsCommands = layout.usage.some((form) => /<command> \[<args>\]/.test(form));
  const listed = listsCommands ? uniqueEntries(layout.sections.map((section) => commandEntries(section.lines))) : [];
  let entries: OptionEntry[] = [...optionEntries(layout.introLines), ...layout.sections.flatMap((section) => optionEntries(section.lines))];
  // `git --help` prints its options only in the usage line.
  if (entries.length === 0) entries = own.flatMap((form) => optionsFromTokens(splitPath(form, path).rest).entries);
  const options = optionsFromEntries(entries);
  return assemblePage(
    {
      layout,
      forms: own,
      // `git [-C <path>] … <command>`: the program's options are every command's options.
      options: listsCommands ? [] : options,
      globalOptions: listsCommands ? options : [],
      subcommands: uniqueEntries([listed, subcommands]),
      arity: flagArity(entries),
      description: '', // `-h` pages have none; the parent's listing supplies it
    },
    pathContext,
  );
}

/**
 * Separates `git remote add …` from `git remote [-v]`: a form whose first word after the path
 * (options aside) is a plain lowercase word belongs to that subcommand.
 */
function splitSubcommandForms(forms: readonly string[], path: readonly string[]): { own: string[]; subcommands: SubcommandEntry[] } {
  const own: string[] = [];
  const subcommands: SubcommandEntry[] = [];
  for (const form of forms) {
    const split = splitPath(form, path);
    if (split.path.length !== path.length) continue; // `git show …` printed by `git log -h`
    const word = firstPlainWord(split.rest);
    if (word === undefined) own.push(form);
    else if (!subcommands.some((entry) => entry.name === word)) subcommands.push({ name: word, usage: form });
  }
  return { own, subcommands };
}

function firstPlainWord(tokens: readonly UsageToken[]): string | undefined {
  const token = tokens.find((candidate) => !isOptionToken(candidate));
  return token?.kind === 'word' && !token.repeat && /^[a-z][a-z0-9-]*$/.test(token.text) ? token.text : undefined;
}

/** `git help <cmd>`: the man page. */
function parseManual(layout: HelpLayout, context: ParseContext): HelpPage {
  const nameLine = layout.sections.find((section) => section.title === 'NAME')?.lines.join(' ').trim() ?? '';
  const synopsis = layout.usage;
  const path = context.path ?? splitPath(synopsis[0] ?? '', undefined).path;
  const entries = splitManEntries(layout.sections.filter((section) => MAN_OPTIONS.test(section.title)).flatMap((section) => optionEntries(section.lines)));
  const options: OptionSpec[] = optionsFromEntries(entries).map((option) => ({
    ...option,
    ...(option.description !== undefined ? { description: firstParagraph(option.description) } : {}),
  }));
  const description = /\s-\s(.*)$/.exec(nameLine)?.[1];
  return assemblePage(
    {
      layout: { ...layout, sections: layout.sections.filter((section) => !MAN.test(section.title) || section.title === 'OPTIONS') },
      options,
      subcommands: [],
      arity: flagArity(entries),
      ...(description !== undefined ? { description } : {}),
    },
    { ...context, path },
  );
}

/** Man descriptions run on for paragraphs; a tool description needs the first sentences. */
function firstParagraph(text: string): string {
  return text.length <= 400 ? text : `${text.slice(0, 400).replace(/\s+\S*$/, '')} …`;
}
