/**
 * click help: `Usage: prog [OPTIONS] COMMAND [ARGS]...`, an indented description, `Options:` with
 * `-n, --name TEXT`, `--shout / --no-shout`, `[json|yaml]` choices, `[default: x]`, `[required]`,
 * and `Commands:`.
 */
import { assemblePage } from './assemble.js';
import { commandEntries, uniqueEntries } from './command-list.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries, type OptionRules } from './option-spec.js';
import type { HelpPage, ParseContext } from './page.js';
import { splitHelp } from './sections.js';

const RULES: OptionRules = { bracketChoices: true };

export function parseClick(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text, context.path?.[0]);
  const commandSections = layout.sections.filter((section) => /commands/i.test(section.title));
  const entries = layout.sections.filter((section) => !/commands|examples?/i.test(section.title)).flatMap((section) => optionEntries(section.lines));
  return assemblePage(
    {
      layout,
      options: optionsFromEntries(entries, RULES),
      subcommands: uniqueEntries(commandSections.map((section) => commandEntries(section.lines))),
      arity: flagArity(entries, RULES),
    },
    context,
  );
}
