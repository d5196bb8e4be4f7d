/**
 * Rust clap help, v4 (`Usage: prog [OPTIONS] <FILE>`, `Arguments:`, `Options:`, `Commands:`,
 * custom headings) and v2/v3 (`USAGE:`, `ARGS:`, `FLAGS:`, `OPTIONS:`, `SUBCOMMANDS:`), with
 * `[default: x]`, `[possible values: a, b]`, `[env: X=]`, `-v, --verbose...`, `--x [<V>]`.
 */
import type { PositionalSpec } from '../../types.js';
import { assemblePage, ownForms } from './assemble.js';
import { commandEntries, uniqueEntries } from './command-list.js';
import { choicesIn, defaultIn, typedDefault, typeOfMetavar } from './infer.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage, ParseContext } from './page.js';
import { splitHelp, type Section } from './sections.js';
import { optionsFromTokens, positionalName } from './usage.js';

const ARGUMENTS = /^(arguments|args)$/i;
/** `Commands:`, clap 2's `SUBCOMMANDS:`, bpaf's `Available commands:` (biome). */
const COMMANDS = /^((available )?commands|subcommands)$/i;

export function parseClap(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text, context.path?.[0]);
  // A flag outside brackets is required, unless other forms show ways without it.
  const forms = ownForms(layout.usage, context);
  const required = new Set(forms.length === 1 ? forms.flatMap((form) => optionsFromTokens(form.rest).required) : []);
  const optionSections = layout.sections.filter((section) => !ARGUMENTS.test(section.title) && !COMMANDS.test(section.title) && !/^examples?$/i.test(section.title));
  const entries = optionSections.flatMap((section) => optionEntries(section.lines));
  const options = optionsFromEntries(entries).map((option) =>
    option.flag !== undefined && required.has(option.flag) ? { ...option, required: true } : option,
  );
  const argumentSection = layout.sections.find((section) => ARGUMENTS.test(section.title));
  return assemblePage(
    {
      layout,
      options,
      subcommands: uniqueEntries(layout.sections.filter((section) => COMMANDS.test(section.title)).map((section) => commandEntries(section.lines))),
      ...(argumentSection !== undefined ? { positionals: argumentsOf(argumentSection) } : {}),
      arity: flagArity(entries),
    },
    context,
  );
}

/** `  <FILE>...  Files to read [default: -]`, `  [NAME]  Who to greet`. */
function argumentsOf(section: Section): PositionalSpec[] {
  const out: PositionalSpec[] = [];
  let optional = false;
  // Argument lines are laid out like option lines; a dash in front lets the option reader take them.
  for (const entry of optionEntries(section.lines.map((line) => line.replace(/^(\s*)([<[])/, '$1-$2')))) {
    const token = entry.spec.replace(/^-/, '');
    const match = /^([<[])([^>\]]+)[>\]]+(\.\.\.)?$/.exec(token);
    if (!match) continue;
    optional ||= match[1] === '[';
    const type = typeOfMetavar(match[2] ?? '') ?? 'string';
    const choices = choicesIn(entry.description);
    const fallback = typedDefault(defaultIn(entry.description), type === 'boolean' ? 'string' : type);
    out.push({
      name: positionalName(match[2] ?? ''),
      ...(entry.description !== '' ? { description: entry.description } : {}),
      type: type === 'boolean' ? 'string' : type,
      required: !optional,
      variadic: match[3] !== undefined,
      ...(choices !== undefined ? { choices } : {}),
      ...(fallback !== undefined ? { default: fallback } : {}),
    });
    if (match[3] !== undefined) break;
  }
  return out;
}
