/**
 * GNU getopt help (coreutils, grep, tar): `Usage: ls [OPTION]... [FILE]...`, option lines
 * `-a, --all  do not ignore…`, `--block-size=SIZE`, `--color[=WHEN]`, anywhere under any heading.
 * Also commander's and optparse's (pip) layouts, with their `Commands:` lists, terraform-like
 * `Main commands:`, and the fallback for help text no other dialect claims.
 */
import { assemblePage } from './assemble.js';
import { commandEntries, uniqueEntries } from './command-list.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage, ParseContext } from './page.js';
import { findSection, paragraphs, splitHelp, type Section } from './sections.js';
import { optionsFromTokens } from './usage.js';
import { splitPath } from './usage-tokens.js';

const NOT_OPTIONS = /^(examples?|usage|synopsis|description|see also|reporting bugs|author)$/i;
/** `Commands:`, `Main commands:`, `All other commands:`, `Subcommands:`. */
const COMMANDS = /commands$/i;
/** pip's `General Options`: the program's, repeated on every command's page. */
const GLOBAL = /^(general|global) options\b/i;

export function parseGnu(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text);
  const path = context.path ?? (layout.usage[0] === undefined ? undefined : splitPath(layout.usage[0], undefined).path);
  const subcommands = uniqueEntries(layout.sections.filter((section) => COMMANDS.test(section.title)).map((section) => commandEntries(section.lines, path)));
  // A page of a program with commands (its root lists them; a command's page has a longer path) shares its general options.
  const shared = subcommands.length > 0 || (path?.length ?? 0) > 1;
  const isGlobal = (section: Section): boolean => shared && GLOBAL.test(section.title);
  const optionSections = layout.sections.filter((section) => !NOT_OPTIONS.test(section.title) && !COMMANDS.test(section.title));
  let entries = optionSections.filter((section) => !isGlobal(section)).flatMap((section) => optionEntries(section.lines));
  const globalEntries = optionSections.filter(isGlobal).flatMap((section) => optionEntries(section.lines));
  // Some tools list options right under the usage line, with no heading.
  if (entries.length === 0 && globalEntries.length === 0) entries = optionEntries(layout.introLines);
  if (entries.length === 0 && globalEntries.length === 0) entries = layout.usage.flatMap((form) => optionsFromTokens(splitPath(form, context.path).rest).entries);
  // optparse (pip) puts the description under a heading of its own.
  const described = findSection(layout, /^description$/i);
  return assemblePage(
    {
      layout,
      ...(layout.intro === '' && described !== undefined ? { description: paragraphs(described.lines) } : {}),
      options: optionsFromEntries(entries),
      globalOptions: optionsFromEntries(globalEntries),
      subcommands,
      arity: flagArity([...entries, ...globalEntries]),
    },
    context,
  );
}
