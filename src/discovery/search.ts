/** What search looks at for one command. */
export interface SearchEntry {
  /** The tool name: `kubectl_rollout_status`. */
  readonly name: string;
  /** Command words from the root, root included: `['kubectl', 'rollout', 'status']`. */
  readonly path: readonly string[];
  readonly description: string;
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
/** Every query word is one of the command's path words. */
const ALL_PATH_WORDS = 1_000_000;
const PATH_WORD = 10_000;
const PATH_PREFIX = 1_000;
const DESCRIPTION_WORD = 100;
const DESCRIPTION_PREFIX = 50;
const OPTION_WORD = 20;
const OPTION_PREFIX = 10;
/** A query made only of root words matches every command under that root, at the lowest score. */
const ROOT_ONLY = 1;
/** Shorter query words than these would prefix-match half the vocabulary. */
const MIN_PATH_PREFIX = 2;
const MIN_TEXT_PREFIX = 3;
/** Per path word the query leaves unmatched, capped below the smallest word score so it only breaks ties. */
const MAX_UNMATCHED_PENALTY = OPTION_PREFIX - 1;

/** Words that carry no meaning in a description ("show me the logs of a pod"); they still count as path words. */
const STOP_WORDS = new Set(
  'a an and are as at be by do does for from how i in is it me my of on or show that the this to what which with you'.split(' '),
);
const NONE: ReadonlySet<string> = new Set();

/** An entry prepared once; searches reuse it for as long as the entry object lives. */
interface Indexed {
  readonly name: string;
  readonly rootWords: readonly string[];
  readonly pathWords: readonly string[];
  readonly pathKey: string;
  /** Lowercased only: words are found in place ({@link findWord}), so indexing a long description costs almost nothing. */
  readonly description: string;
  readonly options: string;
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
 * every command under that root.
 *
 * Each remaining word scores its best match: a path word (10,000) ≫ a prefix of a path word, two letters
 * or more (`depl` → `deployment`, 1,000) ≫ a description word (100; a prefix of three letters or more, 50)
 * ≫ a flag-name word (20; prefix 10). Common English words (`the`, `of`, `show`…) score only as path words,
 * unless the query has no other words.
 * On top of the word scores, a query whose meaningful words are exactly the command's path words, or that
 * is the tool name, adds 10,000,000; one whose meaningful words are all path words adds 1,000,000. Each
 * path word the query leaves unmatched takes 1 off (at most 9), so `create` ranks `create` before
 * `create deployment`. A command matching no query word is not returned.
 *
 * Each entry is prepared once (path split into words, texts lowercased; cached per entry object) and its
 * texts are searched in place, so a search is linear in entries × query words × text length: about 3 ms
 * for 5,000 entries with 250-character descriptions (about 16 ms the first time).
 */
export function searchCommands(entries: readonly SearchEntry[], query: string): SearchHit[] {
  const words = wordsOf(query);
  if (words.length === 0) return entries.map((entry) => ({ entry, score: 0 }));
  const whole = query.trim().toLowerCase();
  const hits: SearchHit[] = [];
  for (const entry of entries) {
    const score = scoreEntry(indexOf(entry), words, whole);
    if (score > 0) hits.push({ entry, score });
  }
  // Array.prototype.sort is stable, so equal scores keep declaration order.
  return hits.sort((a, b) => b.score - a.score);
}

function scoreEntry(index: Indexed, words: readonly string[], whole: string): number {
  const rest = words.filter((word) => !index.rootWords.includes(word));
  if (rest.length === 0) return ROOT_ONLY;
  const meaningful = rest.filter((word) => !STOP_WORDS.has(word));
  // A query of common words alone ("show") is taken at its word.
  const key = meaningful.length > 0 ? meaningful : rest;
  const stopWords = meaningful.length > 0 ? STOP_WORDS : NONE;
  let score = 0;
  const matched = new Set<string>();
  for (const word of rest) {
    const wordScore = scoreWord(index, word, stopWords);
    if (wordScore === PATH_WORD) matched.add(word);
    score += wordScore;
  }
  if (score === 0) return 0;
  if (key.join(' ') === index.pathKey || whole === index.name) score += EXACT;
  else if (key.every((word) => index.pathWords.includes(word))) score += ALL_PATH_WORDS;
  const unmatched = index.pathWords.filter((word) => !matched.has(word)).length;
  return score - Math.min(unmatched, MAX_UNMATCHED_PENALTY);
}

/** The best way one query word matches an entry, 0 for none. */
function scoreWord(index: Indexed, word: string, stopWords: ReadonlySet<string>): number {
  if (index.pathWords.includes(word)) return PATH_WORD;
  if (stopWords.has(word)) return 0;
  if (word.length >= MIN_PATH_PREFIX && index.pathWords.some((pathWord) => pathWord.startsWith(word))) return PATH_PREFIX;
  const prefixes = word.length >= MIN_TEXT_PREFIX;
  const inDescription = findWord(index.description, word);
  if (inDescription === 'word') return DESCRIPTION_WORD;
  if (inDescription === 'prefix' && prefixes) return DESCRIPTION_PREFIX;
  const inOptions = findWord(index.options, word);
  if (inOptions === 'word') return OPTION_WORD;
  if (inOptions === 'prefix' && prefixes) return OPTION_PREFIX;
  return 0;
}

/** Whether `word` occurs in `text` as a whole word, only as the start of one, or not at all (a word is a run of letters and digits). */
function findWord(text: string, word: string): 'word' | 'prefix' | undefined {
  let found: 'prefix' | undefined;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (isWordChar(text[at - 1])) continue;
    if (!isWordChar(text[at + word.length])) return 'word';
    found = 'prefix';
  }
  return found;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function indexOf(entry: SearchEntry): Indexed {
  let index = indexes.get(entry);
  if (index) return index;
  const [root = '', ...below] = entry.path;
  // A root-only command (a single-command CLI) is found by its own name.
  const pathWords = below.length > 0 ? below.flatMap(wordsOf) : wordsOf(root);
  index = {
    name: entry.name.toLowerCase(),
    rootWords: below.length > 0 ? wordsOf(root) : [],
    pathWords,
    pathKey: pathWords.join(' '),
    description: entry.description.toLowerCase(),
    options: entry.optionNames.join(' ').toLowerCase(),
  };
  indexes.set(entry, index);
  return index;
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
