/**
 * The environment a CLI is spawned with: an allowlist of the server's variables, so tokens and keys
 * the server happens to hold (AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, …) never reach the model's commands.
 */
import { CliMcpError } from '../errors.js';

/**
 * Variables a CLI inherits by default: what programs need to find executables, the home directory,
 * the locale (LANG, LANGUAGE and the standard LC_ categories, by name), the terminal, the time zone and the temp directory.
 * The Windows names (SystemRoot … ProgramData) are only set there; on win32 names match case-insensitively.
 * Deliberately absent: credentials, `NODE_OPTIONS` (it can `--require` code), `SSH_AUTH_SOCK`, proxies.
 */
export const DEFAULT_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  // The POSIX and glibc locale categories by name: a `LC_*` prefix would also pass LC_SECRET_TOKEN.
  'LC_ALL',
  'LC_CTYPE',
  'LC_COLLATE',
  'LC_MESSAGES',
  'LC_MONETARY',
  'LC_NUMERIC',
  'LC_TIME',
  'LC_ADDRESS',
  'LC_IDENTIFICATION',
  'LC_MEASUREMENT',
  'LC_NAME',
  'LC_PAPER',
  'LC_TELEPHONE',
  'TERM',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
  'PWD',
  'SystemRoot',
  'ComSpec',
  'PATHEXT',
  'WINDIR',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'ProgramData',
]);

/** The few default names a log line shows before the ellipsis. */
const SUMMARY_SAMPLE = 'PATH, HOME, LANG, LC_ALL';

/** Which variables a spawned CLI receives. */
export interface EnvironmentOptions {
  /**
   * More names to inherit, on top of {@link DEFAULT_ENV_ALLOWLIST}; `PREFIX_*` allows every name with that prefix.
   * @example ['KUBECONFIG', 'AWS_*']
   */
  readonly allow?: readonly string[];
  /**
   * Pass the server's whole environment, as a shell would (opts out of the allowlist).
   * @default false
   */
  readonly inheritAll?: boolean;
  /** Explicit values; they always win over inherited ones. */
  readonly set?: Readonly<Record<string, string>>;
  /**
   * The platform whose naming rules apply: on `win32` names match case-insensitively.
   * @default process.platform
   */
  readonly platform?: NodeJS.Platform;
}

/**
 * The complete environment for a child: only allowlisted variables of `source`, undefined values
 * dropped, then `set` applied last. The result holds nothing else, so it can be passed as is.
 * Throws a `cli-mcp.invalid-option` error for a malformed `allow` entry or `set` name.
 * @example childEnvironment(process.env, { allow: ['KUBECONFIG'], set: { NO_COLOR: '1' } })
 */
export function childEnvironment(
  source: Readonly<Record<string, string | undefined>>,
  options: EnvironmentOptions = {},
): Record<string, string> {
  const fold = foldFor(options.platform ?? process.platform);
  const allowed = options.inheritAll === true ? () => true : allowMatcher([...DEFAULT_ENV_ALLOWLIST, ...checkAllow(options.allow ?? [])], fold);
  // Keyed by the folded name so that on Windows `Path` from the source and `PATH` from `set` stay one variable.
  const env = new Map<string, readonly [string, string]>();
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && allowed(name)) env.set(fold(name), [name, value]);
  }
  for (const [name, value] of Object.entries(options.set ?? {})) {
    checkSetEntry(name, value);
    env.set(fold(name), [name, value]);
  }
  // fromEntries defines own properties, so even a variable named `__proto__` stays a plain entry.
  return Object.fromEntries(env.values());
}

/**
 * A one-line summary for logs: which names are inherited and which are set (never their values).
 * @example describeEnvironment({ allow: ['MY_VAR'] }) // 'inherits PATH, HOME, LANG, LC_ALL, … + MY_VAR'
 * @example describeEnvironment({ inheritAll: true, set: { NO_COLOR: '1' } }) // 'inherits everything; sets NO_COLOR'
 */
export function describeEnvironment(options: EnvironmentOptions = {}): string {
  const extra = options.allow ?? [];
  const inherits =
    options.inheritAll === true
      ? 'inherits everything'
      : `inherits ${SUMMARY_SAMPLE}, …${extra.length > 0 ? ` + ${extra.join(', ')}` : ''}`;
  const set = Object.keys(options.set ?? {});
  return set.length > 0 ? `${inherits}; sets ${set.join(', ')}` : inherits;
}

/** How names compare on a platform: Windows environment names are case-insensitive. */
function foldFor(platform: NodeJS.Platform): (name: string) => string {
  return platform === 'win32' ? (name) => name.toUpperCase() : (name) => name;
}

/** A predicate over variable names for a list of exact names and `PREFIX_*` entries. */
function allowMatcher(entries: readonly string[], fold: (name: string) => string): (name: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of entries) {
    if (entry.endsWith('*')) prefixes.push(fold(entry.slice(0, -1)));
    else exact.add(fold(entry));
  }
  return (name) => {
    const folded = fold(name);
    return exact.has(folded) || prefixes.some((prefix) => folded.startsWith(prefix));
  };
}

/** Refuses entries that would silently allow more than meant (`*`, `A*B`) or never match. */
function checkAllow(entries: readonly string[]): readonly string[] {
  for (const entry of entries) {
    const star = entry.indexOf('*');
    if (entry === '*') throw invalid(`environment allow entry "*" would pass everything; use inheritAll: true for that`);
    if (entry === '' || entry.includes('=') || (star !== -1 && star !== entry.length - 1)) {
      throw invalid(`environment allow entry ${JSON.stringify(entry)} is not a variable name or a PREFIX_* pattern`);
    }
  }
  return entries;
}

/** A name with `=` or NUL cannot be represented in an environment block; Node refuses NUL in values. */
function checkSetEntry(name: string, value: string): void {
  if (name === '' || name.includes('=') || name.includes('\0')) {
    throw invalid(`environment variable name ${JSON.stringify(name)} in set is not valid`);
  }
  if (typeof value !== 'string' || value.includes('\0')) {
    throw invalid(`environment variable ${name} in set must be a string without NUL characters`);
  }
}

function invalid(message: string): CliMcpError {
  return new CliMcpError('cli-mcp.invalid-option', message);
}
