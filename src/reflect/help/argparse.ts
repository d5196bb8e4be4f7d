/**
 * Python argparse help: `usage: prog [-h] [--foo FOO] file`, `positional arguments:`,
 * `options:` (or `optional arguments:` before 3.10), argument groups under their own titles,
 * `{a,b,c}` choices and subparsers, `-b ADDRESS, --bind ADDRESS`, `--x X [X ...]`.
 */
import type { OptionSpec, PositionalSpec } from '../../types.js';
import { assemblePage, ownForms } from './assemble.js';
import { commandEntries } from './command-list.js';
import { defaultIn, splitChoices, typedDefault, typeOfValue } from './infer.js';
import { optionEntries } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage, ParseContext, SubcommandEntry } from './page.js';
import { indentOf, splitHelp, type Section } from './sections.js';
import { optionsFromTokens } from './usage.js';
import { escapeRegExp } from './regexp.js';

const POSITIONAL = /^positional arguments$/i;

export function parseArgparse(text: string, context: ParseContext = {}): HelpPage {
  const layout = splitHelp(text, context.path?.[0]);
  const forms = ownForms(layout.usage, context, true);
  const usageText = layout.usage.join(' ');
  // Required where every form writes it outside brackets: yq's help quotes jq's `jq [options] --args <jq filter>`, one form of three.
  const perForm = forms.map((form) => optionsFromTokens(form.rest).required);
  const required = new Set(perForm[0]?.filter((flag) => perForm.every((flags) => flags.includes(flag))));
  const entries = layout.sections.filter((section) => !POSITIONAL.test(section.title)).flatMap((section) => optionEntries(section.lines));
  const options: OptionSpec[] = optionsFromEntries(entries).map((option) =>
    option.flag !== undefined && required.has(option.flag) ? { ...option, required: true } : option,
  );
  const subcommands: SubcommandEntry[] = [];
  const positionals: PositionalSpec[] = [];
  for (const section of layout.sections) {
    const listed = positionalEntries(section);
    if (listed.length === 0 || (!POSITIONAL.test(section.title) && !listed.some((entry) => entry.subcommands))) continue;
    for (const entry of listed) {
      if (entry.subcommands) subcommands.push(...entry.subcommands);
      else positionals.push(positionalOf(entry, usageText));
    }
  }
  return assemblePage(
    // optparse (pycodestyle) lists no positionals: its usage line `[options] input ...` is all there is.
    { layout, options, subcommands, ...(positionals.length > 0 || listsPositionals(layout.sections) ? { positionals: settlePositionals(positionals) } : {}), lowercasePositionals: true, arity: flagArity(entries) },
    context,
  );
}

interface Listed {
  readonly name: string;
  readonly description: string;
  readonly subcommands?: SubcommandEntry[];
}

/** Entries of a section that are not options: `  port   bind to this port`, `  {serve,build}` with its subparsers below. */
function positionalEntries(section: Section): Listed[] {
  const lines = section.lines.filter((line) => line.trim() !== '');
  const base = Math.min(...lines.map(indentOf));
  const listed: Listed[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (indentOf(line) !== base || line.trim().startsWith('-')) continue;
    const [, name = '', rest = ''] = /^(\S+)(?:\s{2,}(.*))?$/.exec(line.trim()) ?? [];
    const body: string[] = [];
    while (i + 1 < lines.length && indentOf(lines[i + 1] ?? '') > base) body.push(lines[(i += 1)] ?? '');
    if (/^\{.*\}$/.test(name) && body.some((sub) => commandEntries([sub]).length > 0)) {
      listed.push({ name, description: rest, subcommands: commandEntries(body) });
    } else {
      listed.push({ name, description: [rest, ...body.map((sub) => sub.trim())].filter((part) => part !== '').join(' ') });
    }
  }
  return listed;
}

/** A listed positional, made optional or variadic by how the usage line writes it. */
function positionalOf(entry: Listed, usage: string): PositionalSpec {
  const choices = /^\{(.*)\}$/.exec(entry.name)?.[1];
  const name = choices === undefined ? entry.name : 'choice';
  const escaped = escapeRegExp(entry.name);
  // nargs: `x [x ...]` is '+', `[x ...]` is '*', `[x]` is '?'.
  const oneOrMore = new RegExp(`(^|\\s)${escaped} \\[${escaped} \\.\\.\\.\\]`).test(usage);
  const optional = !oneOrMore && new RegExp(`\\[${escaped}[\\]\\s]`).test(usage);
  const variadic = oneOrMore || new RegExp(`\\[${escaped} \\.\\.\\.\\]|(^|\\s)${escaped} \\.\\.\\.`).test(usage);
  const defaultText = defaultIn(entry.description);
  const type = defaultText !== undefined && typeOfValue(defaultText) !== 'boolean' ? (typeOfValue(defaultText) as PositionalSpec['type']) : 'string';
  const fallback = typedDefault(defaultText, type);
  const items = splitChoices(choices);
  return {
    name,
    ...(entry.description !== '' ? { description: entry.description } : {}),
    type,
    required: !optional,
    variadic,
    ...(items !== undefined ? { choices: items } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}

/** Optional after the first optional one; nothing after a variadic one (argparse and click fill them in order). */
export function settlePositionals(list: readonly PositionalSpec[]): PositionalSpec[] {
  const out: PositionalSpec[] = [];
  let optional = false;
  for (const item of list) {
    optional ||= !item.required;
    out.push({ ...item, required: !optional });
    if (item.variadic) break;
  }
  return out;
}

function listsPositionals(sections: readonly Section[]): boolean {
  return sections.some((section) => POSITIONAL.test(section.title) || /^\{.*\}/.test(section.lines.find((line) => line.trim() !== '')?.trim() ?? ''));
}
