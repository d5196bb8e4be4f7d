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

/** The flags every oracle's first command takes, drawn at random: a switch, a value, a list and a short value (and a negatable switch). */
export function hostileFlags(g: ReturnType<typeof generator>, negatable = false): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  if (g.maybe()) flags.flag = true;
  if (negatable && g.maybe()) flags.color = g.maybe();
  if (g.maybe()) flags.name = g.text();
  if (g.maybe()) flags.tag = g.list(g.text);
  if (g.maybe()) flags.n = g.text();
  return flags;
}

/** How a parser's normalised output spells each option: a switch, its negation, a value, a repeated value. */
export type Spelling = Readonly<Record<string, { readonly key: string; readonly kind: 'on' | 'off' | 'value' | 'list' }>>;

/** Reads a normalised parse (`--flag --name 'v' -- 'pos'`, as getopt and `git rev-parse --parseopt` print it) back into flags and operands. */
export function readNormalised(words: readonly string[], spelling: Spelling): { flags: Record<string, unknown>; operands: string[] } {
  const flags: Record<string, unknown> = {};
  let index = 0;
  for (; index < words.length && words[index] !== '--'; index += 1) {
    const known = spelling[words[index] ?? ''];
    if (!known) throw new Error(`unexpected word ${JSON.stringify(words[index])} in ${JSON.stringify(words)}`);
    if (known.kind === 'on' || known.kind === 'off') flags[known.key] = known.kind === 'on';
    else if (known.kind === 'value') flags[known.key] = words[++index];
    else flags[known.key] = [...((flags[known.key] as string[] | undefined) ?? []), words[++index] ?? ''];
  }
  return { flags, operands: words.slice(index + 1) };
}

