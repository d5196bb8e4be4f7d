import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { flattenRunnable } from '../reflect/flatten.js';
import { loadTarget } from '../reflect/load-program.js';
import { createMcpServer, type CliMcpServer } from '../server/create-mcp-server.js';
import type { SharedStore } from '../store/shared-store.js';
import type { Launcher } from '../exec/launcher.js';
import type { CommandSpec, ReadCommand } from '../types.js';
import type { CliIo } from './io.js';
import { environmentOf, serverOptions, type SharedFlags } from './options.js';
import { CliMcpError } from '../errors.js';
import { DEFAULTS } from '../options.js';
import { createCliTools } from '../call/cli-tools.js';
import { hasPending, readPendingUntil, type ReadMore } from '../reflect/read-pending.js';
import { surePart } from '../discovery/sure-list.js';

/** Where the program comes from: a CLI to load and reflect, or a manifest file that describes one. */
export type Source = { readonly kind: 'target'; readonly target: string } | { readonly kind: 'manifest'; readonly file: string };

/**
 * Loads a target or reads a manifest and builds its server; tells on stderr where the tools came from.
 * `listOnly`: nothing will run (`cli-mcp tools`), so a manifest needs no `--exec`. `store`: what replicas share (`--redis`).
 */
export async function loadServer(source: Source, flags: SharedFlags, stderr: NodeJS.WritableStream, options: { listOnly?: boolean; store?: SharedStore } = {}): Promise<CliMcpServer> {
  return (await loadServed(source, flags, stderr, options)).server;
}

/** {@link loadServer}, with what the source was read as (`--watch` watches what it came from). */
export async function loadServed(source: Source, flags: SharedFlags & { readonly tokenFile?: string }, stderr: NodeJS.WritableStream, { listOnly = false, store, serving = false }: { listOnly?: boolean; store?: SharedStore; serving?: boolean } = {}): Promise<{ server: CliMcpServer; read: ReadSource }> {
  // Quiet: the call records still reach the client as log notifications, not stderr (which some clients show as their own output).
  const callLog = { write: flags.quiet ? () => {} : (line: string) => void stderr.write(`${line}\n`) };
  // Search mode lists no command's schema: a server reads each command's help when it is described or called. Auto reads
  // commands until those read pass the list budget or project a list well past it (then it serves search), or all of them.
  const mode = flags.tools ?? DEFAULTS.discovery;
  const lazy = serving && !listOnly && (mode === 'search' || mode === 'auto') && (flags.pin?.length ?? 0) === 0 && flags.watch !== true;
  const found = await readSource(source, flags, stderr, lazy);
  if (source.kind === 'manifest' && flags.exec === undefined && !listOnly) throw new CliMcpError('cli-mcp.invalid-option', missingExec(found.spec.name));
  const options = serverOptions(flags);
  const read = mode === 'auto' && found.readCommand !== undefined ? await readForAuto(found, found.readCommand, options) : found;
  // Warm workers wait in a JS program's own parse() (one found by that call, run as loaded), any other's in its sandbox to exec the call.
  const kind = read.warmable === true && flags.exec === undefined ? 'parse' : 'exec';
  const warm = listOnly || options.warm === undefined || options.warm === false ? false : { ...(options.warm === true ? {} : options.warm), kind } as const;
  const server = createMcpServer(read.spec, { ...options, warm, launcher: flags.exec ?? read.launcher ?? read.spec.name, version: read.version, callLog, store, ...(read.readCommand === undefined ? {} : { readCommand: read.readCommand }) });
  if (!flags.quiet) stderr.write(`cli-mcp: ${read.spec.name}: ${commands(server.tools.tools.length)}, ${read.how}; ${server.tools.catalog.note}\n`);
  return { server, read };
}

/** A source read into a command tree: how it runs (a target's launcher), and how it was found, for the user. */
export interface ReadSource {
  readonly spec: CommandSpec;
  /** Undefined for a manifest: `--exec` says what runs. */
  readonly launcher?: Launcher;
  readonly version?: string;
  /** `found by commander (parse() call)`, `from manifest my-cli.json, running my-cli`. */
  readonly how: string;
  /** A JS program that calls parse() as it loads: warm workers can hold it there. */
  readonly warmable?: boolean;
  /** Reads the tree's pending commands (a lazy help crawl's). */
  readonly readCommand?: ReadCommand;
}

/** Loads a target (warnings on stderr) or reads a manifest: what serving, and a reload under --watch, start from. */
export async function readSource(source: Source, flags: SharedFlags, stderr: NodeJS.WritableStream, lazy = false): Promise<ReadSource> {
  if (source.kind === 'manifest') {
    // Loaded only for a manifest: its schema costs a target's start about 4 ms.
    const spec = (await import('../reflect/manifest.js')).readManifest(resolve(flags.cwd ?? '.', source.file));
    const running = flags.exec === undefined ? '' : `, running ${flags.exec}`;
    return { spec, how: `from manifest ${source.file}${running}` };
  }
  // Like `git -C`: --cwd is where the target is found and where the CLI runs.
  const loaded = await loadTarget(source.target, { cwd: flags.cwd, onProgress: progressTo(stderr, flags.quiet), env: environmentOf(flags), node: flags.node, python: flags.python, cache: flags.cache, lazy });
  for (const warning of loaded.warnings) stderr.write(`cli-mcp: warning: ${warning}\n`);
  return { spec: loaded.spec, launcher: loaded.launcher, version: loaded.version, how: `found by ${loaded.method}`, warmable: loaded.warmable === true, ...(loaded.readCommand === undefined ? {} : { readCommand: loaded.readCommand }) };
}

/** Reflects a target and writes its manifest to `file` (from --cwd), or to stdout when there is none. */
export async function writeTargetManifest(target: string, file: string | undefined, flags: SharedFlags, io: CliIo): Promise<void> {
  const loaded = await loadTarget(target, { cwd: flags.cwd, onProgress: progressTo(io.stderr, flags.quiet), env: environmentOf(flags), node: flags.node, python: flags.python, cache: flags.cache });
  for (const warning of loaded.warnings) io.stderr.write(`cli-mcp: warning: ${warning}\n`);
  const text = (await import('../reflect/manifest.js')).manifestText(loaded.spec);
  if (file === undefined) io.stdout.write(text);
  else writeFileSync(resolve(flags.cwd ?? '.', file), text);
  const commands = flattenRunnable(loaded.spec).length;
  io.stderr.write(`cli-mcp: ${loaded.spec.name}: manifest of ${commands} commands written to ${file ?? 'stdout'}, found by ${loaded.method}\n`);
}

/** A lazily read tree's commands read until auto's choice is sure: search mode (the rest read when asked for) or every command read. */
async function readForAuto(found: ReadSource, readCommand: ReadCommand, options: ReturnType<typeof serverOptions>): Promise<ReadSource> {
  // A tree with nothing pending (read whole, or restored so from the cache) is auto's to list as it is: no tools are built to decide.
  const { tree, asked } = await readPendingUntil(found.spec, readCommand, (part) => (hasPending(part) ? nextRead(part, options, found.launcher) : 'enough'));
  return asked === 0 ? found : { ...found, spec: tree, how: `${found.how}; ${commands(asked)} read to choose how to list them` };
}

/**
 * Enough when `auto` serves a part-read tree in search mode (what it is sure to list passes the budget, or the commands read
 * project a list well past it); the whole tree in one crawl when they project a list that fits (it is likely read whole); else a batch.
 */
function nextRead(tree: CommandSpec, options: ReturnType<typeof serverOptions>, launcher: Launcher | undefined): ReadMore {
  const tools = createCliTools(surePart(tree), { ...options, launcher: launcher ?? { file: tree.name, prefixArgs: [] }, warm: false, runs: false, spool: false });
  void tools.close();
  const { mode, projectedTokens } = tools.catalog;
  if (mode === 'search') return 'enough';
  return projectedTokens !== undefined && projectedTokens <= (options.discovery?.budgetTokens ?? DEFAULTS.listBudgetTokens) ? 'all' : 'batch';
}

function commands(count: number): string {
  return count === 1 ? '1 command' : `${count} commands`;
}

/** Crawl progress, a line each, on stderr (stdout is the protocol); quiet, only its warnings and failures. */
function progressTo(stderr: NodeJS.WritableStream, quiet = false): (message: string) => void {
  return (message) => {
    if (!quiet || /^(warning|could not)/.test(message)) stderr.write(`cli-mcp: ${message}\n`);
  };
}

/**
 * A manifest names commands, not the program that runs them: `--exec` must say it. The root name is
 * never looked up on its own, so a manifest (data, perhaps someone else's) cannot pick a binary from PATH.
 */
function missingExec(root: string): string {
  const onPath = executableOnPath(root);
  const hint = onPath ? `; "${root}" (the manifest's root command) is ${onPath}: --exec ${root}` : `, e.g. --exec ${root}`;
  return `--exec <binary> is required with --manifest: a manifest does not say which program runs its commands${hint}`;
}

function executableOnPath(name: string): string | undefined {
  if (name.includes('/')) return undefined;
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find((file) => {
      try {
        accessSync(file, constants.X_OK);
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
}
