import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { basename, delimiter, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliMcpError, isCliMcpError } from '../errors.js';
import { resolveLauncher, type Launcher } from '../exec/launcher.js';
import { childEnvironment } from '../exec/environment.js';
import { runNodeWorker } from '../exec/node-worker.js';
import type { CommandSpec } from '../types.js';
import { reflectHelp } from './help/crawl.js';

/** What the load worker sends back. */
export type WorkerAnswer =
  | {
      readonly ok: true;
      readonly kind: 'commander' | 'yargs';
      readonly spec: CommandSpec;
      readonly version?: string;
      readonly how: string;
    }
  | { readonly ok: false; readonly message: string };

/** A CLI found on disk, reflected, and ready to be run. */
export interface LoadedTarget {
  readonly spec: CommandSpec;
  readonly launcher: Launcher;
  readonly version?: string;
  /** How the program was found, for the user: `commander (export)`, `commander (parse() call)`, `yargs (parse() call)`, … */
  readonly method: string;
}

export interface LoadOptions {
  /** @default process.cwd() */
  readonly cwd?: string;
  /** @default 15000 */
  readonly timeoutMs?: number;
  /** Told how a help-text crawl is going (`crawled 12/40: kubectl get`). */
  readonly onProgress?: (message: string) => void;
}

/**
 * Finds `target` (a JS file, a bin in ./node_modules/.bin, or a program on PATH) and reflects it: a
 * commander or yargs program is loaded in a child process; anything else is read from its `--help`.
 */
export async function loadTarget(target: string, options: LoadOptions = {}): Promise<LoadedTarget> {
  const cwd = options.cwd ?? process.cwd();
  const file = locate(target, cwd);
  if (!file) throw new CliMcpError('cli-mcp.target-not-found', `cannot find "${target}": give a path to a JS file, or the name of an installed bin`);
  const launcher = resolveLauncher(file, { cwd });
  // A node launcher is `node [shebang flags…] script`: the script is last, the flags go to the worker too.
  const script = launcher.file === process.execPath ? launcher.prefixArgs.at(-1) : undefined;
  if (!script) return fromHelp(file, launcher, options, cwd);
  try {
    return await fromProgram(target, script, launcher, options, cwd);
  } catch (error) {
    // A JS CLI built with another parser still has a --help to read, when it can run on its own.
    if (!isCliMcpError(error) || error.code !== 'cli-mcp.program-not-found' || !isExecutable(file)) throw error;
    return fromHelp(file, { file, prefixArgs: [] }, options, cwd).catch(() => Promise.reject(error));
  }
}

async function fromHelp(file: string, launcher: Launcher, options: LoadOptions, cwd: string): Promise<LoadedTarget> {
  const help = await reflectHelp(file, { cwd, onProgress: options.onProgress });
  const cached = help.fromCache ? ', cached' : '';
  const unread = help.unread.length > 0 ? `, ${help.unread.length} commands not read` : '';
  return {
    spec: help.spec,
    launcher,
    method: `help text (${help.dialect}, ${help.pages} pages${unread}${cached})`,
  };
}

async function fromProgram(target: string, script: string, launcher: Launcher, options: LoadOptions, cwd: string): Promise<LoadedTarget> {
  const name = basename(target, extname(target));
  let answer: WorkerAnswer;
  try {
    const execArgv = launcher.prefixArgs.slice(0, -1);
    answer = await runNodeWorker<WorkerAnswer>(workerPath(), [script, name], { timeoutMs: options.timeoutMs ?? 15_000, cwd, execArgv, env: WORKER_ENV() });
  } catch (error) {
    throw new CliMcpError('cli-mcp.reflection-failed', `loading "${target}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!answer.ok) throw new CliMcpError('cli-mcp.program-not-found', answer.message);
  return { spec: answer.spec, launcher, version: answer.version, method: `${answer.kind} (${answer.how})` };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The loaded module sees what a call would (the allowlist), and no update notifier starts a background check. */
const WORKER_ENV = () => childEnvironment(process.env, { set: { NO_UPDATE_NOTIFIER: '1' } });

/** A path as given, else a bin in ./node_modules/.bin, else a command on PATH. */
function locate(target: string, cwd: string): string | undefined {
  const direct = resolve(cwd, target);
  if (isFile(direct)) return direct;
  if (target.includes('/')) return undefined;
  const dirs = [join(cwd, 'node_modules', '.bin'), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return dirs.map((dir) => join(dir, target)).find(isFile);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The compiled worker; from sources (tests) it is the one in dist/, built by `npm test` first. */
function workerPath(): string {
  const sibling = fileURLToPath(new URL('./load-worker.js', import.meta.url));
  return existsSync(sibling) ? sibling : fileURLToPath(new URL('../../dist/reflect/load-worker.js', import.meta.url));
}
