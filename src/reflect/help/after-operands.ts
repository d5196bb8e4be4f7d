/**
 * Options a usage writes after its operands, which the program reads only there: unzip's
 * `file[.zip] [list] [-x xlist] [-d exdir]`, zip's `[zipfile list] [-xi list]`, and find's
 * `[path...] [expression]`, whose primaries (every option its usage does not show before the paths) follow the paths.
 * And options written after `--`, which are words of the operands (jo's `[--] [-s|-n|-b] [word...]`).
 */
import type { OptionSpec } from '../../types.js';
import type { UsageToken } from './usage-tokens.js';
import { spellings } from './values-from.js';

interface Placement {
  readonly before: Set<string>;
  readonly after: Set<string>;
  /** Written after a `--` that ends the options. */
  readonly among: Set<string>;
  /** An operand named `expression` (find): what follows the paths is made of options. */
  expression: boolean;
}

/**
 * The options with `afterOperands` set where the command's usage forms (each after its command path) put them after
 * an operand and never before one, and `amongOperands` where they put them after `--` and never before it.
 */
export function placeAfterOperands(options: readonly OptionSpec[], forms: readonly (readonly UsageToken[])[]): OptionSpec[] {
  const known = new Set(options.flatMap(spellings));
  const placement: Placement = { before: new Set(), after: new Set(), among: new Set(), expression: false };
  for (const form of forms) walk(form, { operand: false, ended: false }, placement, known);
  if (placement.after.size === 0 && placement.among.size === 0 && !placement.expression) return [...options];
  return options.map((option) => {
    const names = spellings(option);
    if (names.some((name) => placement.before.has(name))) return option;
    if (names.some((name) => placement.among.has(name))) return option.amongOperands === true ? option : { ...option, amongOperands: true };
    const after = placement.expression || names.some((name) => placement.after.has(name));
    return after && option.afterOperands !== true ? { ...option, afterOperands: true } : option;
  });
}

/** `inOption`: inside a bracket that holds a flag, where other words are its value (xxd's `[-s [-]offset]`). */
function walk(tokens: readonly UsageToken[], seen: Seen, placement: Placement, known: ReadonlySet<string>, inOption = false): void {
  tokens.forEach((token, index) => {
    if (isEndOfOptions(token)) {
      seen.ended = true;
      return;
    }
    if (token.kind === 'group') {
      const flags = token.alternatives.flatMap((alternative) => alternative.filter((inner) => inner.kind === 'word' && isFlag(inner.text)));
      if (flags.length > 0 || inOption) token.alternatives.forEach((alternative) => walk(alternative, seen, placement, known, true));
      else markOperand(token, seen, placement);
      return;
    }
    if (isFlag(token.text)) {
      for (const flag of flagsOf(token.text, known)) (seen.ended ? placement.among : seen.operand ? placement.after : placement.before).add(flag);
      return;
    }
    // A flag's value (`-d exdir`) is no operand.
    const previous = tokens[index - 1];
    if (inOption || (previous?.kind === 'word' && isFlag(previous.text))) return;
    markOperand(token, seen, placement);
  });
}

/** What the walk has met so far in one usage form: an operand, and the `--` that ends the options. */
interface Seen {
  operand: boolean;
  ended: boolean;
}

/** `--` alone, or `[--]`. */
function isEndOfOptions(token: UsageToken): boolean {
  if (token.kind === 'word') return token.text === '--';
  return token.alternatives.length === 1 && token.alternatives[0]!.length === 1 && isEndOfOptions(token.alternatives[0]![0]!);
}

function markOperand(token: UsageToken, seen: Seen, placement: Placement): void {
  const words = token.kind === 'word' ? [token.text] : token.alternatives.flat().flatMap((inner) => (inner.kind === 'word' ? [inner.text] : []));
  if (words.some((word) => /^<?expression>?$/i.test(word))) placement.expression = true;
  // `[OPTION]...`, `[options]` stand for the options, not an operand.
  else if (!words.every((word) => /^<?(options?|flags|opts|switches)>?(\.\.\.)?$/i.test(word))) seen.operand = true;
}

function isFlag(text: string): boolean {
  return /^-{1,2}[\w?]/.test(text);
}

/** `-d` as written; zip's `-xi` is `-x` and `-i` where the program has those and no `-xi`. */
function flagsOf(text: string, known: ReadonlySet<string>): string[] {
  const flag = /^-{1,2}[\w?-]+/.exec(text)?.[0] ?? text;
  if (known.has(flag) || flag.startsWith('--')) return [flag];
  const letters = [...flag.slice(1)].map((letter) => `-${letter}`);
  return letters.length > 1 && letters.every((letter) => known.has(letter)) ? letters : [flag];
}
