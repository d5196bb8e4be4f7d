/**
 * The flag part of an option entry: its spellings (`-o, --output`, `--[no-]x`, `--colo[u]r`) and what follows
 * them (`=SIZE`, `[=WHEN]`, ` <FILE>...`, ` {a,b}`, `--arg a v`, `-exec COMMAND ;`).
 */
import type { ValueType } from '../../types.js';
import { pflagType, splitChoices, typeOfMetavar, typeOfValue, unquote } from './infer.js';

/** npm's `<pkg|glob>`: kinds of value, either one, not the values themselves (wrongly read so, a value is only left unchecked). */
const VALUE_KINDS = /^(pkg|package|glob|pattern|file|path|dir|directory|name|id|token|url|uri|host|key|value|string|number|spec|version|range)$/;

/** How a dialect writes values. */
export interface OptionRules {
  /** pflag: the placeholder is a type name (`string`, `int`, `strings`); kubectl's `--x=default`; booleans take `--x=false`. */
  readonly pflag?: boolean;
  /** click: `[a|b]` after a flag lists its choices instead of marking the value optional. */
  readonly bracketChoices?: boolean;
}

export interface Form {
  readonly flag: string;
  readonly long: boolean;
  /** Written `--[no-]x`. */
  readonly both: boolean;
  readonly rest: string;
}

export interface Value {
  readonly metavar: string;
  readonly optional: boolean;
  readonly variadic: boolean;
  readonly choices?: string[];
  /** `--arg name value`: the words each use takes. */
  readonly arity?: number;
  /** `-exec COMMAND ;`, `--pages file … --`: the words that close the run. */
  readonly closedBy?: string[];
}

/** A placeholder word: `NAME`, `<file>`, `name`, `key-length`. */
const WORD = /^(<[\w-]+>|[A-Za-z][\w-]{0,19})$/;

/** Several words after the flag: a run its closing word ends (`COMMAND ;`, `file [options] --`, `COMMAND {} +`), or 2 to 3 placeholders. */
function wordsOf(text: string): Value | undefined {
  const tokens = text.split(/\s+/).map((token) => token.replace(/^\\;$/, ';'));
  const end = tokens.findIndex((token, index) => index > 0 && (token === ';' || token === '--' || (token === '+' && tokens[index - 1] === '{}')));
  if (end > 0) {
    const closedBy = [tokens[end] ?? ';', ...(tokens[end] === ';' && text.includes('{} +') ? ['+'] : [])];
    return { metavar: tokens[0] ?? 'word', optional: false, variadic: true, closedBy };
  }
  // click's `INTEGER RANGE` is one type, not two words.
  if (tokens.length >= 2 && tokens.length <= 3 && tokens.every((token) => WORD.test(token)) && !/ RANGE$/.test(text)) return { metavar: tokens.join(' '), optional: false, variadic: true, arity: tokens.length };
  return undefined;
}

// xgettext's `--c++`, gcc's `-fdump-c++-spec-verbose`: a name may hold plus signs.
const FORM = /^(--?)(\[no-\])?(#+|[\w?](?:[\w+-]|\.(?=\w))*)(.*)$/;

export function formsOf(written: string): Form[] {
  const forms: Form[] = [];
  let extra = '';
  // exa's `--colo[u]r=WHEN`: a letter that may be left out gives two spellings, the shorter first.
  // rolldown's `--dir -d, <dir>`: the long name first, the short after it, the value after both.
  const spec = written.replace(/^(--\w+)\[(\w+)\]([\w-]+)(\S*)/, '$1$3$4, $1$2$3$4').replace(/^(--[\w.-]+)\s+(-\w),(\s+\S.*)?$/, (_, long: string, short: string, value = '') => `${short}, ${long}${value}`);
  // semver's `-r --range <range>`: a short and a long flag separated by a space only; psql's `-1 ("one")` notes a name.
  // xxd's man page writes its spellings as alternatives: `-p | -ps | -postscript | -plain`.
  // readelf's `-L --lint|--enable-checks`: a bar with no spaces parts long spellings too.
  for (const part of spec.replace(/\s*\("[^"]*"\)/g, '').split(/,\s+|\s+\/\s+|(?<=^-\w)\s+(?=--\w)|\s+\|\s+(?=-)|\|(?=--\w)/)) {
    const match = FORM.exec(part.trim());
    if (!match) {
      extra += ` ${part}`; // argparse's "X [X ...]" belongs to the form before it
      continue;
    }
    const [, dashes = '-', both, word = '', after = ''] = match;
    // gcc's `-Wa,<options>`: the comma belongs to the flag, the value follows it.
    const comma = /^,(?=<|[A-Za-z])/.test(after);
    forms.push({ flag: `${dashes}${word}${comma ? ',' : ''}`, long: dashes === '--', both: both !== undefined, rest: comma ? after.slice(1) : after });
  }
  const last = forms[forms.length - 1];
  if (last !== undefined && extra !== '') forms[forms.length - 1] = { ...last, rest: `${last.rest}${extra}` };
  return forms;
}

/** What follows a flag: `=SIZE`, `[=WHEN]`, ` <FILE>...`, ` {a,b}`, ` X [X ...]`, ` [json|yaml]`. */
export function valueOf(rest: string, rules: OptionRules): Value | undefined {
  let text = rest.trim();
  if (text === '' || text === '...') return undefined;
  // esbuild's `--format=...`: a value follows, whatever it is; not a list.
  if (text === '=...') return { metavar: 'value', optional: false, variadic: false };
  const words = wordsOf(text);
  if (words !== undefined) return words;
  // find's `-delete -print0 -printf FORMAT`: several options on one line; this one's value ends where the next flag starts.
  // exiftool's `-j[[+]=JSONFILE] (-json)`: the long spelling in parentheses after the value is no part of it.
  text = text.replace(/(?:^|\s+)-[A-Za-z][\s\S]*$/, '').replace(/\s+\(-[\w-]+\)$/, '').trim();
  if (text === '') return undefined;
  let variadic = false;
  if (/\s*\[\S+ \.\.\.\]$/.test(text) && !text.startsWith('[')) {
    variadic = true;
    text = text.replace(/\s*\[\S+ \.\.\.\]$/, '');
  }
  if (text.endsWith('...')) {
    variadic = true;
    text = text.slice(0, -3).trim();
  }
  // optionator's `[String]` (eslint's `--ext [String]`) is a list of values, not an optional one.
  const list = /^\[(?:\w+::)?(String|Int|Number|Object|Date|RegExp)\]$/.exec(text);
  if (list) return { metavar: list[1] ?? 'String', optional: false, variadic: true };
  // Java's manual lists a value's choices in brackets after the colon (`-Xdiags:[compact,verbose]`): not an optional value.
  const bracketList = /^[=:]\[([a-z][\w-]*(?:,[a-z][\w-]*)+)\]$/.exec(text)?.[1];
  let optional = false;
  // Java writes `:` where GNU writes `=`: `-verbose[:suboptions]`, `-proc:{none,only,full}`.
  const bracket = /^\[[=:]?(.*)\]$/.exec(text);
  if (bracket && !(rules.bracketChoices === true && text.includes('|'))) {
    optional = true;
    text = bracket[1] ?? '';
  }
  text = text.replace(/^[=:]/, '');
  const metavar = text.replace(/^<(.*)>$/, '$1');
  // `{a,b}` (argparse), `[a|b]` (click), `<fetch|push>` (git): literal lowercase values, not names.
  const bare = metavar.replace(/^\((.*)\)$/, '$1');
  const literal = /^[a-z0-9][\w.-]*(\|[a-z0-9][\w.-]*)+$/.test(bare) && !bare.split('|').every((word) => VALUE_KINDS.test(word)) ? bare : undefined;
  const listed = /^\{(.*)\}$/.exec(text)?.[1] ?? (rules.bracketChoices === true ? /^\[(.*\|.*)\]$/.exec(text)?.[1] : undefined) ?? bracketList ?? literal;
  const choices = splitChoices(listed);
  return choices === undefined ? { metavar, optional, variadic } : { metavar, optional, variadic, choices };
}

/** pflag's `--name type` and kubectl's `--name=default`: the value's type, variadic-ness and default. */
export function pflagValue(value: Value | undefined, rest: string): { type: ValueType; variadic: boolean; optional?: boolean; defaultText?: string } {
  if (rest.startsWith('=')) {
    const text = unquote(rest.slice(1));
    if (text === '[]' || /^\[.*\]$/.test(text)) return { type: 'string', variadic: true };
    // esbuild's `--format=...` says a value follows, not what it defaults to; `--port=PORT`, `--file=<path>` name it.
    if (text === '...' || /^[A-Z][A-Z0-9_-]*$|^<[^>]+>$/.test(text)) return { type: typeOfMetavar(text.replace(/^<|>$/g, '')) ?? 'string', variadic: false };
    // kubectl quotes string defaults (`--request-timeout='0'`); durations print bare (`=0s`).
    const quoted = /^=(["']).*\1$/.test(rest);
    const type = quoted || /^\d+(\.\d+)?(ns|us|ms|s|m|h)/.test(text) ? 'string' : typeOfValue(text);
    return { type, variadic: false, defaultText: text };
  }
  if (value === undefined) return { type: 'boolean', variadic: false };
  // `--dry-run string[="unchanged"]`: the value may be left out.
  const bare = /^(\w+)\[=.*\]$/.exec(value.metavar);
  if (bare) return { ...(pflagType(bare[1] ?? '') ?? { type: 'string', variadic: false }), optional: true };
  return pflagType(value.metavar) ?? { type: 'string', variadic: false };
}
