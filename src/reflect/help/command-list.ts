/**
 * Reads subcommand listings: `  get          Display one or many resources`, clap's
 * `  build, b    Compile …`, gh's `  auth:  Authenticate …`, with wrapped descriptions.
 */
import type { SubcommandEntry } from './page.js';
import { indentOf } from './sections.js';

const ENTRY = /^([A-Za-z0-9][\w.+-]*)((?:,\s*[A-Za-z0-9][\w.+-]*)*):?(?:\s{2,}(\S.*))?$/;
/** Listed by many CLIs but not commands to expose: help is what the crawl already reads. */
const SKIPPED = new Set(['help']);

export function commandEntries(lines: readonly string[]): SubcommandEntry[] {
  const entries: { name: string; aliases: string[]; description: string[]; indent: number }[] = [];
  const indents = lines.filter((line) => line.trim() !== '' && ENTRY.test(line.trim())).map(indentOf);
  if (indents.length === 0) return [];
  const base = Math.min(...indents);
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = indentOf(line);
    const match = indent === base ? ENTRY.exec(line.trim()) : null;
    if (match) {
      const aliases = (match[2] ?? '').split(',').map((alias) => alias.trim()).filter((alias) => alias !== '');
      entries.push({ name: match[1] ?? '', aliases, description: match[3] === undefined ? [] : [match[3]], indent });
      continue;
    }
    const last = entries[entries.length - 1];
    if (last !== undefined && indent > base) last.description.push(line.trim());
  }
  return entries
    .filter((entry) => !SKIPPED.has(entry.name))
    .map((entry) => ({
      name: entry.name,
      ...(entry.description.length > 0 ? { description: entry.description.join(' ') } : {}),
      ...(entry.aliases.length > 0 ? { aliases: entry.aliases } : {}),
    }));
}

/** Entries of several sections, first listing of a name wins. */
export function uniqueEntries(lists: readonly (readonly SubcommandEntry[])[]): SubcommandEntry[] {
  const seen = new Map<string, SubcommandEntry>();
  for (const entry of lists.flat()) if (!seen.has(entry.name)) seen.set(entry.name, entry);
  return [...seen.values()];
}
