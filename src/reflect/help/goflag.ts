/**
 * Help of programs built on Go's `flag` package (terraform, HashiCorp tools): one-dash long options
 * (`-chdir=DIR`, `-auto-approve`, `-refresh=false`, `-var 'foo=bar'`, flag's own `-n int`),
 * `Main commands:` / `Subcommands:` lists, and `Global options` that stand before the subcommand.
 */
import type { OptionSpec, ValueType } from '../../types.js';
import { assemblePage } from './assemble.js';
import { commandEntries, uniqueEntries } from './command-list.js';
import { choicesIn, defaultIn, pflagType, typedDefault, typeOfMetavar, typeOfValue, unquote } from './infer.js';
import { optionEntries, type OptionEntry } from './option-entries.js';
import { optionFromEntry } from './option-spec.js';
import type { HelpPage, ParseContext } from './page.js';
import { splitHelp } from './sections.js';

const NOT_OPTIONS = /^(examples?|usage|synopsis|see also)$/i;
const COMMANDS = /commands$/i;
/** terraform's `Global options (use these before the subcommand, if any)`. */
const GLOBAL = /^global (options|flags)\b/i;
/** `-name`, `-name=VALUE`, `-name 'foo=bar'`, `-name string`. */
const SPEC = /^-([A-Za-z0-9][\w.-]*)(?:=(\S+)|\s+(\S.*))?$/;
/** "Use this option more than once", "can be specified multiple times". */
const REPEATABLE = /\b(more than once|multiple times)\b/i;

/** Go's flag prints `-x=false` for a switch that is on unless turned off, `-x=true` for one on by default. */
function isBooleanLiteral(text: string): boolean {
  return text === 'true' || text === 'false';
}

/** A default stated in the description: `Defaults to 10.`, `defaults to "tests"`, flag's `(default 10)`. */
function statedDefault(description: string): string | undefined {
  const said = /\bdefaults? to ("[^"]*"|-?\d+(?:\.\d+)?[a-z]*|true|false)(?=[\s.,;)]|$)/i.exec(description)?.[1];
  return said === undefined ? defaultIn(description) : unquote(said);
}

/** The option one printed entry declares, or undefined for help/version switches and unreadable specs. */
export function goFlagOption(entry: OptionEntry): OptionSpec | undefined {
  // shfmt 3 prints each flag's two names, `-l, --list`, GNU-style: read it so, and turn a switch off as Go's flag does.
  if (/^-\w+,\s+--|^--/.test(entry.spec.trim())) {
    const option = optionFromEntry(entry);
    return option?.type === 'boolean' && option.flag !== undefined && option.negation === undefined ? { ...option, negation: `${option.flag}=false` } : option;
  }
  const match = SPEC.exec(entry.spec.trim());
  if (!match) return undefined;
  const [, name = '', attached, spaced] = match;
  const description = entry.description.trim();
  if (name === 'help' || name === 'h' || (name === 'version' && /version/i.test(description))) return undefined;
  const written = attached ?? spaced?.trim();
  const said = statedDefault(description);
  let type: ValueType;
  let shown: string | undefined;
  if (written === undefined) {
    // A bare flag that may be given several times takes a value (terraform init's `-plugin-dir`).
    type = REPEATABLE.test(description) ? 'string' : 'boolean';
  } else if (isBooleanLiteral(written)) {
    type = 'boolean';
    shown = 'true';
  } else if (/^[A-Za-z][\w-]*$/.test(written)) {
    // A placeholder (`DIR`, `path`, `n`) or flag's type word (`string`, `int`, `duration`).
    type = pflagType(written)?.type ?? typeOfMetavar(written) ?? (said === undefined ? 'string' : typeOfValue(said) === 'integer' ? 'integer' : 'string');
  } else {
    // A literal value is the default (`-lock-timeout=0s`); an example (`'foo=bar'`) is a string.
    shown = /^['"]/.test(written) ? undefined : written;
    type = shown === undefined ? 'string' : typeOfValue(shown);
  }
  const fallback = typedDefault(said ?? shown, type);
  // `-list=false  Don't list files…` describes the flag turned off; say so, or `list: false` reads backwards.
  const told = written === 'false' && description !== '' ? `(-${name}=false) ${description}` : description;
  const choices = type === 'string' ? choicesIn(description) : undefined;
  return {
    name,
    ...(told !== '' ? { description: told } : {}),
    type,
    flag: `-${name}`,
    ...(type === 'boolean' ? { negation: `-${name}=false` } : {}),
    ...(type !== 'boolean' && REPEATABLE.test(description) ? { variadic: true } : {}),
    ...(choices !== undefined ? { choices } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}

function optionsOf(entries: readonly OptionEntry[]): OptionSpec[] {
  const byName = new Map<string, OptionSpec>();
  for (const entry of entries) {
    const option = goFlagOption(entry);
    if (option !== undefined && !byName.has(option.name)) byName.set(option.name, option);
  }
  return [...byName.values()];
}

export function parseGoFlag(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text, context.path?.[0]);
  const sections = layout.sections.filter((section) => !NOT_OPTIONS.test(section.title) && !COMMANDS.test(section.title));
  // shfmt lists its main options above its first heading.
  const local = [...optionEntries(layout.introLines), ...sections.filter((section) => !GLOBAL.test(section.title)).flatMap((section) => optionEntries(section.lines))];
  const global = sections.filter((section) => GLOBAL.test(section.title)).flatMap((section) => optionEntries(section.lines));
  const path = context.path;
  const subcommands = uniqueEntries(layout.sections.filter((section) => COMMANDS.test(section.title)).map((section) => commandEntries(section.lines, path)));
  // `terraform [global options] fmt [options]`: the program's options stand between its words.
  const forms = layout.usage.map((form) => form.replace(/\s\[global (options|flags)\]/i, ''));
  const options = optionsOf(local);
  const arity = new Map([...options, ...optionsOf(global)].map((option) => [option.flag ?? `-${option.name}`, option.type !== 'boolean'] as const));
  // `untaint [options] name`: a bare lowercase word after the command's own words is an argument.
  return assemblePage({ layout, forms, options, globalOptions: optionsOf(global), subcommands, arity, lowercasePositionals: true }, context);
}
