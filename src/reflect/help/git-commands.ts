/**
 * git's full command list: `git --help` shows only the two dozen common commands, `git help -a`
 * every command grouped by kind. The crawl reads the user-facing groups from it.
 */
import { commandEntries, uniqueEntries } from './command-list.js';
import { spawnHelp, type HelpCall } from './fetch-page.js';
import type { HelpPage, SubcommandEntry } from './page.js';
import { splitHelp } from './sections.js';

/**
 * The groups people type: porcelain, ancillary and interop. The "Low-level Commands" groups are
 * plumbing (cat-file, update-ref, pack-objects, …) that scripts build porcelain from; as tools they
 * would double the list with commands a person rarely types and that write objects and refs directly.
 * Guides, file-format pages and external commands are not commands of git's own.
 */
const USER_FACING = /^(Main Porcelain Commands|Ancillary Commands \/ (Manipulators|Interrogators)|Interacting with Others)$/;

/** The commands `git help -a` lists under its user-facing groups, in its order. */
export function gitCommandList(text: string): SubcommandEntry[] {
  const sections = splitHelp(text).sections.filter((section) => USER_FACING.test(section.title));
  return uniqueEntries(sections.map((section) => commandEntries(section.lines)));
}

/**
 * The root page with `git help -a`'s commands added after the ones `git --help` lists (those lead, so the
 * common commands come first); the root page alone when `help -a` fails or lists nothing.
 */
export async function withFullCommandList(call: HelpCall, root: HelpPage): Promise<HelpPage> {
  const result = await spawnHelp(call, ['help', '-a']);
  if (!('text' in result) || result.timedOut || result.exitCode !== 0) return root;
  const listed = gitCommandList(result.text);
  return listed.length === 0 ? root : { ...root, subcommands: uniqueEntries([root.subcommands, listed]) };
}
