import { seededRandom } from '../../helpers/random.js';

/** Characters that break naive argv handling: dashes, `=`, quotes, shell syntax, spaces, non-ASCII. */
const ALPHABET = ['a', 'Z', '0', '-', '--', '=', ' ', '"', "'", '$', '$(id)', ';', '\\', '*', 'é', '日本', '🙂', '\t', '--force', '-rf', '5', '.', ','];

/** A seeded source of hostile strings and choices for one property case. */
export function generator(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return {
    next,
    pick,
    maybe: (): boolean => next() < 0.5,
    /** 1–5 pieces of the alphabet; never empty (an empty value renders nothing). */
    text: (): string => Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(ALPHABET)).join(''),
    list: <T>(make: () => T, most = 3): T[] => Array.from({ length: 1 + Math.floor(next() * most) }, make),
  };
}

/** The words of POSIX-shell single-quoted output (`'a b' -x 'it'\''s'`), as getopt and `git rev-parse --parseopt` print. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/(?:'[^']*'|\\'|[^\s'\\]+)+/g)) {
    words.push(match[0].replace(/'([^']*)'|\\'/g, (_, quoted: string | undefined) => quoted ?? "'"));
  }
  return words;
}
