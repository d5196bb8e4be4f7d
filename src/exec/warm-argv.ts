/**
 * A warm worker's `process.argv` before its call arrives: `[node, program]`, watched. Reading what a
 * cold start would show the same (`argv[0]`, `argv[1]`, `slice(0, 2)`) is fine, and `slice(2)` (yargs'
 * `hideBin`) gives a placeholder that the call's arguments fill later. A search for a word (`includes`,
 * `indexOf`, `lastIndexOf`: colour libraries look for `--no-color` as they load) is answered from
 * `[node, program]` and kept: a call whose own argv would answer it otherwise starts cold. Anything else
 * that could see the missing arguments (length, iteration) marks the worker unable to stand for a cold start.
 */

/** A search the program made before its arguments were there, and the answer it got. */
export interface ArgvSearch {
  readonly method: 'includes' | 'indexOf' | 'lastIndexOf';
  readonly value: string;
  readonly from?: number;
  readonly answer: boolean | number;
}

const SEARCHES = new Set(['includes', 'indexOf', 'lastIndexOf']);

/** Whether a full argv answers every search as it was answered. */
export function answersAlike(argv: readonly string[], searches: readonly ArgvSearch[]): boolean {
  return searches.every((search) => answer(argv, search) === search.answer);
}

function answer(argv: readonly string[], { method, value, from }: ArgvSearch): boolean | number {
  if (method === 'includes') return argv.includes(value, from);
  if (method === 'indexOf') return argv.indexOf(value, from);
  return from === undefined ? argv.lastIndexOf(value) : argv.lastIndexOf(value, from);
}

/** The watched argv, and how to hand it the call's arguments. */
export interface HeldArgv {
  /** What the program did that could have seen the arguments missing; undefined when nothing. */
  readonly touched: () => string | undefined;
  /** The searches the program made before its arguments were there. */
  readonly searches: () => readonly ArgvSearch[];
  /** Fills `process.argv` and every placeholder taken from it with the call's arguments. */
  readonly release: (args: readonly string[]) => void;
}

/** Replaces `process.argv` (given as `argv`, still `[node, program]`) with the watched one. */
export function heldArgv(argv: string[]): HeldArgv {
  let touched: string | undefined;
  let released = false;
  const searches: ArgvSearch[] = [];
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
        if (from === 0 && typeof key === 'string' && SEARCHES.has(key)) return search(key as ArgvSearch['method']);
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
  /** A search method that answers from `[node, program]` and keeps what it was asked. */
  const search = (method: ArgvSearch['method']) => (value: unknown, from?: unknown): boolean | number => {
    const found = answer(argv, { method, value: value as string, ...(typeof from === 'number' ? { from } : {}), answer: false });
    if (released) return found;
    if (typeof value !== 'string' || (from !== undefined && typeof from !== 'number')) touch(`.${method}(${typeof value})`);
    else searches.push({ method, value, ...(from === undefined ? {} : { from }), answer: found });
    return found;
  };
  process.argv = watch(argv, 0);
  return {
    touched: () => touched,
    searches: () => searches,
    release(args) {
      argv.push(...args);
      for (const { target, from } of placeholders) target.push(...argv.slice(from));
      released = true;
      process.argv = argv;
    },
  };
}
