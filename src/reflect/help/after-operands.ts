/**
 * Options a usage writes after its operands, which the program reads only there: unzip's
 * `file[.zip] [list] [-x xlist] [-d exdir]`, zip's `[zipfile list] [-xi list]`, and find's
 * `[path...] [expression]`, whose primaries (every option its usage does not show before the paths) follow the paths.
 */
import type { OptionSpec } from '../../types.js';
import type { UsageToken } from './usage-tokens.js';
import { spellings } from './values-from.js';

interface Placement {
  readonly before: Set<string>;
  readonly after: Set<string>;
  /** An operand named `expression` (find): what follows the paths is made of options. */
  expression: boolean;
}

/** The options with `afterOperands` set where the command's usage forms (each after its command path) put them after an operand and never before one. */
export function placeAfterOperands(options: readonly OptionSpec[], forms: readonly (readonly UsageToken[])[]): OptionSpec[] {
  const known = new Set(options.flatMap(spellings));
  const placement: Placement = { before: new Set(), after: new Set(), expression: false };
  for (const form of forms) walk(form, { operand: false }, placement, known);
  if (placement.after.size === 0 && !placement.expression) return [...options];
  return options.map((option) => {
    const names = spellings(option);
    if (names.some((name) => placement.before.has(name))) return option;
    const after = placement.expression || names.some((name) => placement.after.has(name));
    return after && option.afterOperands !== true ? { ...option, afterOperands: true } : option;
  });
}

/** `inOption`: inside a bracket that holds a flag, where other words are its value (xxd's `[-s [-]offset]`). */
function walk(tokens: readonly UsageToken[], seen: { operand: boolean }, placement: Placement, known: ReadonlySet<string>, inOption = false): void {
  tokens.forEach((token, index) => {
    if (token.kind === 'group') {
      const flags = token.alternatives.flatMap((alternative) => alternative.filter((inner) => inner.kind === 'word' && isFlag(inner.text)));
      if (flags.length > 0 || inOption) token.alternatives.forEach((alternative) => walk(alternative, seen, placement, known, true));
      else markOperand(token, seen, placement);
      return;
    }
    if (isFlag(token.text)) {
      for (const flag of flagsOf(token.text, known)) (seen.operand ? placement.after : placement.before).add(flag);
      return;
    }
    // A flag's value (`-d exdir`) is no operand.
    const previous = tokens[index - 1];
    if (inOption || (previous?.kind === 'word' && isFlag(previous.text))) return;
    markOperand(token, seen, placement);
  });
}

function markOperand(token: UsageToken, seen: { operand: boolean }, placement: Placement): void {
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
