/**
 * cobra/pflag help (kubectl, docker, gh, helm): `Usage:` on its own line, `Flags:`/`Options:`,
 * `Global Flags:`, `Available Commands:` or any `… Commands:` heading, `Examples:`. Also kubectl's
 * own layout: `    -A, --all-namespaces=false:` with the description on the next line.
 */
import { assemblePage } from './assemble.js';
import { commandEntries, uniqueEntries } from './command-list.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries, type OptionRules } from './option-spec.js';
import type { HelpPage, ParseContext } from './page.js';
import { splitHelp } from './sections.js';

const RULES: OptionRules = { pflag: true };
/** Inherited flags: cobra's `Global Flags`, gh's `INHERITED FLAGS`, `kubectl options`' heading. */
const GLOBAL = /global|inherited|passed to any command/i;
const OPTIONS = /flags|options/i;
const COMMANDS = /commands\b/i;

export function parseCobra(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text, context.path?.[0]);
  const optionSections = layout.sections.filter((section) => OPTIONS.test(section.title) && !COMMANDS.test(section.title));
  const local = optionSections.filter((section) => !GLOBAL.test(section.title)).flatMap((section) => optionEntries(section.lines));
  const global = optionSections.filter((section) => GLOBAL.test(section.title)).flatMap((section) => optionEntries(section.lines));
  const subcommands = uniqueEntries(
    layout.sections
      .filter((section) => COMMANDS.test(section.title) && !/help topics/i.test(section.title))
      .map((section) => commandEntries(section.lines)),
  );
  return assemblePage(
    {
      layout,
      options: optionsFromEntries(local, RULES),
      globalOptions: optionsFromEntries(global, RULES),
      subcommands,
      arity: flagArity([...local, ...global], RULES),
      passthrough: true,
    },
    context,
  );
}

/** kubectl prints its global options with `kubectl options`, and says so on every page. */
export function globalOptionsCommand(text: string): string[] | undefined {
  return /Use "\S+ options" for a list of global/i.test(text) ? ['options'] : undefined;
}
