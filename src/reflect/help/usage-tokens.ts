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

/** Brackets written without a space between them are groups one after another: mke2fs's `[-e errors_behavior][-z undo_file]`. */
function gluedGroups(raw: string): string[] {
  const parts: string[] = [];
  let rest = raw;
  for (let close = matchingClose(rest); rest.startsWith('[') && close > 0 && rest[close + 1] === '['; close = matchingClose(rest)) {
    parts.push(rest.slice(0, close + 1));
    rest = rest.slice(close + 1);
  }
  return [...parts, rest];
}

export function tokenizeUsage(text: string): UsageToken[] {
  const tokens: UsageToken[] = [];
  for (const raw of splitTopLevel(text, (char) => /\s/.test(char)).flatMap(gluedGroups)) {
    if (raw === '...' || raw === '…') {
      const last = tokens.pop();
      // semver's `[<version> [...]]`: a bracket of dots alone repeats what stands before it.
      tokens.push(last === undefined ? { kind: 'word', text: raw, repeat: false } : { ...last, repeat: true });
      continue;
    }
    // cpy's `<source …>`: the dots inside the angle brackets repeat it too.
    // yargs writes `[spec..]` with two dots.
    // glib transliterates its `…` to `?` in the C locale: `LOCATION?`, `[OPTION?]`.
    const repeat = /(\.\.\.|…|(?<=\w)\.\.|(?<=[A-Z])\?)>?$/.test(raw);
    const body = raw.replace(/(\.\.\.|…|(?<=\w)\.\.|(?<=[A-Z])\?)$/, '');
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
    // `DEST_PATH|-` (docker cp): one argument written two ways; option values (`--x=a|b`) stay whole.
    if (/^([A-Z][\w:./]*|-)(\|([A-Z][\w:./]*|-))+$/.test(body)) {
      const alternatives = body.split('|').map((part): UsageToken[] => [{ kind: 'word', text: part, repeat: false }]);
      tokens.push({ kind: 'group', open: '(', alternatives, repeat });
      continue;
    }
    tokens.push({ kind: 'word', text: body, repeat });
  }
  return foldAlternatives(tokens);
}

/** `PATH | URL | -` outside brackets (docker build) is one argument written several ways, as if in parentheses. */
function foldAlternatives(tokens: readonly UsageToken[]): UsageToken[] {
  const out: UsageToken[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as UsageToken;
    const previous = out[out.length - 1];
    if (!isBar(token) || previous === undefined || tokens[i + 1] === undefined) {
      out.push(token);
      continue;
    }
    const alternatives: UsageToken[][] = [[previous]];
    for (; isBar(tokens[i]) && tokens[i + 1] !== undefined; i += 2) alternatives.push([tokens[i + 1] as UsageToken]);
    i -= 1;
    const last = alternatives[alternatives.length - 1]?.[0];
    out[out.length - 1] = { kind: 'group', open: '(', alternatives, repeat: last?.repeat === true };
  }
  return out;
}

function isBar(token: UsageToken | undefined): boolean {
  return token?.kind === 'word' && token.text === '|';
}

/** The tokens written back as usage text: `COMMAND [args...]`. */
export function usageText(tokens: readonly UsageToken[]): string {
  return tokens
    .map((token) => {
      const dots = token.repeat ? '...' : '';
      if (token.kind === 'word') return `${token.text}${dots}`;
      const close = CLOSE[token.open] ?? '';
      const separator = token.open === '{' ? ',' : ' | ';
      return `${token.open}${token.alternatives.map(usageText).join(separator)}${close}${dots}`;
    })
    .join(' ');
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
  // A lone `-` is the stdin argument, not an option.
  if (token.kind === 'word') return token.text.startsWith('-') && token.text !== '--' && token.text !== '-';
  if (token.open === '{') return false;
  const alternatives = token.alternatives.filter((alt) => alt.length > 0);
  if (alternatives.length === 0) return false;
  // `[--dry-run=server|client|none]`: the bars split the option's values, not the group.
  const [head, ...others] = alternatives;
  const valued = head?.length === 1 && head[0]?.kind === 'word' && /^--?[\w-]+=/.test(head[0].text);
  if (valued && others.every((alt) => alt.length === 1 && alt[0]?.kind === 'word' && /^[a-z0-9][\w.-]*$/.test(alt[0].text))) return true;
  return alternatives.every((alt) => isOptionToken(alt[0]));
}

/** `options`, `<flags>`, `global options`, shx's `shx-options`: a placeholder for where a form's options go. */
export const OPTIONS_WORD = /^<?([a-z]+-)?(options?|option\(s\)|flags|global[ -](options|flags))>?$/i;

/** `[options]`, `<flags>`, `[shx-options]`: where a form says its options go. */
export function isOptionsPlaceholder(token: UsageToken): boolean {
  return OPTIONS_WORD.test(firstWord(token) ?? '');
}

/** An option, or `[options]`: what may stand between a form's words. */
export function isOptionPlace(token: UsageToken): boolean {
  return isOptionToken(token) || isOptionsPlaceholder(token);
}

/** The first word of a form after its options and `[options]` placeholders: `show` of `[options] show pkg1`. */
export function leadingWord(tokens: readonly UsageToken[]): string | undefined {
  return firstWord(tokens.find((token) => !isOptionPlace(token)));
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
    while (wanted !== undefined && tokens[look] !== undefined && isOptionPlace(tokens[look] as UsageToken)) look += 1;
    const token = tokens[look];
    if (token?.kind !== 'word' || token.repeat) break;
    const fits = wanted === undefined ? !options.lowercasePositionals && /^[a-z][\w.-]*$/.test(token.text) && !COMMAND_WORD.test(token.text) : token.text === wanted[w];
    if (!fits) break;
    path.push(token.text);
    index = look + 1;
  }
  return { path, rest: tokens.slice(index) };
}
