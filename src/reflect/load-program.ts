import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, extname, join, resolve } from 'node:path';
import { CliMcpError, isCliMcpError } from '../errors.js';
import { defaultNode, resolveLauncher, type Launcher } from '../exec/launcher.js';
import { checkedNode, nodeTooOld } from './node-version.js';
import type { DeclaredOptions } from './node-parse-args.js';
import { childEnvironment, type EnvironmentOptions } from '../exec/environment.js';
import type { CommandSpec } from '../types.js';
import { withoutDirectory } from './clean-spec.js';
import { parserPackages } from './parser-packages.js';
import { builtFile, packageVersion } from '../package-files.js';
import { buildIdentity, defaultProgramCacheDir, helpBuildKey, programCacheKey, readProgramCache, stampFiles, writeProgramCache, writeStamped } from './program-cache.js';
import { fromHelp, helpReadBin } from './read-from-help.js';
import type { LoadedTarget, LoadOptions } from './load-types.js';

/** How a program ended before it built its commands: its exit code and the tail of its own stderr. */
export interface ProgramExit {
  readonly code: number;
  readonly stderr: string;
}

/**
 * What the load worker sends back. `helpSensitive`: the program looked for `--help` in its arguments,
 * showed its help, or exited before parse(), so it may build more commands when run with `--help`.
 */
export type WorkerAnswer =
  | {
      readonly ok: true;
      readonly kind: 'commander' | 'yargs';
      readonly spec: CommandSpec;
      readonly version?: string;
      readonly how: string;
      readonly warnings?: readonly string[];
      readonly helpSensitive?: boolean;
      /** The files the program was built from (imported, required, read), for the program cache. */
      readonly files?: readonly string[];
    }
  | {
      readonly ok: false;
      readonly message: string;
      readonly helpSensitive?: boolean;
      readonly exit?: ProgramExit;
      /** The commander or yargs copies it loaded without any program of theirs being recognised, in a sentence. */
      readonly unrecognised?: string;
      /** The files it loaded, when it ran to the end and no program was found: a help-read JS bin is cached on them. */
      readonly files?: readonly string[];
      /** The option table it handed Node's parseArgs: what types its help's options. */
      readonly declared?: DeclaredOptions;
    };

export type { LoadedTarget, LoadOptions } from './load-types.js';

/**
 * Finds `target` (a JS file, a bin in ./node_modules/.bin, or a program on PATH) and reflects it: a
 * commander or yargs program is loaded in a child process, a Python script's argparse, optparse or click
 * parser is read by a Python worker; anything else (or a script that reaches no parser) is read from its `--help`.
 */
export async function loadTarget(target: string, options: LoadOptions = {}): Promise<LoadedTarget> {
  const cwd = options.cwd ?? process.cwd();
  const file = locate(target, cwd);
  if (!file) throw new CliMcpError('cli-mcp.target-not-found', targetNotFound(target, cwd));
  const node = options.node === undefined ? defaultNode(cwd) : checkedNode(options.node, cwd);
  const launcher = resolveLauncher(file, { cwd, node: node ?? 'node' });
  // A node launcher is `node [shebang flags…] script`: the script is last, the flags go to the worker too.
  const script = launcher.file === (node ?? 'node') ? launcher.prefixArgs.at(-1) : undefined;
  if (!script) return fromHelp(file, launcher, options, cwd);
  if (node === undefined) throw new CliMcpError('cli-mcp.reflection-failed', needsNode(target));
  const slot = options.cache === false ? undefined : cacheSlot(target, launcher, options, cwd);
  try {
    return await fromCacheOrProgram(target, file, script, launcher, options, cwd, slot);
  } catch (error) {
    // A JS CLI built with another parser still has a --help to read, when it can run on its own.
    const exited = isCliMcpError(error) && error.code === 'cli-mcp.program-exited';
    // Its help would run under the same too-old Node: the error naming the Node it needs is the answer.
    if (exited && (error.cause as { tooOld?: boolean } | undefined)?.tooOld) throw error;
    if (!isCliMcpError(error) || (error.code !== 'cli-mcp.program-not-found' && !exited) || !isExecutable(file)) throw error;
    // A parser it loaded but whose program was not recognised: the user learns why it was read from its help.
    const { unrecognised, files, declared } = (error.cause ?? {}) as { unrecognised?: string; files?: readonly string[]; declared?: DeclaredOptions };
    const note = { warnings: unrecognised ? [`read from its help text: ${unrecognised}`] : [], ...(declared ? { declared } : {}) };
    // No program in it (or a usage exit): its files are stamped first, as the help cache finds its pages under their stamps.
    const stamps = slot && files ? stampFiles([...new Set([...files, script, ...ownPackage(script), workerPath()])]) : undefined;
    const noted = slot && Array.isArray(stamps) ? { slot, stamps } : undefined;
    const read = await helpReadBin(file, options, cwd, note, noted && helpBuildKey(noted.slot.key, noted.stamps)).catch((helpError: unknown) => Promise.reject(exited || !isCliMcpError(helpError) ? error : unreadable(target, error, helpError)));
    // A program that failed on its own and whose help reads as nothing has failed: say so, in its own words.
    if (exited && isEmpty(read.spec)) throw error;
    // The next start goes straight to its help, running nothing while these files stay.
    const failed = noted && (await writeStamped(noted.slot.dir, noted.slot.key, noted.stamps, { readFrom: 'help-text', ...note }));
    if (failed) options.onProgress?.(`could not write the program cache: ${failed.message}`);
    return read;
  }
}

/** Neither a program cli-mcp reads nor a help that reads as help (flat, nopt, opener): both said, and what is left to do. */
function unreadable(target: string, notFound: CliMcpError, help: CliMcpError): CliMcpError {
  const parser = notFound.message.replace(/: export it, or build it and call parse\(\)$/, '');
  const advice = `describe its commands in a manifest (cli-mcp wrap --manifest <file> --exec ${target}), or, if it is your own program, export its commander or yargs program or build it and call parse()`;
  return new CliMcpError('cli-mcp.program-not-found', `${parser}, and ${help.message.replace(/^Could not read the help of "[^"]*": /, '').replace(/\.$/, '')}: ${advice}`, { cause: notFound.cause });
}

/** Where a load is cached: the directory, and the key of what the load is given. */
interface CacheSlot {
  readonly dir: string;
  readonly key: string;
}

function cacheSlot(target: string, launcher: Launcher, options: LoadOptions, cwd: string): CacheSlot {
  const env = workerEnvironment(options.env);
  const key = programCacheKey({ cliMcpVersion: packageVersion(), node: launcher.file, nodeBuild: buildIdentity(launcher.file), launcherArgs: launcher.prefixArgs, name: basename(target, extname(target)), cwd, env });
  return { dir: options.programCacheDir ?? defaultProgramCacheDir(), key };
}

/** A cached load whose files are all unchanged, else a load in the worker, cached for the next start. */
async function fromCacheOrProgram(target: string, file: string, script: string, launcher: Launcher, options: LoadOptions, cwd: string, slot: CacheSlot | undefined): Promise<LoadedTarget> {
  if (!slot) return (await fromProgram(target, script, launcher, options, cwd)).loaded;
  const hit = await readProgramCache(slot.dir, slot.key);
  if (hit?.readFrom === 'help-text') return helpReadBin(file, options, cwd, hit, helpBuildKey(slot.key, hit.files));
  if (hit) return { spec: hit.spec, launcher, method: hit.method, warnings: hit.warnings, warmable: hit.warmable, fromCache: true, ...(hit.version === undefined ? {} : { version: hit.version }) };
  const { loaded, files } = await fromProgram(target, script, launcher, options, cwd);
  // No file list (an older worker, a flush that failed): nothing to check a later start against, so nothing is cached.
  if (files !== undefined) await cacheLoad(slot, [...files, script], loaded, options);
  return loaded;
}

/** Stamps the files a load depended on (and the worker, which decides the spec too) and writes the entry. */
async function cacheLoad(slot: CacheSlot, files: readonly string[], loaded: LoadedTarget, options: LoadOptions): Promise<void> {
  const stamped = [...new Set([...files, workerPath()])];
  const { spec, version, method, warnings, warmable = false } = loaded;
  const failed = await writeProgramCache(slot.dir, slot.key, stamped, { spec, method, warnings, warmable, ...(version === undefined ? {} : { version }) });
  if (failed !== undefined) options.onProgress?.(`could not write the program cache: ${failed.message}`);
}

/** The package.json of the script's own package: a new version of the program changes it. */
function ownPackage(script: string): string[] {
  for (let dir = dirname(script); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return [join(dir, 'package.json')];
  }
  return [];
}

async function fromProgram(target: string, script: string, launcher: Launcher, options: LoadOptions, cwd: string): Promise<{ loaded: LoadedTarget; files?: readonly string[] }> {
  const run = (help: boolean) => runWorker(target, script, launcher, options, cwd, help);
  const first = await run(false);
  // Run again as `prog --help` when the program hinted that it builds more for help; the larger tree wins.
  const second = first.helpSensitive ? await run(true).catch(() => undefined) : undefined;
  const answer = second?.ok && (!first.ok || size(second.spec) > size(first.spec)) ? { ...second, how: `${second.how}, with --help` } : first;
  // Every run's files (the first decided whether the second ran); a run that failed or told none leaves the load uncached.
  // An exit is kept only from runs that loaded no commander or yargs (npm exits 1, even on --help): no such run reads as more than its help.
  const runs = first.helpSensitive ? [first, second] : [first];
  const told = runs.every((one) => one?.ok === answer.ok && one.files !== undefined && (one.ok || !one.exit || parserPackages(one.files).length === 0));
  const files = told ? runs.flatMap((one) => one?.files ?? []) : undefined;
  if (!answer.ok) throw failure(target, { ...answer, files }, launcher.file, script);
  // Nothing built, and a Node older than it asks for: it refused to start (cspell 10 says so on stdout and sets exitCode), not an empty program.
  const tooOld = isEmpty(answer.spec) ? nodeTooOld(script, launcher.file, '') : '';
  if (tooOld) throw new CliMcpError('cli-mcp.program-exited', `"${target}" built no commands under this Node.${tooOld}`, { cause: { tooOld: true } });
  const loaded = { spec: withoutDirectory(answer.spec, realpathSync(cwd)), launcher, version: answer.version, method: `${answer.kind} (${answer.how})`, warnings: answer.warnings ?? [], warmable: answer.how.startsWith('parse() call') };
  return files === undefined ? { loaded } : { loaded, files };
}

async function runWorker(target: string, script: string, launcher: Launcher, options: LoadOptions, cwd: string, help: boolean): Promise<WorkerAnswer> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  // The worker's own budget: a late parse and async builders are waited for within it, with time left to answer.
  const args = [script, basename(target, extname(target)), String(Math.max(0, timeoutMs - 1_000)), ...(help ? ['--help'] : [])];
  try {
    const execArgv = launcher.prefixArgs.slice(0, -1);
    // Loaded on a cache miss only: the worker's spawn (execa) costs a cached start tens of milliseconds.
    const { spawnNodeWorker } = await import('../exec/node-worker.js');
    return await spawnNodeWorker<WorkerAnswer>(workerPath(), args, { timeoutMs, cwd, execArgv, env: workerEnvironment(options.env), nodePath: launcher.file });
  } catch (error) {
    throw new CliMcpError('cli-mcp.reflection-failed', `loading "${target}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * No program found: `cli-mcp.program-not-found`; or the program exited with an error before building its
 * commands: `cli-mcp.program-exited`, its message ending with the program's stderr, its `cause` the ProgramExit.
 */
function failure(target: string, answer: WorkerAnswer & { ok: false }, node: string, script: string): CliMcpError {
  if (!answer.exit) return new CliMcpError('cli-mcp.program-not-found', answer.message, { cause: { unrecognised: answer.unrecognised, files: answer.files, declared: answer.declared } });
  const said = answer.exit.stderr.trim();
  const message = `"${target}" exited with code ${answer.exit.code} before it built its commands${said ? `:\n${said}` : ', and wrote nothing to stderr'}`;
  const tooOld = nodeTooOld(script, node, said);
  return new CliMcpError('cli-mcp.program-exited', `${message}${tooOld}`, { cause: { ...answer.exit, tooOld: tooOld !== '', declared: answer.declared, files: answer.files } });
}

/** A target given by path that is not there, or a name found nowhere: every kind of target, and where each is looked for. */
export function targetNotFound(target: string, cwd: string): string {
  const where = target.includes('/') ? `no file ${resolve(cwd, target)}` : `no file "${target}" in ${cwd}, no bin in ./node_modules/.bin, and no program "${target}" on PATH`;
  return `cannot find "${target}" (${where}). A target is a JS file (./cli.js), an installed bin (./node_modules/.bin/<name>), or any program on PATH (kubectl); or serve a manifest with --manifest <file> --exec <binary>`;
}

/** Commands, options and positionals in a tree: how much a run revealed. */
function size(spec: CommandSpec): number {
  return 1 + spec.options.length + spec.positionals.length + spec.subcommands.reduce((sum, sub) => sum + size(sub), 0);
}

const isEmpty = (spec: CommandSpec): boolean => size(spec) === 1;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The loaded module sees what a call would (the allowlist), and no update notifier starts a background check. */
const workerEnvironment = (env: EnvironmentOptions | undefined) => childEnvironment(process.env, { ...env, set: { ...env?.set, NO_UPDATE_NOTIFIER: '1' } });

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
  return builtFile('reflect/load-worker.js');
}

function needsNode(target: string): string {
  return `${target} is a JavaScript program, and this cli-mcp is the single-file binary, whose own Node runs only cli-mcp: put node on PATH, or name one with --node <path>`;
}
