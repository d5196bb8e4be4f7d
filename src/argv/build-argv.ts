import { CliMcpError } from '../errors.js';
import type { ArgvConventions, RunnableCommand, ScopedOption, ToolInput } from '../types.js';
import { DEFAULT_ARGV_CONVENTIONS } from './conventions.js';
import { formatNumber } from './format-number.js';
import { layOut, type ArgvParts, type BareFlag, type Segment } from './layout.js';

/** The argv of one call, or why the program's parser could not be given it faithfully. */
export type LaidOutArgv = { readonly ok: true; readonly argv: readonly string[] } | { readonly ok: false; readonly message: string };

/**
 * Turn a validated tool call into the arguments for the program (the program itself, `path[0]`,
 * is not included), laid out as the program's users type them (`command.argv`, see {@link ArgvConventions}).
 * Pure: the same command and input always give the same array.
 *
 * - Options follow declaration order, switches before options with values, never the key order of `input.flags`; each sits after the word
 *   of the command that declares it, or after the positionals where the conventions say `options: 'end'`. Options the usage writes after
 *   the operands (find's expression, read left to right) keep the order of the call's `flags` keys: that order is their meaning.
 * - A value is always one token: `--name=VALUE` for a long flag, `-nVALUE` (or `-n=VALUE`) for a
 *   short-only one, so a value starting with `-` stays a value.
 * - `true` renders the flag, `false` the negation (`--no-x`, or `--x=false` where the conventions'
 *   `falseValue` is explicit: see flattenRunnable) or nothing; `null`, `undefined`, `""` and `[]` render nothing; an array repeats the flag once per
 *   element (a `""` element is sent as an empty value), a `count` option once per unit. Keys that are not options are ignored.
 * - Refused, with a message saying what to do: a positional naming a subcommand (the program would run it),
 *   a bare optional-value flag that only a word could follow (the program would take the word as its value),
 *   and, for yargs, quoted option values and a lone `-` positional.
 * - Positionals get `--` before them as the conventions say; passthrough words always follow a literal `--`.
 *
 * @example
 * layOutArgv(
 *   { path: ['kubectl', 'create', 'deployment'], options: [{ name: 'image', type: 'string', variadic: true, flag: '--image', depth: 2 }], positionals: [], argv: PARSER_CONVENTIONS.cobra },
 *   { flags: { image: ['nginx'] }, args: ['web'] },
 * ) // { ok: true, argv: ['create', 'deployment', 'web', '--image=nginx'] }
 */
export function layOutArgv(command: RunnableCommand, input: ToolInput): LaidOutArgv {
  const conventions = command.argv ?? DEFAULT_ARGV_CONVENTIONS;
  const parts = argvParts(command, input, conventions);
  return typeof parts === 'string' ? { ok: false, message: parts } : layOut(parts, conventions);
}

/**
 * {@link layOutArgv}, throwing where the program's parser could not be given the input faithfully
 * (a positional starting with `-` for a program that reads none after `--`).
 * @throws {CliMcpError} `cli-mcp.unrepresentable`
 */
export function buildArgv(command: RunnableCommand, input: ToolInput): string[] {
  const laid = layOutArgv(command, input);
  if (!laid.ok) throw new CliMcpError('cli-mcp.unrepresentable', laid.message);
  return [...laid.argv];
}

/** The words, option tokens, positionals and passthrough of a call, before they are laid out; or why the values cannot be sent. */
function argvParts(command: RunnableCommand, input: ToolInput, conventions: ArgvConventions): ArgvParts | string {
  const flags: Readonly<Record<string, unknown>> = input?.flags ?? {};
  const within = insideTokens(command.options, flags, conventions);
  if (typeof within === 'string') return within;
  const segments: Segment[] = [];
  const trailing: { readonly name: string; readonly tokens: readonly string[] }[] = [];
  for (const [depth, word] of command.path.entries()) {
    const bare: BareFlag[] = [];
    const switches: string[] = [];
    const valued: string[] = [];
    for (const spec of command.options) {
      if (spec.depth !== depth || !Object.hasOwn(flags, spec.name) || spec.inside !== undefined) continue;
      const given = flags[spec.name] !== false && flags[spec.name] !== null;
      if (spec.amongOperands === true && given) return `${spec.flag ?? spec.name} is written among the operands, after \`--\`, by ${command.path[0] ?? 'the program'}'s usage: put it in args, before the operand it applies to, not in flags`;
      const rendered = spec.closedBy !== undefined ? renderRun(spec, flags[spec.name], within.get(spec.name) ?? []) : renderOption(spec, flags[spec.name], conventions);
      if (typeof rendered === 'string') return rendered;
      if (spec.afterOperands === true) {
        trailing.push({ name: spec.name, tokens: rendered });
        continue;
      }
      // A bare optional-value flag goes first, so another option token can follow it instead of a word;
      // one whose value is documented attached (`--stat[=<width>]`, getopt's `-x[N]`) never takes the next word.
      if (spec.optionalValue === true && spec.type !== 'boolean' && flags[spec.name] === true && (spec.valueForm === undefined || spec.valueForm === 'separate')) bare.push(...rendered.map((token) => ({ token, name: spec.name })));
      else (spec.type === 'boolean' || spec.count === true || flags[spec.name] === true ? switches : valued).push(...rendered);
    }
    // Switches before options with values: a parser may read a value as it meets it (sed compiles -e's script before a later -E).
    segments.push({ word, bare, options: [...switches, ...valued] });
  }
  // After the operands options form an expression read left to right (find's `-name x -delete`): the call's order is its meaning.
  const order = Object.keys(flags);
  const expression = trailing.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)).flatMap((part) => part.tokens);
  return { segments, positionals: input?.args ?? [], passthrough: input?.passthrough ?? [], program: command.path[0] ?? 'the program', subcommandNames: command.subcommandNames ?? [], trailing: expression };
}

/** The tokens of the options written inside another option's run (qpdf's `--print=none` in `--encrypt … --`), by that option's name. */
function insideTokens(options: readonly ScopedOption[], flags: Readonly<Record<string, unknown>>, conventions: ArgvConventions): Map<string, string[]> | string {
  const tokens = new Map<string, string[]>();
  for (const spec of options) {
    if (spec.inside === undefined || !Object.hasOwn(flags, spec.name)) continue;
    const rendered = renderOption(spec, flags[spec.name], conventions);
    if (typeof rendered === 'string') return rendered;
    if (rendered.length === 0) continue;
    const parent = options.find((option) => option.name === spec.inside);
    const run = parent === undefined ? undefined : flags[parent.name];
    if (parent?.flag === undefined || !Array.isArray(run) || run.length === 0) {
      return `flags.${spec.name} is written only inside ${parent?.flag ?? spec.inside}'s words (${parent?.syntax ?? spec.inside}): give flags.${spec.inside} too, and cli-mcp puts ${rendered.join(' ')} inside them.`;
    }
    tokens.set(parent.name, [...(tokens.get(parent.name) ?? []), ...rendered]);
  }
  return tokens;
}

/** A run of words its closing word ends (`-exec rm {} ;`), with the options written inside it before the close. */
function renderRun(spec: ScopedOption, value: unknown, inner: readonly string[]): string[] | string {
  const closers = spec.closedBy ?? [];
  const words = wordsIn(value);
  if (spec.flag === undefined || words.length === 0) return [];
  const last = words.at(-1) ?? '';
  const closed = words.length > 1 && closers.includes(last);
  const body = closed ? words.slice(0, -1) : words;
  const early = body.find((word) => closers.includes(word));
  if (early !== undefined) {
    return `flags.${spec.name} holds ${JSON.stringify(early)} before its last word: ${spec.flag}'s words end at ${closers.map((closer) => JSON.stringify(closer)).join(' or ')}, so the words after it would be read as the program's own options. Leave it out (cli-mcp ends the run with ${JSON.stringify(closers[0])}).`;
  }
  return [spec.flag, ...body, ...inner, closed ? last : (closers[0] ?? ';')];
}

/** The words an option taking several holds: its string items. */
export function wordsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : [];
}

/** An option taking several words per use (`--arg name value`): the flag before each group. */
function renderGroups(spec: ScopedOption, value: unknown, arity: number): string[] | string {
  const words = wordsIn(value);
  if (spec.flag === undefined || words.length === 0) return [];
  if (words.length % arity !== 0) return `flags.${spec.name} holds ${words.length} words: ${spec.flag} takes ${arity} per use (${spec.syntax ?? spec.flag}), so give a multiple of ${arity}.`;
  const dashed = words.find((word) => word.startsWith('-'));
  if (dashed !== undefined) return `flags.${spec.name} ${JSON.stringify(dashed)} starts with "-": ${spec.flag} takes its words as they come, where the program could read it as an option. Give words that do not start with "-".`;
  const tokens: string[] = [];
  for (let start = 0; start < words.length; start += arity) tokens.push(spec.flag, ...words.slice(start, start + arity));
  return tokens;
}

/** The tokens one option's value renders to, or why it cannot be sent faithfully. */
function renderOption(spec: ScopedOption, value: unknown, conventions: ArgvConventions): string[] | string {
  if (spec.count === true) return renderCount(spec, value);
  if (spec.arity !== undefined && spec.arity > 1 && Array.isArray(value)) return renderGroups(spec, value, spec.arity);
  if (value === true) {
    // A value option given `true` without `optionalValue` would swallow the next token as its value.
    const bare = spec.type === 'boolean' || spec.optionalValue === true;
    return bare && spec.flag !== undefined ? [spec.flag] : [];
  }
  // Where the conventions read `--x=false`, flattening made that the negation.
  if (value === false) return spec.negation !== undefined ? [spec.negation] : [];
  if (spec.flag === undefined) return [];
  const flag = spec.flag;
  const list = Array.isArray(value);
  const tokens: string[] = [];
  for (const item of list ? (value as readonly unknown[]) : [value]) {
    // A lone "" means absent; in a list it is an item the program must receive.
    const text = list && item === '' ? '' : renderValue(item);
    if (text === undefined) continue;
    if (conventions.yargsQuirks === true && isQuoted(text)) {
      return `flags.${spec.name} ${JSON.stringify(text)} is wrapped in matching quotes, which yargs strips before the program sees the value. Leave the quotes out, or put a character outside them.`;
    }
    const rendered = text === '' ? emptyValue(flag, spec, conventions) : withValue(flag, text, spec, conventions);
    if (typeof rendered === 'string') return rendered;
    tokens.push(...rendered);
  }
  return tokens;
}

/** yargs-parser strips one pair of matching quotes around an option value. */
function isQuoted(text: string): boolean {
  return text.length >= 2 && (text[0] === '"' || text[0] === "'") && text.at(-1) === text[0];
}

/** An empty list item as the program reads it: `--x=` (commander, yargs-parser and getopt read ""), else `-x ""` as two words. */
function emptyValue(flag: string, spec: ScopedOption, conventions: ArgvConventions): string[] | string {
  const form = spec.valueForm === 'separate' ? 'separate' : valueForm(flag, conventions);
  // yargs-parser drops a `--x=` that ends the argv; `--x ""` it reads wherever it stands (its options go last).
  if (form === 'equals' && conventions.yargsQuirks !== true) return [`${flag}=`];
  if (spec.optionalValue !== true) return [flag, ''];
  if (flag.startsWith('--')) return [`${flag}=`];
  return `flags.${spec.name} holds "", which ${flag} cannot carry: its value is optional and only read attached, so the bare flag would mean true. Leave the empty item out.`;
}
/** A counted option: the flag once per unit (`3` → `--verbose --verbose --verbose`); anything but a positive integer renders nothing. */
function renderCount(spec: ScopedOption, value: unknown): string[] {
  const flag = spec.flag;
  if (flag === undefined || typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) return [];
  return Array.from({ length: value }, () => flag);
}

/** A scalar value as text, or `undefined` when it renders nothing. */
function renderValue(value: unknown): string | undefined {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

/**
 * Flag and value as the option's documentation writes them (`-f fmt`, `--out=FILE`), else as the conventions
 * say. A value that starts with `-` is never a word of its own, where the program could read it as an option:
 * it is joined to its flag where the parser reads that, else refused.
 */
function withValue(flag: string, value: string, spec: ScopedOption, conventions: ArgvConventions): string[] | string {
  if (spec.valueForm === 'colon') return [`${flag}:${value}`];
  const joined = joinedForm(flag, conventions);
  // A parser takes an optional value joined to its flag (a word of its own would be a positional), unless its
  // documentation shows it as a word of its own (cmake's `--system-information [file]`, clap's `--x [<V>]`).
  if (spec.optionalValue === true && (spec.valueForm !== 'separate' || value.startsWith('-'))) return [join(flag, value, joined ?? (isShort(flag) ? 'attached' : 'equals'))];
  const form = spec.valueForm ?? valueForm(flag, conventions);
  if (form !== 'separate') return [join(flag, value, form)];
  if (!value.startsWith('-')) return [flag, value];
  if (joined !== undefined) return [join(flag, value, joined)];
  return `flags.${spec.name} ${JSON.stringify(value)} starts with "-": ${flag} takes its value as the next word, where the program could read it as an option, and nothing shows that it reads the value joined to the flag. Give a value that does not start with "-".`;
}

/** getopt and commander read a short option's value attached (`-n5`; `-n=5` would give "=5"); Go's flag needs `-n=5`. */
function join(flag: string, value: string, form: 'attached' | 'equals'): string {
  return form === 'attached' ? `${flag}${value}` : `${flag}=${value}`;
}

/** How the conventions write a value when the option does not say. */
function valueForm(flag: string, conventions: ArgvConventions): 'attached' | 'equals' | 'separate' {
  return isShort(flag) ? conventions.shortValue : (conventions.longValue ?? 'equals');
}

/**
 * How the parser reads a value joined to this flag, if it does: `--x=v` unless it knows no `=` (curl), `-nV` or
 * `-n=V` as its short options take them; a one-dash long flag (`-loglevel`) only where one-dash flags take `=` (Go's flag).
 */
function joinedForm(flag: string, conventions: ArgvConventions): 'attached' | 'equals' | undefined {
  if (flag.startsWith('--')) return conventions.longValue === 'separate' ? undefined : 'equals';
  if (isShort(flag)) return conventions.shortValue === 'separate' ? undefined : conventions.shortValue;
  return conventions.shortValue === 'equals' ? 'equals' : undefined;
}

function isShort(flag: string): boolean {
  return flag.length === 2 && flag[0] === '-' && flag[1] !== '-';
}
