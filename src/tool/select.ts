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

/** Commands whose path (with or without the root word) matches one of the names or globs. */
export function allowCommands(...names: string[]): CommandMatcher {
  const patterns = names.map(globToRegExp);
  return (command) => commandNames(command).some((name) => patterns.some((pattern) => pattern.test(name)));
}

/** Every command but those `allowCommands(...names)` would choose. */
export function excludeCommands(...names: string[]): CommandMatcher {
  const allowed = allowCommands(...names);
  return (command) => !allowed(command);
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

function globToRegExp(glob: string): RegExp {
  const body = glob.trim().split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`);
}
