import type { CommandAnnotations, RunnableCommand } from '../types.js';

/** How much harm a command can do: what approval modes decide on. */
export type Risk = 'read-only' | 'write' | 'destructive';

/** Command words (and word parts) that only look. */
const READ_ONLY_WORDS = new Set([
  'get', 'list', 'ls', 'describe', 'show', 'view', 'status', 'info', 'inspect', 'logs', 'log', 'cat', 'read', 'search', 'find', 'diff', 'explain', 'version', 'help',
  'top', 'whoami', 'check', 'print', 'query', 'stat', 'tree', 'ps', 'can', 'events', 'history', 'stats', 'head', 'tail', 'grep', 'count', 'which', 'ping', 'outdated',
  'lint', 'validate', 'verify', 'plan', 'preview', 'doctor', 'du', 'df',
  // Nouns that, as a whole command, list what they name (`kubectl events`, `api-resources`, `docker images`).
  'events', 'images', 'resources', 'versions',
]);
/** A read verb glued to a word: rclone's `lsjson`, `lsf`, pm2's `jlist`. */
const GLUED_READ = /^(?:ls[a-z]{1,4}|[a-z]list)$/;
/** Command words (and word parts) that remove or overwrite beyond recovery; compounds a CLI spells as one word are listed whole. */
const DESTRUCTIVE_WORDS = new Set([
  'delete', 'del', 'destroy', 'rm', 'rmdir', 'rmi', 'remove', 'drop', 'dropdb', 'dropuser', 'purge', 'prune', 'wipe', 'erase', 'expunge', 'obliterate', 'shred', 'nuke',
  'kill', 'killall', 'terminate', 'truncate', 'reset', 'uninstall', 'revoke', 'discard',
  'clean', 'cleanup', 'clear', 'flush', 'flushall', 'flushdb', 'overwrite', 'force',
]);
/** Command words (and word parts) that change something recoverably: they decide over an earlier word, as the other two do. */
const WRITE_WORDS = new Set(['fix', 'add', 'create', 'new', 'set', 'update', 'put', 'patch', 'post', 'edit', 'apply', 'push', 'write', 'install', 'publish', 'register', 'deploy', 'run', 'exec', 'start', 'stop', 'restart', 'commit', 'merge', 'tag', 'label', 'annotate', 'scale', 'upload', 'import', 'send', 'move', 'mv', 'copy', 'cp', 'rename', 'init']);
/** Verbs whose undoing (`un`, `de`, `dis` + verb: `unpublish`, `deregister`, `unset`) takes something away. */
const UNDOABLE_VERBS = new Set(['publish', 'install', 'register', 'provision', 'deploy', 'set', 'link', 'tag', 'alias']);
const UNDO_PREFIX = /^(?:un|de|dis)(?<verb>[a-z]+)$/;

/** Overrides by command path (`'todo remove'`, with or without the program name) or by function. */
export type RiskOverrides = Readonly<Record<string, Risk>> | ((command: RunnableCommand) => Risk | undefined);

/**
 * A command's risk: an override first, then its annotations (destructiveHint, readOnlyHint), then
 * its words, and `write` otherwise.
 *
 * Words are read from the last to the first, and the last one that holds a known verb decides
 * (`kubectl get` reads, `todo remove` destroys, `npm cache clean` destroys). A word is split into
 * parts on `-`, `_`, `:`, `.` and camelCase (`delete-asset`, `getDeleted`, `migrate:rollback`); a
 * destructive part anywhere in it makes the word destructive (`delete-log-group`, `force-push`, since
 * nouns such as `log` or `status` follow the verb), and otherwise its first known part decides
 * (`get-deleted` reads: `deleted` is no verb; `set-status` writes). A part is destructive when it is
 * in the table or is `un`/`de`/`dis` before a verb whose undoing takes something away (`unpublish`,
 * `deregister`, `unset`; `undelete` and `uncordon` are not).
 */
export function riskOf(command: RunnableCommand, overrides?: RiskOverrides): Risk {
  const overridden = typeof overrides === 'function' ? overrides(command) : overrides && fromTable(overrides, command);
  if (overridden) return overridden;
  if (command.annotations?.destructiveHint === true) return 'destructive';
  if (command.annotations?.readOnlyHint === true) return 'read-only';
  for (const word of [...command.path.slice(1)].reverse()) {
    const risk = wordRisk(word);
    if (risk) return risk;
  }
  return 'write';
}

/** The risk one command word names, or undefined when it holds no known verb. */
function wordRisk(word: string): Risk | undefined {
  const risks = wordParts(word).map(partRisk);
  if (risks.includes('destructive')) return 'destructive';
  return risks.find((risk) => risk !== undefined);
}

/** `force-push` → force, push; `getDeletedItems` → get, deleted, items; `HTTPServer` → http, server. */
function wordParts(word: string): string[] {
  const spaced = word.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return spaced.toLowerCase().split(/[-_:.\s]+/).filter((part) => part !== '');
}

function partRisk(part: string): Risk | undefined {
  if (DESTRUCTIVE_WORDS.has(part)) return 'destructive';
  if (READ_ONLY_WORDS.has(part)) return 'read-only';
  if (WRITE_WORDS.has(part)) return 'write';
  if (GLUED_READ.test(part)) return 'read-only';
  const undone = UNDO_PREFIX.exec(part)?.groups?.verb;
  return undone !== undefined && UNDOABLE_VERBS.has(undone) ? 'destructive' : undefined;
}

function fromTable(table: Readonly<Record<string, Risk>>, command: RunnableCommand): Risk | undefined {
  return table[command.path.join(' ')] ?? table[command.path.slice(1).join(' ')];
}

/**
 * The MCP annotations a risk publishes, so clients that gate on them (Codex runs only read-only tools
 * unasked) judge as approval does. A command author's own hints win where they say more (`idempotentHint`).
 */
export function riskAnnotations(risk: Risk, own: CommandAnnotations = {}): CommandAnnotations {
  const hints = risk === 'read-only' ? { readOnlyHint: true } : { readOnlyHint: false, destructiveHint: risk === 'destructive' };
  return { ...own, ...hints };
}
