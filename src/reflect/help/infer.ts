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
  for (const match of description.matchAll(/\[((?:default|env|env var|possible values|required|aliases?)\b[^\]]*)\]/gi)) {
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
  const candidates: (string | undefined)[] = [
    possible,
    /possible values:\s*((?:- [\w.+-]+:?.*?)+)$/i.exec(text)?.[1]?.match(/(?:^|\s)- ([\w.+-]+)/g)?.map((m) => m.replace(/^\s*- /, '')).join(','),
    /\bone of:?\s*\(([^)]*)\)/i.exec(text)?.[1],
    /\bone of:?\s*((?:['"`]?[\w.+/-]+['"`]?\s*(?:\||,\s*(?:or|and)\b|,|\bor\b|\band\b)\s*)+['"`]?[\w.+/-]+['"`]?)/i.exec(text)?.[1],
    /\(([\w.+-]+(?:\|[\w.+-]+)+)\)/.exec(text)?.[1],
    // GNU's "ACTION is 'read', 'recurse', or 'skip'", kubectl's `Must be "none", "server", or "client"`
    /(?:\b[A-Z]+ (?:is|are|can be)|\b[Mm]ust be(?: one of)?)\s+((?:['"`][\w.+-]+['"`],?\s+)+or\s+['"`][\w.+-]+['"`])/.exec(text)?.[1],
    /\((["'][^"']+["'](?:,\s*(?:or\s+)?["'][^"']+["'])+)\)/.exec(text)?.[1],
  ];
  for (const candidate of candidates) {
    const items = splitChoices(candidate);
    if (items !== undefined) return items.some((item) => OPEN_CHOICE.test(item)) ? undefined : items;
  }
  return undefined;
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
  const bracket = bracketMeta(text).get('default');
  if (bracket !== undefined && bracket !== '') return unquote(bracket);
  const paren = /\(default:?\s+("[^"]*"|'[^']*'|\[[^\]]*\]|[^()]+)\)/i.exec(text)?.[1]?.trim();
  // "(default: all interfaces)" is prose, not a value; a quoted default may hold spaces.
  if (paren === undefined || (/\s/.test(paren) && !/^["']/.test(paren))) return undefined;
  return unquote(paren);
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
  const match = /^(["'])(.*)\1$/.exec(text.trim());
  return match ? (match[2] ?? '') : text.trim();
}

/** A default's text as a value of `type`; undefined when it does not fit or says nothing (`''`, `[]`). */
export function typedDefault(raw: string | undefined, type: ValueType): unknown {
  if (raw === undefined) return undefined;
  const text = unquote(raw);
  if (text === '' || text === '[]' || /^none$/i.test(text)) return undefined;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined;
  if (type === 'number') return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : undefined;
  return text;
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
  if (/^(N|NUM|NUMBER|COUNT|INT|INTEGER|INTEGER RANGE|LINES|COLS|COLUMNS|PORT|DEPTH|JOBS|SECONDS|SECS)$/.test(word)) return 'integer';
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
