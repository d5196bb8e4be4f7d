/**
 * What the load worker watches in the program's process, beyond its parse() call: whether it looks
 * for a help flag in its arguments (it may register more commands for `--help`), and what it writes
 * to stderr (its own error, when it exits before building its commands).
 */

/** The words a program looks for when it decides whether help was asked for. */
const HELP_FLAGS = ['--help', '-h'];

/** `process.argv` as an array that notes every search for a help flag, in it or in a slice of it. */
class WatchedArgv extends Array<string> {
  static searched = false;

  static note(value: unknown): void {
    if (typeof value === 'string' && HELP_FLAGS.includes(value)) WatchedArgv.searched = true;
  }

  /** A predicate that accepts a help flag is a search for one (`argv.some((a) => a === '-h')`). */
  static probe(predicate: unknown): void {
    if (typeof predicate !== 'function') return;
    try {
      if (HELP_FLAGS.some((flag) => (predicate as (value: string) => unknown)(flag))) WatchedArgv.searched = true;
    } catch {
      // A predicate that fails on a lone flag says nothing.
    }
  }

  override includes(value: string, from?: number): boolean {
    WatchedArgv.note(value);
    return super.includes(value, from);
  }

  override indexOf(value: string, from?: number): number {
    WatchedArgv.note(value);
    return super.indexOf(value, from);
  }

  override lastIndexOf(value: string, from?: number): number {
    WatchedArgv.note(value);
    return from === undefined ? super.lastIndexOf(value) : super.lastIndexOf(value, from);
  }

  override some(predicate: (value: string, index: number, array: string[]) => unknown, self?: unknown): boolean {
    WatchedArgv.probe(predicate);
    return super.some(predicate, self);
  }

  override find(predicate: (value: string, index: number, array: string[]) => unknown, self?: unknown): string | undefined {
    WatchedArgv.probe(predicate);
    return super.find(predicate, self);
  }

  override findIndex(predicate: (value: string, index: number, array: string[]) => unknown, self?: unknown): number {
    WatchedArgv.probe(predicate);
    return super.findIndex(predicate, self);
  }
}

/**
 * Sets `process.argv` to `args`, watched; the function returned tells whether the program has searched
 * it (or a `slice()` of it: slices are watched too) for `--help` or `-h`.
 */
export function watchArgv(args: readonly string[]): () => boolean {
  const argv = new WatchedArgv();
  argv.push(...args);
  process.argv = argv;
  return () => WatchedArgv.searched;
}

/**
 * Keeps the last `max` characters the program writes to stderr, still writing them through.
 * Returns a getter for them and the original `write`, for messages that are cli-mcp's own.
 */
export function teeStderr(max: number): { readonly text: () => string; readonly write: (text: string) => boolean } {
  const stderr = process.stderr;
  const original = stderr.write.bind(stderr) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  let tail = '';
  stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    tail = (tail + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).slice(-max);
    return original(chunk, ...rest);
  }) as typeof stderr.write;
  return { text: () => tail, write: (text) => original(text) };
}
