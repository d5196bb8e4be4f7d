/**
 * Runs in a child process: imports a CLI module so that no command action runs and the process is not
 * exited, finds its commander program, and sends the reflected CommandSpec back over IPC.
 * Usage: node load-worker.js <module-path> <fallback-name>
 */
import EventEmitter from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { reflectCommander, type CommanderCommand } from './commander.js';
import type { WorkerAnswer } from './load-program.js';

const [modulePath = '', fallbackName = ''] = process.argv.slice(2);
const realExit = process.exit.bind(process);
const created = new Set<CommanderCommand>();
const patched = new WeakSet<object>();
let parsed: CommanderCommand | undefined;
let announceParsed: () => void = () => {};
const parsedOnce = new Promise<void>((resolve) => (announceParsed = resolve));

/** Thrown from an intercepted parse() or exit() to stop the module's own code at that point. */
class Intercepted extends Error {}

// Every commander Command is an EventEmitter, whichever copy of commander built it (nested or bundled).
const emitter = EventEmitter as unknown as { init: (this: object, opts?: unknown) => void };
const originalInit = emitter.init;
emitter.init = function (this: object, opts?: unknown) {
  originalInit.call(this, opts);
  if (isCommandLike(this)) {
    created.add(this as unknown as CommanderCommand);
    patchParse(this);
  }
};

function isCommandLike(value: object): boolean {
  const candidate = value as Record<string, unknown>;
  return typeof candidate.parseAsync === 'function' && typeof candidate.createHelp === 'function' && typeof candidate.addHelpText === 'function';
}

function patchParse(instance: object): void {
  let owner: object | null = Object.getPrototypeOf(instance);
  while (owner && !Object.hasOwn(owner, 'parse')) owner = Object.getPrototypeOf(owner);
  if (!owner || patched.has(owner)) return;
  patched.add(owner);
  const intercept = function (this: CommanderCommand): never {
    parsed ??= this;
    announceParsed();
    throw new Intercepted('parse intercepted by cli-mcp');
  };
  Object.defineProperty(owner, 'parse', { value: intercept, configurable: true, writable: true });
  Object.defineProperty(owner, 'parseAsync', { value: intercept, configurable: true, writable: true });
}

process.exit = ((): never => {
  throw new Intercepted('exit intercepted by cli-mcp');
}) as typeof process.exit;
process.on('uncaughtException', (error) => {
  if (!(error instanceof Intercepted)) process.stderr.write(`cli-mcp: the module threw while loading: ${String(error)}\n`);
});
process.on('unhandledRejection', () => {});
// What the program sees as its own invocation: no arguments, so nothing but parse() is reached.
process.argv = [process.execPath, modulePath];

async function importModule(path: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    return { default: createRequire(path)(path) as unknown };
  }
}

function exportedProgram(exports: Record<string, unknown>): CommanderCommand | undefined {
  const values = [exports.default, exports.program, (exports.default as Record<string, unknown> | undefined)?.program, ...Object.values(exports)];
  return values.find((value): value is CommanderCommand => typeof value === 'object' && value !== null && isCommandLike(value));
}

function rootOf(command: CommanderCommand): CommanderCommand {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

function largestRoot(): CommanderCommand | undefined {
  const roots = [...created].filter((command) => !command.parent);
  const size = (command: CommanderCommand): number => 1 + command.commands.reduce((sum, child) => sum + size(child), 0);
  return roots.sort((a, b) => size(b) - size(a))[0];
}

/** How long an async main gets to reach parse(), and a module's top-level await to settle. */
const SETTLE_MS = 1500;
const settled = (): Promise<Record<string, unknown>> => new Promise((resolve) => setTimeout(() => resolve({}), SETTLE_MS));

async function find(): Promise<{ program: CommanderCommand; how: string } | undefined> {
  let exports: Record<string, unknown> = {};
  try {
    // The timer also keeps this process alive while a top-level await that never settles is pending.
    exports = await Promise.race([importModule(modulePath), settled()]);
  } catch (error) {
    if (!(error instanceof Intercepted)) throw error;
  }
  if (parsed) return { program: rootOf(parsed), how: 'parse() call' };
  const exported = exportedProgram(exports);
  if (exported) return { program: exported, how: 'export' };
  // An async main may build the program and parse it a moment after the import settles.
  await Promise.race([parsedOnce, settled()]);
  if (parsed) return { program: rootOf(parsed), how: 'parse() call' };
  const built = largestRoot();
  return built ? { program: built, how: 'constructed program' } : undefined;
}

async function main(): Promise<void> {
  let answer: WorkerAnswer;
  try {
    const found = await find();
    answer = found
      ? { ok: true, spec: reflectCommander(found.program, { name: fallbackName }), version: found.program.version?.() ?? undefined, how: found.how }
      : { ok: false, message: `no commander program was found in ${modulePath}: export it, or build it and call parse()` };
  } catch (error) {
    answer = { ok: false, message: `loading ${modulePath} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  process.send?.(answer, () => realExit(0));
}

void main();
