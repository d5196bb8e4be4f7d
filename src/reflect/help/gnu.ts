/**
 * GNU getopt help (coreutils, grep, tar): `Usage: ls [OPTION]... [FILE]...`, option lines
 * `-a, --all  do not ignore…`, `--block-size=SIZE`, `--color[=WHEN]`, anywhere under any heading.
 * Also commander's and optparse's (pip) layouts, with their `Commands:` lists, terraform-like
 * `Main commands:`, and the fallback for help text no other dialect claims.
 */
import { assemblePage } from './assemble.js';
import { commandEntries, isListedHelp, uniqueEntries } from './command-list.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage, ParseContext, SubcommandEntry } from './page.js';
import { cleanText } from './clean-text.js';
import { findSection, isOptionList, paragraphs, splitHelp, type Section } from './sections.js';
import { gridCommands } from './grid.js';
import { labelledForms, resplitEntries, synopsisEntries, withBracketSynopsis } from './synopsis.js';
import { optionsFromTokens } from './usage.js';
import { withValuesFrom } from './values-from.js';
import { splitPath } from './usage-tokens.js';
import { GOPTION_HELP, withGOptionValues } from './goption.js';

const NOT_OPTIONS = /^(examples?|usage|synopsis|description|see also|reporting bugs|author)$/i;
/** `Commands:`, `Main commands:`, `All other commands:`, `Subcommands:`, node-gyp's `where <command> is one of:`. */
const COMMANDS = /commands$|\bcommand>? is one of$/i;
/** pip's `General Options`: the program's, repeated on every command's page. */
const GLOBAL = /^(General Options|[Gg]lobal [Oo]ptions)\b/; // openssl's `General options:` are each command's own

export function parseGnu(text: string, context: ParseContext = {}): HelpPage {
  const split = splitHelp(text, context.path?.[0]);
  // eslint prints its usage with no `Usage:` before it: `eslint [options] file.js [file.js] [dir]`.
  const bare = split.usage.length === 0 ? bareUsage(split.introLines, context.path?.[0]) : undefined;
  const unlabelled = bare === undefined ? split : { ...split, usage: [bare], intro: paragraphs(split.introLines.filter((line) => line.trim() !== bare)) };
  // ajv labels each command's form (`validate:  ajv [validate] -s …`) and prints them all for any command.
  const labelled = labelledForms(unlabelled.usage, context.path?.[0]);
  const command = (context.path?.length ?? 1) > 1 ? context.path?.[context.path.length - 1] : undefined;
  const layout = labelled.length === 0 ? unlabelled : { ...unlabelled, usage: labelled.filter((entry) => entry.name === command).map((entry) => entry.usage ?? '') };
  // tsc prints no usage at all, only `COMMON COMMANDS` such as `tsc app.ts util.ts`: those show its arguments.
  const exampleForms = layout.usage.length === 0 ? commandLines([layout.introLines, ...layout.sections.map((section) => section.lines)], context.path?.[0]) : [];
  const path = context.path ?? (layout.usage[0] === undefined ? undefined : splitPath(layout.usage[0], undefined).path);
  // gpg lists `-s, --sign` under `Commands:`: what the lines are decides, not the title.
  const commandSections = layout.sections.filter((section) => COMMANDS.test(section.title) && !isOptionList(section.lines));
  const listed = [...commandSections.map((section) => namedCommands([section.inline, ...section.lines]) ?? [...namedCommands([section.inline]) ?? [], ...commandEntries(section.lines, path)]), command === undefined ? labelled : [], titledCommands(layout.sections, path)];
  const subcommands = uniqueEntries(listed.some((list) => list.length > 0) ? listed : [gridCommands(cleanText(text).split('\n'))]);
  // A page of a program with commands (its root lists them; a command's page has a longer path) shares its general options.
  const shared = subcommands.length > 0 || (path?.length ?? 0) > 1;
  const isGlobal = (section: Section): boolean => shared && GLOBAL.test(section.title);
  const optionSections = layout.sections.filter((section) => !NOT_OPTIONS.test(section.title) && !commandSections.includes(section));
  // shfmt lists its main options above its first heading, under none.
  const introEntries = layout.sections.length > 0 ? optionEntries(layout.introLines) : [];
  let entries = [...introEntries, ...optionSections.filter((section) => !isGlobal(section)).flatMap((section) => withBracketSynopsis(section.lines, optionEntries(section.lines)))];
  const globalEntries = optionSections.filter(isGlobal).flatMap((section) => optionEntries(section.lines));
  // Some tools list options right under the usage line, with no heading.
  const forms = layout.usage.map((form) => splitPath(form, context.path).rest);
  const synopsis = synopsisEntries(forms);
  if (entries.length === 0 && globalEntries.length === 0) entries = resplitEntries(optionEntries(layout.introLines), synopsis);
  // BSD getopt (ssh-keygen) lists its options only in the usage lines, values named in lowercase.
  if (entries.length === 0 && globalEntries.length === 0) entries = [...synopsis, ...forms.flatMap((form) => optionsFromTokens(form).entries).filter((entry) => entry.spec.includes('--'))];
  if (GOPTION_HELP.test(text)) entries = withGOptionValues(entries);
  // optparse (pip) puts the description under a heading of its own.
  const described = findSection(layout, /^description$/i);
  return assemblePage(
    {
      layout,
      ...(layout.intro === '' && described !== undefined ? { description: paragraphs(described.lines) } : {}),
      // unzip's grid shows `-d  extract files into exdir`, its usage `[-d exdir]`: the usage says a value follows.
      options: withValuesFrom(optionsFromEntries(entries), optionsFromEntries(synopsis)),
      globalOptions: optionsFromEntries(globalEntries),
      subcommands,
      ...(exampleForms.length > 0 ? { forms: exampleForms } : {}),
      // openssl's `Usage: rand [options] num` names its arguments in lowercase and lists them under `Parameters:`.
      lowercasePositionals: findSection(layout, /^(parameters|arguments)$/i) !== undefined,
      arity: flagArity([...entries, ...globalEntries]),
    },
    context,
  );
}

/** git-lfs titles each command with its whole command line (`git lfs checkout:`), its text indented below. */
function titledCommands(sections: readonly Section[], path: readonly string[] | undefined): SubcommandEntry[] {
  if (path === undefined) return [];
  const own = path.join('-');
  return sections.flatMap((section): SubcommandEntry[] => {
    const words = section.title.split(' ');
    const name = words.pop() ?? '';
    if (words.length === 0 || words.join('-') !== own || !/^[a-z][\w-]*$/.test(name)) return [];
    const description = paragraphs(section.lines);
    return [{ name, ...(description !== '' ? { description } : {}) }];
  });
}

/** The first unindented line that starts with the program's name and goes on with an option or argument. */
function bareUsage(lines: readonly string[], program: string | undefined): string | undefined {
  if (program === undefined) return undefined;
  const name = program.split('/').pop() ?? program;
  return lines.find((line) => line.startsWith(`${name} `) && /^\S+ [[<\-A-Za-z]/.test(line) && !/[.:]$/.test(line))?.trim();
}

/** Lines in the sections that are whole commands of the program: `tsc`, `tsc app.ts util.ts`. */
function commandLines(blocks: readonly (readonly string[])[], program: string | undefined): string[] {
  if (program === undefined) return [];
  const name = program.split('/').pop() ?? program;
  return blocks.flatMap((lines) => lines.filter((line) => /^\s/.test(line)).map((line) => line.trim()).filter((line) => line === name || line.startsWith(`${name} `)));
}

/**
 * Commands named in a list and nothing else: llvm-profdata's `Available commands: merge, show, overlap` on the title's
 * line, npm's `All commands:` paragraph (`access, adduser, audit, …` over several lines). Undefined when the text is not one.
 */
function namedCommands(text: readonly string[]): SubcommandEntry[] | undefined {
  const names = text.join(' ').trim().replace(/[.,]$/, '').split(/,\s*/);
  const listed = names.length > 1 && names.every((name) => /^[a-z][\w-]*$/.test(name));
  return listed ? names.filter((name) => !isListedHelp(name)).map((name) => ({ name })) : undefined;
}
