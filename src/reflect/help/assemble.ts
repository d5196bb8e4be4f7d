/**
 * Puts a dialect's findings together into a HelpPage: the usage forms that belong to this command,
 * its name, positionals, examples and description.
 */
import type { OptionSpec, PositionalSpec } from '../../types.js';
import { placeAfterOperands } from './after-operands.js';
import { commandNames } from './command-list.js';
import type { HelpPage, ParseContext, SubcommandEntry } from './page.js';
import { dedent, type HelpLayout } from './sections.js';
import { mergeForms, positionalsFromTokens } from './usage.js';
import { splitPassthrough } from './usage-passthrough.js';
import { leadingWord, splitPath, usageText, type UsageToken } from './usage-tokens.js';

export interface PageParts {
  readonly layout: HelpLayout;
  readonly options: readonly OptionSpec[];
  readonly globalOptions?: readonly OptionSpec[];
  readonly subcommands: readonly SubcommandEntry[];
  /** Usage forms to read instead of the layout's (git drops its subcommands' forms). */
  readonly forms?: readonly string[];
  /** Positionals the page lists in a section of their own (argparse, clap); else read from usage. */
  readonly positionals?: readonly PositionalSpec[];
  readonly description?: string;
  readonly lowercasePositionals?: boolean;
  /** Whether a printed flag takes a value, so `-d <tagname>` is read right. */
  readonly arity?: ReadonlyMap<string, boolean>;
  /** A literal `--` in the usage hands what follows to another program (cobra); elsewhere (git) paths follow it. */
  readonly passthrough?: boolean;
}

/** A usage form with this command's path split off. */
export interface CommandForm {
  readonly path: readonly string[];
  readonly rest: readonly UsageToken[];
}

/** The forms that are this command's own: those whose path is the whole expected path (all forms when none is). */
export function ownForms(forms: readonly string[], context: ParseContext, lowercase = false): CommandForm[] {
  const split = forms.map((form) => splitPath(form, context.path, { lowercasePositionals: lowercase }));
  const expected = context.path?.length;
  const full = split.filter((form) => expected === undefined || form.path.length === expected);
  return full.length > 0 ? full : split;
}

export function examplesOf(layout: HelpLayout): string | undefined {
  const parts = layout.sections
    .filter((section) => /^examples?$/i.test(section.title))
    .map((section) => [section.inline, dedent(section.lines)].filter((text) => text.trim() !== '').join('\n').trim());
  const text = parts.join('\n\n').trim();
  return text === '' ? undefined : text;
}

export function assemblePage(parts: PageParts, context: ParseContext): HelpPage {
  const forms = ownForms(parts.forms ?? parts.layout.usage, context, parts.lowercasePositionals);
  const subcommands = parts.subcommands.length > 0 || context.path === undefined || parts.lowercasePositionals === true ? parts.subcommands : commandsOfForms(forms);
  const name = context.path?.[context.path.length - 1] ?? forms[0]?.path[forms[0].path.length - 1];
  const rules = {
    subcommands: subcommands.length > 0,
    lowercasePositionals: parts.lowercasePositionals === true,
    bareOperands: subcommands.length === 0 && context.path !== undefined,
    takesValue: (flag: string) => parts.arity?.get(flag),
  };
  const split = forms.map((form) => (parts.passthrough === true ? splitPassthrough(form.rest) : { tokens: [...form.rest], passthrough: undefined }));
  const passthrough = split.find((form) => form.passthrough !== undefined)?.passthrough;
  // A form of one of its commands (apt-cache's `apt-cache [options] show pkg1 [pkg2 ...]`) names that command's operands, not its own.
  const listed = commandNames(subcommands);
  const own = split.filter((form) => !listed.has(leadingWord(form.tokens) ?? ''));
  const positionals = parts.positionals ?? mergeForms(own.map((form) => positionalsFromTokens(form.tokens, rules)));
  const description = parts.description ?? parts.layout.intro;
  const examples = examplesOf(parts.layout);
  return {
    ...(name !== undefined ? { name } : {}),
    ...(description !== '' ? { description } : {}),
    usage: parts.forms ?? parts.layout.usage,
    ...(examples !== undefined ? { examples } : {}),
    options: placeAfterOperands(parts.options, forms.map((form) => form.rest)),
    globalOptions: parts.globalOptions ?? [],
    positionals,
    subcommands,
    ...(passthrough !== undefined ? { passthrough } : {}),
  };
}

/**
 * Commands named only by the usage forms (npm's `npm cache add <package-spec>`, `npm cache clean [<key>]`, `npm cache
 * verify`): where every form of the command goes on with a literal word, and two or more words differ, each is a command.
 */
function commandsOfForms(forms: readonly CommandForm[]): SubcommandEntry[] {
  const words = forms.map((form) => {
    // Optional groups may come first (`apt-cache [options] show`); a flag with its value (signify's `-G -p pubkey`) ends the look.
    const token = form.rest.find((one) => !(one.kind === 'group' && one.open === '['));
    return token?.kind === 'word' && !token.repeat && /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(token.text) ? token.text : undefined;
  });
  const named = [...new Set(words.filter((word): word is string => word !== undefined))];
  if (named.length < 2 || words.includes(undefined)) return [];
  // Its line, until its page is read, is its first form (`set <key>=<value> [<key>=<value> ...]`): what search finds it by.
  return named.map((name) => ({ name, description: usageText(forms[words.indexOf(name)]?.rest ?? []), fromForms: true }));
}
