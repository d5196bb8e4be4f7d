/**
 * Runs in a child process: imports a CLI module so that no command action or handler runs and the
 * process is not exited, finds its commander or yargs program, and sends the reflected CommandSpec back over IPC.
 * Usage: node load-worker.js <module-path> <fallback-name> <budget-ms> [--help]
 * With `--help`, the program sees `--help` as its argument, as its user's `prog --help` would.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDispatcher, reflectCommander, type CommanderCommand } from './commander.js';
import type { CommandSpec } from '../types.js';
import type { WorkerAnswer } from './load-program.js';
import { recordLoadedFiles } from './load-files.js';
import { idle, importQuiet, sleep } from './program-quiet.js';
import { teeStderr, watchArgv } from './load-watch.js';
import { reflectYargsSettled, yargsVersion } from './yargs.js';
import { commandRecords, declaresNothing, isSandbox, isYargsInstance, yargsPackageOf } from './yargs-internals.js';
import { parserPackages, SUPPORTED_YARGS } from './parser-packages.js';
import { hookParse, isCommandLike } from './parse-hooks.js';
import { watchParseArgs } from './node-parse-args.js';

const [modulePath = '', fallbackName = '', budget = '', helpMode] = process.argv.slice(2);
/** When the answer must be sent by: a late parse and async builders are waited for until then. */
const deadline = performance.now() + (Number(budget) || 14_000);
/** How much of the program's own stderr is kept for the error when it exits before building its commands. */
const STDERR_TAIL = 4096;
const realExit = process.exit.bind(process);
type Program = { readonly kind: 'commander'; readonly program: CommanderCommand } | { readonly kind: 'yargs'; readonly program: object };
let parsed: Program | undefined;
/** The program asked for its own help (`program.help()`, yargs' `showHelp()`), as some do when run bare. */
let helpCalled = false;
/** The exit code of a `process.exit()` called before any parse(). */
let exitedBeforeParse: number | undefined;
let announceParsed: () => void = () => {};
const parsedOnce = new Promise<void>((resolve) => (announceParsed = resolve));
let announceExited: () => void = () => {};
/** An async main that exits (npm's, after reading its config) will not parse: nothing more is waited for. */
const exitedOnce = new Promise<void>((resolve) => (announceExited = resolve));
const exitBeforeParse = (code: number): void => {
  if (parsed || exitedBeforeParse !== undefined) return;
  exitedBeforeParse = code;
  announceExited();
};

/** Thrown from an intercepted parse(), help() or exit() to stop the module's own code at that point. */
class Intercepted extends Error {}

/** How many CommonJS modules are being evaluated, the main one included: above 1, a dependency is loading. */
let loading = 0;
const moduleLoader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
const load = moduleLoader._load;
moduleLoader._load = function (this: unknown, ...args: [string, unknown, boolean]) {
  loading += 1;
  try {
    return load.apply(this, args);
  } finally {
    loading -= 1;
  }
};

// parse() and help() of every program record it and stop the module's own code there.
const hooks = hookParse(({ kind, instance, help, args, original }): unknown => {
  // A dependency peeking at the command line as it loads (sequelize-cli's config helpers) is not the program's parse: nothing can run, let it answer.
  if (kind === 'yargs' && !help && loading > 1 && declaresNothing(instance)) return original(...args);
  // A builder that ends in `.argv` parses the sandbox it was given: it gets an empty argv, and its declarations stand.
  if (kind === 'yargs' && isSandbox(instance)) return { _: [], $0: fallbackName };
  // Run as `prog --help`, a dispatcher's own action registers its commands to list them: it runs, to its exit; any command's parse still stops here.
  if (kind === 'commander' && !help && helpMode === '--help' && !parsed && isDispatcher(instance as CommanderCommand)) return dispatch(instance as CommanderCommand, () => original(...args));
  parsed ??= kind === 'commander' ? { kind, program: instance as CommanderCommand } : { kind, program: instance };
  helpCalled ||= help;
  announceParsed();
  throw new Intercepted(help ? 'the program showed its help while being reflected' : 'the program parsed its command line while being reflected');
}, { help: true });

/** Settles when a dispatcher's own help run has ended (returned, thrown, or exited). */
let dispatched: Promise<void> | undefined;

function dispatch(program: CommanderCommand, run: () => unknown): unknown {
  parsed = { kind: 'commander', program };
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    result = Promise.reject(error);
  }
  dispatched = Promise.resolve(result).then(() => undefined, () => undefined);
  void dispatched.then(announceParsed);
  return result;
}

const loadedFiles = recordLoadedFiles();
// A program on Node's own parseArgs is read from its help: the option table it declares types that help.
const declaredOptions = watchParseArgs();
const programStderr = teeStderr(STDERR_TAIL);
let exitsIntercepted = 0;
process.exit = ((code?: number | string | null): never => {
  exitBeforeParse(Number(code ?? process.exitCode ?? 0) || 0);
  // Thrown from the program's own uncaught-exception handler (bumpp's errorHandler exits), it would kill this worker (exit code 7).
  if (inFatalException()) return undefined as never;
  // Stopped once: a program whose exit handler exits again on what the first one threw (npm's, after a write) would loop forever.
  if (++exitsIntercepted > 1) return undefined as never;
  throw new Intercepted('exit intercepted by cli-mcp');
}) as typeof process.exit;

/** Whether Node is dispatching an uncaught exception to its handlers (whatever stack depth the program set). */
function inFatalException(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return stack.includes('_fatalException');
}
// Node 22.15+ can replace the process with another program (TypeScript 7's tsc execs its native binary): refused like an exit.
if (typeof (process as { execve?: unknown }).execve === 'function') {
  Object.defineProperty(process, 'execve', {
    value: (): never => {
      exitBeforeParse(0);
      throw new Intercepted('execve intercepted by cli-mcp');
    },
    configurable: true,
    writable: true,
  });
}
process.on('uncaughtException', (error) => {
  if (!(error instanceof Intercepted)) programStderr.write(`cli-mcp: the module threw while loading: ${String(error)}\n`);
});
process.on('unhandledRejection', () => {});
// What the program sees as its own invocation: no arguments (or `--help`), so nothing but parse() is reached.
const searchedForHelp = watchArgv(helpMode === '--help' ? [process.execPath, modulePath, '--help'] : [process.execPath, modulePath]);

async function importModule(path: string): Promise<Record<string, unknown>> {
  // As node runs a CommonJS bin: the main module, so `require.main === module` guards and require.main.path work.
  if (isCommonJs(path)) return { default: (Module as unknown as { _load(request: string, parent: null, isMain: boolean): unknown })._load(path, null, true) };
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    return { default: createRequire(path)(path) as unknown };
  }
}

/** `.cjs`, or a `.js`/extensionless file whose nearest package.json is not `"type": "module"`. */
function isCommonJs(path: string): boolean {
  if (path.endsWith('.cjs')) return true;
  if (path.endsWith('.mjs')) return false;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: string }).type !== 'module';
    } catch {
      if (dirname(dir) === dir) return true;
    }
  }
}

function exportedProgram(exports: Record<string, unknown>): Program | undefined {
  const values = [exports.default, exports.program, (exports.default as Record<string, unknown> | undefined)?.program, ...Object.values(exports)];
  for (const value of values) {
    if (typeof value === 'object' && value !== null && isCommandLike(value)) return { kind: 'commander', program: value as CommanderCommand };
    if (isYargsInstance(value)) return { kind: 'yargs', program: value };
  }
  return undefined;
}

function rootOf(command: CommanderCommand): CommanderCommand {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

function largestRoot(): Program | undefined {
  const roots = [...hooks.commands].filter((command) => !command.parent);
  const size = (command: CommanderCommand): number => 1 + command.commands.reduce((sum, child) => sum + size(child), 0);
  const commander = roots.sort((a, b) => size(b) - size(a))[0];
  if (commander) return { kind: 'commander', program: commander };
  // yargs builds a command's subcommands only when it runs: the program with most top-level commands.
  const yargs = [...hooks.yargs].sort((a, b) => commandRecords(b).length - commandRecords(a).length)[0];
  return yargs ? { kind: 'yargs', program: yargs } : undefined;
}

/** The found program as a WorkerAnswer; `warnings` collects what reflection left out. */
async function answerFor(found: Program, how: string, warnings: string[]): Promise<WorkerAnswer & { ok: true }> {
  if (found.kind === 'commander') {
    return { ok: true, kind: 'commander', spec: reflectCommander(found.program, { name: fallbackName }), version: found.program.version?.() ?? undefined, how, warnings };
  }
  const copy = yargsPackageOf(found.program);
  const major = copy === undefined ? undefined : Number(copy.version.split('.')[0]);
  if (copy && major !== undefined && !SUPPORTED_YARGS.includes(major)) warnings.push(`it uses yargs ${copy.version} (${copy.dir}), which cli-mcp is not pinned against (it reads yargs ${SUPPORTED_YARGS.join(', ')}): check the tools against its help`);
  const spec = await reflectYargsSettled(found.program, { name: fallbackName, onWarning: (message) => void warnings.push(message), timeoutMs: deadline - performance.now() });
  return { ok: true, kind: 'yargs', spec, version: yargsVersion(found.program), how, warnings };
}

/** The program parse() was called on: for commander, the root of the command it was called on. */
function parsedProgram(found: Program): Program {
  return found.kind === 'commander' ? { kind: 'commander', program: rootOf(found.program) } : found;
}

const parsedHow = (): string => (helpCalled ? 'help() call' : 'parse() call');

async function find(): Promise<{ found: Program; how: string } | undefined> {
  let exports: Record<string, unknown> = {};
  try {
    const importing = importModule(modulePath);
    // A top-level await that never settles is given up on: the IPC channel keeps this process alive meanwhile.
    exports = await Promise.race([importing, importQuiet(importing, deadline)]);
  } catch (error) {
    if (!(error instanceof Intercepted)) throw error;
  }
  if (dispatched) await Promise.race([dispatched, sleep(Math.max(0, deadline - 500 - performance.now()))]);
  if (parsed) return { found: parsedProgram(parsed), how: parsedHow() };
  const exported = exportedProgram(exports);
  if (exported) return { found: exported, how: 'export' };
  // An async main may build the program and parse it after awaited work (Angular reads its workspace first); one that exited will not.
  if (exitedBeforeParse === undefined) await Promise.race([parsedOnce, exitedOnce, idle(deadline, () => parsed !== undefined)]);
  if (parsed) return { found: parsedProgram(parsed), how: parsedHow() };
  const built = largestRoot();
  return built ? { found: built, how: 'constructed program' } : undefined;
}

async function main(): Promise<void> {
  let answer: WorkerAnswer;
  try {
    const result = await find();
    answer = result ? await answerFor(result.found, result.how, []) : notFound();
  } catch (error) {
    answer = { ok: false, message: `loading ${modulePath} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const told = withExit(answer);
  // What the cache keeps while these files stay: a program read, none found, or an exit before any parser loaded.
  const files = await loadedFiles().catch(() => undefined);
  const declared = told.ok ? undefined : declaredOptions();
  const named = { ...(answer === NOT_FOUND ? { ...told, ...unrecognisedIn(files ?? []) } : told), ...(declared ? { declared } : {}) };
  process.send?.(files === undefined ? named : { ...named, files }, () => realExit(0));
}

const NOT_FOUND: WorkerAnswer = { ok: false, message: `no commander program was found in ${modulePath}, nor a yargs one: export it, or build it and call parse()` };
const notFound = (): WorkerAnswer => NOT_FOUND;

/** The parser copies it loaded (imported or required) whose programs were not recognised: the likely reason none was found. */
function unrecognisedIn(files: readonly string[]): { readonly message?: string; readonly unrecognised?: string } {
  const loaded = parserPackages(files);
  if (loaded.length === 0) return {};
  const unrecognised = `it loaded ${loaded.map((copy) => `${copy.name} ${copy.version} from ${copy.dir}`).join(', ')}, whose programs cli-mcp did not recognise (it reads commander 2 and later, and yargs ${SUPPORTED_YARGS.join(', ')})`;
  return { message: `no commander program was found in ${modulePath}, nor a yargs one (${unrecognised}): export it, or build it and call parse()`, unrecognised };
}

/**
 * What the program's own run says about the answer: a program that exited with an error before
 * parse() and built nothing by then has failed, with its stderr; one that looked for `--help`, showed
 * its help, or exited early may build more when asked for help (`helpSensitive`).
 */
function withExit(answer: WorkerAnswer): WorkerAnswer {
  const dispatcher = parsed?.kind === 'commander' && isDispatcher(parsed.program);
  const helpSensitive = helpCalled || searchedForHelp() || exitedBeforeParse !== undefined || dispatcher;
  const code = exitedBeforeParse ?? 0;
  const exit = { code, stderr: programStderr.text() };
  if (!answer.ok) return { ...answer, helpSensitive, ...(code !== 0 ? { exit } : {}) };
  if (code === 0) return { ...answer, helpSensitive };
  if (isEmpty(answer.spec)) return { ok: false, message: `the program exited with code ${code} before parse()`, helpSensitive, exit };
  const warning = `the program exited with code ${code} before parse(): the commands it had built by then are used`;
  return { ...answer, helpSensitive, warnings: [...(answer.warnings ?? []), warning] };
}

const isEmpty = (spec: CommandSpec): boolean => spec.subcommands.length === 0 && spec.options.length === 0 && spec.positionals.length === 0;

void main();
