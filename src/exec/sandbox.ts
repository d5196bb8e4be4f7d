import { dirname } from 'node:path';
/**
 * The OS sandbox around each call (bubblewrap): `contain` puts the call in its own PID namespace so no
 * descendant (setsid, daemons) outlives it or the server; `strict` also makes the filesystem read-only
 * but the working directory, gives a private /tmp, hides credential directories and can cut the network.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliMcpError } from '../errors.js';
import { probeSandbox, warnSandboxUnavailable } from './sandbox-probe.js';
import { whichExecutable } from './which.js';
import { DEFAULTS, oneOf, SANDBOX_LEVELS, type SandboxLevel } from '../options.js';

/** `off`: process groups only; `contain`: PID namespace; `strict`: contain plus a read-only, credential-free filesystem. */
export type { SandboxLevel };

/** Credential stores under the home directory that `strict` hides unless allowed. */
export const CREDENTIAL_PATHS: readonly string[] = Object.freeze([
  '~/.ssh', '~/.aws', '~/.azure', '~/.config/gcloud', '~/.kube', '~/.docker', '~/.gnupg', '~/.password-store',
  '~/.config/gh', '~/.netrc', '~/.git-credentials', '~/.npmrc', '~/.pypirc',
]);

/** How a call is sandboxed, as the caller asks for it. */
export interface SandboxOptions {
  /** @default 'contain' */
  readonly level?: SandboxLevel;
  /** Credential paths `strict` leaves visible, `~` for the home directory. @example ['~/.kube'] @default [] */
  readonly allow?: readonly string[];
  /** Under `strict`, `false` gives the call no network (only its own loopback). @default true */
  readonly network?: boolean;
  /** The bubblewrap executable; for tests of the fallback. @default 'bwrap' */
  readonly command?: string;
  /** Under `strict`, an empty private `/tmp`; `false` leaves the real one visible, read-only, as the rest. @default true */
  readonly privateTmp?: boolean;
  /** Files and directories no call sees, at either level: a file cannot be opened, a directory is empty. @default [] */
  readonly hide?: readonly string[];
}

/** A sandbox that works here, resolved once: what {@link sandboxArgv} needs for every call. */
export interface Sandbox {
  readonly level: 'contain' | 'strict';
  readonly command: string;
  readonly allow: readonly string[];
  readonly network: boolean;
  readonly privateTmp: boolean;
  /** Existing absolute paths of `SandboxOptions.hide`. */
  readonly hide: readonly string[];
  /** Paths of the server's own that no call sees, at either level (`hide`, the spool of other calls' output), asked at each spawn. */
  readonly hidden?: () => readonly string[];
}

/**
 * Checks the options and probes bwrap (once per process); undefined means calls run in process
 * groups only: `off`, or bwrap unavailable (then said once on stderr).
 */
export function resolveSandbox(options: SandboxOptions = {}, warn?: (line: string) => void): Sandbox | undefined {
  const level = oneOf('sandbox', SANDBOX_LEVELS, options.level, DEFAULTS.sandbox);
  const allow = (options.allow ?? []).map((entry) => {
    if (typeof entry !== 'string' || entry === '') throw invalid(`sandboxAllow entries must be non-empty paths, got ${JSON.stringify(entry)}`);
    return entry;
  });
  const hide = (options.hide ?? []).map((entry) => {
    if (typeof entry !== 'string' || entry === '') throw invalid(`sandboxHide entries must be non-empty paths, got ${JSON.stringify(entry)}`);
    return path.resolve(entry);
  });
  if (level === 'off') return undefined;
  const command = options.command ?? 'bwrap';
  const probe = probeSandbox(command);
  if (!probe.ok) {
    warnSandboxUnavailable(probe.reason, warn);
    return undefined;
  }
  return { level, command, allow, network: options.network ?? true, privateTmp: options.privateTmp ?? true, hide, hidden: () => hide };
}

/**
 * The bwrap argv that runs `file` (already resolved to an absolute path) in `cwd`. Fd 3 receives
 * bwrap's info JSON (the namespace's pid), which the stop uses.
 */
export function sandboxArgv(sandbox: Sandbox, file: string, args: readonly string[], cwd: string, home: string | undefined, readOnly: readonly string[] = []): string[] {
  const base = ['--unshare-pid', '--die-with-parent', '--new-session', '--info-fd', '3'];
  // An empty directory over each directory, /dev/null over each file: the server's files are there, and no call can read them.
  const own = (sandbox.hidden?.() ?? []).filter((target) => existsSync(target)).flatMap((target) => (statSync(target).isDirectory() ? ['--tmpfs', target] : ['--ro-bind', '/dev/null', target]));
  if (sandbox.level === 'contain') return [...base, '--dev-bind', '/', '/', '--proc', '/proc', ...own, '--chdir', cwd, '--', file, ...args];
  const hidden = hiddenPaths(sandbox.allow, home).flatMap((target) =>
    statSync(target).isDirectory() ? ['--tmpfs', target] : ['--ro-bind', '/dev/null', target],
  );
  return [
    ...base,
    '--ro-bind', '/', '/', '--dev-bind', '/dev', '/dev', '--proc', '/proc', ...(sandbox.privateTmp ? ['--tmpfs', '/tmp'] : []),
    ...hidden,
    ...own,
    // The program's own directory, read-only, even under the private /tmp (a tool unpacked there, its data files beside it).
    '--ro-bind', ...twice(realDir(dirname(file))),
    ...readOnly.flatMap((dir) => ['--ro-bind', ...twice(realDir(dir))]),
    // After /tmp and the hidden paths, so a working directory under either stays the real one.
    '--bind', ...twice(realDir(cwd)),
    ...(sandbox.network ? [] : ['--unshare-net']),
    '--chdir', cwd, '--', file, ...args,
  ];
}

/** bwrap cannot make a mount point through a symlinked directory (a linked node_modules): the target is mounted, and the link leads there. */
function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

const twice = (dir: string): [string, string] => [dir, dir];

/** The existing credential paths under both the server's and the child's home, minus the allowed ones. */
function hiddenPaths(allow: readonly string[], childHome: string | undefined): string[] {
  const homes = [...new Set([homedir(), ...(childHome ? [childHome] : [])])];
  const allowed = new Set(homes.flatMap((home) => allow.map((entry) => expand(entry, home))));
  const paths = homes.flatMap((home) => CREDENTIAL_PATHS.map((entry) => expand(entry, home)));
  return [...new Set(paths)].filter((target) => !allowed.has(target) && existsSync(target));
}

function expand(entry: string, home: string): string {
  return path.resolve(entry === '~' || entry.startsWith('~/') ? path.join(home, entry.slice(1)) : entry);
}

function invalid(message: string): CliMcpError {
  return new CliMcpError('cli-mcp.invalid-option', message);
}

/** What to spawn for a sandboxed call, or the errno the unsandboxed spawn would have failed with. */
export function sandboxSpawn(
  sandbox: Sandbox,
  request: { readonly file: string; readonly args: readonly string[]; readonly cwd: string; readonly env: Readonly<Record<string, string | undefined>> },
  readOnly?: readonly string[],
): { readonly file: string; readonly args: string[] } | { readonly code: string } {
  // Resolved here, as the spawn would, so a missing CLI reads "not found" rather than a bwrap error.
  const resolved = whichExecutable(request.file, request.env.PATH, request.cwd);
  if ('code' in resolved) return resolved;
  return { file: sandbox.command, args: sandboxArgv(sandbox, resolved.file, request.args, path.resolve(request.cwd), request.env.HOME, readOnly) };
}

const BWRAP_ERRNO: readonly (readonly [RegExp, string])[] = [
  [/Permission denied/, 'EACCES'],
  [/Exec format error/, 'ENOEXEC'],
  [/No such file or directory/, 'ENOENT'],
  [/Not a directory/, 'ENOTDIR'],
];

/** When bwrap itself failed to start the command (exit 1, `bwrap: …` on stderr): the errno and bwrap's line. */
export function sandboxFailure(exitCode: number | undefined, stdout: string, stderr: string): { code: string; line: string } | undefined {
  if (exitCode !== 1 || stdout !== '' || !stderr.startsWith('bwrap: ')) return undefined;
  const line = stderr.split('\n')[0] ?? '';
  return { code: BWRAP_ERRNO.find(([pattern]) => pattern.test(line))?.[1] ?? 'ESANDBOX', line };
}
