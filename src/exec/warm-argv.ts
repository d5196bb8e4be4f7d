/**
 * A warm worker's `process.argv` before its call arrives: `[node, program]`, watched. Reading what a
 * cold start would show the same (`argv[0]`, `argv[1]`, `slice(0, 2)`) is fine, and `slice(2)` (yargs'
 * `hideBin`) gives a placeholder that the call's arguments fill later; anything else that could see the
 * missing arguments (length, iteration, a search) marks the worker as unable to stand for a cold start.
 */

/** The watched argv, and how to hand it the call's arguments. */
export interface HeldArgv {
  /** What the program did that could have seen the arguments missing; undefined when nothing. */
  readonly touched: () => string | undefined;
  /** Fills `process.argv` and every placeholder taken from it with the call's arguments. */
  readonly release: (args: readonly string[]) => void;
}

/** Replaces `process.argv` (given as `argv`, still `[node, program]`) with the watched one. */
export function heldArgv(argv: string[]): HeldArgv {
  let touched: string | undefined;
  let released = false;
  const placeholders: { readonly target: string[]; readonly from: number }[] = [];
  const touch = (what: string): void => {
    if (!released) touched ??= `it reads process.argv (${what}) before it parses it`;
  };
  /** A live view of `target`, which holds argv from index `from` on once released. */
  const watch = (target: string[], from: number): string[] =>
    new Proxy(target, {
      get(object, key, receiver) {
        if (released) return Reflect.get(object, key, receiver);
        if (from === 0 && (key === '0' || key === '1')) return object[Number(key)];
        if (from === 0 && key === 'slice') return slice;
        touch(typeof key === 'symbol' ? key.toString() : from === 0 ? `.${key}` : `a slice's .${key}`);
        return Reflect.get(object, key, receiver);
      },
      has: (object, key) => (touch('in'), Reflect.has(object, key)),
      ownKeys: (object) => (touch('its keys'), Reflect.ownKeys(object)),
      getOwnPropertyDescriptor: (object, key) => (touch(`its property ${String(key)}`), Reflect.getOwnPropertyDescriptor(object, key)),
      set: (object, key, value, receiver) => (touch(`a write to ${String(key)}`), Reflect.set(object, key, value, receiver)),
      defineProperty: (object, key, descriptor) => (touch(`a change to ${String(key)}`), Reflect.defineProperty(object, key, descriptor)),
      deleteProperty: (object, key) => (touch(`a delete of ${String(key)}`), Reflect.deleteProperty(object, key)),
    });
  const slice = (start?: number, end?: number): string[] => {
    if (!released && end === undefined && typeof start === 'number' && start >= 2) {
      const placeholder = { target: [] as string[], from: start };
      placeholders.push(placeholder);
      return watch(placeholder.target, start);
    }
    // A part a cold start shows the same (the node and program paths) is no read of the arguments.
    if (!released && !(typeof start === 'number' && start >= 0 && typeof end === 'number' && end <= 2)) touch(`.slice(${String(start)}, ${String(end)})`);
    return argv.slice(start, end);
  };
  process.argv = watch(argv, 0);
  return {
    touched: () => touched,
    release(args) {
      argv.push(...args);
      for (const { target, from } of placeholders) target.push(...argv.slice(from));
      released = true;
      process.argv = argv;
    },
  };
}
