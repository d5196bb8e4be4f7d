/**
 * openssl's `openssl help`: commands laid out in a grid under a title, unindented, with no descriptions:
 * `Standard commands` / `asn1parse         ca                ciphers …`.
 */
import type { SubcommandEntry } from './page.js';

/** A grid row: command names separated by two or more spaces. */
const ROW = /^[a-z][\w.-]*(?: {2,}[a-z][\w.-]*)* *$/;
/** `Standard commands`; `Cipher commands (see the `enc' command …)` lists names that are another command's arguments. */
const TITLE = /^[A-Z][\w ]* commands$/;

/** `Message Digest commands (see the `dgst' command for more details)`: names that are switches of `dgst`. */
const SWITCHES_TITLE = /^[A-Z][\w ]* commands \(see the `([\w-]+)' command\b/;

/** The names in the grid below line `title`. */
function gridBelow(lines: readonly string[], title: number): string[] {
  const names: string[] = [];
  for (let row = title + 1; ROW.test(lines[row] ?? '') && (lines[row] ?? '').trim() !== ''; row += 1) names.push(...(lines[row] ?? '').trim().split(/ {2,}/));
  return names;
}

/** The commands of every grid under a `… commands` title, with the switches other grids name for them; `help` left out. */
export function gridCommands(lines: readonly string[]): SubcommandEntry[] {
  const names = new Set(lines.flatMap((line, i) => (TITLE.test(line) ? gridBelow(lines, i) : [])));
  const switches = new Map<string, string[]>();
  lines.forEach((line, i) => {
    const owner = SWITCHES_TITLE.exec(line)?.[1];
    if (owner !== undefined) switches.set(owner, [...(switches.get(owner) ?? []), ...gridBelow(lines, i)]);
  });
  return [...names].filter((name) => name !== 'help').map((name) => ({ name, ...(switches.has(name) ? { switches: switches.get(name) } : {}) }));
}
