/**
 * A fish script split into its commands' words, as fish reads them: quotes removed, escapes resolved, a
 * backslash before a newline continuing the line. A word that expands at run time (`$var`, `(command)`,
 * `{a,b}`, `*`) cannot be known without running fish: it is marked, and its text kept as written.
 */

export interface FishWord {
  readonly text: string;
  /** It holds an unquoted or double-quoted expansion: its value is fish's to compute. */
  readonly expands: boolean;
}

/** Every command of `script`, as its words; comments dropped. */
export function fishCommands(script: string): FishWord[][] {
  const commands: FishWord[][] = [];
  let words: FishWord[] = [];
  let text = '';
  let expands = false;
  let inWord = false;
  const endWord = (): void => {
    if (inWord) words.push({ text, expands });
    text = '';
    expands = false;
    inWord = false;
  };
  const endCommand = (): void => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let index = 0; index < script.length; index += 1) {
    const char = script[index] as string;
    if (char === '\n' || char === ';') endCommand();
    else if (char === ' ' || char === '\t') endWord();
    else if (char === '#' && !inWord) index = lineEnd(script, index) - 1;
    else if (char === '\\') {
      const next = script[index + 1];
      index += 1;
      if (next === '\n' || next === undefined) continue;
      inWord = true;
      text += ESCAPES[next] ?? next;
    } else if (char === "'") {
      inWord = true;
      const end = singleQuoted(script, index + 1);
      text += end.text;
      index = end.index;
    } else if (char === '"') {
      inWord = true;
      const end = doubleQuoted(script, index + 1);
      text += end.text;
      expands ||= end.expands;
      index = end.index;
    } else if (char === '(') {
      inWord = true;
      expands = true;
      const end = closingParen(script, index);
      text += script.slice(index, end + 1);
      index = end;
    } else {
      // A run of plain characters at once (a `#` inside a word is plain too): a spec is mostly these.
      PLAIN.lastIndex = index;
      const run = PLAIN.exec(script)?.[0] ?? char;
      inWord = true;
      if (EXPANDS.test(run)) expands = true;
      text += run;
      index += run.length - 1;
    }
  }
  endCommand();
  return commands;
}

/** Characters that are only text: none ends a word or a command, or starts a quote, an escape, a comment or a substitution. */
const PLAIN = /[^\n; \t#\\'"(]+/y;
/** A plain character that expands at run time. */
const EXPANDS = /[$*{~]/;

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', ' ': ' ' };

function lineEnd(script: string, from: number): number {
  const end = script.indexOf('\n', from);
  return end === -1 ? script.length : end;
}

/** `'…'`: only `\'` and `\\` are escapes. Returns the text and the index of the closing quote. */
function singleQuoted(script: string, from: number): { text: string; index: number } {
  let text = '';
  let index = from;
  for (; index < script.length && script[index] !== "'"; index += 1) {
    const next = script[index + 1];
    if (script[index] === '\\' && (next === "'" || next === '\\')) {
      text += next;
      index += 1;
      continue;
    }
    SINGLE_PLAIN.lastIndex = index;
    const run = SINGLE_PLAIN.exec(script)?.[0] ?? (script[index] as string);
    text += run;
    index += run.length - 1;
  }
  return { text, index };
}

const SINGLE_PLAIN = /[^'\\]+/y;

/** `"…"`: `\"`, `\\`, `\$` and a backslash-newline are escapes; `$` expands. */
function doubleQuoted(script: string, from: number): { text: string; index: number; expands: boolean } {
  let text = '';
  let expands = false;
  let index = from;
  for (; index < script.length && script[index] !== '"'; index += 1) {
    const char = script[index] as string;
    const next = script[index + 1];
    if (char === '\\' && next === '\n') index += 1;
    else if (char === '\\' && (next === '"' || next === '\\' || next === '$')) {
      text += next;
      index += 1;
    } else {
      DOUBLE_PLAIN.lastIndex = index;
      const run = DOUBLE_PLAIN.exec(script)?.[0] ?? char;
      if (run.includes('$')) expands = true;
      text += run;
      index += run.length - 1;
    }
  }
  return { text, index, expands };
}

const DOUBLE_PLAIN = /[^"\\]+/y;

/** The index of the `)` that closes the `(` at `from`, quotes inside skipped. */
function closingParen(script: string, from: number): number {
  let depth = 0;
  for (let index = from; index < script.length; index += 1) {
    const char = script[index];
    if (char === "'") index = singleQuoted(script, index + 1).index;
    else if (char === '"') index = doubleQuoted(script, index + 1).index;
    else if (char === '\\') index += 1;
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index;
  }
  return script.length - 1;
}
