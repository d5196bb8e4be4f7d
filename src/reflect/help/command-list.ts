/**
 * Reads subcommand listings: `  get          Display one or many resources`, clap's
 * `  build, b    Compile …`, gh's `  auth:  Authenticate …`, commander's
 * `  serve|s [options] <port>   Start …` (the words after the name are its usage), with wrapped descriptions.
 */
import type { SubcommandEntry } from './page.js';
import { indentOf } from './sections.js';

/** A command word; a colon only inside it (knex's `migrate:make`), so gh's `auth:` stays `auth`. */
const NAME = String.raw`[A-Za-z0-9](?:[\w.+-]|:(?=\w))*`;
/** Commander's arguments after the name: `[options]`, `<name>`, `[<name>]`, `[files...]`; systemd's `CONDITION...`, `VERSION1 [OP] VERSION2`. */
const ARGUMENTS = String.raw`(?:\s(?:\[[^\]]*\]|<[^>]*>|[A-Z][A-Z0-9_-]*(?:\|[A-Z][A-Z0-9_-]*)*)(?:\.\.\.)?)*`;
const ENTRY = new RegExp(String.raw`^(${NAME})((?:(?:,\s*|\|)${NAME})*)(${ARGUMENTS}):?(?:(?:\s{2,}|\s+(?=[-\u2013\u2014]\s))(?:[-\u2013\u2014]\s+)?(\S.*))?$`);
const BULLET = /^(\s*)[-*•]\s+(?=[A-Za-z0-9])/;
/** Listed by many CLIs but not a command to expose: help is what the crawl already reads. */
export const isListedHelp = (name: string): boolean => name === 'help';

interface Listed {
  name: string;
  aliases: string[];
  usage: string;
  description: string[];
}

/**
 * The entries among `lines`. `path` is the listing command's own path (`['knex']`): an entry that
 * shows its arguments gets them as a usage line under it (`knex migrate:make [options] <name>`).
 */
export function commandEntries(listing: readonly string[], path?: readonly string[]): SubcommandEntry[] {
  const entries: Listed[] = [];
  // node-gyp's bullets: `    - build - Invokes \`make\` and builds the module`.
  const lines = listing.map((line) => line.replace(BULLET, '$1'));
  const indents = lines.filter((line) => line.trim() !== '' && ENTRY.test(line.trim())).map(indentOf);
  if (indents.length === 0) return [];
  const base = Math.min(...indents);
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = indentOf(line);
    const match = indent === base ? ENTRY.exec(line.trim()) : null;
    if (match) {
      const aliases = (match[2] ?? '').split(/[,|]/).map((alias) => alias.trim()).filter((alias) => alias !== '');
      entries.push({ name: match[1] ?? '', aliases, usage: (match[3] ?? '').trim(), description: match[4] === undefined ? [] : [match[4]] });
      continue;
    }
    const last = entries[entries.length - 1];
    if (last !== undefined && indent > base) last.description.push(line.trim());
  }
  return entries
    .filter((entry) => !isListedHelp(entry.name))
    .map((entry) => ({
      name: entry.name,
      ...(entry.description.length > 0 ? { description: entry.description.join(' ') } : {}),
      ...(entry.aliases.length > 0 ? { aliases: entry.aliases } : {}),
      ...(entry.usage !== '' && path !== undefined ? { usage: [...path, entry.name, entry.usage].join(' ') } : {}),
    }));
}

/** Entries of several sections, first listing of a name wins. */
export function uniqueEntries(lists: readonly (readonly SubcommandEntry[])[]): SubcommandEntry[] {
  const seen = new Map<string, SubcommandEntry>();
  for (const entry of lists.flat()) if (!seen.has(entry.name)) seen.set(entry.name, entry);
  return [...seen.values()];
}

/** Every word a listing gives its commands: names and aliases. */
export function commandNames(entries: readonly SubcommandEntry[]): Set<string> {
  return new Set(entries.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]));
}

/** The wanted entries, in listing order, then wanted names the page does not list (git lists only common commands). */
export function selectOnly(listed: readonly SubcommandEntry[], only: readonly string[]): SubcommandEntry[] {
  const wanted = new Set(only);
  const picked = listed.filter((entry) => wanted.has(entry.name) || (entry.aliases ?? []).some((alias) => wanted.has(alias)));
  const named = commandNames(picked);
  return [...picked, ...only.filter((name) => !named.has(name)).map((name) => ({ name }))];
}
