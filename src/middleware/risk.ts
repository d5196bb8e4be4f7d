import type { RunnableCommand } from '../types.js';

/** How much harm a command can do: what approval modes decide on. */
export type Risk = 'read-only' | 'write' | 'destructive';

/** Command words that only look. */
const READ_ONLY_WORDS = new Set(['get', 'list', 'ls', 'describe', 'show', 'view', 'status', 'info', 'inspect', 'logs', 'log', 'cat', 'read', 'search', 'find', 'diff', 'explain', 'version', 'help', 'top', 'whoami', 'check', 'print', 'query', 'stat', 'tree']);
/** Command words that remove or overwrite beyond recovery. */
const DESTRUCTIVE_WORDS = new Set(['delete', 'del', 'destroy', 'rm', 'remove', 'drop', 'purge', 'prune', 'wipe', 'erase', 'kill', 'terminate', 'truncate', 'reset', 'uninstall', 'revoke', 'force-delete', 'nuke']);

/** Overrides by command path (`'todo remove'`, with or without the program name) or by function. */
export type RiskOverrides = Readonly<Record<string, Risk>> | ((command: RunnableCommand) => Risk | undefined);

/**
 * A command's risk: an override first, then its annotations (destructiveHint, readOnlyHint), then
 * its words (the last word that is a known verb decides: `kubectl get` reads, `todo remove` destroys),
 * and `write` otherwise.
 */
export function riskOf(command: RunnableCommand, overrides?: RiskOverrides): Risk {
  const overridden = typeof overrides === 'function' ? overrides(command) : overrides && fromTable(overrides, command);
  if (overridden) return overridden;
  if (command.annotations?.destructiveHint === true) return 'destructive';
  if (command.annotations?.readOnlyHint === true) return 'read-only';
  for (const word of [...command.path.slice(1)].reverse().map((part) => part.toLowerCase())) {
    if (DESTRUCTIVE_WORDS.has(word)) return 'destructive';
    if (READ_ONLY_WORDS.has(word)) return 'read-only';
  }
  return 'write';
}

function fromTable(table: Readonly<Record<string, Risk>>, command: RunnableCommand): Risk | undefined {
  return table[command.path.join(' ')] ?? table[command.path.slice(1).join(' ')];
}
