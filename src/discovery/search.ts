import { abbreviates, joinPhrases, stem, STOP_WORDS, synonymsOf } from './search-words.js';

/** What search looks at for one command. */
export interface SearchEntry {
  /** The tool name: `kubectl_rollout_status`. */
  readonly name: string;
  /** Command words from the root, root included: `['kubectl', 'rollout', 'status']`. */
  readonly path: readonly string[];
  readonly description: string;
  /** What the program's manual says beyond the description: its start is searched, below everything else. */
  readonly details?: string;
  /** Flag names, as a call's `flags` object spells them: `['namespace', 'output']`. */
  readonly optionNames: readonly string[];
}

/** One entry a query matched, and how well (higher is better). */
export interface SearchHit {
  readonly entry: SearchEntry;
  readonly score: number;
}

/** The whole query is the command (its path words without the root, or its tool name). */
const EXACT = 10_000_000;
/** Every meaningful query word is one of the command's path words. */
const ALL_PATH_WORDS = 1_000_000;
/** What one query word is worth where it is found, before its rarity weighs it. */
const PATH_WORD = 100;
const PATH_PREFIX = 40;
const PATH_SYNONYM = 35;
/** A path word that abbreviates the query word (`enc` ← encrypt, `dgst` ← digest). */
const PATH_ABBREVIATION = 35;
/** Added to a path synonym when the word itself is in the description too. */
const LITERAL_TOO = 5;
const HEAD_WORD = 30;
const HEAD_SYNONYM = 20;
const HEAD_PREFIX = 12;
const BODY_WORD = 10;
const OPTION_WORD = 6;
const BODY_SYNONYM = 5;
const OPTION_PREFIX = 3;
const DETAILS_WORD = 4;
const DETAILS_SYNONYM = 2;
/** Characters of a command's details searched. */
const DETAILS_CHARS = 300;
/** A query made only of root words matches every command under that root, at the lowest score. */
const ROOT_ONLY = 1;
/** Shorter query words than these would prefix-match half the vocabulary. */
const MIN_PATH_PREFIX = 2;
const MIN_TEXT_PREFIX = 3;
/** Per path word the query leaves unmatched: a tie-break only. */
const UNMATCHED_PENALTY = 0.001;

/** An entry prepared once; searches reuse it for as long as the entry object lives. */
interface Indexed {
  readonly name: string;
  readonly rootWords: readonly string[];
  readonly pathWords: readonly string[];
  readonly pathStems: ReadonlySet<string>;
  readonly pathKey: string;
  /** The command's own name, its last path element whole: `show`, not the `show` of `show-branch`. */
  readonly leaf: string;
  /** The description's first sentence, its words and their stems. */
  readonly head: Field;
  /** The rest of the description: more text, examples. */
  readonly body: Field;
  /** The start of what the manual says beyond the description. */
  readonly details: Field;
  readonly options: Field;
}

interface Field {
  readonly words: readonly string[];
  readonly stems: ReadonlySet<string>;
}

const indexes = new WeakMap<SearchEntry, Indexed>();

/**
 * Entries matching the query, best first; ties keep declaration order. An empty or blank query (or one
 * without a letter or digit) matches every entry in declaration order, with score 0.
 *
 * Matching is case-insensitive over words: the query, path words, descriptions and flag names are split
 * on anything but letters and digits, so `rollout status`, `rollout_status`, `kubectl_rollout_status` and
 * `kubectl rollout-status` are the same query, and `use context` finds `config use-context`. Root words
 * (`kubectl`) are dropped from the query while other words remain; a query of root words alone matches
 * every command under that root. Words meet in any form (`changes`, `changed` → one stem), two-word phrases
 * are one word (`pull request` → `pr`, `roll back` → `rollback`), a word also finds the words command
 * lines say for it (`upload` → `push`, `history` → `log`), for less, and a command name that abbreviates it
 * (`encrypt` → `enc`, `digest` → `dgst`).
 *
 * Each meaningful query word scores its best match: a path word (100) ≫ a prefix of a path word, two letters
 * or more (40) > a path word it is a synonym of or that abbreviates it (35) > a word of the description's first
 * sentence (30; a synonym 20, a prefix of three letters or more 12) > a word of the rest of the description and its
 * examples (10; a synonym 5) and a flag-name word (6) > a word of the manual's details, its first 300 characters (4),
 * a flag-name prefix (3) and a synonym in the details (2). That worth is weighed by the word's rarity among the
 * commands (`history` says more than `commit` in git), and the sum by the square of the share of the question
 * answered (a word found only in weak places answering less), so a command that answers the whole question beats
 * one that shares a single word with it. Common words (`the`, `of`, `show`…) score only as path words, unless the
 * query has no other words; one that is the command's own name (`show` for git show, not for show-branch) answers a
 * part of the question once another word is found. A query whose meaningful words are exactly the command's path
 * words, or that is the tool name, ranks first; one whose meaningful words are all path words next. A command
 * matching no query word is not returned.
 *
 * Each entry is prepared once (cached per entry object), so a search is linear in entries × query words.
 */
export function searchCommands(entries: readonly SearchEntry[], query: string): SearchHit[] {
  const joined = joinPhrases(query);
  const words = wordsOf(joined);
  if (words.length === 0) return entries.map((entry) => ({ entry, score: 0 }));
  const whole = query.trim().toLowerCase();
  const indexed = entries.map(indexOf);
  const rarity = rarityOf(indexed, words);
  const hits: SearchHit[] = [];
  indexed.forEach((index, at) => {
    const score = scoreEntry(index, words, whole, rarity);
    const entry = entries[at];
    if (score > 0 && entry) hits.push({ entry, score });
  });
  // Array.prototype.sort is stable, so equal scores keep declaration order.
  return hits.sort((a, b) => b.score - a.score);
}

/** How rare each query word is among the commands: ln(1 + N / (1 + commands holding it)). */
function rarityOf(indexed: readonly Indexed[], words: readonly string[]): ReadonlyMap<string, number> {
  const rarity = new Map<string, number>();
  for (const word of new Set(words)) {
    const root = stem(word);
    const holding = indexed.filter((index) => index.pathStems.has(root) || index.head.stems.has(root) || index.body.stems.has(root) || index.options.stems.has(root) || index.details.stems.has(root)).length;
    rarity.set(word, Math.log(1 + indexed.length / (1 + holding)));
  }
  return rarity;
}

function scoreEntry(index: Indexed, words: readonly string[], whole: string, rarity: ReadonlyMap<string, number>): number {
  const rest = words.filter((word) => !index.rootWords.includes(word));
  if (rest.length === 0) return ROOT_ONLY;
  const meaningful = rest.filter((word) => !STOP_WORDS.has(word));
  // A query of common words alone ("show") is taken at its word.
  const literal = meaningful.length === 0;
  const key = literal ? rest : meaningful;
  let score = 0;
  let found = 0;
  const matched = new Set<string>();
  for (const word of rest) {
    const worth = scoreWord(index, word, literal || !STOP_WORDS.has(word), literal);
    if (worth === PATH_WORD) matched.add(word);
    // A word found only in weak places (far in the text, a flag name, the manual) answers that part of the question less.
    if (worth > 0 && key.includes(word)) found += Math.min(1, worth / HEAD_SYNONYM);
    score += worth * (rarity.get(word) ?? 1);
  }
  if (score === 0) return 0;
  // A command that answers the whole question beats one that shares a single word with it.
  // A common word that is the command's own name ("show" for git show) answers a part too, once another word is found.
  if (found > 0 && rest.some((word) => word === index.leaf && !key.includes(word))) found += 1;
  score *= Math.min(1, found / key.length) ** 2;
  if (key.join(' ') === index.pathKey || whole === index.name) score += EXACT;
  else if (key.every((word) => index.pathWords.includes(word) || index.pathStems.has(stem(word)))) score += ALL_PATH_WORDS;
  const unmatched = index.pathWords.filter((word) => !matched.has(word)).length;
  return score - Math.min(unmatched, 9) * UNMATCHED_PENALTY;
}

/** The best way one query word matches an entry, 0 for none; a common word counts only in the path. */
function scoreWord(index: Indexed, word: string, meaningful: boolean, literal: boolean): number {
  const root = stem(word);
  if (index.pathWords.includes(word) || index.pathStems.has(root)) return PATH_WORD;
  if (!meaningful) return 0;
  if (word.length >= MIN_PATH_PREFIX && index.pathWords.some((pathWord) => pathWord.startsWith(word))) return PATH_PREFIX;
  if (index.pathWords.some((pathWord) => abbreviates(pathWord, word))) return PATH_ABBREVIATION + (index.head.stems.has(root) || index.body.stems.has(root) ? LITERAL_TOO : 0);
  const synonyms = literal ? [] : synonymsOf(root);
  // Named in the path by a synonym: the word itself in the text tells this command from others so named.
  if (synonyms.some((synonym) => index.pathStems.has(synonym))) return PATH_SYNONYM + (index.head.stems.has(root) || index.body.stems.has(root) ? LITERAL_TOO : 0);
  if (index.head.stems.has(root)) return HEAD_WORD;
  if (synonyms.some((synonym) => index.head.stems.has(synonym))) return HEAD_SYNONYM;
  const prefixes = word.length >= MIN_TEXT_PREFIX;
  if (prefixes && index.head.words.some((headWord) => headWord.startsWith(word))) return HEAD_PREFIX;
  if (index.body.stems.has(root)) return BODY_WORD;
  if (index.options.stems.has(root)) return OPTION_WORD;
  if (synonyms.some((synonym) => index.body.stems.has(synonym))) return BODY_SYNONYM;
  if (index.details.stems.has(root)) return DETAILS_WORD;
  if (prefixes && index.options.words.some((optionWord) => optionWord.startsWith(word))) return OPTION_PREFIX;
  if (synonyms.some((synonym) => index.details.stems.has(synonym))) return DETAILS_SYNONYM;
  return 0;
}

function indexOf(entry: SearchEntry): Indexed {
  let index = indexes.get(entry);
  if (index) return index;
  const [root = '', ...below] = entry.path;
  // A root-only command (a single-command CLI) is found by its own name.
  const pathWords = below.length > 0 ? below.flatMap(wordsOf) : wordsOf(root);
  const text = entry.description.trim();
  const end = headEnd(text);
  index = {
    name: entry.name.toLowerCase(),
    rootWords: below.length > 0 ? wordsOf(root) : [],
    pathWords,
    pathStems: new Set(pathWords.map(stem)),
    pathKey: pathWords.join(' '),
    leaf: (entry.path.at(-1) ?? '').toLowerCase(),
    head: fieldOf(text.slice(0, end)),
    body: fieldOf(text.slice(end)),
    // The manual's first lines say what the command is for; the rest is how, in words every command shares.
    details: fieldOf((entry.details ?? '').slice(0, DETAILS_CHARS)),
    options: fieldOf(entry.optionNames.join(' ')),
  };
  indexes.set(entry, index);
  return index;
}

/** Where a description's first sentence ends: its first line's sentence end, else that line's end. */
function headEnd(text: string): number {
  const newline = text.indexOf('\n');
  const line = newline === -1 ? text : text.slice(0, newline);
  const end = sentenceEnd(line);
  return end === -1 ? line.length : end + 1;
}

function fieldOf(text: string): Field {
  const words = [...new Set(wordsOf(text))];
  return { words, stems: new Set(words.map(stem)) };
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Abbreviations whose period never ends a sentence. */
const ABBREVIATION = /(?:^|[\s("'])(?:e\.g|i\.e|cf|vs|viz|approx|incl)\.$/i;
/** `etc.` ends a sentence unless a lowercase word follows it. */
const ETC = /(?:^|[\s("'])etc\.$/i;

/**
 * The first sentence of a description, for one-line listings: up to the first `.`, `!` or `?` followed by
 * a space or the end of the first line. Leading blank lines are skipped and runs of spaces become one.
 * A period after `e.g.`, `i.e.`, `cf.`, `vs.`, `viz.`, `approx.` or `incl.`, after `etc.` followed by a
 * lowercase word, inside a word (`kubernetes.io`, `1.5`) or with no letter before it (`1. pod`) ends nothing.
 * A longer sentence is cut at the last space that keeps at least half of `max` (else mid-word) and ends
 * with `…`, so the result is at most `max` characters.
 * @param max The longest result, ellipsis included. @default 160
 * @example firstSentence('Show logs, e.g. of a pod. Streams them.') // 'Show logs, e.g. of a pod.'
 */
export function firstSentence(text: string, max = 160): string {
  const line = (text.trim().split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
  const end = sentenceEnd(line);
  return shorten(end === -1 ? line : line.slice(0, end + 1), Math.max(1, max));
}

/** The index of the character that ends the first sentence of a line, -1 when none does before its end. */
function sentenceEnd(line: string): number {
  for (const match of line.matchAll(/[.!?](?= )/g)) {
    const before = line.slice(0, match.index + 1);
    if (!/\p{L}/u.test(before)) continue;
    if (match[0] === '.' && ABBREVIATION.test(before)) continue;
    if (match[0] === '.' && ETC.test(before) && /^ \p{Ll}/u.test(line.slice(match.index + 1))) continue;
    return match.index;
  }
  return -1;
}

function shorten(sentence: string, max: number): string {
  if (sentence.length <= max) return sentence;
  const room = sentence.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const kept = space >= max / 2 ? room.slice(0, space) : room;
  // A cut right after a comma or an opening bracket reads badly before the ellipsis.
  return `${kept.replace(/[\s,;:([{-]+$/, '')}…`;
}
