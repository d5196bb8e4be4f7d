/**
 * Loads a Python script from its parser object, cached like a JS program: the entry lists every file the
 * program loaded, so a later start reads it back while they are unchanged and runs no Python. A script
 * with no parser to read is read from its help text, and that is cached on the same files.
 */
import { realpathSync } from 'node:fs';
import { packageVersion } from '../../package-files.js';
import { childEnvironment, type EnvironmentOptions } from '../../exec/environment.js';
import type { CommandSpec } from '../../types.js';
import { programName } from '../help/binary.js';
import { HELP_ENV, helpSandbox } from '../help/fetch-page.js';
import { buildIdentity, defaultProgramCacheDir, programCacheKey, readProgramCache, writeProgramCache } from '../program-cache.js';
import { pythonInterpreter } from './interpreter.js';

/** A loaded program, as much of it as the cache keeps (load-program.ts adds how to launch it). */
export interface PythonLoaded {
  readonly spec: CommandSpec;
  readonly method: string;
  readonly warnings: readonly string[];
  readonly version?: string;
  readonly fromCache?: boolean;
}

export interface PythonLoadOptions {
  /** @default 15000 */
  readonly timeoutMs?: number;
  readonly env?: EnvironmentOptions;
  /** @default true */
  readonly cache?: boolean;
  readonly programCacheDir?: string;
  readonly onProgress?: (message: string) => void;
  /** The interpreter to read it under instead of its `#!` line's (`--python`: a venv's python). */
  readonly python?: string;
}

/**
 * `file` read from its Python parser, or from `fromHelp` when it reaches none; undefined when it is not a
 * Python script (its `#!` line runs something else), which is then read from its help text as before.
 */
export async function loadPython(file: string, options: PythonLoadOptions, fromHelp: () => Promise<PythonLoaded>): Promise<PythonLoaded | undefined> {
  const interpreter = options.python !== undefined ? [options.python] : pythonInterpreter(file);
  const command = interpreter?.[0];
  if (interpreter === undefined || command === undefined) return undefined;
  const script = realpathSync(file);
  const name = programName(file);
  const env = childEnvironment(process.env, { ...options.env, set: { ...options.env?.set, ...HELP_ENV } });
  const dir = options.programCacheDir ?? defaultProgramCacheDir();
  const key = options.cache === false ? undefined : programCacheKey({ cliMcpVersion: packageVersion(), node: interpreter.join(' '), nodeBuild: identityOf(command), launcherArgs: ['python-parser', script], name, cwd: '', env });
  const hit = key === undefined ? undefined : await readProgramCache(dir, key);
  if (hit !== undefined && hit.readFrom !== 'help-text') return { spec: hit.spec, method: hit.method.replace(/\)$/, ', cached)'), warnings: hit.warnings, fromCache: true, ...(hit.version === undefined ? {} : { version: hit.version }) };
  // The mapping and the help readers load on a miss only: a cached start stats files and runs nothing.
  const { readPythonParser } = await import('./read-parser.js');
  const outcome = await readPythonParser({ script, interpreter, env, timeoutMs: options.timeoutMs ?? 15_000, sandbox: helpSandbox() }, name);
  const remember = async (files: readonly string[], loaded: PythonLoaded, readFrom?: 'help'): Promise<void> => {
    if (key === undefined) return;
    const { spec, method, warnings, version } = loaded;
    const failed = await writeProgramCache(dir, key, [...new Set([...files, script])], { spec, method, warnings, warmable: false, ...(readFrom === undefined ? {} : { readFrom }), ...(version === undefined ? {} : { version }) });
    if (failed !== undefined) options.onProgress?.(`could not write the program cache: ${failed.message}`);
  };
  if (!outcome.ok) {
    const help = await fromHelp();
    const loaded = { ...help, warnings: [...help.warnings, `read from its help text: no Python parser was read (${outcome.message})`] };
    // The files it loaded before it gave up: unchanged, the next start goes straight to the help text's result.
    if (outcome.files !== undefined) await remember(outcome.files, loaded, 'help');
    return loaded;
  }
  const { read } = outcome;
  const dispatched = read.dispatched === undefined ? '' : `, ${read.dispatched.read} commands read by their word${read.dispatched.unread.length > 0 ? `, ${read.dispatched.unread.length} not read` : ''}`;
  const revealed = read.revealed === undefined ? '' : ` + man page (${read.revealed} options its parser hides)`;
  const method = `python parser (${read.kind}${dispatched})${revealed}`;
  const handed = read.keepsUnknown === true ? await handedOn(read.spec, fromHelp) : undefined;
  const loaded: PythonLoaded = {
    spec: handed?.spec ?? read.spec,
    method: handed === undefined || handed.added === 0 ? method : `${method} + help text (${handed.added} options it hands on)`,
    warnings: [],
    ...(read.version === undefined ? {} : { version: read.version }),
  };
  await remember(read.files, loaded);
  return loaded;
}

/** The options a program that keeps unknown options documents beyond its parser, from its help; none when the help cannot be read. */
async function handedOn(spec: CommandSpec, fromHelp: () => Promise<PythonLoaded>): Promise<{ spec: CommandSpec; added: number } | undefined> {
  const help = await fromHelp().catch(() => undefined);
  if (help === undefined) return undefined;
  const { withHandedOn } = await import('./handed-on.js');
  return withHandedOn(spec, help.spec);
}

/** What identifies the interpreter's build (`/usr/bin/env` for an env line: the modules it loaded are stamped too). */
function identityOf(command: string): string {
  try {
    return buildIdentity(command);
  } catch {
    return command;
  }
}
