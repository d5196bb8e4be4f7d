/**
 * The operands a usage line or a man SYNOPSIS names (`FILE...`, `<src>`, `[zipfile list]`,
 * `source:path`), read by a small bracket-aware scanner independent of cli-mcp's usage reader.
 */

/** One usage read: the command words it starts with, and the operands it names. */
export interface Usage {
  readonly text: string;
  /** Lower-case words right after the program name: a command path, when a tool has it. */
  readonly words: readonly string[];
  /** The operands as written, in order (every alternative's). */
  readonly operands: readonly string[];
  /** How many operands it takes at most: alternatives (`<a> | <b>`) count once. */
  readonly count: number;
  /** The last operand repeats (`FILE...`, `[spec..]`). */
  readonly unbounded: boolean;
  /** It names a command placeholder (`<command>`): the program dispatches, so no operand is counted. */
  readonly dispatch: boolean;
}

const HEADING = /^\s*(usage|synopsis|syntax)\s*:\s*(.*)$|^\s*(USAGE|Usage|SYNOPSIS)\s*$/i;
const CONTINUES = /^[[\-<{(|]/;
const OPTIONS_PLACEHOLDER = /^(global |command |general |common )?(options?|flags?|switches|opts|parameters)(\.\.\.?)?$/i;
const COMMAND_PLACEHOLDER = /^(sub)?(command|cmd)s?(\.\.\.?)?$/i;
const MAN_SECTION = /^[A-Z][A-Z /-]+$/;

/** The usages a help page states: `Usage:` lines with their `or:` lines and wrapped continuations. */
export function helpUsages(help: string, names: readonly string[]): string[] {
  const isProgram = (text: string) => names.some((name) => namesProgram(text, name));
  const lines = help.split('\n');
  const usages: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const heading = HEADING.exec(lines[i]!);
    if (!heading) continue;
    const rest = (heading[2] ?? '').trim();
    const block: string[] = rest ? [rest] : [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== ''; j++) {
      const line = lines[j]!;
      const text = line.trim().replace(/^\$\s+/, '');
      const or = /^or\s*:?\s+(.*)$/i.exec(text);
      if (or) block.push(or[1]!);
      else if (block.length > 0 && CONTINUES.test(text) && /^\s/.test(line)) block[block.length - 1] += ` ${text}`;
      else if (block.length === 0 || isProgram(text)) block.push(text);
      else break;
    }
    usages.push(...block);
    i = j - 1;
  }
  // pandoc's help starts with its synopsis and no `Usage:` before it.
  const first = lines.find((line) => line.trim() !== '')?.trim();
  if (usages.length === 0 && first && isProgram(first) && /\s[[<A-Z]/.test(first)) usages.push(first);
  return usages;
}

/**
 * The usages of a man page's SYNOPSIS: a line at the first usage's indentation that starts with a word begins
 * a usage (kept when the word names the program or the page: graphviz's page lists neato, twopi… too); deeper
 * lines and lines starting with a bracket or a dash continue it.
 */
export function manUsages(man: string, names: readonly string[]): string[] {
  const lines = man.split('\n');
  const start = lines.findIndex((line) => line.trim() === 'SYNOPSIS' && !/^\s/.test(line));
  if (start < 0) return [];
  const usages: string[] = [];
  let indent = -1;
  let ours = false;
  for (const line of lines.slice(start + 1)) {
    const text = line.trim();
    if (text !== '' && !/^\s/.test(line) && MAN_SECTION.test(text)) break;
    if (text === '') continue;
    const depth = line.length - line.trimStart().length;
    if (indent < 0) indent = depth;
    if (depth <= indent && !CONTINUES.test(text)) {
      ours = names.some((name) => namesProgram(text, name));
      if (ours) usages.push(text);
    } else if (ours && usages.length > 0) usages[usages.length - 1] += ` ${text}`;
  }
  return usages;
}

function namesProgram(text: string, program: string): boolean {
  const first = text.split(/\s+/)[0] ?? '';
  return first === program || first.endsWith(`/${program}`) || first.replace(/\.(js|mjs|cjs|py)$/, '') === program;
}

interface Item {
  readonly text: string;
  readonly kind: 'word' | '[' | '{' | '(' | '<';
  readonly inner: string;
  repeat: boolean;
}

/** Top-level items of a usage: words and bracket groups, a trailing `...`/`..` marking a repeat. */
function items(text: string): Item[] {
  const found: Item[] = [];
  let i = 0;
  const closing: Record<string, string> = { '[': ']', '{': '}', '(': ')', '<': '>' };
  while (i < text.length) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (/^\.\.\.?/.test(text.slice(i)) && found.length > 0) {
      found[found.length - 1]!.repeat = true;
      i += text.slice(i).startsWith('...') ? 3 : 2;
      continue;
    }
    if (char in closing) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if ('[{(<'.includes(text[j]!)) depth++;
        if (']})>'.includes(text[j]!)) depth--;
        if (depth === 0) break;
      }
      const whole = text.slice(i, j + 1);
      found.push({ text: whole, kind: char as Item['kind'], inner: text.slice(i + 1, j).trim(), repeat: false });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < text.length && !/\s/.test(text[j]!)) j++;
    const word = text.slice(i, j);
    const repeat = /[^.]\.\.\.?$/.test(word);
    found.push({ text: word, kind: 'word', inner: word.replace(/\.\.\.?$/, ''), repeat });
    i = j;
  }
  return found;
}

interface Count {
  count: number;
  unbounded: boolean;
  dispatch: boolean;
}

/** Operands among items: option groups and placeholders skipped, `|` alternatives counted once. */
function countOperands(list: readonly Item[], names: string[]): Count {
  const alternatives = splitAlternatives(list);
  const counts = alternatives.map((alternative) => countSequence(alternative, names));
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a), { count: 0, unbounded: false, dispatch: false });
  return { count: best.count, unbounded: counts.some((c) => c.unbounded), dispatch: counts.some((c) => c.dispatch) };
}

function splitAlternatives(list: readonly Item[]): Item[][] {
  const parts: Item[][] = [[]];
  for (const item of list) {
    if (item.kind === 'word' && item.text === '|') parts.push([]);
    else parts[parts.length - 1]!.push(item);
  }
  return parts;
}

function countSequence(list: readonly Item[], names: string[]): Count {
  const total: Count = { count: 0, unbounded: false, dispatch: false };
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    const inner = item.inner.replace(/^\$/, '');
    if (item.kind === 'word' && inner.startsWith('-')) {
      // `-e PATTERN`: a bare option's placeholder is its value.
      const next = list[i + 1];
      if (!inner.includes('=') && next && (next.kind === '<' || (next.kind === 'word' && /^[A-Z][A-Z0-9_]*$/.test(next.inner)))) i++;
      continue;
    }
    if (inner === '' || /^(--|[|/,;])$/.test(inner) || inner.startsWith('-') || OPTIONS_PLACEHOLDER.test(inner)) continue;
    if (COMMAND_PLACEHOLDER.test(inner.replace(/[<>]/g, ''))) {
      total.dispatch = true;
      continue;
    }
    if (item.kind === '[' || item.kind === '(') {
      const nested = countOperands(items(inner), names);
      total.count += nested.count;
      total.unbounded ||= nested.unbounded || (item.repeat && nested.count > 0);
      total.dispatch ||= nested.dispatch;
      if (nested.count > 0) names.push(item.text);
      continue;
    }
    total.count += 1;
    total.unbounded ||= item.repeat;
    names.push(item.text);
  }
  return total;
}

/** Reads one usage: the program name, the command words a tool path can claim, then the operands. */
export function parseUsage(text: string, commandWords: ReadonlySet<string>): Usage {
  const list = items(text.replace(/^\$\s+/, ''));
  let start = 1;
  if (list[0]?.text === 'npx' || /^python[\d.]*$/.test(list[0]?.text ?? '')) start = list[1]?.text === '-m' ? 3 : 2;
  const words: string[] = [];
  while (start < list.length && list[start]!.kind === 'word' && commandWords.has(list[start]!.text)) words.push(list[start++]!.text);
  const names: string[] = [];
  const counted = countOperands(list.slice(start), names);
  return { text, words, operands: names, count: counted.count, unbounded: counted.unbounded, dispatch: counted.dispatch };
}
