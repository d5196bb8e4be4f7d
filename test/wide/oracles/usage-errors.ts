/**
 * A program's own usage error for an option spelling, recognised across parsers by their wording:
 * getopt, BSD getopt, argp, clap, cobra/pflag, Go flag, argparse, optparse, click, commander, yargs,
 * cac, meow, oclif, clipanion, Getopt::Long, Haskell GetOpt, ffmpeg, curl, openssl and the like.
 * A complaint about a value's content (`invalid argument 'x' for --color`) is not a spelling error.
 */

const SPELLING_ERROR = new RegExp(
  [
    String.raw`\b(unrecogni[sz]ed|unknown|unexpected|nonexistent|unsupported)\s+(command[- ]line\s+)?(long\s+|short\s+)?(options?|flags?|arguments?|switch(es)?|parameters?)\b`,
    String.raw`\bunexpected values?\b`,
    String.raw`\b(invalid|illegal|bad)\s+(long\s+|short\s+)?(options?|flags?|switch)\b`,
    String.raw`\b(requires?|needs?|expects?)\s+(an?\s+|one\s+|\d+\s+)?(argument|value|parameter)s?\b`,
    String.raw`\bmissing\s+(argument|value|parameter)s?\s+(for|to)\b`,
    String.raw`\bargument missing\b`,
    String.raw`\bexpected (one|\d+) arguments?\b`,
    String.raw`\bno such (option|flag)\b`,
    String.raw`\b(was(n't| not)|is not|isn't) expected\b`,
    String.raw`\b(doesn't|does not|don't) (allow|take|accept) (an? )?(argument|value)\b`,
    String.raw`\btakes no (argument|value)\b`,
    String.raw`\bignored explicit argument\b`,
    String.raw`\bbad flag syntax\b`,
    String.raw`\bflag provided but not defined\b`,
    String.raw`\bnot enough arguments following\b`,
    String.raw`\b(ambiguous option|is ambiguous)\b`,
    String.raw`\bnot recogni[sz]ed\b`,
    String.raw`\bis unknown\b`,
    String.raw`\ba value is required\b`,
    String.raw`\bunknown shorthand\b`,
    String.raw`\bbad option\b`,
    String.raw`\boption .{1,30} not supported\b`,
  ].join('|'),
  'i',
);

/**
 * `unrecognized argument to --disassembler-color`, `unknown argument to --json= switch`, ncu's `Invalid option value: --format x`,
 * ctags' `Unsupported parameter 'w' for "extras" option`: the value's content.
 */
const VALUE_COMPLAINT = /\b(unrecogni[sz]ed|unknown|invalid|bad)\s+(argument|value)s?\s+(to|for)\b|\binvalid option value\b|\bunsupported parameter '[^']*' for\b/i;

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A spelling of an option as an error message may quote it: `--foo`, `-x`, `'x'`, `foo` (for a long name). */
export function mentions(line: string, spelling: string): boolean {
  const name = spelling.replace(/^-+/, '');
  if (name === '') return false;
  const bounded = (text: string) => new RegExp(`(?<![\\w-])${escape(text)}(?![\\w])`).test(line);
  if (bounded(spelling)) return true;
  // A one-letter option is named quoted or after `-- ` (getopt: `invalid option -- 'x'`).
  if (name.length === 1) return new RegExp(`['"\`‘«(]${escape(name)}['"’»)]|-- ${escape(name)}\\b`).test(line);
  return bounded(name);
}

/** The lines of output that are usage errors naming one of `spellings` (a line, or the line after it for meow's two-line form). */
export function spellingErrorLines(output: string, spellings: readonly string[]): string[] {
  const lines = output.split('\n');
  const hits: string[] = [];
  lines.forEach((line, i) => {
    if (!SPELLING_ERROR.test(line) || VALUE_COMPLAINT.test(line)) return;
    const around = `${line}\n${lines[i + 1] ?? ''}`;
    if (spellings.some((spelling) => mentions(around, spelling))) hits.push(around.trim().slice(0, 300));
  });
  return hits;
}

/** The lines that are usage errors of any kind, whatever they name (kept as context for a reader). */
export function anySpellingErrorLines(output: string): string[] {
  return output.split('\n').filter((line) => SPELLING_ERROR.test(line)).map((line) => line.trim().slice(0, 300));
}

/** The kind of a rejection, from the program's own words: `unrecognized option`, `requires an argument`, … */
export function rejectionClass(message: string): string {
  const lower = message.toLowerCase();
  const classes: Array<[RegExp, string]> = [
    [/requires? (an? |one |\d+ )?(argument|value|parameter)|needs? (an? )?(argument|value)|argument missing|missing (argument|value)|expected (one|\d+) argument|a value is required|not enough arguments following|expects? a value/, 'value missing (option needs a value it did not get)'],
    [/(doesn't|does not|don't) (allow|take|accept)|takes no (argument|value)|ignored explicit argument|unexpected value/, 'value not allowed (a switch sent with a value)'],
    [/ambiguous/, 'ambiguous option'],
    [/shorthand/, 'unknown shorthand'],
  ];
  return classes.find(([pattern]) => pattern.test(lower))?.[1] ?? 'unknown option (a spelling the program does not know)';
}
