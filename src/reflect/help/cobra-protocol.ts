/**
 * cobra's completion protocol: every cobra program answers `prog __complete <command words> -` with the
 * exact flags that command takes (`--output\tOutput format…`, each shorthand on the line after its long
 * name), one `:<directive>` line last. Only flag names are asked for: never values, whose completions may
 * read the user's state or a server. It runs like a help call: sandboxed, no network, short timeout.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { runHelpCall, type HelpCall } from './fetch-page.js';

/** A flag as the protocol lists it. */
export interface ListedFlag {
  /** `--output`. */
  readonly long: string;
  /** `-o`, when the flag has one. */
  readonly short?: string;
  /** The first line of its usage text. */
  readonly description: string;
}

/** The name of cobra's completion directives, in every binary built with its completion protocol. */
const COBRA_MARK = Buffer.from('ShellCompDirective');

/**
 * Whether the program's file carries cobra's completion protocol: read, never run, so a program whose help
 * only looks like cobra's (a dev server that would start on `__complete`) is not asked. Reads in chunks and
 * stops at the first mark (a 57 MB kubectl: tens of milliseconds, once per crawl).
 */
export async function carriesCobraProtocol(file: string): Promise<boolean> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const chunk = Buffer.alloc(1 << 20);
    let carried = 0;
    for (let position = 0; ; ) {
      const { bytesRead } = await handle.read(chunk, carried, chunk.length - carried, position);
      if (bytesRead === 0) return false;
      const filled = carried + bytesRead;
      if (chunk.subarray(0, filled).includes(COBRA_MARK)) return true;
      position += bytesRead;
      // The mark may straddle two reads: its length less one byte is kept.
      carried = Math.min(filled, COBRA_MARK.length - 1);
      chunk.copy(chunk, 0, filled - carried, filled);
    }
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/** Whether the root help shows cobra's own `completion` command, as programs that are cobra underneath do. */
export function showsCobraCompletion(text: string): boolean {
  return /Generate the autocompletion script for\b/.test(text);
}

/**
 * The flags `words` (the command path after the program) takes, with `given` (flags already on the line)
 * before the word being completed; undefined when the answer is not the protocol's (no directive line),
 * or the flags given could not be parsed (cobra then answers with an error and no flags).
 */
export async function listFlags(call: HelpCall, words: readonly string[], given: readonly string[] = []): Promise<ListedFlag[] | undefined> {
  const stdout = await complete(call, [...words, ...given, '-']);
  return stdout === undefined ? undefined : readListing(stdout);
}

/** Whether `flag` (`--watch`) on `words` stands alone: cobra parses a switch without a value, and fails a flag that needs one. */
export async function isSwitch(call: HelpCall, words: readonly string[], flag: string): Promise<boolean | undefined> {
  const stdout = await complete(call, [...words, flag, '-']);
  return stdout === undefined ? undefined : readListing(stdout) !== undefined;
}

/**
 * A protocol answer read: its flags, or undefined when it is no answer (no directive line) or an error
 * (flags that do not parse are answered with no flags and the default directive, `:0`).
 */
export function readListing(stdout: string): ListedFlag[] | undefined {
  const lines = stdout.split('\n').filter((line) => line !== '');
  const directive = /^:(\d+)$/.exec(lines.at(-1) ?? '')?.[1];
  if (directive === undefined) return undefined;
  const flags: ListedFlag[] = [];
  for (const line of lines.slice(0, -1)) {
    const [name = '', text = ''] = line.split('\t');
    const description = text.trim();
    const previous = flags.at(-1);
    if (/^--[^-\s=][^\s=]*$/.test(name)) flags.push({ long: name, description });
    // cobra writes a shorthand right after its long name, with the same usage text.
    else if (/^-[^-\s]$/.test(name) && previous !== undefined && previous.short === undefined && previous.description === description) flags[flags.length - 1] = { ...previous, short: name };
  }
  return flags.length === 0 && directive === '0' ? undefined : flags;
}

/** stdout of `prog __complete …args`, run as a help call; undefined when it did not run to its end. */
async function complete(call: HelpCall, args: readonly string[]): Promise<string | undefined> {
  const outcome = await runHelpCall(call, ['__complete', ...args]);
  return outcome.kind !== 'ran' || outcome.output.timedOut ? undefined : outcome.output.stdout;
}
