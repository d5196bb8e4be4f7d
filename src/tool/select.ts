import type { RunnableCommand, ScopedOption } from '../types.js';

/** Chooses commands: by name (`'todo add'`, `'add'`, globs like `'todo *'`) or by predicate. */
export type CommandMatcher = (command: RunnableCommand) => boolean;
/** Chooses which options of a chosen command the tool offers. */
export type FlagMatcher = (option: ScopedOption, command: RunnableCommand) => boolean;

/**
 * Which commands become tools, with which flags. Selections are tried in order and the first whose
 * `commands` matches decides; with selections given, a command none matches is not exposed.
 */
export interface Selection {
  /** @default every command */
  readonly commands?: CommandMatcher;
  /** @default every flag */
  readonly flags?: FlagMatcher;
}

/**
 * Commands whose path (with or without the root word) matches one of the names or globs exactly: `'tag'`
 * chooses the `tag` command only; `'tag *'` every command under it. Narrow on purpose: an inclusion never exposes more than it names.
 */
export function allowCommands(...names: string[]): CommandMatcher {
  return matcher(names, '');
}

/**
 * Every command but those named and everything under them: `'red group'` removes `red group` and
 * `red group wipe`. Broad on purpose: excluding a group must leave none of its commands callable.
 */
export function excludeCommands(...names: string[]): CommandMatcher {
  const excluded = matcher(names, '(?: .+)?');
  return (command) => !excluded(command);
}

/** Only the named flags. */
export function allowFlags(...names: string[]): FlagMatcher {
  const set = new Set(names);
  return (option) => set.has(option.name);
}

/** Every flag but the named ones. */
export function excludeFlags(...names: string[]): FlagMatcher {
  const set = new Set(names);
  return (option) => !set.has(option.name);
}

/** The first selection that chooses `command`; `undefined` when it is not exposed, `null` when there are no selections. */
export function selectionFor<S extends Selection>(selections: readonly S[], command: RunnableCommand): S | null | undefined {
  if (selections.length === 0) return null;
  return selections.find((selection) => !selection.commands || selection.commands(command));
}

function commandNames(command: RunnableCommand): string[] {
  const full = command.path.join(' ');
  return command.path.length > 1 ? [full, command.path.slice(1).join(' ')] : [full];
}

/** Matches a command when one of its names matches one of the globs, followed by `tail` (a regexp source). */
function matcher(names: readonly string[], tail: string): CommandMatcher {
  const patterns = names.map((glob) => globToRegExp(glob, tail));
  return (command) => commandNames(command).some((name) => patterns.some((pattern) => pattern.test(name)));
}

function globToRegExp(glob: string, tail: string): RegExp {
  // Words are matched as the path joins them: with single spaces.
  const words = glob.trim().split(/\s+/).join(' ');
  const body = words.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${tail}$`);
}
