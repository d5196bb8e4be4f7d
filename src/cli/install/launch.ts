import { statSync } from 'node:fs';
import { basename, delimiter, extname, join, resolve } from 'node:path';
import { builtFile, IN_BINARY } from '../../package-files.js';
import type { EntryField } from './clients.js';
import { CliMcpError } from '../../errors.js';

/** How a client starts cli-mcp: Node and cli-mcp's bin, or the single-file binary on its own. */
function cliMcpLaunch(): readonly string[] {
  return IN_BINARY ? [process.execPath] : [process.execPath, builtFile('cli/bin.js')];
}

/** The help crawl's bound (reflect/help/crawl.ts): the longest a server takes to start, reading a program's help. */
const HELP_CRAWL_MS = 60_000;
/** Room for Node's start and the client's own overhead. */
const MARGIN_SEC = 10;

/** The command line a client runs to start the server, and the timeouts it should allow. */
export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly startupTimeoutSec: number;
  readonly toolTimeoutSec: number;
}

/** The wrap options that shape a launch, as wrap parsed them. */
export interface WrapFlags {
  readonly timeout: number;
  readonly killGrace: number;
  readonly cwd?: string;
}

/** Builds the launch of `cli-mcp wrap <target> …wrapArgs` with absolute paths, from `cwd`, with the PATH of `env`; `named`: the config file `target` is a server of. */
export function buildLaunch(target: string, wrapArgs: readonly string[], flags: WrapFlags, place: { cwd: string; env: Readonly<Record<string, string | undefined>> }, named?: string): Launch {
  const path = place.env.PATH ?? '';
  // Like wrap: --cwd is where the target is found, so it becomes absolute first.
  const base = flags.cwd === undefined ? place.cwd : resolve(place.cwd, flags.cwd);
  const [command, ...bin] = cliMcpLaunch() as [string, ...string[]];
  return {
    command,
    // A configured server's name stays a name: the client's server reads the config file it was installed from.
    args: [...bin, 'wrap', ...(named === undefined ? [resolveTarget(target, base, path)] : [target, '--config', named]), ...absoluteCwd(wrapArgs, place.cwd)],
    env: path === '' ? {} : { PATH: path },
    startupTimeoutSec: HELP_CRAWL_MS / 1000 + MARGIN_SEC,
    // A call ends by --timeout, then its tree is killed within --kill-grace.
    toolTimeoutSec: Math.ceil((flags.timeout + flags.killGrace) / 1000) + MARGIN_SEC,
  };
}

/** A client's entry for a launch: the fields it takes, in its order. */
export function entryOf(fields: readonly EntryField[], launch: Launch): Record<string, unknown> {
  const values: Record<EntryField, unknown> = {
    type: 'stdio',
    command: launch.command,
    args: [...launch.args],
    env: { ...launch.env },
    startup_timeout_sec: launch.startupTimeoutSec,
    tool_timeout_sec: launch.toolTimeoutSec,
  };
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}

/** The server name a target gets by default: its file name without a JS extension. */
export function defaultName(target: string): string {
  const name = basename(target);
  return ['.js', '.mjs', '.cjs', '.ts'].includes(extname(name)) ? name.slice(0, -extname(name).length) : name;
}

/** A name every client's file can hold as a plain key (TOML bare key, no dots). */
export function checkName(name: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new CliMcpError('cli-mcp.invalid-option', `server name "${name}" must be 1 to 64 letters, digits, _ or -: choose one with --name`);
  return name;
}

/** Found as wrap finds it (reflect/load-program.ts `locate`): a file, else ./node_modules/.bin, else PATH; made absolute. */
function resolveTarget(target: string, base: string, path: string): string {
  const direct = resolve(base, target);
  if (isFile(direct)) return direct;
  if (target.includes('/')) throw new CliMcpError('cli-mcp.target-not-found', `cannot find "${target}" (no file ${direct})`);
  const dirs = [join(base, 'node_modules', '.bin'), ...path.split(delimiter).filter(Boolean)];
  const found = dirs.map((dir) => join(dir, target)).find(isFile);
  if (!found) throw new CliMcpError('cli-mcp.target-not-found', `cannot find "${target}": no file in ${base}, no bin in ./node_modules/.bin, no program on PATH`);
  return found;
}

/** `--cwd dir` and `--cwd=dir` made absolute: the client starts the server somewhere else. */
function absoluteCwd(args: readonly string[], cwd: string): string[] {
  return args.map((arg, index) => {
    if (arg.startsWith('--cwd=')) return `--cwd=${resolve(cwd, arg.slice('--cwd='.length))}`;
    return args[index - 1] === '--cwd' ? resolve(cwd, arg) : arg;
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

