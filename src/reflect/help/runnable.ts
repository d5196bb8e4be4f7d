/**
 * Whether a command that lists subcommands also runs by itself (`kubectl cluster-info` runs and has
 * `dump` under it): a usage form of its own names no subcommand, and the page backs that up.
 */
import { commandNames } from './command-list.js';
import type { HelpPage } from './page.js';
import { isCommandToken, isOptionsPlaceholder, leadingWord, splitPath, type UsageToken } from './usage-tokens.js';

/** The page's usage forms of the command at `path` itself, its path split off. */
function formsAt(page: HelpPage, path: readonly string[]) {
  return page.usage.map((form) => splitPath(form, path)).filter((form) => form.path.length === path.length);
}

/** `COMMAND`, `[command]`, `{release,status}`, or a listed name (git's `git remote add …` form). */
function namesSubcommand(token: UsageToken, names: ReadonlySet<string>): boolean {
  if (isCommandToken(token)) return true;
  if (token.kind === 'word') return names.has(token.text);
  return token.alternatives.some((alternative) => alternative.some((inner) => namesSubcommand(inner, names)));
}

/** An example runs `path` with no subcommand after it: kubectl's `# Print the address…` / `kubectl cluster-info`. */
function exampleRunsIt(examples: string | undefined, path: readonly string[], names: ReadonlySet<string>): boolean {
  const command = path.join(' ');
  return (examples ?? '').split('\n').some((raw) => {
    const line = raw.trim().replace(/^\$\s+/, '');
    if (line !== command && !line.startsWith(`${command} `)) return false;
    const next = line.slice(command.length).trim().split(/\s+/)[0] ?? '';
    return next === '' || !names.has(next);
  });
}

/**
 * True when some usage form of the command at `path` (program first) names no subcommand, and either
 * another form does (cobra prints `x [flags]` and `x [command]` for a runnable group) or an example runs
 * it bare. kubectl prints `kubectl auth [flags]` for groups that only print their help, hence the example.
 */
export function runsByItself(page: HelpPage, path: readonly string[]): boolean {
  if (page.subcommands.length === 0) return false;
  const names = commandNames(page.subcommands);
  const forms = formsAt(page, path);
  const bare = forms.filter((form) => !form.rest.some((token) => namesSubcommand(token, names)));
  if (bare.length === 0) return false;
  return bare.length < forms.length || exampleRunsIt(page.examples, path, names);
}

/**
 * Every usage form of the command writes a subcommand it cannot go without: click's `dotenv [OPTIONS] COMMAND [ARGS]...`,
 * or one of its listed commands by name (apt-cache's `apt-cache [options] command` and `apt-cache [options] show pkg1`).
 */
export function needsSubcommand(page: HelpPage, path: readonly string[]): boolean {
  if (page.subcommands.length === 0) return false;
  const names = commandNames(page.subcommands);
  const forms = formsAt(page, path);
  return forms.length > 0 && forms.every((form) => form.rest.some((token) => token.kind === 'word' && isCommandToken(token)) || names.has(leadingWord(form.rest) ?? ''));
}

/**
 * The command lists subcommands, yet every usage form writes only an options placeholder (appstreamcli's
 * `appstreamcli [OPTION…]`, etcdctl's `etcdctl [flags]`): nothing says it runs without one. Said of a program,
 * its options are then its commands' (both print their help or refuse when run so); a command's page may print
 * `[flags]` whatever it does (gh's template: `gh codespace ports [flags]` lists ports), so that stays as read.
 */
export function silentOnCommands(page: HelpPage, path: readonly string[]): boolean {
  if (page.subcommands.length === 0) return false;
  const forms = formsAt(page, path);
  return forms.length > 0 && forms.every((form) => form.rest.every(isOptionsPlaceholder));
}
