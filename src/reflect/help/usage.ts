/**
 * Reads positionals and options from usage forms: `<file>` and `FILE` are required, `[name]`
 * optional, `FILE...` variadic, `{a,b}` choices; option groups are skipped or, when a page lists
 * no options anywhere else, read as options themselves.
 */
import type { PositionalSpec } from '../../types.js';
import type { OptionEntry } from './option-entries.js';
import { firstWord, isCommandToken, isOptionToken, OPTIONS_WORD, type UsageToken } from './usage-tokens.js';

export interface UsageRules {
  /** The page lists subcommands: `COMMAND` / `<command>` stands for them and ends the positionals. */
  readonly subcommands?: boolean;
  /** Bare lowercase words are positionals (argparse's `prog file`), not literal words. */
  readonly lowercasePositionals?: boolean;
  /**
   * The command's own words are known and it has no subcommands, so any other bare word names an operand
   * (cobra's `rclone copy source:path dest:path`, restic's `snapshotID`).
   */
  readonly bareOperands?: boolean;
  /** Whether a flag takes a value, when the page says; else a following `<x>` or `X` is taken as its value. */
  readonly takesValue?: (flag: string) => boolean | undefined;
}

interface Found {
  name: string;
  required: boolean;
  variadic: boolean;
  /** Named in the plural (`[FILES]`): any number of arguments, when nothing follows it. */
  plural?: boolean;
  choices?: string[];
}

/** Words to type, one of them, glued by bars: `start|stop`, npm's `status=public|private` (the word before `=` goes with each). */
const LITERAL_CHOICES = /^(?:([a-z][\w-]*)=)?([a-z0-9][\w.-]*(?:\|[a-z0-9][\w.-]*)+)$/;
/** A file name as examples write it: `app.ts`, `index.html`. */
const FILE_WORD = /^[\w-]+\.[a-z]{1,4}$/;
const CAPS = /^[A-Z][A-Z0-9_-]*(\[[^\]]*\])*([./:][A-Z][A-Z0-9_-]*(\[[^\]]*\])*)*$/;

/** The text with every bracketed part removed, nested ones too: `TYPE[[.VERSION].GROUP]/NAME` → `TYPE/NAME`. */
function withoutBrackets(text: string): string {
  let current = text;
  for (let previous = ''; previous !== current; ) {
    previous = current;
    current = current.replace(/\[[^[\]]*\]/g, '');
  }
  return current;
}

/** A positional's name: `<revision-range>` → `revision-range`, `FILE` → `file`, `TYPE/NAME` → `type-name`. */
export function positionalName(text: string): string {
  const bare = withoutBrackets(text).replace(/\.\.\.|…|\(s\)/g, '').replace(/^[<[+]+|[>\]]+$/g, '').split('=')[0] ?? '';
  const lower = bare === bare.toUpperCase() ? bare.toLowerCase() : bare;
  return lower.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'arg';
}

/** `FILES`, `[files]`, `<paths>`: a name in the plural stands for any number of arguments (not `address`, `status`, `alias`). */
function isPlural(text: string): boolean {
  // binutils' `file(s)`; llvm's `<input object files>` names its argument by its last word.
  const bare = text.replace(/^<|>$/g, '').split(' ').pop() ?? '';
  if (/\(s\)$/.test(bare)) return true;
  return /^[A-Za-z][A-Za-z_-]{2,}s$/i.test(bare) && !/(ss|us|is|as)$/i.test(bare);
}

function isPlaceholder(token: UsageToken | undefined): boolean {
  return token?.kind === 'word' && (/^<[^>]+>/.test(token.text) || CAPS.test(token.text));
}

function positionalWord(text: string, rules: UsageRules): boolean {
  if (text.startsWith('-') || text === '|') return false;
  // `[LOCAL_PORT:]REMOTE_PORT` and `KEY_1=VAL_1` are named by their capitals.
  const named = withoutBrackets(text).split('=')[0] ?? '';
  return /^<.+>/.test(text) || CAPS.test(named) || (rules.lowercasePositionals === true && /^[a-z][\w-]*$/.test(text));
}

/** Walks tokens into positionals; returns false when a `COMMAND` placeholder ends them. */
function walk(tokens: readonly UsageToken[], required: boolean, rules: UsageRules, out: Found[]): boolean {
  for (let i = 0; i < tokens.length; i += 1) {
    const written = tokens[i] as UsageToken;
    // gsettings' `SCHEMA[:PATH]`, unzip's `file[.zip]`, degit's `<src>[#ref]`: an optional suffix of the same word.
    const token: UsageToken = written.kind === 'word' && !written.text.startsWith('-') ? { ...written, text: written.text.replace(/(?<=[\w>])\[[:.#][\w-]+\]$/, '') } : written;
    // Angular's `[project][:target][:configuration]`: one optional word whose glued suffixes mark it a placeholder, whatever its case.
    const glued = token.kind === 'word' ? /^\[([a-z][\w-]*)\](?:\[[:.#][\w-]+\])+$/i.exec(token.text)?.[1] : undefined;
    if (glued !== undefined) {
      out.push({ name: positionalName(glued), required: false, variadic: token.repeat, plural: false });
      continue;
    }
    if (rules.subcommands === true && isCommandToken(token)) return false;
    if (token.kind === 'word') {
      if (token.text === '--' || token.text === '-' || OPTIONS_WORD.test(token.text)) continue;
      if (token.text.startsWith('-')) {
        const flag = token.text.split(/[=[]/)[0] ?? token.text;
        // A flag the page says takes a value takes the next word, however it is written (ajv's `-o migrated_schema.json`).
        const valued = rules.takesValue?.(flag) === true && tokens[i + 1]?.kind === 'word' ? true : isPlaceholder(tokens[i + 1]) && rules.takesValue?.(flag) !== false;
        if (!/[=[]/.test(token.text) && valued) i += 1;
        continue;
      }
      const numbered = secondOf(token.text, tokens[i + 1]);
      if (numbered !== undefined) {
        // apt's `pkg1 [pkg2 ...]`: the first of a numbered list and the rest, one argument of any number.
        out.push({ name: positionalName(numbered), required, variadic: true });
        i += 1;
      } else if (positionalWord(token.text, rules)) {
        // A bare lowercase word is argparse's dest, plural or not; `FILES` and `<paths>` name what they stand for.
        // cac's `<...files>` repeats as `<files>...` does.
        out.push({ name: positionalName(token.text), required, variadic: token.repeat || /^<(\.\.\.|…)/.test(token.text), plural: (!/^[a-z]/.test(token.text) || /\(s\)$/.test(token.text)) && isPlural(token.text) });
      } else if (LITERAL_CHOICES.test(token.text)) {
        const [, key, values = ''] = LITERAL_CHOICES.exec(token.text) ?? [];
        out.push({ name: key ?? 'choice', required, variadic: token.repeat, choices: values.split('|').map((value) => (key === undefined ? value : `${key}=${value}`)) });
      } else if (sameWordAgain(token.text, tokens[i + 1])) {
        // eslint's `file.js [file.js]`: a lowercase word shown twice is an argument that repeats.
        out.push({ name: positionalName(token.text), required, variadic: true });
        i += 1;
      } else if (FILE_WORD.test(token.text)) {
        // tsc's example `tsc app.ts util.ts`: file names stand for files, several in a row for any number.
        let last = i;
        while (tokens[last + 1]?.kind === 'word' && FILE_WORD.test(firstWord(tokens[last + 1]) ?? '')) last += 1;
        out.push({ name: 'file', required, variadic: last > i || token.repeat });
        i = last;
      } else if (rules.bareOperands === true && /^[A-Za-z][\w:./@-]*(\(s\))?$/.test(token.text)) {
        out.push({ name: positionalName(token.text), required, variadic: token.repeat, plural: /\(s\)$/.test(token.text) });
      }
      continue;
    }
    if (isOptionToken(token)) continue;
    if (token.open === '{') {
      if (rules.subcommands === true) return false;
      const choices = (token.alternatives[0] ?? []).map((item) => firstWord(item) ?? '').filter((item) => item !== '');
      // sed's `{script-only-if-no-other-script}`: one word in braces names an argument; choices need two or more.
      if (choices.length === 1 && token.alternatives.length === 1) out.push({ name: positionalName(choices[0] ?? 'arg'), required, variadic: token.repeat });
      else out.push({ name: 'choice', required, variadic: token.repeat, choices });
      continue;
    }
    const inner = token.open === '[' ? false : required;
    const alternatives = token.alternatives.filter((alt) => alt.length > 0);
    const only = alternatives.length === 1 && alternatives[0]?.length === 1 ? alternatives[0][0] : undefined;
    if (only?.kind === 'word' && (only.text === '--' || OPTIONS_WORD.test(only.text))) continue;
    const last = out[out.length - 1];
    // mkdirp's `[DIR1,DIR2..]`: the first names of a numbered list, any number of one argument.
    const numbered = only?.kind === 'word' ? /^([A-Za-z]+)1,\1 ?2,?(?:\.{2,3}|…)?$/.exec(only.text)?.[1] : undefined;
    if (numbered !== undefined) {
      out.push({ name: positionalName(numbered), required: inner, variadic: true });
      continue;
    }
    // cac's `[...files]`: any number of a named argument.
    const spread = only?.kind === 'word' ? /^(?:\.\.\.|…)([a-z][\w-]*)$/i.exec(only.text)?.[1] : undefined;
    if (spread !== undefined) {
      out.push({ name: positionalName(spread), required: inner, variadic: true });
      continue;
    }
    if (only?.kind === 'word' && /^(\.\.\.|…)/.test(only.text)) {
      if (last !== undefined) last.variadic = true; // kubectl's `[...[LOCAL_PORT_N:]REMOTE_PORT_N]`
      continue;
    }
    const before = out.length;
    // Alternatives that start with an option (`-f FILENAME`) are other ways to say the same thing.
    const positional = alternatives.filter((alt) => !isOptionToken(alt[0]));
    if (token.open === '[' && only?.kind === 'word' && /^\+?\w[\w./-]*(\(s\))?$/.test(only.text)) {
      // A bracketed plain word is an argument whatever its case: `[port]`, `[+toolchain]`, prettier's `[file/dir/glob ...]`.
      out.push({ name: positionalName(only.text), required: false, variadic: only.repeat, plural: isPlural(only.text) });
    } else if (token.open === '[' && alternatives.length === 1 && /^(options|flags)$/.test(firstWord(alternatives[0]?.at(-1)) ?? '')) {
      // skopeo's `[command options]`, `[global options]`: the options, not an argument.
      continue;
    } else if (token.open === '[' && alternatives.length === 1 && (alternatives[0]?.length ?? 0) >= 2 && alternatives[0]?.every((word) => word.kind === 'word' && /^[a-z]+$/.test(word.text))) {
      // esbuild's `[entry points]`: words that name one argument, a plural one repeating.
      const words = (alternatives[0] ?? []).map((word) => firstWord(word) ?? '');
      out.push({ name: words.join('-'), required: false, variadic: token.repeat || isPlural(words[words.length - 1] ?? '') || words[words.length - 1] === 'list' });
    } else if (alternatives.length === 1) {
      if (!walk(alternatives[0] ?? [], inner, rules, out)) return false;
    } else if (positional.every((alt) => alt.length === 1 && alt[0]?.kind === 'word' && (alt[0].text === '-' || positionalWord(alt[0].text, rules)))) {
      // `(POD | TYPE/NAME)`, `PATH | URL | -`: one argument, named by its first way (a lone `-` is stdin).
      const first = positional.find((alt) => alt[0]?.kind === 'word' && alt[0].text !== '-')?.[0];
      const everyWay = positional.length === alternatives.length;
      if (first?.kind === 'word') out.push({ name: positionalName(first.text), required: inner && everyWay, variadic: first.repeat });
    } else {
      // `(TYPE [NAME | -l label] | TYPE/NAME)`: too many shapes to name; any arguments go.
      out.push({ name: 'args', required: false, variadic: true });
      return false;
    }
    const grown = out[out.length - 1];
    if (token.repeat && grown !== undefined && out.length > before) grown.variadic = true;
  }
  return true;
}

/** The name a numbered first word shares with the bracketed second after it (`pkg1 [pkg2 ...]`, `FILE1 [FILE2]...`), else undefined. */
function secondOf(text: string, next: UsageToken | undefined): string | undefined {
  const stem = /^([A-Za-z][\w-]*?)_?1$/.exec(text)?.[1];
  if (stem === undefined || next?.kind !== 'group' || next.open !== '[' || next.alternatives.length !== 1) return undefined;
  return new RegExp(`^${stem}_?2$`, 'i').test(firstWord(next) ?? '') ? stem : undefined;
}

function sameWordAgain(text: string, next: UsageToken | undefined): boolean {
  if (next?.kind !== 'group' || next.open !== '[' || next.alternatives.length !== 1) return false;
  const inner = next.alternatives[0];
  return /^[a-z][\w./-]*$/.test(text) && inner?.length === 1 && inner[0]?.kind === 'word' && inner[0].text === text;
}

/** Orders what was found into valid positionals: optional after the first optional, one variadic, last. */
function settle(found: readonly Found[]): PositionalSpec[] {
  const result: PositionalSpec[] = [];
  const names = new Set<string>();
  let optional = false;
  for (const [index, item] of found.entries()) {
    optional ||= !item.required;
    let name = item.name;
    for (let n = 2; names.has(name); n += 1) name = `${item.name}${n}`;
    names.add(name);
    // grep's `PATTERNS [FILE]...`: a plural followed by another argument is one word holding several.
    const variadic = item.variadic || (item.plural === true && index === found.length - 1);
    result.push({ name, type: 'string', required: !optional, variadic, ...(item.choices ? { choices: item.choices } : {}) });
    if (variadic) break; // what follows a variadic (cp's SOURCE... DEST) is taken by it
  }
  return result;
}

/** The positionals of one form's tokens (the path already split off). */
export function positionalsFromTokens(tokens: readonly UsageToken[], rules: UsageRules = {}): PositionalSpec[] {
  const found: Found[] = [];
  walk(tokens, true, rules, found);
  return settle(found);
}

/**
 * The positionals several forms of one command agree on: those of the form with the most (of two as long, the one that
 * repeats its last), each required only where every form requires it and variadic where any form repeats it; and the
 * last one repeats when any form takes more words than it does (netstat's `[<Af>]` and `[<Socket> ...]`).
 */
export function mergeForms(forms: readonly (readonly PositionalSpec[])[]): PositionalSpec[] {
  const repeats = (form: readonly PositionalSpec[]): boolean => form.some((item) => item.variadic);
  const base = forms.reduce<readonly PositionalSpec[]>((best, form) => (form.length > best.length || (form.length === best.length && repeats(form) && !repeats(best)) ? form : best), []);
  const found = base.map((item, index): Found => {
    // Each form's argument of that name; for one of choices, else its argument of choices in the same place (npm's
    // `set status=public|private` and `set mfa=none|…` are one argument of all five).
    const same = forms.map((form) => form.find((other) => other.name === item.name) ?? (item.choices && form[index]?.choices ? form[index] : undefined));
    const names = new Set(same.flatMap((other) => other?.name ?? []));
    return {
      name: [...names].join('-or-'),
      required: same.every((other) => other?.required === true),
      variadic: same.some((other) => other?.variadic === true),
      ...(item.choices ? { choices: [...new Set(same.flatMap((other) => other?.choices ?? []))] } : {}),
    };
  });
  const last = found.at(-1);
  if (last !== undefined && !found.some((item) => item.variadic) && forms.some(repeats)) found[found.length - 1] = { ...last, variadic: true };
  return settle(found);
}

/**
 * Options written in a usage form, as entries (`[-C <path>]` → `-C <path>`), and the flags that
 * stand outside every bracket (required in argparse and clap usage lines).
 */
export function optionsFromTokens(tokens: readonly UsageToken[]): { entries: OptionEntry[]; required: string[] } {
  const entries: OptionEntry[] = [];
  const required: string[] = [];
  const specOf = (alt: readonly UsageToken[]): string | undefined => {
    const [head, next] = alt;
    if (head?.kind !== 'word' || !head.text.startsWith('-') || head.text === '--') return undefined;
    return next !== undefined && isPlaceholder(next) && next.kind === 'word' ? `${head.text} ${next.text}` : head.text;
  };
  const visit = (list: readonly UsageToken[], top: boolean): void => {
    list.forEach((token, i) => {
      if (token.kind === 'word') {
        const spec = specOf(list.slice(i));
        if (spec !== undefined && top) required.push(spec.split(/[\s=[]/)[0] ?? spec);
        if (spec !== undefined && !top) entries.push({ spec, description: '' });
        return;
      }
      if (token.open === '{') return;
      const specs = token.alternatives.map(specOf);
      const [a, b] = specs;
      // `[-v | --verbose]`: a short and a long alternative are one option.
      if (specs.length === 2 && a !== undefined && b !== undefined && /^-\w$/.test(a) && b.startsWith('--') && !b.startsWith('--no-')) {
        entries.push({ spec: `${a}, ${b}`, description: '' });
      } else {
        for (const alt of token.alternatives) visit(alt, false);
      }
    });
  };
  visit(tokens, true);
  return { entries, required };
}
