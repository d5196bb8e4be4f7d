/**
 * The values fish's `-a` lists offer an option (`complete -c xz -l check -xa "none crc32 crc64 sha256"`), and when
 * they are its choices. A list is a completion suggestion, not a contract: it may leave values out (ls's
 * `--indicator-style` lacks `slash`, xz's `--format` lacks `lzip`), and an enum too narrow leaves the model no valid
 * value to send, which is worse than none. So a list becomes choices only when the program's own text for that
 * option lists the same values and no more: two sources agreeing on a closed set.
 */
import { fishCommands, type FishWord } from './fish-words.js';
import { cleanText } from './clean-text.js';
import { indentOf } from './sections.js';
import { escapeRegExp } from './regexp.js';

/** A value as a word: `gnu`, `iso-8601`, `i386:x86-64`, `c++`; not `format:` (more follows it), not `PEM,`. */
const VALUE = /^[\w+][\w.+@/-]*(?::[\w.+@/-]+)*$/;

/**
 * The words of a line's `-a` lists, their descriptions dropped (`gnu\t'GNU format'`): `open` when fish computes any
 * (`(__fish_complete_users)`, `$formats`, a glob) or one is no plain word; undefined when there are none.
 */
export function literalValues(lists: readonly FishWord[]): string[] | 'open' | undefined {
  const values: string[] = [];
  for (const list of lists) {
    // fish splits an `-a` list into words again, as a command line: quotes and escapes read, `(…)` run.
    for (const word of list.expands ? [list] : fishCommands(list.text).flat()) {
      const value = word.text.split('\t')[0] ?? '';
      // gcc's `c9x \t"ISO C99"`: a stray space leaves a description with no value of its own, nothing to offer.
      if (!word.expands && value === '' && word.text.startsWith('\t')) continue;
      if (word.expands || !VALUE.test(value)) return 'open';
      values.push(value);
    }
  }
  return values.length === 0 ? undefined : [...new Set(values)];
}

/**
 * The value written as more than one word: a list (`--preserve[=ATTR_LIST]`, fzf's `--tiebreak=CRI[,..]`, "comma-separated"),
 * a repeat (git's `(A|C|D)...`), or a name with options after it (ffprobe's `writer_name[=writer_options]`).
 */
const MORE_THAN_A_WORD = /comma[- ]separated|separated by commas?|\blist of\b|_LIST\b|\.\.|…|(?:^|[\s=])[\w<>]+\[[=:,]/im;

/**
 * `values` as the program spells them (`N|L|B`), when the option's own entries in `text` (those opening with one of
 * `flags`, with the lines under them) list them and no more: each value is in a list there that holds two or more of
 * them (`a, b or c`, `[a|b|c]`, `<yes|no>`, or a manual's sub-entries, one a line), and no such list holds another
 * word. A list that holds other words means fish's is a subset; a value in no list is unconfirmed (another build's).
 */
export function fishChoices(values: readonly string[], flags: readonly string[], text: string): string[] | undefined {
  if (values.length < 2 || flags.length === 0) return undefined;
  const entries = entriesOf(cleanText(text).split('\n'), flags);
  if (entries.length === 0 || entries.some((entry) => MORE_THAN_A_WORD.test(entry.join('\n')))) return undefined;
  const fold = (word: string) => word.toLowerCase();
  const ours = new Set(values.map(fold));
  // A first item that is the entry's placeholder ends the sentence that opens the list (wget's `--certificate-type=TYPE
  // client certificate type, PEM or DER`): it is no value.
  const opening = (list: string[], head: ReadonlySet<string>) => (head.has(fold(list[0] as string)) && !ours.has(fold(list[0] as string)) ? list.slice(1) : list);
  const lists = entries
    .flatMap((entry) => [...inlineLists(entry.join('\n')).map((list) => opening(list, placeholders(entry[0] as string))), ...tagLists(entry.slice(1))])
    .filter((list) => list.filter((item) => ours.has(fold(item))).length >= 2);
  if (lists.some((list) => list.some((item) => !ours.has(fold(item))))) return undefined;
  const written = lists.flat();
  const spelled = values.map((value) => (written.includes(value) ? value : written.find((item) => fold(item) === fold(value))));
  return spelled.every((value) => value !== undefined) ? [...new Set(spelled)] : undefined;
}

/** Each entry that opens with one of `flags` (a line starting with an option that names it), with the lines under it: up to a line as far left, or an option line at most four columns deeper. */
function entriesOf(lines: readonly string[], flags: readonly string[]): string[][] {
  const head = new RegExp(`(?<![\\w-])(?:${flags.map(escapeRegExp).join('|')})(?![\\w-])`);
  const entries: string[][] = [];
  lines.forEach((line, index) => {
    if (!/^\s*-/.test(line) || !head.test(line.trim().split(/\s{2,}/)[0] ?? '')) return;
    const indent = indentOf(line);
    const entry = [line];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() === '') continue;
      if (indentOf(next) <= indent || (/^\s*-/.test(next) && indentOf(next) <= indent + 4)) break;
      entry.push(next);
    }
    entries.push(entry);
  });
  return entries;
}

/** An item of a written list: a word, maybe quoted, maybe with a remark after it (`none (default)`, `ctime (-c)`). */
const ITEM = String.raw`['"\`]?[\w+][\w.+:@-]*['"\`]?(?:\s*\([^()]*\))?`;
const SEPARATOR = String.raw`(?:\s*[,|/]\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)`;
const LIST = new RegExp(String.raw`(?<![\w.+:@/'"\`-])${ITEM}(?:${SEPARATOR}${ITEM})+`, 'g');

/** The lists `text` writes inline, across line breaks: `literal, shell, c, or escape`, `[0|8|10|16]`, `DER/PEM/ENG`. */
function inlineLists(text: string): string[][] {
  // Inside a list a parenthesis is an item's remark: dropped before splitting.
  return [...text.replace(/\s+/g, ' ').matchAll(LIST)].map((match) => match[0].replace(/\s*\([^()]*\)/g, '').split(new RegExp(SEPARATOR)).map((item) => item.replace(/^['"`]|['"`]?[.:]?$/g, '')));
}

/** The words an entry's head writes beside its flags, lowercased: `type` of `--certificate-type=TYPE`. */
function placeholders(head: string): Set<string> {
  const spec = head.trim().split(/\s{2,}/)[0] ?? '';
  return new Set([...spec.replace(/(?<![\w-])--?[\w-]+/g, ' ').matchAll(/[A-Za-z_]+/g)].map((word) => word[0].toLowerCase()));
}

/**
 * The lists a manual writes as sub-entries, one a line, each tag at one indent (`auto   This is the default.`,
 * `lzma, alone`, rsync's bulleted `o   xxh64 (aka xxhash)`): a tag stands apart from its text by two spaces, or by one
 * where that text starts in the column the others' does (man's `sha256 Calculate SHA-256.`). A line of prose ends a run.
 */
function tagLists(body: readonly string[]): string[][] {
  const lines = body.map((line) => line.replace(/^(\s*)(?:[•·*]|o(?=\s{2}))\s+/, (_all, indent: string) => indent));
  const parsed = lines.map((line) => /^(\s*)([\w+][\w.+@/-]*(?:,\s*[\w+][\w.+@/-]*)*)(\s*\([^()]*\))?(?:(\s+)\S|$)/.exec(line));
  const columns = new Set(parsed.flatMap((match) => (match?.[4] !== undefined && match[4].length >= 2 ? [`${match[1]?.length}:${match[0].length - 1}`] : [])));
  const lists: string[][] = [];
  let run: { indent: number; tags: string[] } | undefined;
  lines.forEach((line, index) => {
    const match = parsed[index] ?? null;
    const indent = indentOf(line);
    if (run !== undefined && indent > run.indent) return;
    const isTag = match !== null && (match[4] === undefined || match[4].length >= 2 || columns.has(`${indent}:${match[0].length - 1}`));
    if (run !== undefined && (!isTag || indent !== run.indent)) {
      lists.push(run.tags);
      run = undefined;
    }
    if (isTag) (run ??= { indent, tags: [] }).tags.push(...(match[2] ?? '').split(/,\s*/));
  });
  if (run !== undefined) lists.push(run.tags);
  return lists.filter((tags) => tags.length >= 2);
}

