/**
 * git's `-h` pages list only some options (`git log -h` shows ten; `-n`, `--format`, `--stat` are not
 * among them). The man page lists them all: its options are added to the `-h` page's.
 */
import type { OptionSpec } from '../../types.js';
import { spawnHelp, type HelpCall } from './fetch-page.js';
import type { HelpPage } from './page.js';
import { parseHelp } from './parse.js';
import { spellings, withLongSpellingsFrom, withValuesFrom } from './values-from.js';

/** The man page as plain text: `cat` as pager (no terminal is attached either), lines wide enough that no option line wraps. */
export const MANUAL_ENV = { MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '1000' } as const;

/**
 * A man page describes a command with subcommands (stash, remote, worktree) as one: its options belong
 * to the subcommands, and which to which the text does not say; only first-level commands without them read it.
 */
export function wantsManual(words: readonly string[], page: HelpPage): boolean {
  return words.length === 1 && page.subcommands.length === 0;
}

/** The options `git help --man <command>` lists, or undefined when it prints no man page (no man, pages not installed). */
export async function manualOptions(call: HelpCall, command: string): Promise<readonly OptionSpec[] | undefined> {
  const result = await spawnHelp({ ...call, env: { ...call.env, ...MANUAL_ENV } }, ['help', '--man', command]);
  if (!('text' in result) || result.timedOut || result.exitCode !== 0 || !/^NAME$/m.test(result.text)) return undefined;
  return parseHelp(result.text, { dialect: 'git', path: [call.program, command] }).options;
}

/**
 * The `-h` page with what the manual adds: the options it does not list, and the value of one the page shows
 * as a bare switch where the manual shows it taking one (zip's `-i   include only the following names`, the
 * manual's `-i files`): for a fact only one source states, the one that states it decides.
 */
export function withManualOptions(page: HelpPage, manual: readonly OptionSpec[]): HelpPage {
  const names = new Set(page.options.map((option) => option.name));
  const flags = new Set(page.options.flatMap(spellings));
  // Any spelling the page already has (`-A` as an alias of `--after-context`) is that option: the page says it.
  const added = manual.filter((option) => !names.has(option.name) && !spellings(option).some((flag) => flags.has(flag)));
  const options = withLongSpellingsFrom(withValuesFrom(page.options, manual), manual);
  return added.length === 0 && options.every((option, index) => option === page.options[index]) ? page : { ...page, options: [...options, ...added.map((option) => ({ ...option, source: 'man page' as const }))] };
}
