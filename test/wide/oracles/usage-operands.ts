/**
 * The operands a usage names (`FILE...`, `<src>`, `[zipfile list]`, `source:path`), read by a small
 * bracket-aware scanner independent of cli-mcp's usage reader.
 */
export { helpUsages, manUsages } from './usage-lines.js';

/** One usage read: the command words it starts with, and the operands it names. */
export interface Usage {
  readonly text: string;
  /** Words right after the program name (and its options) that spell a command path. */
  readonly words: readonly string[];
  /** The operands as written, in order (every alternative's). */
  readonly operands: readonly string[];
  /** How many operands it takes at most: alternatives (`<a> | <b>`) count once. */
  readonly count: number;
  /** The last operand repeats (`FILE...`, `[spec..]`, `file(s)`). */
  readonly unbounded: boolean;
  /** It names a command placeholder (`<command>`, `{a,b,c}` of commands): the program dispatches, no operand is counted. */
  readonly dispatch: boolean;
  /** It reads as a sentence, not a usage: nothing is counted. */
  readonly prose: boolean;
}

/** `[OPTION]...`, `[connection-option...]`, `[diff options]`, `[option option=parameter ...]`. */
const OPTIONS_PLACEHOLDER = /((^|[\s-])(options?|option\(s\)|flags?|switches|opts)(\.\.\.?)?$)|^(options?|flags?)\s+(options?\b|\S+=)/i;
const COMMAND_PLACEHOLDER = /^(sub)?(command|cmd|verb)s?(\.\.\.?)?$/i;
const PLAIN = /^[a-z][a-z'.]*[,.]?$/;

interface Item {
  readonly text: string;
  readonly kind: 'word' | '[' | '{' | '(' | '<';
  readonly inner: string;
  repeat: boolean;
}

/** Top-level items of a usage: words and bracket groups, a trailing `...`, `..` or `(s)` marking a repeat. */
function items(text: string): Item[] {
  const found: Item[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (/\s/.test(char)) i++;
    else if (/^\.\.\.?/.test(text.slice(i)) && found.length > 0) {
      found[found.length - 1]!.repeat = true;
      i += text.slice(i).startsWith('...') ? 3 : 2;
    } else if ('[{(<'.includes(char)) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if ('[{(<'.includes(text[j]!)) depth++;
        if (']})>'.includes(text[j]!)) depth--;
        if (depth === 0) break;
      }
      // degit's `<src>[#ref]`, gsettings' `SCHEMA[:PATH]`: a bracket glued to the word before is its optional suffix.
      const glued = char === '[' && i > 0 && !/\s/.test(text[i - 1]!) && found.length > 0;
      if (!glued) found.push({ text: text.slice(i, j + 1), kind: char as Item['kind'], inner: text.slice(i + 1, j).trim(), repeat: false });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/\s/.test(text[j]!)) j++;
      const word = text.slice(i, j);
      // `FILE...`, `spec..`, `file(s)`, and cac's `...files`.
      found.push({ text: word, kind: 'word', inner: word.replace(/(\.\.\.?|\(s\))$|^\.\.\./g, ''), repeat: /([^.]\.\.\.?|\(s\))$|^\.\.\.[^.]/.test(word) });
      i = j;
    }
  }
  return found;
}

interface Count {
  count: number;
  unbounded: boolean;
  dispatch: boolean;
}

function countOperands(list: readonly Item[], names: string[], commandWords: ReadonlySet<string>): Count {
  const parts: Item[][] = [[]];
  for (const item of list) {
    if (item.kind === 'word' && item.text === '|') parts.push([]);
    else parts[parts.length - 1]!.push(item);
  }
  const counts = parts.map((part) => countSequence(part, names, commandWords));
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a), { count: 0, unbounded: false, dispatch: false });
  return { count: best.count, unbounded: counts.some((c) => c.unbounded), dispatch: counts.some((c) => c.dispatch) };
}

const isOption = (inner: string) => /^[-+]/.test(inner);

/** Operands of a sequence: options with their values, placeholders and separators skipped. */
function countSequence(list: readonly Item[], names: string[], commandWords: ReadonlySet<string>): Count {
  const total: Count = { count: 0, unbounded: false, dispatch: false };
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    const inner = item.inner.replace(/^\$/, '');
    // `> <output-file>`, `< name-list`: a redirection, not operands.
    if (item.kind === 'word' && /^[<>]$/.test(inner)) break;
    if (item.kind === 'word' && isOption(inner)) {
      // `-e PATTERN`, `--external-name external.name`: a bare option's next word is its value.
      if (!inner.includes('=') && list[i + 1] && (list[i + 1]!.kind === 'word' || list[i + 1]!.kind === '<') && !isOption(list[i + 1]!.inner)) i++;
      continue;
    }
    if (inner === '' || /^(--|[|/,;*]|or)$/.test(inner) || isOption(inner) || inner.startsWith(':') || OPTIONS_PLACEHOLDER.test(inner)) continue;
    const alternatives = inner.split(/[,|]/).map((part) => part.trim());
    if (COMMAND_PLACEHOLDER.test(inner.replace(/[<>]/g, '')) || (item.kind === '{' && alternatives.some((word) => commandWords.has(word)))) {
      total.dispatch = true;
      continue;
    }
    const words = inner.split(/\s+/);
    // `(STDIN is assumed if no INPUTFILE is given)` is a note; `[flags and input files in any order]` one described operand.
    if (words.filter((word) => PLAIN.test(word)).length >= 3 && !/[[<{(]/.test(inner)) {
      if (item.kind === '(') continue;
      total.count += 1;
      total.unbounded ||= item.repeat || words.some((word) => /(s|more|\.\.\.)$/.test(word));
      names.push(item.text);
      continue;
    }
    if (item.kind === '[' || item.kind === '(') {
      const nested = countOperands(items(inner), names, commandWords);
      total.count += nested.count;
      total.unbounded ||= nested.unbounded || (item.repeat && nested.count > 0);
      total.dispatch ||= nested.dispatch;
      continue;
    }
    total.count += 1;
    total.unbounded ||= item.repeat;
    names.push(item.text);
  }
  return total;
}

/** Cuts a description off a usage: `<file>: soak up all input`, `[files] - convert them`. */
function usagePart(text: string): string {
  return text.replace(/…/g, '...').replace(/(:|\s-)\s+[A-Za-z][A-Za-z]+\s[\s\S]*$/, '').trim();
}

/** A usage names something a usage would: brackets, options, a repeat or a placeholder in capitals. */
function looksLikeUsage(list: readonly Item[]): boolean {
  const plain = list.filter((item) => item.kind === 'word' && PLAIN.test(item.text)).length;
  return plain < 4 && (list.length === 0 || list.some((item) => item.kind !== 'word' || isOption(item.inner) || item.repeat || /^[A-Z][A-Z0-9_:-]+$/.test(item.inner) || /[:=]/.test(item.inner)));
}

/** Reads one usage: the program name, options before a command, the command words a tool path can claim, then the operands. */
export function parseUsage(text: string, commandWords: ReadonlySet<string>): Usage {
  const list = items(usagePart(text.replace(/^\$\s+/, '')));
  let start = 1;
  if (list[0]?.text === 'npx' || /^python[\d.]*$/.test(list[0]?.text ?? '')) start = list[1]?.text === '-m' ? 3 : 2;
  const rest = list.slice(start);
  const words: string[] = [];
  // `gresource [--section SECTION] list FILE`: options may stand before the command words.
  const isCommand = (item: Item) => item.kind === 'word' && item.text.split('|').some((word) => commandWords.has(word));
  const firstCommand = rest.findIndex(isCommand);
  const onlyOptionsBefore = firstCommand >= 0 && rest.slice(0, firstCommand).every((item) => isOption(item.inner) || /^[A-Z]+$/.test(item.inner));
  let at = onlyOptionsBefore ? firstCommand : rest.length;
  // `nest new|n`, `knex migrate:list|migrate:status`: a command and its alias.
  while (at < rest.length && isCommand(rest[at]!)) words.push(rest[at++]!.text.split('|').find((word) => commandWords.has(word))!);
  const operands = words.length > 0 ? rest.slice(at) : rest;
  const names: string[] = [];
  const prose = !looksLikeUsage(rest);
  const counted = prose ? { count: 0, unbounded: false, dispatch: false } : countOperands(operands, names, commandWords);
  return { text, words, operands: names, count: counted.count, unbounded: counted.unbounded, dispatch: counted.dispatch, prose };
}
