/**
 * Tells which dialect a help text is written in, by the marks each convention leaves. Scores
 * every dialect and takes the best; text no dialect claims is read as GNU getopt help.
 */
import type { HelpDialect } from './page.js';

type Mark = readonly [pattern: RegExp, weight: number];

/** A multi-letter one-dash spelling beside a long one (`-ln, --language-dialect str`). */
const GO_PAIR = /^ +-\w{2,}, +--[\w-]+(?: [a-z]+)?(?: {2,}|$)/;

const MARKS: Readonly<Record<HelpDialect, readonly Mark[]>> = {
  cobra: [
    [/^Usage:\n {2}\S/m, 1], // the usage form on its own line (GNU programs write it so too)
    [/^Usage: {2}\S/m, 2], // docker's two spaces
    [/Use "[^"]+ (\[command\]|<command>) --help" for more information/, 4],
    [/Run '\S+ (COMMAND|\[command\]) --help' for more information/, 4],
    [/Use '\S+ <command> <subcommand> --help' for more information/, 4], // gh
    [/Use "\S+ options" for a list of global/, 4],
    [/^(Available Commands|Global Flags|Flags):$/m, 2],
    [/^ +(-\w, )?--[\w-]+=\S*:$/m, 4], // kubectl's `--all-namespaces=false:`
    [/^ +(-\w, | {4})--[\w-]+ (string|int|int32|int64|uint|duration|strings|stringArray|stringSlice|float64|list)\s{2,}/m, 3],
    [/^(FLAGS|INHERITED FLAGS|CORE COMMANDS)$/m, 2],
  ],
  git: [
    [/^usage: git\b/m, 6],
    [/^GIT-[A-Z0-9-]+\(1\)/m, 6],
    // `--[no-]x` alone is no mark of git: zstd's help writes it too, and every git page says `usage: git`.
  ],
  argparse: [
    [/^usage: \S+.* \[-h\]/m, 4],
    [/^(positional arguments|optional arguments):$/m, 4],
    [/show this help message and exit/, 3],
    [/^usage: /m, 1],
  ],
  click: [
    [/Show this message and exit\./, 5],
    [/^Usage: \S+.*\[OPTIONS\]/m, 1],
    [/^ +--[\w-]+ \/ --no-[\w-]+/m, 2],
  ],
  clap: [
    [/^ +-h, --help +Print help( \(see (more|a summary) with '-{1,2}h(elp)?'\))?$/m, 5],
    [/Prints? help information/, 4], // clap 2 and 3
    [/\[possible values: /, 3],
    [/^(Arguments|ARGS|SUBCOMMANDS):$/m, 2],
    [/^USAGE:$/m, 1],
  ],
  goflag: [
    [/^Usage: \S+ \[global options\]/m, 5], // terraform: the program's options go before the subcommand
    [/^Global options \(use these before the subcommand/m, 4],
    [/^ +-[a-z][\w-]+=[^\s<[]\S* {2,}\S/m, 2], // `-lock-timeout=0s   Duration …` (not gcc's `-std=<standard>`)
    // shfmt 3 registers `-ln` and `--language-dialect str` with Go's flag, line after line (not dos2unix's `-ul, --assume-utf16le assume that…`,
    // nor jake's one `-ar,     --allow-rejection`).
    [new RegExp(`${GO_PAIR.source}[\\s\\S]*${GO_PAIR.source}`, 'm'), 3],
  ],
  gnu: [
    [/^Usage: \S+ \[OPTION\]/m, 4],
    [/Mandatory arguments to long options are mandatory for short options too/, 4],
    [/display this help and exit/, 3],
    [/^ +-\w, --[\w-]+=[A-Z]+/m, 2],
    [/^ +(?:-\w, +)?--[\w-]+\[=[A-Z]+\]/m, 2], // getopt_long's optional value (flex's `--tables-file[=FILE]`): Go's flag has none
    [/^-\w(?: \w+)? +: \S/m, 3], // python's `-c cmd : program passed in as string`
    [/^usage: .*\[-\w [a-z][a-z_]*\]/im, 2], // BSD getopt's lowercase `[-a rounds]` (argparse writes `[-a ROUNDS]`)
  ],
};

/** The scores of every dialect, highest first (for diagnostics and tests). */
export function scoreDialects(text: string): { dialect: HelpDialect; score: number }[] {
  return (Object.keys(MARKS) as HelpDialect[])
    .map((dialect) => ({ dialect, score: MARKS[dialect].reduce((sum, [pattern, weight]) => sum + (pattern.test(text) ? weight : 0), 0) }))
    .sort((a, b) => b.score - a.score);
}

/**
 * The dialect of a help text.
 * @example detectDialect('usage: git [-v | --version] …') // 'git'
 */
export function detectDialect(text: string): HelpDialect {
  const [best] = scoreDialects(text.replace(/\r\n?/g, '\n'));
  // One weak mark (`usage:`, `[OPTIONS]` in a usage line) is written by many parsers: the general reader takes those.
  return best === undefined || best.score < MIN_SCORE ? 'gnu' : best.dialect;
}

/** The least evidence that names a dialect: one of its strong marks, or two weaker ones. */
const MIN_SCORE = 3;
