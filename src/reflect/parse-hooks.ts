/**
 * Finds a program's commander or yargs instances as they are built, whichever copy of either library
 * built them, and routes their parse() (and, on request, help()) calls through one handler. Used
 * where cli-mcp runs a program's own module: the reflection worker stops it at parse(), a warm worker
 * holds it there until a call's arguments arrive.
 */
import EventEmitter from 'node:events';
import type { CommanderCommand } from './commander.js';
import { isClasslessYargs, watchYargsInstances } from './yargs-internals.js';

export type ProgramKind = 'commander' | 'yargs';

/** One intercepted call: what was called, on what, and the original method to call it through. */
export interface ParseCall {
  readonly kind: ProgramKind;
  readonly instance: object;
  /** A help method (`help`, `outputHelp`, `showHelp`) rather than a parse. */
  readonly help: boolean;
  readonly args: readonly unknown[];
  readonly original: (...args: unknown[]) => unknown;
}

/** What the hooks have seen, and how to take them off again. */
export interface ParseHooks {
  /** Every commander Command built so far. */
  readonly commands: ReadonlySet<CommanderCommand>;
  /** Every yargs instance built so far, in order. */
  readonly yargs: readonly object[];
  /** Puts every patched method back; instances built later are no longer watched. */
  readonly remove: () => void;
}

/**
 * Installs the hooks; must run before the program's module is imported. `onCall` stands in for every
 * parse method (and help method, with `help`) of every instance's class; what it returns is returned.
 */
export function hookParse(onCall: (call: ParseCall) => unknown, options: { readonly help?: boolean } = {}): ParseHooks {
  const commands = new Set<CommanderCommand>();
  const yargs: object[] = [];
  const restores: (() => void)[] = [];
  const patched = new WeakSet<object>();

  /** yargs 16: `.argv` and `parse()` both call the instance's own `_parseArgs`, assigned just after the hook sees the instance. */
  const patchOwn = (instance: object): void => {
    let original: unknown = (instance as Record<string, unknown>)._parseArgs;
    const stand = function (this: object, ...args: unknown[]): unknown {
      return onCall({ kind: 'yargs', instance: this, help: false, args, original: (...again: unknown[]) => (original as (...a: unknown[]) => unknown).apply(this, again) });
    };
    Object.defineProperty(instance, '_parseArgs', {
      get: () => (typeof original === 'function' ? stand : original),
      set: (value: unknown) => void (original = value),
      configurable: true,
      enumerable: true,
    });
    restores.push(() => Object.defineProperty(instance, '_parseArgs', { value: original, configurable: true, enumerable: true, writable: true }));
  };

  const patch = (instance: object, kind: ProgramKind): void => {
    if (kind === 'yargs' && isClasslessYargs(instance)) return patchOwn(instance);
    let owner: object | null = Object.getPrototypeOf(instance);
    while (owner && !Object.hasOwn(owner, 'parse')) owner = Object.getPrototypeOf(owner);
    if (!owner || patched.has(owner)) return;
    patched.add(owner);
    // yargs' `.argv` getter calls parse(); its parseAsync() and parseSync() do too, patched all the same.
    const parses = kind === 'commander' ? ['parse', 'parseAsync'] : ['parse', 'parseAsync', 'parseSync'];
    const helps = options.help ? (kind === 'commander' ? ['help', 'outputHelp'] : ['showHelp']) : [];
    for (const method of [...parses, ...helps]) {
      const target = owner as Record<string, unknown>;
      const had = Object.getOwnPropertyDescriptor(target, method);
      const original = target[method];
      if (typeof original !== 'function') continue;
      const help = helps.includes(method);
      const stand = function (this: object, ...args: unknown[]): unknown {
        return onCall({ kind, instance: this, help, args, original: (...again: unknown[]) => (original as (...a: unknown[]) => unknown).apply(this, again) });
      };
      Object.defineProperty(target, method, { value: stand, configurable: true, writable: true });
      restores.push(() => (had ? Object.defineProperty(target, method, had) : delete target[method]));
    }
  };

  const track = (value: object): void => {
    if (commands.has(value as CommanderCommand) || !isCommandLike(value)) return;
    commands.add(value as CommanderCommand);
    patch(value, 'commander');
  };
  // Every commander Command is an EventEmitter, whichever copy of commander built it (nested or bundled).
  const emitter = EventEmitter as unknown as { init: (this: object, opts?: unknown) => void; prototype: Record<string, unknown> };
  const originalInit = emitter.init;
  const originalOn = emitter.prototype.on as (...args: unknown[]) => unknown;
  const originalAddListener = emitter.prototype.addListener;
  emitter.init = function (this: object, opts?: unknown) {
    originalInit.call(this, opts);
    track(this);
  };
  // commander 2 to 4 never call EventEmitter's constructor, but `option()`, `action()` and `version()` all call `on()`.
  const on = function (this: object, ...args: unknown[]) {
    track(this);
    return originalOn.apply(this, args);
  };
  emitter.prototype.on = on;
  emitter.prototype.addListener = on;
  // yargs instances are no EventEmitters, but every yargs factory (any copy, ESM or CJS) defines the new instance's `argv` getter: hook that.
  const unwatchYargs = watchYargsInstances((instance) => {
    yargs.push(instance);
    patch(instance, 'yargs');
  });
  const remove = (): void => {
    emitter.init = originalInit;
    emitter.prototype.on = originalOn;
    emitter.prototype.addListener = originalAddListener;
    unwatchYargs();
    for (const restore of restores.splice(0).reverse()) restore();
  };
  return { commands, yargs, remove };
}

/** A commander Command of any major from 2 on: methods only, since fields are not set yet when EventEmitter's constructor runs. */
export function isCommandLike(value: object): boolean {
  const candidate = value as Record<string, unknown>;
  return ['parse', 'command', 'option', 'action', 'helpInformation'].every((method) => typeof candidate[method] === 'function');
}
