/**
 * git argv forms that run programs however the flags look: config keys whose values git executes, and
 * the `ext::` transport. Used by the git preset; each returns the reason a prepared argv is refused.
 */

/** Whole keys (lower-cased: git's section and key names are case-insensitive) whose values run or redirect programs. */
const EXECUTING_KEYS = new Set([
  'core.sshcommand', 'core.pager', 'core.editor', 'core.fsmonitor', 'core.hookspath', 'core.gitproxy', 'core.askpass',
  'core.worktree', // moves the working tree anywhere
  'core.alternaterefscommand', 'diff.external', 'sequence.editor', 'uploadpack.packobjectshook', 'ssh.variant',
]);
/** Sections any of whose keys run programs, name another config, or carry flags past the policy. */
const EXECUTING_SECTIONS = ['alias.', 'pager.', 'include.', 'includeif.', 'credential.', 'filter.', 'sendemail.', 'url.', 'protocol.', 'gpg.'];
/** Last key parts that run a program or name one, in any section (`diff.x.textconv`, `remote.x.uploadpack`, `submodule.x.update`). */
const EXECUTING_LAST_PARTS = new Set([
  'command', 'cmd', 'program', 'helper', 'driver', 'textconv', 'path', 'sshcommand', 'editor', 'uploadpack', 'receivepack',
  'proxycommand', 'update', 'insteadof', 'pushinsteadof', 'sendmailcmd', 'allow',
]);
/** Scopes outside the repository: the user's or the machine's config. */
const OUTSIDE_SCOPES = new Set(['--global', '--system']);
/** `git config` subcommands (git 2.46+) that come before the key. */
const SUBCOMMANDS = new Set(['set', 'get', 'unset', 'list', 'rename-section', 'remove-section']);

/**
 * `git config` (any form: `config k v`, `config set k v`, `--get`, `--unset`) naming a key whose value git
 * runs, the global/system scope, or the editor. Reads are refused too: failing closed costs little and keeps one rule.
 */
export function gitConfigKeys(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('config');
  if (at === -1 || argv.slice(0, at).some((token) => !token.startsWith('-'))) return undefined;
  const rest = argv.slice(at + 1);
  for (const token of rest) {
    const name = token.split('=')[0] ?? token;
    if (OUTSIDE_SCOPES.has(name)) return `"git config ${token}" is not allowed: it reads or writes configuration outside the repository`;
    if (name === '--edit' || name === 'edit' || /^-[a-zA-Z]*e/.test(name)) return `"git config ${token}" is not allowed: it starts an editor, a program of the user's choosing`;
  }
  const words = rest.filter((token) => !token.startsWith('-'));
  const renaming = words[0] === 'rename-section' || rest.includes('--rename-section');
  // The key is the first word (after a subcommand); a renamed section's new name is a key prefix too.
  const first = SUBCOMMANDS.has(words[0] ?? '') ? 1 : 0;
  const keys = renaming ? words : words.slice(first, first + 1);
  const key = keys.find((word) => isExecutingKey(renaming ? `${word}.x` : word));
  if (key === undefined) return undefined;
  return `"git config ${key}" is not allowed: git runs that key's value as a program (or it names one), so setting it would run any command`;
}

/** Any `ext::` URL (remote add, clone, fetch, submodule): git runs its text as a command line. */
export function gitExtTransport(argv: readonly string[]): string | undefined {
  const token = argv.find((word) => word.toLowerCase().includes('ext::'));
  return token === undefined ? undefined : `${JSON.stringify(token)} is not allowed: git's ext:: transport runs the URL's text as a command`;
}

/** Whether a config key (section[.subsection].name) names something git executes. */
export function isExecutingKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (!lower.includes('.')) return false;
  if (EXECUTING_KEYS.has(lower) || EXECUTING_SECTIONS.some((section) => lower.startsWith(section))) return true;
  return EXECUTING_LAST_PARTS.has(lower.slice(lower.lastIndexOf('.') + 1));
}
