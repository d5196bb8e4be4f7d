/**
 * The words of a search as people ask and programs describe: common words that carry no meaning, phrases
 * written as one word, word stems, and the vocabulary of command lines in sets of words that mean one thing
 * (`upload` finds `push`, `history` finds `log`). General CLI vocabulary only, never one program's commands.
 */

/** Words that carry no meaning in a description ("show me the logs of a pod"); they still count as path words. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a all an and any are as at be by can do does for from how i in into is it its me my of on or our out show so that the their them these this those to up what when where which who with you your'.split(' '),
);

/** Two words people write for one, read as that one before the query is split. */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  // A second name for a thing is an alias (a tag, a label); a new one replaces the old.
  [/\b(?:another|a second|an extra|an additional) name\b/g, 'alias'],
  [/\ba new name\b/g, 'rename'],
  [/\bpull[- ]requests?\b/g, 'pr'],
  [/\bmerge[- ]requests?\b/g, 'mr'],
  [/\broll(?:ing)?[- ]back\b/g, 'rollback'],
  [/\blog[- ]in(?:to)?\b/g, 'login'],
  [/\blog[- ]out\b/g, 'logout'],
  [/\bsign[- ]in\b/g, 'login'],
  [/\bsign[- ]out\b/g, 'logout'],
  [/\bback(?:ing)?[- ]up\b/g, 'backup'],
  [/\bclean(?:ing)?[- ]up\b/g, 'cleanup'],
  [/\bset(?:ting)?[- ]up\b/g, 'setup'],
  [/\bcheck(?:ing)?[- ]out\b/g, 'checkout'],
  // Opening a new issue, ticket or pull request creates it; "open the pull request" and "open a shell" stay open.
  [/\bopen(?:ing)? (an?|new) (?:new )?(pr|mr|issue|ticket|bug)s?\b/g, 'create $1 $2'],
];

/** Sets of words one command line may say for another's; a synonym scores below the word itself. */
const SYNONYM_SETS: readonly string[] = [
  'remove delete rm del erase destroy drop purge',
  // A command named `get` reads and prints (kubectl get, gh config get), it does not download.
  'list ls show display print view enumerate get',
  'create new make add generate',
  'upload push publish send',
  'download pull fetch retrieve clone',
  'copy cp duplicate',
  'move mv',
  'rename mv',
  'edit modify change alter',
  'setting settings config configuration configure preference option',
  'start run launch execute exec trigger invoke',
  'stop kill halt terminate',
  'restart reboot reload',
  'history log logs revision',
  'undo revert rollback reset discard restore',
  'combine merge join integrate',
  'compare diff difference changed',
  'search find grep lookup',
  'detail details describe inspect information info',
  'status state health',
  'login authenticate auth',
  'usage stats statistics top',
  'clean cleanup prune free',
  'documentation doc docs manual explain',
  'archive zip tar bundle',
  'label tag mark alias',
  'shell exec attach ssh console terminal',
  'bug issue',
  'ci check checks workflow pipeline',
  'switch use select activate',
  'stage index',
  'remote server upstream origin',
  'size space disk',
  // Object stores and version control call a stored file an object or a blob.
  'file object blob',
  'update upgrade',
  'print cat dump',
  'hash digest checksum',
];

const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const set of SYNONYM_SETS) {
    const words = set.split(' ').map(stem);
    for (const word of words) {
      const others = map.get(word) ?? new Set<string>();
      for (const other of words) if (other !== word) others.add(other);
      map.set(word, others);
    }
  }
  return new Map([...map].map(([word, others]) => [word, [...others]]));
})();

/** The query with its two-word phrases as one word. */
export function joinPhrases(query: string): string {
  return PHRASES.reduce((text, [phrase, word]) => text.replace(phrase, word), query.toLowerCase());
}

/** The stems a stemmed word may also be found as. */
export function synonymsOf(stemmed: string): readonly string[] {
  return SYNONYMS.get(stemmed) ?? [];
}

/** Letters a name drops when it abbreviates a word by its consonants (`dgst` ← digest). */
const VOWEL = /[aeiouy]/;
const VOWELS = /[aeiouy]/g;

/**
 * Whether a command's name word abbreviates a word of the query: by cutting it (`enc` ← encrypt, `repo` ←
 * repository, `info` ← information: a name of three letters or more, three or more cut, not at a doubled letter,
 * so `log` is not `logged`), or by keeping its first letter and its consonants in order (`dgst` ← digest,
 * `msg` ← message: a name of three to five letters with no vowel after the first, that leaves at most one of
 * the word's consonants out). Two-letter skeletons (`ls`, `rm`) are not taken: `rm` would be remote as well as
 * remove, `ps` pause and push; the common ones are synonyms instead. A name equal to the word or its stem is not
 * an abbreviation of it.
 * @example abbreviates('dgst', 'digest') // true
 */
export function abbreviates(name: string, word: string): boolean {
  if (name === word || /\d/.test(name) || name[0] !== word[0] || stem(word) === name) return false;
  if (word.startsWith(name)) return name.length >= 3 && word.length >= name.length + 3 && word[name.length] !== name.at(-1);
  if (name.length < 3 || name.length > 5 || VOWEL.test(name.slice(1))) return false;
  const base = stem(word);
  const skeleton = `${base[0]}${base.slice(1).replace(VOWELS, '')}`.replace(/(.)\1+/g, '$1');
  return skeleton.startsWith(name) && skeleton.length <= name.length + 1;
}

/**
 * A word's stem, the same for its plural and verb forms (`changes`, `changed`, `changing` → `chang`), so a query
 * and a description meet whichever form each wrote. Deliberately crude: both sides go through it.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let base = word;
  if (/ie[sd]$/.test(base) && base.length > 4) base = `${base.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(base)) return base;
  else if (/(?:ches|shes|xes|sses|zes)$/.test(base)) base = base.slice(0, -2);
  else if (base.endsWith('s')) base = base.slice(0, -1);
  if (base.endsWith('ing') && base.length > 5) base = base.slice(0, -3);
  else if (base.endsWith('ed') && base.length > 4) base = base.slice(0, -2);
  else if (base.endsWith('e') && base.length > 4) base = base.slice(0, -1);
  // `running` → `run`, `stopped` → `stop`; but `setting` stays `sett`, not the verb `set`.
  return base.length > 4 ? base.replace(/(.)\1$/, '$1') : base;
}
