/**
 * Tokenises a usage form (`git log [<options>] [[--] <path>...]`) into words and bracket groups,
 * and splits off the command path at its start.
 */

export type UsageToken =
  | { readonly kind: 'word'; readonly text: string; readonly repeat: boolean }
  | {
      readonly kind: 'group';
      readonly open: '[' | '(' | '{';
      /** The `|`-separated alternatives (for `{a,b}`: one word per item). */
      readonly alternatives: readonly (readonly UsageToken[])[];
      readonly repeat: boolean;
    };

const CLOSE: Readonly<Record<string, string>> = { '[': ']', '(': ')', '{': '}', '<': '>' };

/** Splits at `separator` characters that are outside every bracket pair. */
function splitTopLevel(text: string, separator: (char: string) => boolean): string[] {
  const parts: string[] = [];
  const stack: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char in CLOSE && (char !== '<' || /[\w[]/.test(text[i + 1] ?? ''))) stack.push(CLOSE[char] ?? '');
    else if (stack.length > 0 && char === stack[stack.length - 1]) stack.pop();
    if (stack.length === 0 && separator(char)) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The index of the bracket closing the one at 0, or -1. */
function matchingClose(text: string): number {
  const stack: string[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char in CLOSE && char !== '<') stack.push(CLOSE[char] ?? '');
    else if (char === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

export function tokenizeUsage(text: string): UsageToken[] {
  const tokens: UsageToken[] = [];
  for (const raw of splitTopLevel(text, (char) => /\s/.test(char))) {
    if (raw === '...' || raw === '…') {
      const last = tokens.pop();
      if (last !== undefined) tokens.push({ ...last, repeat: true });
      continue;
    }
    const repeat = /(\.\.\.|…)$/.test(raw);
    const body = raw.replace(/(\.\.\.|…)$/, '');
    const open = body[0];
    if ((open === '[' || open === '(' || open === '{') && matchingClose(body) === body.length - 1) {
      const inner = body.slice(1, -1);
      const alternatives =
        open === '{'
          ? [inner.split(',').map((item): UsageToken => ({ kind: 'word', text: item.trim(), repeat: false }))]
          : splitTopLevel(inner, (char) => char === '|').map(tokenizeUsage);
      tokens.push({ kind: 'group', open, alternatives, repeat });
      continue;
    }
    tokens.push({ kind: 'word', text: body, repeat });
  }
  return tokens;
}

/** The first word inside a token, however deeply grouped. */
export function firstWord(token: UsageToken | undefined): string | undefined {
  if (token === undefined) return undefined;
  if (token.kind === 'word') return token.text;
  return firstWord(token.alternatives[0]?.[0]);
}

/** An option, or a group of nothing but options (`[-v | --verbose]`, `[(-c | -C) <commit> | --fixup <commit>]`). */
export function isOptionToken(token: UsageToken | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'word') return token.text.startsWith('-') && token.text !== '--';
  if (token.open === '{') return false;
  const alternatives = token.alternatives.filter((alt) => alt.length > 0);
  return alternatives.length > 0 && alternatives.every((alt) => isOptionToken(alt[0]));
}

const COMMAND_WORD = /^<?(sub)?command>?$/i;

/** `COMMAND`, `<command>`, `[command]`, `SUBCOMMAND`: where a group's subcommand goes. */
export function isCommandToken(token: UsageToken): boolean {
  const word = firstWord(token);
  return word !== undefined && COMMAND_WORD.test(word) && (token.kind === 'word' || token.alternatives.length === 1);
}

/**
 * Splits a usage form into the command path at its start and the tokens after it. The first word
 * is the program, whatever its name; then each expected path word is matched in order, skipping the
 * ancestors' options between them. Without an expected path, leading plain lowercase words are taken.
 */
export function splitPath(
  form: string,
  expected: readonly string[] | undefined,
  options: { readonly lowercasePositionals?: boolean } = {},
): { path: string[]; rest: UsageToken[] } {
  const tokens = tokenizeUsage(form);
  const path: string[] = [];
  let index = 0;
  const first = tokens[0];
  if (first?.kind === 'word' && !first.text.startsWith('-')) {
    path.push(first.text);
    index = 1;
  }
  const wanted = expected?.slice(1);
  for (let w = 0; wanted === undefined || w < wanted.length; w += 1) {
    let look = index;
    while (wanted !== undefined && tokens[look] !== undefined && isOptionToken(tokens[look] as UsageToken)) look += 1;
    const token = tokens[look];
    if (token?.kind !== 'word' || token.repeat) break;
    const fits = wanted === undefined ? !options.lowercasePositionals && /^[a-z][\w.-]*$/.test(token.text) && !COMMAND_WORD.test(token.text) : token.text === wanted[w];
    if (!fits) break;
    path.push(token.text);
    index = look + 1;
  }
  return { path, rest: tokens.slice(index) };
}
