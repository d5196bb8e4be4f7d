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

/**
 * The option entries among `lines`; lines that fit nowhere are skipped. Entries open at the
 * shallowest option indent (or up to four columns deeper: getopt's `      --long` under `  -s, --long`),
 * but never at or past the column the previous description started in.
 */
export function optionEntries(lines: readonly string[]): OptionEntry[] {
  const starts = lines.filter((line) => START.test(line.trim())).map(indentOf);
  if (starts.length === 0) return [];
  const base = Math.min(...starts);
  const entries: { spec: string; description: string[]; indent: number; descColumn: number; flush?: boolean }[] = [];
  let open = false;
  for (const line of lines) {
    const trimmed = line.trim();
    const last = entries[entries.length - 1];
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
    // A deeper line right under an entry that has no description yet is that description (man's `-1 prints …`).
    const awaited = last !== undefined && last.description.length === 0 && indent > last.indent;
    const opens = START.test(trimmed) && indent <= base + 4 && !awaited && (last === undefined || indent < last.descColumn);
    if (opens && last !== undefined && last.spec.endsWith(',') && last.description.length === 0) {
      // grep's `--color[=WHEN],` continues on the next line: `--colour[=WHEN]  use markers…`.
      const [, more = trimmed, text] = /^(.*?\S)(?:\s{2,}(\S.*))?$/.exec(trimmed) ?? [];
      last.spec = `${last.spec} ${more}`;
      if (text !== undefined) {
        last.description.push(text);
        last.descColumn = line.indexOf(text, indent + more.length);
      }
      continue;
    }
    if (opens) {
      const split = /^(.*?\S)(?:\s{2,}(\S.*))?$/.exec(trimmed);
      const spec = (split?.[1] ?? trimmed).replace(/(=\S*):$/, '$1');
      const text = split?.[2];
      const descColumn = text === undefined ? Number.POSITIVE_INFINITY : line.indexOf(text, indent + spec.length);
      entries.push({ spec, description: text === undefined ? [] : [text], indent, descColumn, flush: indent === 0 && text === undefined });
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
  return entries.map((entry) => ({ spec: entry.spec, description: entry.description.join(' ') }));
}
