/**
 * Control calls for a rejection, run outside cli-mcp with the argv it built and one word changed, so the
 * program's own answers say whose fault the rejection is:
 * - the option's spelling replaced by one no program has: when the program answers that the way it answered
 *   cli-mcp's, it does not know cli-mcp's spelling; when it answers differently, it knows the option and
 *   refused something else (a value cli-mcp made up, a command or option it needs beside it);
 * - the option's other documented spellings, and the option moved before the command's words: when every one is
 *   unknown too, the documentation describes another build of the program, or a place the option is not taken;
 * - the word `unsupported` for the option where an invented one is called unknown: the program knows it, its build lacks it;
 * - for a value said to be missing though sent, the value joined by `=` and glued on: when each is refused too, and an
 *   invented option is answered otherwise, the program knows the option and refused the value (identify's `-log` wants a `%`);
 * - for a value joined on and called unknown with it, the spelling sent alone: when that is said to need a value and an
 *   invented one is not, the program knows the option and refused the value (bpaf words both alike).
 */
import { anySpellingErrorLines, escape, mentions, rejectionClass, spellingErrorLines } from './usage-errors.js';

/** Runs the program with these arguments (after its launcher) and answers its output, stderr and stdout. */
export type RunArgs = (args: readonly string[]) => Promise<string>;

const LETTERS = 'QJKZYXWGHUMNPRTVBCDEFILOSAqjkzyxwghumnprtvbcdefiloa';

/** A spelling of `spelling`'s shape that none of `taken` has: `--wide-unknown`, `-wideunknown`, an unused letter. */
export function inventedSpelling(spelling: string, taken: ReadonlySet<string>): string {
  const dashes = /^-*/.exec(spelling)![0];
  if (dashes === '-' && spelling.length === 2) return `-${[...LETTERS].find((letter) => !taken.has(`-${letter}`)) ?? 'Q'}`;
  return dashes === '--' ? '--wide-unknown' : `${dashes}wideunknown`;
}

/** The argv with the word(s) holding `from` spelled with `to`: `--x`, `--x=v`, and a short's attached value. */
export function respelled(argv: readonly string[], from: string, to: string): string[] {
  return argv.flatMap((word) => {
    if (word === from) return [to];
    if (!word.startsWith(`${from}=`)) return [word];
    const value = word.slice(from.length + 1);
    // A short spelling takes its value as the next word; a long one keeps the `=`.
    return /^-[^-]$/.test(to) ? [to, value] : [`${to}=${value}`];
  });
}

/** The answer with the spellings, their bare names and every number made neutral: two answers that differ only there are one. */
export function neutral(output: string, spellings: readonly string[]): string {
  const mark = '\u2039option\u203a';
  let text = output;
  for (const spelling of spellings) {
    const name = spelling.replace(/^-+/, '');
    text = text.replace(new RegExp(`(?<![\\w-])${escape(spelling)}(?![\\w-])`, 'g'), mark);
    // A letter is named quoted (`invalid option -- 'x'`); a long name may be named without dashes (ffmpeg: `Unrecognized option 'loglevel'`).
    text = name.length === 1 ? text.replace(new RegExp(`(['"\`\u2018])${escape(name)}(['"\u2019])`, 'g'), `$1${mark}$2`) : text.replace(new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`, 'g'), mark);
  }
  return text.replace(/\d+/g, '0').replace(/\s+/g, ' ').trim();
}

const SUGGESTION = /[;,:]?\s*did you mean[^\n.?]*\??/gi;

/**
 * Whether the program answered cli-mcp's spelling otherwise than an unknown one. A difference that is only a
 * suggestion counts when the suggestion is the option itself with another value (gcc: `did you mean
 * '-std=f95'`), not another option (`--colour` → `did you mean '--color'`).
 */
export function answersDiffer(ours: string, invented: string, spelling: string, fake: string): boolean {
  const a = neutral(ours, [spelling, fake]);
  const b = neutral(invented, [spelling, fake]);
  if (a === b) return false;
  if (a.replace(SUGGESTION, '').trim() !== b.replace(SUGGESTION, '').trim()) return true;
  return (a.match(SUGGESTION) ?? []).some((suggestion) => suggestion.includes('\u2039option\u203a'));
}

/** The spelling of the option that the argv holds, as a word or before `=`. */
export function spellingIn(argv: readonly string[], spellings: readonly string[]): string | undefined {
  return spellings.find((spelling) => argv.some((word) => word === spelling || word.startsWith(`${spelling}=`)));
}

/** What a control call compares: the rejected argv, the spelling in it, and what the answer may blame instead. */
export interface Rejected {
  readonly argv: readonly string[];
  readonly spelling: string;
  /** Every spelling of the tool's options: the invented one is none of them. */
  readonly taken: ReadonlySet<string>;
  /** The value cli-mcp made up for the option, when it sent one. */
  readonly value?: string;
  /** The tool's other options, by long name: one the program says this option needs. */
  readonly companions: readonly string[];
}

/** The rejected argv with the option's spelling replaced by an invented one of its shape. */
function withInvented(rejected: Rejected): { fake: string; argv: string[] } {
  const fake = inventedSpelling(rejected.spelling, rejected.taken);
  return { fake, argv: respelled(rejected.argv, rejected.spelling, fake) };
}

/** The program's answers to the rejected argv and to the same with the spelling invented. */
async function answersToBoth(run: RunArgs, rejected: Rejected): Promise<{ fake: string; ours: string; invented: string }> {
  const { fake, argv } = withInvented(rejected);
  const [ours, invented] = await Promise.all([run(rejected.argv), run(argv)]);
  return { fake, ours, invented };
}

/**
 * Control one: the program knows the option and refused something else. Its answer differs from its answer to an
 * invented spelling, and blames what cli-mcp made up for the option (gcc's `did you mean '-std=f95'`, valgrind's
 * `wide-value is an invalid sim-hints set`) or another option (npm-run-all's `--race (without parallel)`); a
 * difference that blames neither (clap's usage of the parent command, for an option placed after a subcommand)
 * leaves the rejection cli-mcp's.
 */
export async function refusedOtherwise(run: RunArgs, rejected: Rejected): Promise<boolean> {
  const { fake, ours, invented } = await answersToBoth(run, rejected);
  // Reproduced as it was found: naming the option, or the value it was sent (fzf-tmux hands a value it does not take to fzf).
  const named = spellingErrorLines(ours, [rejected.spelling, ...(rejected.value === undefined ? [] : [rejected.value])]);
  if (named.length === 0 || !answersDiffer(ours, invented, rejected.spelling, fake)) return false;
  if (rejected.value !== undefined && named.some((line) => line.includes(rejected.value!))) return true;
  const lines = named.join('\n');
  return rejected.companions.some((name) => mentions(lines, name) && !mentions(invented, name));
}

/** An argv to try, and the option's spelling in it. */
export interface Alternative {
  readonly argv: readonly string[];
  readonly spelling: string;
}

/** Control two: every other documented spelling of the option, or place for it, is unknown to the program as well. */
export async function everyAlternativeUnknown(run: RunArgs, alternatives: readonly Alternative[]): Promise<boolean> {
  for (const alternative of alternatives) {
    const output = await run(alternative.argv);
    if (spellingErrorLines(output, [alternative.spelling]).length === 0) return false;
  }
  return alternatives.length > 0;
}

/** The argv with each other documented spelling in place of `spelling`. */
export function otherSpellings(argv: readonly string[], spelling: string, others: readonly string[]): Alternative[] {
  return others.map((other) => ({ argv: respelled(argv, spelling, other), spelling: other }));
}

/**
 * The argv with the option's word (and the value cli-mcp sent after it) moved before the command's words, where a
 * parent's option goes (`pnpm --parallel access`); undefined when the argv does not open with them.
 */
export function movedBeforeCommand(argv: readonly string[], spelling: string, commandWords: readonly string[], value?: string): Alternative | undefined {
  if (commandWords.length === 0 || !commandWords.every((word, i) => argv[i] === word)) return undefined;
  const at = argv.findIndex((word, i) => i >= commandWords.length && (word === spelling || word.startsWith(`${spelling}=`)));
  if (at === -1) return undefined;
  const size = argv[at] === spelling && value !== undefined && argv[at + 1] === value ? 2 : 1;
  return { argv: [...argv.slice(at, at + size), ...argv.slice(0, at), ...argv.slice(at + size)], spelling };
}

/** Control five: the option sent joined (`--severity=wide-value`) was called unknown; sent alone it is said to need a value, an invented one is not. */
export async function joinedValueRefused(run: RunArgs, rejected: Rejected): Promise<boolean> {
  const at = rejected.argv.findIndex((word) => word.startsWith(`${rejected.spelling}=`));
  if (at === -1) return false;
  const alone = [...rejected.argv.slice(0, at), rejected.spelling, ...rejected.argv.slice(at + 1)];
  const [ours, invented] = await Promise.all([run(alone), run(respelled(alone, rejected.spelling, inventedSpelling(rejected.spelling, rejected.taken)))]);
  return rejectionClass(ours).startsWith('value missing') && !rejectionClass(invented).startsWith('value missing');
}

/** Control three: the program calls the option unsupported (lsof's `unsupported option: -D`) and an invented one unknown otherwise. */
export async function unsupportedByBuild(run: RunArgs, rejected: Rejected, message: string): Promise<boolean> {
  if (!/\bunsupported\b/i.test(message)) return false;
  const invented = await run(withInvented(rejected).argv);
  return !/\bunsupported\b/i.test(invented) && anySpellingErrorLines(invented).length > 0;
}

/**
 * The value cli-mcp sent as a word of its own comes back joined to the option (vitest's `Unexpected value
 * "--silent=wide-value"`): the program's parser bound it to the option, so the option takes a value and the
 * complaint is its content.
 */
export function valueBoundAndRefused(argv: readonly string[], spelling: string, value: string | undefined, message: string): boolean {
  if (value === undefined || !argv.some((word, i) => word === spelling && argv[i + 1] === value)) return false;
  return message.includes(`${spelling}=${value}`) && rejectionClass(message).startsWith('value not allowed');
}

/** The argv with the value sent after the option joined to it instead: `--x=v`, then `-xv`. */
export function joinedValues(argv: readonly string[], spelling: string, value: string): string[][] {
  const at = argv.findIndex((word, i) => word === spelling && argv[i + 1] === value);
  if (at === -1) return [];
  const joined = (word: string) => [...argv.slice(0, at), word, ...argv.slice(at + 2)];
  return [joined(`${spelling}=${value}`), joined(`${spelling}${value}`)];
}

/** Control four: no spelling of the value is taken, and the program knows the option: the value was refused. */
export async function valueRefusedInEverySpelling(run: RunArgs, rejected: Rejected): Promise<boolean> {
  const joined = rejected.value === undefined ? [] : joinedValues(rejected.argv, rejected.spelling, rejected.value);
  if (joined.length === 0) return false;
  for (const argv of joined) if (anySpellingErrorLines(await run(argv)).length === 0) return false;
  const { fake, ours, invented } = await answersToBoth(run, rejected);
  return answersDiffer(ours, invented, rejected.spelling, fake);
}
