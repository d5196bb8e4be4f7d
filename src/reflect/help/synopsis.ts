/**
 * Options read from BSD getopt synopses, where the usage lines are the only list (ssh-keygen, jo):
 * `[-q]`, `[-lv]` (two switches), `[-a rounds]` and `-F hostname` (a value, named in lowercase),
 * `[-t dsa | ecdsa | rsa]` (a value and its choices).
 */
import type { OptionEntry } from './option-entries.js';
import type { SubcommandEntry } from './page.js';
import { optionsFromTokens } from './usage.js';
import { tokenizeUsage, usageText, type UsageToken } from './usage-tokens.js';

interface Flag {
  metavar?: string;
  /** The value is glued to the letter (`-MDIR`): sent that way. */
  attached?: boolean;
  choices?: string[];
}

const SHORT = /^-(\w+)$/;
/** `rounds`, `<file>`, ajv's `schema[.json]`, `"data*.json"`. */
const VALUE = /^(<?[a-z][\w.-]*(\[[\w.-]+\])?>?|"[^"]+")$/i;

/**
 * The value's name in `[-MDIR]`: a letter, then a word in one case that does not go on in order. A cluster of
 * switches lists its letters in order, by code (`[-ABCabc]`) or by letter (`[-CchipStUv]`, `[-46AaCfG]`).
 */
function gluedValue(letters: string | undefined): string | undefined {
  if (letters === undefined || letters.length < 3) return undefined;
  const rest = letters.slice(1);
  if (!/^(?:[A-Z]+|[a-z]+)$/.test(rest)) return undefined;
  const inOrder = (chars: readonly string[]) => chars.every((char, i) => i === 0 || chars[i - 1]! <= char);
  return inOrder([...letters]) || inOrder([...letters.toLowerCase()]) ? undefined : rest;
}

/** Reads one form's tokens (the path split off) into `flags`. */
function visit(tokens: readonly UsageToken[], flags: Map<string, Flag>, grouped = false): void {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as UsageToken;
    if (token.kind === 'group') {
      const [first, ...others] = token.alternatives;
      // `[-t dsa | ecdsa | rsa]`: the first alternative is the flag and a value, the rest more values.
      if (first?.length === 2 && others.length > 0 && others.every((alt) => alt.length === 1 && alt[0]?.kind === 'word' && VALUE.test(alt[0].text))) {
        const flag = first[0]?.kind === 'word' ? SHORT.exec(first[0].text)?.[1] : undefined;
        const value = first[1]?.kind === 'word' ? first[1].text : undefined;
        if (flag?.length === 1 && value !== undefined) {
          const values = [value, ...others.map((alt) => (alt[0]?.kind === 'word' ? alt[0].text : ''))];
          flags.set(flag, { metavar: 'value', choices: values });
          continue;
        }
      }
      // ssh's `[-D [bind_address:]port]`, `[-W host:port]`: one flag, then its value however it is written.
      const alone = token.alternatives.length === 1 ? SHORT.exec(first?.[0]?.kind === 'word' ? first[0].text : '')?.[1] : undefined;
      const rest = first?.slice(1) ?? [];
      // json_pp's `[-json_opt options_to_json1[,…]]`: a word flag with a value is one flag, not a cluster of letters.
      const oneFlag = alone !== undefined && (alone.length === 1 || alone.includes('_') || /^[a-z]{4,}$/.test(alone));
      if (oneFlag && rest.length > 0 && rest.every((part) => !(part.kind === 'word' ? part.text.startsWith('-') : part.alternatives.some((alt) => alt[0]?.kind === 'word' && alt[0].text.startsWith('-'))))) {
        if (!flags.get(alone)?.choices) flags.set(alone, { metavar: usageText(rest).replace(/[<>[\]]/g, '') });
        continue;
      }
      // nroff's `[-MDIR]`, `[-nNUM]`, `[-Tname]`: one letter with its value's name glued on.
      const glued = token.alternatives.length === 1 && first?.length === 1 ? gluedValue(alone) : undefined;
      if (alone !== undefined && glued !== undefined) {
        if (!flags.get(alone[0]!)?.metavar) flags.set(alone[0]!, { metavar: glued, attached: true });
        continue;
      }
      // `[-v | --verbose]` has a long name; the reader of GNU usage lines takes it.
      if (token.alternatives.some((alt) => alt[0]?.kind === 'word' && alt[0].text.startsWith('--'))) continue;
      for (const alt of token.alternatives) visit(alt, flags, true);
      continue;
    }
    const letters = SHORT.exec(token.text)?.[1];
    if (letters === undefined) continue;
    const next = tokens[i + 1];
    // `[-a rounds]`, `-F hostname`: a plain word after a one-letter flag is its value.
    const valued = letters.length === 1 && next?.kind === 'word' && VALUE.test(next.text) && !next.repeat;
    if (valued) {
      if (!flags.get(letters)?.choices) flags.set(letters, { metavar: next.text.replace(/^<(.*)>$|^"(.*)"$/, '$1$2').replace(/[<>[\]]/g, '') });
      i += 1;
      continue;
    }
    // eqn's `[ -rvDCNR ] -dxx -fn -Mdir`: switches cluster in brackets; a bare word after one letter is its value, glued.
    const [first = '', ...glued] = letters;
    if (!grouped && glued.length > 0 && /^[a-z]+$/.test(glued.join(''))) {
      if (!flags.get(first)?.metavar) flags.set(first, { metavar: glued.join(''), attached: true });
      continue;
    }
    for (const letter of letters) if (!flags.has(letter)) flags.set(letter, {});
  }
}

/** The options the synopsis forms show, as entries (`-a <rounds>`, `-t <value>` with its choices in the text). */
export function synopsisEntries(forms: readonly (readonly UsageToken[])[]): OptionEntry[] {
  const flags = new Map<string, Flag>();
  for (const form of forms) visit(form, flags);
  return [...flags].map(([letter, flag]) => ({
    spec: flag.metavar === undefined ? `-${letter}` : `-${letter}${flag.attached ? '' : ' '}<${flag.metavar}>`,
    description: flag.choices === undefined ? '' : `one of: ${flag.choices.join(', ')}`,
  }));
}

/** jo's `-a creates an array of words`: one space after the flag, so the synopsis says whether a value follows. */
export function resplitEntries(entries: readonly OptionEntry[], synopsis: readonly OptionEntry[]): OptionEntry[] {
  const specs = new Map(synopsis.map((entry) => [entry.spec.split(' ')[0] ?? '', entry.spec]));
  return entries.map((entry) => {
    const [, flag = '', text = ''] = /^(-\w) (\S.*)$/.exec(entry.spec) ?? [];
    const spec = specs.get(flag);
    return spec === undefined || entry.description !== '' ? entry : { spec, description: text };
  });
}

/**
 * ajv's usage lists its commands, each form labelled with its name: `validate:  ajv [validate] -s schema[.json]`.
 * The entries, each with its form as its usage (`ajv validate -s schema[.json]`); empty unless every form is labelled.
 */
export function labelledForms(forms: readonly string[], program: string | undefined): SubcommandEntry[] {
  const name = program?.split('/').pop();
  const matches = forms.map((form) => /^([a-z][\w-]*):\s+(\S+)\s+\[?([a-z][\w-]*)\]?(.*)$/.exec(form));
  if (name === undefined || forms.length < 2 || !matches.every((match) => match !== null && match[2] === name && match[3] === match[1])) return [];
  return matches.flatMap((match) => (match === null || match[1] === 'help' ? [] : [{ name: match[1] ?? '', usage: `${name} ${match[1] ?? ''}${match[4] ?? ''}` }]));
}

/**
 * npm's options: a bracketed synopsis flush left under the title (`[-w|--workspace <workspace-name> ...]`), then each
 * option's text under its spellings (`  -w|--workspace`). The synopsis gives the values and the options with no text of
 * their own (`--no-save`); the entries give their text.
 */
export function withBracketSynopsis(lines: readonly string[], entries: readonly OptionEntry[]): OptionEntry[] {
  const bracketed = lines.filter((line) => /^\[--?\w/.test(line));
  if (bracketed.length === 0) return [...entries];
  const synopsis = optionsFromTokens(tokenizeUsage(bracketed.join(' '))).entries;
  const spellings = (spec: string): string[] => spec.split(/[\s,|]+/).filter((word) => word.startsWith('-'));
  const bySpelling = new Map(synopsis.flatMap((entry) => spellings(entry.spec).map((spelling) => [spelling, entry] as const)));
  const used = new Set<OptionEntry>();
  const described = entries.map((entry) => {
    const shown = spellings(entry.spec).flatMap((spelling) => bySpelling.get(spelling) ?? []);
    for (const found of shown) used.add(found);
    // `[-S|--save|--no-save|…]` shows switches one by one: the entry's own spellings name the option.
    const valued = shown.find((found) => found.spec.includes('<'));
    return { ...entry, spec: valued?.spec ?? entry.spec.replace(/\|(?=-)/g, ', ') };
  });
  // A repeatable option is shown twice (`[--omit <type> [--omit <type> ...]]`): once is enough.
  const rest = new Map(synopsis.filter((entry) => !used.has(entry)).map((entry) => [entry.spec, entry]));
  for (const entry of described) rest.delete(entry.spec);
  return [...described, ...rest.values()];
}
