/**
 * The shape of one entry of the real-CLI corpus: a program that is not ours, how cli-mcp is pointed
 * at it, what its own help says its runnable commands are, and calls that do useful work offline.
 */

/** Where the program comes from, so a missing one can say how it gets installed. */
export type Source =
  | { readonly kind: 'npm'; readonly bin: string; readonly pkg: string }
  | { readonly kind: 'debian'; readonly bin: string; readonly pkg: string }
  | { readonly kind: 'machine'; readonly bin: string };

/** The directories a program's server and calls run with. */
export interface Dirs {
  /** The server's (and so every call's) working directory, filled with the entry's files. */
  readonly cwd: string;
  /** A fresh HOME for the server and its calls. */
  readonly home: string;
}

export interface Input {
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly args?: readonly string[];
}

export interface CallCase {
  /** What the call does, as the end of a behaviour sentence: "finds the TODO lines with their numbers". */
  readonly does: string;
  readonly tool: string;
  readonly input: Input | ((dirs: Dirs) => Input);
  readonly exitCode: number;
  readonly stdout?: RegExp;
  readonly stderr?: RegExp;
  /** Files (relative to cwd) the call must have created. */
  readonly creates?: readonly string[];
  /**
   * A known gap: why cli-mcp cannot make this call work yet. The call still runs as written; the test
   * expects it to fail, says so loudly, and fails once it passes (then the gap is gone: remove this).
   */
  readonly gap?: string;
}

/** The tools its own help promises: all of them by name, or a count and some names when there are dozens. */
export type ExpectedTools = { readonly exactly: readonly string[] } | { readonly count: number; readonly including: readonly string[] };

export interface Program {
  /** What the table calls it. */
  readonly name: string;
  /** The parser it is built on: commander, yargs, cobra, clap, argparse, click, optparse, GNU getopt, Go flag, custom… */
  readonly family: string;
  readonly source: Source;
  /** `cli-mcp wrap` flags after the target (`--preset kubectl`, `--include …`). */
  readonly wrap?: readonly string[];
  /** Arguments that make it print its version. */
  readonly version: readonly string[];
  /** A whole command that prints its version, for a program that cannot (ssh-keygen). */
  readonly versionCommand?: readonly string[];
  /** The start of the method cli-mcp reports on stderr (`found by …`). */
  readonly method: string;
  readonly tools: ExpectedTools;
  /** Files written into cwd before the server starts: relative path → content. */
  readonly files?: Readonly<Record<string, string>>;
  /** Commands run in cwd (after the files) before the server starts, e.g. a scratch git repository. */
  readonly setup?: readonly (readonly string[])[];
  /** Extra environment for the server; passed on to the CLI with `--allow-env`. */
  readonly env?: (dirs: Dirs) => Record<string, string>;
  /** Run in order, against one server. */
  readonly calls: readonly CallCase[];
  /** A known gap in the tool list or in starting the server, as for a call's `gap`. */
  readonly gap?: string;
}
