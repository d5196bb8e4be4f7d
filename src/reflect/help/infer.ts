/**
 * What a help line says about a value beyond its flags: choices, defaults, environment variables
 * and required markers, read from the description; value types read from placeholders.
 */
import type { ValueType } from '../../types.js';

const CHOICE = /^[\w.+/:@-]+$/;
/** Formats that take `=argument` in kubectl (`-o jsonpath=…`): a list naming one is left open. */
const OPEN_CHOICE = /^(jsonpath|jsonpath-file|go-template|go-template-file|template|templatefile|custom-columns|custom-columns-file)$/;

/** Bracketed metadata as clap and click print it: `[default: 1]`, `[env var: X; required]`, `[possible values: a, b]`. */
function bracketMeta(description: string): Map<string, string> {
  const meta = new Map<string, string>();
  for (const match of description.matchAll(/\[((?:default|env|env var|possible values|choices|required|aliases?)\b[^\]]*)\]/gi)) {
    for (const part of (match[1] ?? '').split(/;\s*/)) {
      const pair = /^([\w ]+?)\s*:\s*(.*)$/.exec(part.trim());
      meta.set((pair?.[1] ?? part).trim().toLowerCase(), (pair?.[2] ?? '').trim());
    }
  }
  return meta;
}

/** The values a description says are the only ones, or undefined. */
export function choicesIn(description: string): string[] | undefined {
  const text = description.replace(/\s+/g, ' ');
  const possible = bracketMeta(text).get('possible values');
  // null: the description lists values but leaves the list open.
  const candidates: (string | undefined | null)[] = [
    possible,
    bracketMeta(text).get('choices'), // yargs' `[choices: "a", "b"]`
    // tsc's `one of: es5, es6/es2015` line; `es6/es2015` is two names for one value, each accepted
    /(?:^|\s)one of: ([^:]+?)(?:\s+\w+:|$)/.exec(text)?.[1]?.replace(/\//g, ','),
    /\beither: ((?:[\w.+-]+,?\s+)+or\s+[\w.+-]+)/.exec(text)?.[1], // eslint's "either: off, warn, or error"
    /possible values:\s*((?:- [\w.+-]+:?.*?)+)$/i.exec(text)?.[1]?.match(/(?:^|\s)- ([\w.+-]+)/g)?.map((m) => m.replace(/^\s*- /, '')).join(','),
    /\bone of:?\s*\(([^)]*)\)/i.exec(text)?.[1],
    oneOfList(text),
    /\(([\w.+-]+(?:\|[\w.+-]+)+)\)/.exec(text)?.[1],
    // GNU's "ACTION is 'read', 'recurse', or 'skip'", kubectl's `Must be "none", "server", or "client"`
    /(?:\b[A-Z]+ (?:is|are|can be)|\b[Mm]ust be(?: one of)?)\s+((?:['"`][\w.+-]+['"`],?\s+)+or\s+['"`][\w.+-]+['"`])/.exec(text)?.[1],
    /\((["'][^"']+["'](?:,\s*(?:or\s+)?["'][^"']+["'])+)\)/.exec(text)?.[1],
  ];
  for (const candidate of candidates) {
    if (candidate === null) return undefined;
    const items = splitChoices(candidate);
    if (items !== undefined) return items.some((item) => OPEN_CHOICE.test(item)) || isUnitList(items) ? undefined : items;
  }
  return undefined;
}

/** "one of a, b or c"; null when the list runs on with values no name pattern reads (git's `one of oneline, …, raw, format:<string>`). */
function oneOfList(text: string): string | undefined | null {
  const match = /\bone of:?\s*((?:['"`]?[\w.+/-]+['"`]?\s*(?:\||,\s*(?:or|and)\b|,|\bor\b|\band\b)\s*)+['"`]?[\w.+/-]+['"`]?)/i.exec(text);
  if (match === null) return undefined;
  return /^(?:[:<=]|\s*(?:,|\bor\b|\band\b)\s*\S)/.test(text.slice(match.index + match[0].length)) ? null : match[1];
}

/** Time and size units (docker's `(ms|s|m|h)`) or examples of amounts (`1s, 2m, 3h`): they say how to write a value, not which values. */
function isUnitList(items: readonly string[]): boolean {
  return items.every((item) => /^(\d+(\.\d+)?)?(ns|us|µs|ms|s|sec|secs|m|min|mins|h|hr|d|w|y|b|kb?|mb?|gb?|tb?|[kmgt]ib)$/i.test(item));
}

/** Items of a choice list written with `,`, `|` or `or`, quotes removed; undefined unless at least two clean items. */
export function splitChoices(list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const items = list
    .split(/\s*(?:\||,|\bor\b|\band\b)\s*/)
    .map((item) => item.trim().replace(/^['"`]|['"`.]$/g, '').replace(/['"`]$/, ''))
    .filter((item) => item !== '');
  const unique = [...new Set(items)];
  return unique.length >= 2 && unique.every((item) => CHOICE.test(item)) ? unique : undefined;
}

/** The default a description states, as text: `(default "x")`, `(default: 8)`, `[default: x]`. */
export function defaultIn(description: string): string | undefined {
  const text = description.replace(/\s+/g, ' ');
  const said =
    bracketMeta(text).get('default') ??
    /\(default:?\s+("[^"]*"|'[^']*'|\[[^\]]*\]|[^()]+)\)/i.exec(text)?.[1] ??
    // prettier's "Defaults to lf.", a value and the sentence's end
    /\bDefaults? to ("[^"]*"|'[^']*'|`[^`]*`|\[[^\]]*\]|\S+?)(?:\.(?=\s|$)|$)/.exec(text)?.[1] ??
    // tsc's `default: false` line, eslint's "- default: stylish": the last words of the description
    /(?:^|\s)default: ("[^"]*"|'[^']*'|`[^`]*`|\[[^\]]*\]|\S+?)\.?$/i.exec(text)?.[1];
  const value = said?.trim();
  // "(default: all interfaces)", "[default: index or name (when --names is set)]" are prose; a quoted default may hold spaces.
  if (value === undefined || value === '' || (/\s/.test(value) && !/^["'`[]/.test(value))) return undefined;
  return unquote(value);
}

/** A description that says the option may be given again: "can be repeated", "(repeatable)", pip's "additive", `-vvv`. */
export function repeatsIn(description: string): boolean {
  // curl's man page: "Providing --compressed multiple times has no extra effect" says it does not repeat.
  const sentences = description.replace(/\s+/g, ' ').split(/(?<=\.) /);
  const text = sentences.filter((sentence) => !/\bmultiple times (has|have) no (extra )?effect/i.test(sentence)).join(' ');
  return /\b(can|may|might) be (repeated|given more than once|(used|specified|given|passed)( up to \d+| several| multiple)? times)|\((?:repeatable|can be repeated)\)|\b(?:is )?repeatable\.?$|\badditive\b|\brepeat (it )?for more\b|\bmultiple times\b|\bmultiple values are accepted\b|(?:^|[\s(])-(?<letter>\w)\k<letter>+\b/i.test(text);
}

/** What a description's type tag says: yargs' `[number]`, `[array]`, `[count]`; tsc's `type: boolean` line. */
export function typeTagIn(description: string): { type: ValueType; variadic?: boolean; count?: boolean } | undefined {
  const text = description.replace(/\s+/g, ' ');
  const tag = (/\[(boolean|string|number|array|count)\]/.exec(text)?.[1] ?? /(?:^|\s)type: (boolean|string|number)\b/i.exec(text)?.[1])?.toLowerCase();
  if (tag === undefined) return undefined;
  if (tag === 'array') return { type: 'string', variadic: true };
  if (tag === 'count') return { type: 'integer', count: true };
  return { type: tag as ValueType };
}

/** A placeholder that names a truth value: `BOOLEAN` (click), `bool`, `true|false`. */
export function isBooleanMetavar(metavar: string): boolean {
  return /^(bool|boolean|true\|false|false\|true)$/i.test(metavar.replace(/^<(.*)>$/, '$1'));
}

/** The environment variable a description names: clap's `[env: X=]`, click's `[env var: X]`. */
export function envIn(description: string): string | undefined {
  const meta = bracketMeta(description);
  const value = meta.get('env') ?? meta.get('env var');
  return /^[A-Za-z_]\w*/.exec(value ?? '')?.[0];
}

/** Says "(required)", "[required]", or starts or ends with the word. */
export function isRequired(description: string): boolean {
  const text = description.trim();
  return bracketMeta(text).has('required') || /\(required\)|^required\b|\brequired\.?$/i.test(text);
}

export function unquote(text: string): string {
  const match = /^(["'`])(.*)\1$/.exec(text.trim());
  return match ? (match[2] ?? '') : text.trim();
}

/** A default's text as a value of `type`; undefined when it does not fit or says nothing (`''`, `[]`). */
export function typedDefault(raw: string | undefined, type: ValueType): unknown {
  if (raw === undefined) return undefined;
  const text = unquote(raw);
  if (text === '' || /^\[.*\]$/.test(text) || /^(none|undefined|null)$/i.test(text)) return undefined;
  // restic's `(default: $RESTIC_REPOSITORY)`: read from the environment, which differs per machine; not a value to publish.
  if (/^\$\{?\w+\}?$|^%\w+%$/.test(text)) return undefined;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined;
  if (type === 'number') return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : undefined;
  return text;
}

/** A list default (`[.gitignore, .prettierignore]`, `[]`) as the values of a repeatable option of `type`; undefined when one does not fit. */
export function typedDefaults(raw: string | undefined, type: ValueType): unknown[] | undefined {
  const inner = /^\[(.*)\]$/.exec(unquote(raw ?? ''))?.[1];
  if (inner === undefined) {
    const one = typedDefault(raw, type);
    return one === undefined ? undefined : [one];
  }
  const items = inner.split(',').map((item) => typedDefault(item, type));
  return items.length === 0 || items.includes(undefined) ? undefined : items;
}

/** The type a default's text suggests when nothing else tells. */
export function typeOfValue(text: string): ValueType {
  if (text === 'true' || text === 'false') return 'boolean';
  if (/^-?\d+$/.test(text)) return 'integer';
  if (/^-?\d+\.\d+$/.test(text)) return 'number';
  return 'string';
}

/** A metavar that names a count (`N`, `NUM`, click's `INTEGER`) or a real (`FLOAT`). */
export function typeOfMetavar(metavar: string): ValueType | undefined {
  const word = metavar.replace(/[<>[\]=.]/g, '').trim().toUpperCase();
  if (/^(N|NUM|NUMBER|COUNT|INT|UINT|INTEGER|INTEGER RANGE|LINES|COLS|COLUMNS|PORT|DEPTH|JOBS|SECONDS|SECS)$/.test(word)) return 'integer';
  if (/^(FLOAT|FLOAT RANGE|REAL|DECIMAL)$/.test(word)) return 'number';
  return undefined;
}

/** pflag's value type names, as `-o, --output string` shows them. */
export function pflagType(word: string): { type: ValueType; variadic: boolean } | undefined {
  const match = /^(string|int|int8|int16|int32|int64|uint|uint8|uint16|uint32|uint64|float|float32|float64|duration|bool|count|ip|ipMask|ipNet|bytesHex|bytesBase64)(s|Slice|Array)?$/.exec(word);
  if (word === 'list' || word === 'stringToString' || word === 'stringToInt' || word === 'strings') return { type: 'string', variadic: true };
  if (!match) return undefined;
  const base = match[1] ?? 'string';
  const variadic = match[2] !== undefined;
  if (/^u?int\d*$|^count$/.test(base)) return { type: 'integer', variadic };
  if (/^float\d*$/.test(base)) return { type: 'number', variadic };
  if (base === 'bool') return { type: variadic ? 'string' : 'boolean', variadic };
  return { type: 'string', variadic };
}
