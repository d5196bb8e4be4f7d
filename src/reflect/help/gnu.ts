/**
 * GNU getopt help (coreutils, grep, tar): `Usage: ls [OPTION]... [FILE]...`, option lines
 * `-a, --all  do not ignore…`, `--block-size=SIZE`, `--color[=WHEN]`, anywhere under any heading.
 * Also the fallback for help text no other dialect claims.
 */
import { assemblePage } from './assemble.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage, ParseContext } from './page.js';
import { splitHelp } from './sections.js';
import { optionsFromTokens } from './usage.js';
import { splitPath } from './usage-tokens.js';

const NOT_OPTIONS = /^(examples?|usage|synopsis|see also|reporting bugs|author)$/i;

export function parseGnu(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text);
  let entries = layout.sections.filter((section) => !NOT_OPTIONS.test(section.title)).flatMap((section) => optionEntries(section.lines));
  // Some tools list options right under the usage line, with no heading.
  if (entries.length === 0) entries = optionEntries(layout.introLines);
  if (entries.length === 0) entries = layout.usage.flatMap((form) => optionsFromTokens(splitPath(form, context.path).rest).entries);
  return assemblePage({ layout, options: optionsFromEntries(entries), subcommands: [], arity: flagArity(entries) }, context);
}
