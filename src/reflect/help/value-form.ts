import { PARSER_CONVENTIONS } from '../../argv/conventions.js';
import type { ArgvConventions } from '../../types.js';
import type { HelpDialect } from './page.js';
import { GOPTION_HELP } from './goption.js';

// An option entry's long flag written with its value after `=` (`--lines=NUM`, `--color[=WHEN]`): the parser reads `=`.
const LONG_EQUALS = /^\s*(?:-\w,?\s+)?--[\w-]+\[?=/m;
// A long flag with its value as the next word (`--output <file>`, `--data DATA`).
const LONG_SPACED = /^\s*(?:-\w,?\s+)?--[\w-]+ (?:<[^>]+>|[A-Z][A-Z0-9_-]*)(?:\s|$)/m;
// A one-letter option with no long name and its value as the next word (`-o OUTPUT`, `-D DICT`).
const SHORT_SPACED = /^\s*-\w (?:<[^>]+>|[A-Z][A-Z0-9_-]*)\s{2,}/m;
// tsc prints `--outDir` alone on a flush-left line, its text below, and refuses `--outDir=out`.
const FLUSH_LONG = /^--\w+(?:, -\w)?\n[A-Z]/m;
// openssl lists its commands in a grid; their options (`-in infile`) take no `=`.
const OPENSSL_GRID = /^Standard commands\n[a-z][\w.-]* {2,}/m;
// A usage form with a one-letter option and its value named in lowercase (ajv's `validate:  ajv [validate] -s schema[.json]`, ssh-keygen's `-D pkcs11`).
const SYNOPSIS_SPACED = /^\s*(?:[a-z]+:\s+)?[\w./-]+ (?:\[?[a-z]+\]? )?-\w [a-z][\w-]*(?:\[\.\w+\])?(?:\s|$)/m;

// What getopt_long prints or takes (`[OPTION]...`, its `--help` and `--version` lines), or a help that names `--` itself or writes it in a usage.
const DOUBLE_DASH_EVIDENCE = [
  /Mandatory arguments to long options are mandatory for short options too/,
  /display this help and exit/,
  /^Usage: \S+ \[OPTION\]/m,
  /^\s*--\s{2,}\S/m,
  /\bend of (the )?options\b|\bstop (processing|parsing) options\b/i,
  // A usage that writes `[--]` before its operands (jo's `… [-f file] [--] [-s|-n|-b] [word...]`).
  /^\s*(?:usage:\s*)?\S+ .*\s\[--\]\s+\S/im,
];

/**
 * Whether a program read as the catch-all dialect is known to read `--` as the end of its options: getopt's own
 * marks, or a help that says so. A parser of the program's own may read `--` as an argument (redis-cli), so
 * without that evidence no `--` is sent and a positional starting with `-` is refused.
 */
export function honoursDoubleDash(text: string): boolean {
  return DOUBLE_DASH_EVIDENCE.some((pattern) => pattern.test(text));
}

/**
 * How a getopt-style program (or one with a parser of its own) takes option values, as its help writes
 * them: a help that never shows `--x=VALUE` but shows `--x VALUE` is a parser that knows no `=` (curl),
 * and `-o OUTPUT` a one-letter option whose value is a word of its own (zstd). getopt_long reads both
 * forms for a required value, so for it the spaced form is as right as the joined one; a parser of the
 * program's own (no getopt marks) that never shows `=` may not read it (typedoc's `--name x`), and may read `-p8080` as
 * `-p -8 …` (serve's arg), so it gets words.
 */
export function valueFormsOf(text: string, getopt = true): Partial<ArgvConventions> {
  const spaced = LONG_SPACED.test(text) || OPENSSL_GRID.test(text) || FLUSH_LONG.test(text) || !getopt;
  return {
    ...(!LONG_EQUALS.test(text) && spaced ? { longValue: 'separate' as const } : {}),
    ...(SHORT_SPACED.test(text) || SYNOPSIS_SPACED.test(text) || !getopt ? { shortValue: 'separate' as const } : {}),
  };
}

/** How users of a program whose help reads in this dialect type its command lines. */
export function conventionsOf(dialect: HelpDialect, rootText: string): ArgvConventions {
  if (dialect === 'cobra') return PARSER_CONVENTIONS.cobra;
  if (dialect === 'git') return PARSER_CONVENTIONS.git;
  if (dialect === 'goflag') return PARSER_CONVENTIONS.goFlag;
  // The catch-all dialect also reads programs with parsers of their own: take values as their help writes them.
  if (dialect === 'gnu') {
    const getopt = { ...PARSER_CONVENTIONS.getopt, ...valueFormsOf(rootText, honoursDoubleDash(rootText)), ...(honoursDoubleDash(rootText) ? {} : { doubleDash: 'never' as const }) };
    // GOption reads options anywhere; a program with commands (appstreamcli) may take its command word first.
    return GOPTION_HELP.test(rootText) ? { ...getopt, options: 'end' } : getopt;
  }
  return PARSER_CONVENTIONS.getopt;
}
