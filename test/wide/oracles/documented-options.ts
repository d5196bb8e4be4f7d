/**
 * The options a help page or man page documents, read by a deliberately simple extractor that shares
 * nothing with cli-mcp's help parsers: any line segment (a line split at runs of 2+ spaces) made only
 * of option tokens and metavars is an option entry. It finds GNU, BSD, clap, cobra, Go flag, argparse,
 * click, commander, yargs and two-column layouts alike, because it looks only at the tokens.
 */

/** How an entry says its option takes a value. */
export type ValueForm = 'none' | 'required' | 'optional';

/** One documented option: every spelling of it on its entry line, and whether it takes a value. */
export interface DocumentedOption {
  /** `--all`, `-a`, `-name`: the spellings as written, values stripped. */
  readonly tokens: readonly string[];
  readonly value: ValueForm;
  /** The value's placeholder as written (`SIZE`, `<port>`, `string`), when there is one. */
  readonly metavar?: string;
  /** The entry line, trimmed and cut, so a reader can find it. */
  readonly line: string;
  /** The entry line and the line after it (a man page describes an entry below it). */
  readonly context: string;
}

const OPTION = /^(--?)([A-Za-z0-9?#@][\w.#@+:-]*)(.*)$/;
const NEGATABLE = /^--\[no-?\]([\w][\w.-]*)(.*)$/;
/** Words a parser prints for a value's type (cobra, Go flag, clap) or placeholders in lower case. */
const LOWER_METAVAR = /^[a-z][\w.:-]*(\.\.\.)?$/;
const UPPER_METAVAR = /^[A-Z][A-Z0-9_.:-]*(\.\.\.)?[\]]?$/;
/** A placeholder in brackets; `(global)`, `(input)` in parentheses are notes, not values. */
const BRACKETED = /^(<[^>]*>|\[[^\]]*\]|\{[^}]*\})(\.\.\.)?,?$/;
const PROSE_WORD = /^(and|the|to|of|is|in|for|with|a|an|as|on|by|if|be|are|from|not|only|this|that|see|use)$/;
const SEPARATOR = /^(,|\||\/|or|;|\+|\{\}|\.\.\.)$/;
/** yargs and cac print the type after the description: `[number]`, `[string]`, `[array]`. */
const TYPE_TAG = /\[(string|number|array|integer|float)\]/;

/** Every option entry of a page, in order, merged where two entries share a spelling. */
export function documentedOptions(text: string): DocumentedOption[] {
  return mergeBySpelling(optionEntries(text));
}

/** Every option entry of a page as written, one per entry line (not merged). */
export function optionEntries(text: string): DocumentedOption[] {
  const found: DocumentedOption[] = [];
  const lines = text.split('\n').map((raw) => stripOverstrike(raw).replace(/\t/g, '    ').trimEnd());
  let commands = false;
  lines.forEach((line, i) => {
    // A man page's COMMANDS (gpg's `--delete-keys name`) name the words that follow as the command's operands, not a value.
    if (/^[A-Z][A-Z ]+$/.test(line)) commands = line === 'COMMANDS';
    const next = lines[i + 1]?.trim() ?? '';
    const context = `${line.trim()} ${next.startsWith('-') ? '' : next}`.trim().slice(0, 300);
    for (const segment of line.trim().split(/\s{2,}/)) {
      const entry = entryOf(segment, line);
      if (entry) found.push({ ...entry, ...(commands ? { value: 'none' as const } : {}), context });
    }
  });
  return found;
}

/** man without a pager may still print bold as `x\bx`. */
function stripOverstrike(line: string): string {
  return line.replace(/.\u0008/g, '');
}

/** A segment that is an option entry: starts with an option token, holds only tokens, separators and metavars. */
function entryOf(segment: string, line: string): Omit<DocumentedOption, 'context'> | undefined {
  // `--recursive).`, `--backup without --backup-dir.`: a sentence that starts with an option, not an entry.
  if (/(^|[^.])\.$/.test(segment) || (segment.endsWith(')') && !segment.includes('('))) return undefined;
  // npm's `-a|--all`: two spellings of one option, joined by a bar.
  const words = segment.replace(/\|(?=-)/g, ' | ').match(/(<[^>]*>|\[[^\]]*\]|\{[^}]*\}|\([^)]*\)|[^\s,]+|,)/g) ?? [];
  if (words.length === 0 || words.length > 10 || !words[0]!.startsWith('-')) return undefined;
  const tokens: string[] = [];
  let value: ValueForm = 'none';
  let metavar: string | undefined;
  let lowerWords = 0;
  let afterOption = false;
  for (const word of words) {
    const option = optionToken(word);
    if (option) {
      tokens.push(...option.tokens);
      if (option.value !== 'none') [value, metavar] = [strongest(value, option.value), metavar ?? option.metavar];
      afterOption = true;
      continue;
    }
    if (SEPARATOR.test(word)) continue;
    // `-y (global)`, `-Tps (PostScript)`: a note in parentheses ends the entry.
    if (/^\(/.test(word)) break;
    // `--color-output / -C and --monochrome-output`: a sentence, not an entry.
    if (PROSE_WORD.test(word)) return undefined;
    const isLower = LOWER_METAVAR.test(word);
    if (!afterOption || !(isLower || UPPER_METAVAR.test(word) || BRACKETED.test(word))) return undefined;
    if (isLower && ++lowerWords > 1) return undefined;
    value = strongest(value, word.startsWith('[') ? 'optional' : 'required');
    metavar ??= word.replace(/^[<[{(]=?|[>\]})]$|\.\.\.$/g, '');
  }
  if (tokens.length === 0) return undefined;
  if (value === 'none' && TYPE_TAG.test(line)) value = 'required';
  return { tokens: [...new Set(tokens)], value, ...(metavar ? { metavar } : {}), line: line.trim().slice(0, 160) };
}

interface Token {
  readonly tokens: string[];
  readonly value: ValueForm;
  readonly metavar?: string;
}

/** `--color[=WHEN]`, `--size=<n>`, `-T<fmt>`, `--[no-]color`, `-a`: the spellings and the value form. */
function optionToken(word: string): Token | undefined {
  const bare = word.replace(/,$/, '');
  const negatable = NEGATABLE.exec(bare);
  if (negatable) return { tokens: [`--${negatable[1]}`, `--no-${negatable[1]}`], ...valueOf(negatable[2] ?? '') };
  const match = OPTION.exec(bare);
  if (!match) return undefined;
  const [, dashes, name = '', rest = ''] = match;
  if (!name) return undefined;
  // `-NUM`, `--no-OPTION`: a placeholder after dashes, not an option.
  if (name.length > 1 && /^(no-)?[A-Z]+$/.test(name) && (dashes === '-' || name.length > 2)) return undefined;
  // `-1.25`, `-4w:+4w` (values in a man page's examples), `--re‐` (a word hyphenated at a line break) are not options.
  if ((/^\d/.test(name) && !/^\d+$/.test(name)) || /[-\u2010]$/.test(name)) return undefined;
  const trimmed = name.replace(/[.:]+$/, '');
  return { tokens: [`${dashes}${trimmed}`], ...valueOf(rest) };
}

function valueOf(rest: string): { value: ValueForm; metavar?: string } {
  // kubectl's `--save-config=false:` prints a switch's default, not a value to give.
  if (rest === '' || /^=(true|false):?$/.test(rest)) return { value: 'none' };
  const optional = rest.startsWith('[');
  const metavar = rest.replace(/^\[?=?<?|>?\]?$/g, '').replace(/^=/, '');
  return { value: optional ? 'optional' : 'required', ...(metavar ? { metavar } : {}) };
}

function strongest(a: ValueForm, b: ValueForm): ValueForm {
  return a === 'required' || b === 'required' ? 'required' : a === 'optional' || b === 'optional' ? 'optional' : 'none';
}

/** Entries sharing a spelling are one option (a help line and a man line, or a repeated mention). */
export function mergeBySpelling(entries: readonly DocumentedOption[]): DocumentedOption[] {
  const merged: DocumentedOption[] = [];
  const bySpelling = new Map<string, number>();
  for (const entry of entries) {
    const index = entry.tokens.map((token) => bySpelling.get(token)).find((at) => at !== undefined);
    if (index === undefined) {
      merged.push(entry);
      for (const token of entry.tokens) bySpelling.set(token, merged.length - 1);
      continue;
    }
    const into = merged[index]!;
    const tokens = [...new Set([...into.tokens, ...entry.tokens])];
    const metavar = into.metavar ?? entry.metavar;
    merged[index] = { ...into, tokens, value: strongest(into.value, entry.value), context: `${into.context} ${entry.context}`.slice(0, 600), ...(metavar ? { metavar } : {}) };
    for (const token of tokens) bySpelling.set(token, index);
  }
  return merged;
}

const HELP_OR_VERSION = /^--?(help|version|usage|\?)([-=].*)?$|^-\?$/;
const DESCRIBES_HELP = /\b(help|usage|version|summary of options)\b/i;

/**
 * The entries oracle (a) leaves out: help and version switches (`--help`, `--help-all`, `-?`, `--version`,
 * `--usage`), and `-h`/`-V`/`-v` when their own line says help or version.
 */
export function isHelpOrVersion(option: DocumentedOption): boolean {
  if (option.tokens.some((token) => HELP_OR_VERSION.test(token))) return true;
  const shortOnly = option.tokens.every((token) => /^-[hHvV?]$/.test(token));
  return shortOnly && DESCRIBES_HELP.test(option.context) && !/verbos/i.test(option.context);
}
