/**
 * Finds option entries in help lines: a line starting with `-` opens an entry; its description
 * follows on the same line after two spaces, and on the deeper-indented lines below it.
 */
import { indentOf } from './sections.js';

/** One option as printed: the flags part (`-o, --output string`) and its description. */
export interface OptionEntry {
  readonly spec: string;
  readonly description: string;
}

const START = /^--?[\w[?#<]/;
/** `--append  -A chain`: a long name, then a short one. */
const LONG_THEN_SHORT = /^(\s*)(--[\w-]+)\s+(-[A-Za-z0-9])(?= \S|\s{2,}|$)/;

/**
 * The option entries among `lines`; lines that fit nowhere are skipped. Entries open at the
 * shallowest option indent (or up to four columns deeper: getopt's `      --long` under `  -s, --long`),
 * but never at or past the column the previous description started in.
 */
export function optionEntries(raw: readonly string[]): OptionEntry[] {
  // marked's man page puts each option after a bullet: `• -o, --output [output file]`, `o -o, …` in the C locale.
  // patch's man page joins spellings with a spaced `or`: `-x num  or  --debug=num`.
  // pkgdata's `-p or --name`: one space each side.
  // colcrt's `-,  --no-underlining`: a lone dash is no name to send.
  // iptables' `--source -s address`: a long name before its short one is turned round, where three or more lines do so with
  // shorts of their own (tar's `--null  -T reads…` refers to -T); `-p [!] proto`'s negation mark is no value.
  const longFirst = new Set(raw.map((line) => LONG_THEN_SHORT.exec(line)?.[3]).filter(Boolean)).size >= 3;
  const cleaned = withoutDashSeparators(
    raw.map((printed) => {
      const line = printed.replace(/^(\s*)[•·o] (?=-)/, '$1');
      return (longFirst ? line.replace(LONG_THEN_SHORT, '$1$3, $2') : line)
        .replace(/^(\s*-\S.*?)\s+\[!\](?= \S)/, '$1')
        // ebtables' `-A, --append chain      : append to chain`, `--src -s address[/mask]: source…`, lz4's `-D FILE: use FILE…`: the colon
        // parts flags and text (after a space, a bracket or a placeholder; rsync's `--filter=': .rules'` is a value).
        .replace(/^(\s*-(?:\S| (?! ))*?(?:\S(?=\s+:)|[\]A-Z>](?=:)))\s*: (?=\S)/, '$1  ')
        .replace(/ \.{3,} /, '  ')
        .replace(/^(\s*-\S.*?\S)\s{2,}or\s{2,}(?=-)/, '$1, ')
        .replace(/^(\s*-[\w?])\s+or\s+(?=--\w)/, '$1, ')
        .replace(/^(\s*)-,(\s+)(?=--\w)/, '$1  $2');
    }),
  );
  // pnpm's clap help: `  -g, --global`, and `      --json` starting where the long names do, each with its text below.
  const longColumns = new Set([...pairedLongColumns(cleaned), ...commaLongColumns(cleaned)]);
  const lines = splitGrid(cleaned.map(joinColumns).flatMap(splitPairs));
  const starts = lines.filter((line) => START.test(line.trim())).map(indentOf);
  if (starts.length === 0) return [];
  const base = Math.min(...starts);
  const entries: { spec: string; description: string[]; indent: number; descColumn: number; flush?: boolean; line: string }[] = [];
  let open = false;
  let continued = false;
  for (const line of lines) {
    const trimmed = line.trim();
    const last = entries[entries.length - 1];
    // heaptrack's example in a text, `flamegraph.pl … \` then `--countname allocations < stacks.txt`: a shell line goes on.
    const goesOn = continued && trimmed !== '';
    if (trimmed !== '') continued = trimmed.endsWith(' \\');
    if (goesOn && last !== undefined) {
      last.description.push(trimmed);
      continue;
    }
    if (trimmed === '') {
      if (last !== undefined) last.flush = false; // a flush-left body runs to the blank line
      continue;
    }
    const indent = indentOf(line);
    // tsc prints `--target, -t` flush left, then its text and `type:`/`one of:`/`default:` lines, flush left too.
    if (last?.flush === true && !START.test(trimmed) && !trimmed.endsWith(':')) {
      last.description.push(trimmed);
      continue;
    }
    // biome's `--reporter=` with its value list wrapped to the next line, `<default|concise|…>  Changes how…`.
    if (last !== undefined && last.spec.endsWith('=') && last.description.length === 0 && /^[<{[][^\s]*[>}\]](?:\s{2,}|$)/.test(trimmed)) {
      continueSpec(last, line, indent, '');
      continue;
    }
    // ack's `--flush` over `--flush flushes output immediately.`: a text that opens with its option's name is its text.
    if (last !== undefined && last.description.length === 0 && indent > last.indent && trimmed.startsWith(`${last.spec} `) && /^\S+ [a-z]+ [a-z]/.test(trimmed)) {
      last.description.push(trimmed);
      if (!Number.isFinite(last.descColumn)) last.descColumn = indent;
      continue;
    }
    // iptables' `--delete-chain` over `-X [chain]   Delete a user-defined chain`: its short name, under its long one.
    if (longFirst && last !== undefined && last.description.length === 0 && indent > last.indent && /^--[\w-]+$/.test(last.spec) && /^-[A-Za-z0-9](?: \S+)*(?:\s{2,}|$)/.test(trimmed)) {
      continueSpec(last, line, indent, ', ');
      continue;
    }
    // A deeper line right under an entry that has no description yet is that description (man's `-1 prints …`).
    const awaited = last !== undefined && last.description.length === 0 && indent > last.indent && !(longColumns.has(indent) && trimmed.startsWith('--'));
    const opens = START.test(trimmed) && (indent <= base + 4 || longColumns.has(indent)) && !awaited && (last === undefined || indent < last.descColumn);
    if (opens && last !== undefined && last.spec.endsWith(',') && last.description.length === 0) {
      // grep's `--color[=WHEN],` continues on the next line: `--colour[=WHEN]  use markers…`.
      continueSpec(last, line, indent, ' ');
      continue;
    }
    if (opens) {
      const split = splitEntry(trimmed);
      const spec = split.spec.replace(/(=\S*):$/, '$1');
      const text = split.text;
      const descColumn = text === undefined ? Number.POSITIVE_INFINITY : line.indexOf(text, indent + spec.length);
      entries.push({ spec, description: text === undefined ? [] : [text], indent, descColumn, flush: indent === 0 && text === undefined, line });
      open = true;
      continue;
    }
    // A shallower line that opens nothing (a sub-heading) ends the entry: what follows is not its text.
    if (last === undefined || indent <= last.indent) {
      open = false;
      continue;
    }
    if (!open) continue;
    if (!Number.isFinite(last.descColumn)) last.descColumn = indent;
    last.description.push(trimmed);
  }
  const column = usualColumn(entries.map((entry) => entry.descColumn));
  return entries.map((entry) => {
    // ImageMagick's `-set attribute value set an image attribute`: one space before the page's text column parts them.
    const line = entry.line;
    if (entry.description.length > 0 || column === undefined || line.length <= column || line[column - 1] !== ' ' || line[column - 2] === ' ' || line[column] === ' ') {
      return { spec: entry.spec, description: entry.description.join(' ') };
    }
    return { spec: line.slice(0, column).trim(), description: line.slice(column).trim() };
  });
}

/**
 * LLVM's `--leading-lines    - Preserve line numbers`: where three or more entries part flags and text with a dash, it
 * is no part of the text, and may stand one space from a long name (`--no-leading-lines - Don't preserve…`).
 */
function withoutDashSeparators(lines: readonly string[]): string[] {
  const dashed = /^(\s*--?[\w][^\s]*)\s+- (?=\S)/;
  if (lines.filter((line) => dashed.test(line)).length < 3) return [...lines];
  return lines.map((line) => line.replace(dashed, '$1  '));
}

/** The column most descriptions start at, when at least three share it. */
function usualColumn(columns: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const column of columns) if (Number.isFinite(column)) counts.set(column, (counts.get(column) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best !== undefined && best[1] >= 3 ? best[0] : undefined;
}

/** A line that goes on with the entry's flags (`--colour[=WHEN]  use markers…`): its first cell joins the spec, the rest is the text. */
function continueSpec(entry: { spec: string; description: string[]; descColumn: number }, line: string, indent: number, joiner: string): void {
  const [, more = line.trim(), text] = /^(.*?\S)(?:\s{2,}(\S.*))?$/.exec(line.trim()) ?? [];
  entry.spec = `${entry.spec}${joiner}${more}`;
  if (text === undefined) return;
  entry.description.push(text);
  entry.descColumn = line.indexOf(text, indent + more.length);
}

/**
 * An entry line's flags and text: split at two spaces, at python's ` : ` (`-c cmd : program passed in…`),
 * with shellcheck's long column joined to the short one (`-f FORMAT    --format=FORMAT    Output format`).
 */
function splitEntry(trimmed: string): { spec: string; text?: string } {
  const colon = /^(--?[\w?-]+(?: [\w|]+)?)\s+: (\S.*)$/.exec(trimmed);
  if (colon) return { spec: colon[1] ?? trimmed, text: colon[2] ?? '' };
  // qpdf's topic lists: `--key: specify attachment key`.
  const glued = /^(--?[\w?][\w-]*): (\S.*)$/.exec(trimmed);
  if (glued) return { spec: glued[1] ?? trimmed, text: glued[2] ?? '' };
  const [, spec = trimmed, text] = /^(.*?\S)(?:\s{2,}(\S.*))?$/.exec(trimmed) ?? [];
  // gcc's `-print-multi-os-directory Display the relative path…`, turbo's `--dangerously-… Allow for missing `packageManager``:
  // a name too long for its column, one space, then a sentence.
  // valgrind's `--max-stackframe=<number> assume stack switch…`: after a bracketed placeholder, any sentence.
  const overflow =
    text === undefined ? (/^(--?[\w][\w-]*(?:[ =]?<[^>]+>|=)?) ([A-Z][a-z]+(?: (?:[\w'.,()-]+|`[^`]+`[.,]?)){2,}\.?)$/.exec(spec) ?? /^(--?\w[\w-]*[ =]?<[^>]+>) ([a-z][a-z']*(?: \S+){1,})$/.exec(spec)) : null;
  // cmake's `--compile-no-warning-as-error= Ignore …`: its ` = ` between flag and text, glued to a long name, is no value.
  if (overflow) return { spec: (overflow[1] ?? spec).replace(/(?<=\w)=$/, ''), text: overflow[2] ?? '' };
  // shfmt's `-ln, --language-dialect str  bash/posix…`: two spaces after the comma, the long name's value after one.
  const long = text === undefined || spec.includes('--') ? undefined : /^(--\S+(?: [a-z]+)?)(?:\s{2,}(\S.*))?$/.exec(text);
  if (long) return { spec: `${spec.replace(/,$/, '')}, ${long[1] ?? ''}`, ...(long[2] !== undefined ? { text: long[2] } : {}) };
  return { spec, ...(text !== undefined ? { text } : {}) };
}

/** A line's cells: runs of text split by two or more spaces, each with the column it starts at. */
function cellsOf(line: string): { text: string; column: number }[] {
  const cells: { text: string; column: number }[] = [];
  for (const match of line.matchAll(/\S+(?: \S+)*/g)) cells.push({ text: match[0], column: match.index });
  return cells;
}

const SHORT_ONLY = /^-[\w?#@](?: [\w<>[\]:.=|-]+)?(?:, -[\w?#@](?: [\w<>[\]:.=|-]+)?)*$/;
const OPTION_CELL = /^--?[\w?#@]/;

/** A cell of short names only; ejs and jake end it with a comma (`-o,     --output-file FILE`). */
const isShortCell = (text: string): boolean => SHORT_ONLY.test(text.replace(/,$/, ''));

/**
 * pandoc prints short names in one column and long ones in the next (`-f FORMAT, -r FORMAT  --from=FORMAT`):
 * a cell of short options followed by one of long options is one option's names.
 */
function joinColumns(line: string): string {
  const cells = cellsOf(line);
  const [first, second, third] = cells;
  if (first === undefined || second === undefined || !isShortCell(first.text) || !second.text.startsWith('--')) return line;
  // patch's `-s  --quiet  --silent  Work silently…`: a third cell of one long name, text after it, is another spelling.
  const spelling = third !== undefined && cells.length > 3 && /^--[\w-]+$/.test(third.text) ? third : undefined;
  const longs = spelling === undefined ? line.slice(second.column) : `${second.text}, ${line.slice(spelling.column)}`;
  return `${line.slice(0, first.column)}${first.text.replace(/,$/, '')}, ${longs}`;
}

/**
 * zip prints two options a line (`-f   freshen: only changed files  -u   update: only changed or new files`):
 * where several lines start an option at the same column after a description, each half is an entry.
 */
/** bsdtar's `-c Create  -r Add/Replace  -t List`: three or more switches a line, each named in a word: a line each. */
function splitPairs(line: string): string[] {
  if (!/^\s*-\w \S+(\s{2,}-\w \S+){2,}\s*$/.test(line)) return [line];
  const indent = ' '.repeat(indentOf(line));
  return line.trim().split(/\s{2,}/).map((pair) => `${indent}${pair.replace(' ', '  ')}`);
}

function splitGrid(lines: readonly string[]): string[] {
  const starts = new Map<number, number>();
  for (const line of lines) {
    const cells = cellsOf(line);
    if (!OPTION_CELL.test(cells[0]?.text ?? '')) continue;
    for (let i = 2; i < cells.length; i += 1) {
      const cell = cells[i] as { text: string; column: number };
      if (OPTION_CELL.test(cell.text) && !OPTION_CELL.test(cells[i - 1]?.text ?? '-')) starts.set(cell.column, (starts.get(cell.column) ?? 0) + 1);
    }
  }
  const columns = [...starts].filter(([, count]) => count >= 2).map(([column]) => column).sort((a, b) => b - a);
  if (columns.length === 0) return [...lines];
  return lines.flatMap((line) => {
    const indent = ' '.repeat(indentOf(line));
    const parts: string[] = [];
    let rest = line;
    for (const column of columns) {
      if (rest.length > column && /^\s{2}/.test(rest.slice(column - 2, column)) && OPTION_CELL.test(rest.slice(column))) {
        parts.unshift(indent + rest.slice(column));
        rest = rest.slice(0, column).trimEnd();
      }
    }
    return [rest, ...parts];
  });
}

/** The columns where `-g, --global` lines (systemd's `-H --host=…`, without the comma) start their long names. */
function commaLongColumns(lines: readonly string[]): Set<number> {
  const columns = new Set<number>();
  for (const line of lines) {
    const match = /^(\s*-\w,? )--\w/.exec(line);
    if (match) columns.add(match[1]?.length ?? 0);
  }
  return columns;
}

/** The columns where shellcheck and pandoc print long options beside short ones; a long-only line starts there. */
function pairedLongColumns(lines: readonly string[]): Set<number> {
  const columns = new Set<number>();
  for (const line of lines) {
    const [first, second] = cellsOf(line);
    if (first !== undefined && second !== undefined && isShortCell(first.text) && second.text.startsWith('--')) columns.add(second.column);
  }
  return columns;
}
