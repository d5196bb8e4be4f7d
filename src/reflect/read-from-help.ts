/**
 * Programs read from their help: a Python script through its parser object (its help text when it reaches
 * none), anything else through its help text; and a JS bin with no commander or yargs program in it, whose
 * help is typed by the parseArgs table it declared.
 */
import type { Launcher } from '../exec/launcher.js';
import type { ReadCommand } from '../types.js';
import { cleanSpec } from './clean-spec.js';
import type { LoadedTarget, LoadOptions } from './load-types.js';
import { typedByParser, type DeclaredOptions } from './node-parse-args.js';

/** What the load worker learnt of a JS bin it found no program in: kept in the program cache, applied at each read. */
export interface HelpReadNote {
  readonly warnings: readonly string[];
  readonly declared?: DeclaredOptions;
}

export async function fromHelp(file: string, launcher: Launcher, options: LoadOptions, cwd: string): Promise<LoadedTarget> {
  // A Python script is read from its parser object (exact where help is written for people); its help text when it reaches none.
  const { loadPython } = await import('./python/load-python.js');
  // Under --python, its calls run as `python script …` too, as its parser was read.
  const runs: Launcher = options.python === undefined ? launcher : { file: options.python, prefixArgs: [file] };
  // A Python script's load is cached whole (help text included): read in full, never lazily.
  const python = await loadPython(file, options, () => fromHelpText(file, runs, { ...options, lazy: false }, cwd));
  return python === undefined ? fromHelpText(file, launcher, options, cwd) : { ...python, launcher: runs };
}

/** A JS bin read from its help, run as itself (its shebang) as it was read; its parseArgs table types the root's options. */
export async function helpReadBin(file: string, options: LoadOptions, cwd: string, note: HelpReadNote, buildKey?: string): Promise<LoadedTarget> {
  // A node script: no Python parser to look for.
  const help = await fromHelpText(file, { file, prefixArgs: [] }, options, cwd, buildKey);
  const { declared } = note;
  if (declared === undefined) return { ...help, warnings: [...help.warnings, ...note.warnings] };
  // The tree a command's later read gives is typed too.
  const reader = help.readCommand;
  const readCommand: ReadCommand | undefined = reader && (async (words, how) => {
    const read = await reader(words, how);
    return { ...read, spec: typedByParser(read.spec, declared) };
  });
  const method = help.method.replace(/\)$/, ', types from its parseArgs)');
  return { ...help, spec: typedByParser(help.spec, declared), method, warnings: [...help.warnings, ...note.warnings], ...(readCommand ? { readCommand } : {}) };
}

/** `buildKey`: what identifies the program's build to the help cache, vouched for by the caller (a JS bin's stamped files). */
async function fromHelpText(file: string, launcher: Launcher, options: LoadOptions, cwd: string, buildKey?: string): Promise<LoadedTarget> {
  // The crawler and its seven dialects load only for a program read from its help.
  const { reflectHelp } = await import('./help/crawl.js');
  const help = await reflectHelp(file, { cwd, onProgress: options.onProgress, env: options.env, cache: options.cache ?? true, lazy: options.lazy ?? false, ...(options.helpCacheDir === undefined ? {} : { cacheDir: options.helpCacheDir }), ...(buildKey === undefined ? {} : { buildKey }) });
  const cached = help.fromCache ? ', cached' : '';
  const unread = help.unread.length > 0 ? `, ${help.unread.length} commands not read` : '';
  const detail = help.unreadDetail.length > 0 ? `, ${help.unreadDetail.length} manual pages not read` : '';
  const partial = help.partial === undefined ? '' : `, partial: ${help.partial.join(', ')}`;
  const lazy = help.reader === undefined ? '' : ', each command read when asked for';
  return {
    spec: cleanSpec(help.spec),
    launcher,
    method: `help text (${help.dialect}, ${help.pages} pages${help.sources.filter((source) => source !== 'help').map((source) => `, ${source}`).join('')}${unread}${detail}${partial}${lazy}${cached})`,
    warnings: [],
    fromCache: help.fromCache,
    ...(help.version === undefined ? {} : { version: help.version }),
    ...(help.reader === undefined ? {} : { readCommand: help.reader }),
  };
}
