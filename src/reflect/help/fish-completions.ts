/**
 * fish's completion specs as a source beside help and man pages: `complete -c rsync -s v -l verbose -d "…"`
 * names an option's spellings (`-o loglevel` is ffmpeg's single-dash `-loglevel`), says when it takes a
 * value (`-r`, `-x`, or values to complete after it, `-a`), which values it suggests (`-a "none crc32"`, its
 * choices where the program's text confirms them: fish-choices.ts), and which command it belongs to (a condition
 * `__fish_seen_subcommand_from push`). The fish package ships them for about 900 programs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { OptionSpec } from '../../types.js';
import { fishChoices, literalValues } from './fish-choices.js';
import { fishCommands, type FishWord } from './fish-words.js';
import { isSystemProgram } from './man-page.js';
import type { OptionEntry } from './option-entries.js';
import { optionsFromEntries } from './option-spec.js';
import type { HelpPage } from './page.js';
import { spellings } from './values-from.js';
import { escapeRegExp } from './regexp.js';

/** Where fish's own completions and those other packages install for it live. */
const FISH_DIRS = ['/usr/share/fish/vendor_completions.d', '/usr/share/fish/completions'];

/** One `complete` line's option. */
export interface FishOption {
  readonly shorts: readonly string[];
  readonly longs: readonly string[];
  /** Single-dash long names (`-o loglevel`). */
  readonly olds: readonly string[];
  readonly description?: string;
  /** The line says a value follows (`-r`, `-x`, or values to complete, `-a`); unsaid is no evidence either way. */
  readonly takesValue: boolean;
  /** The words its `-a` lists offer (fish-choices.ts), or `open` when fish computes them or completes files too (`-F`); unset when it lists none. */
  readonly values?: readonly string[] | 'open';
  /**
   * Where the line offers it: `anywhere` (no condition), the `program` itself (before any command word), the first-level
   * commands its condition names (any of them), or `unknown` (a condition only fish can decide).
   */
  readonly on: 'anywhere' | 'program' | 'unknown' | readonly string[];
}

/** The file of fish's completion spec for `program` (its own, or one another package installed for it). */
function fishSpecFile(program: string): string | undefined {
  return FISH_DIRS.map((dir) => `${dir}/${program}.fish`).find((file) => existsSync(file));
}

/** The completion spec fish has for `program`, or undefined. */
export function readFishCompletions(program: string): string | undefined {
  const file = fishSpecFile(program);
  try {
    return file === undefined ? undefined : readFileSync(file, 'utf8');
  } catch {
    // Unreadable: no spec to read.
    return undefined;
  }
}

/** Which fish spec `program` has, by path, mtime and size (a cached crawl is read again when it changes); null for none. */
export function fishSpecIdentity(program: string): string | null {
  const file = fishSpecFile(program);
  if (file === undefined) return null;
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats === undefined ? null : `${file}:${stats.mtimeMs}:${stats.size}`;
}

/** Flags of `complete` that take a value, by their short and long names. */
const VALUE_FLAGS: Readonly<Record<string, string>> = { c: 'command', p: 'path', s: 'short-option', l: 'long-option', o: 'old-option', d: 'description', a: 'arguments', n: 'condition', w: 'wraps' };
const LONG_NAMES: Readonly<Record<string, string>> = { command: 'c', path: 'p', 'short-option': 's', 'long-option': 'l', 'old-option': 'o', description: 'd', arguments: 'a', condition: 'n', wraps: 'w', 'require-parameter': 'r', exclusive: 'x', 'no-files': 'f', 'force-files': 'F', 'keep-order': 'k', erase: 'e' };

/** The options `script`'s `complete` lines give `program`. */
export function fishOptions(script: string, program: string): FishOption[] {
  return fishCommands(script).flatMap((words) => {
    if (words[0]?.text !== 'complete') return [];
    const line = completeFlags(words.slice(1));
    if (line === undefined || line.erase || !line.values('c').some((word) => !word.expands && word.text === program)) return [];
    const names = (letter: string) => line.values(letter).filter((word) => !word.expands).map((word) => word.text);
    const [shorts, longs, olds] = [names('s'), names('l'), names('o')];
    if (shorts.length + longs.length + olds.length === 0 || ['s', 'l', 'o'].some((letter) => line.values(letter).some((word) => word.expands))) return [];
    const description = line.values('d').find((word) => !word.expands)?.text;
    const condition = line.values('n');
    const on = condition.length === 0 ? 'anywhere' : condition.some((word) => word.expands) ? 'unknown' : placeOf(condition.map((word) => word.text).join('; '));
    const values = line.switches.has('F') ? 'open' : literalValues(line.values('a'));
    return [{ shorts, longs, olds, ...(description ? { description } : {}), takesValue: line.switches.has('r') || line.switches.has('x') || line.values('a').length > 0, ...(values ? { values } : {}), on }];
  });
}

/** A `complete` line's flags: the values of each, the switches set. Undefined when it cannot be read. */
function completeFlags(words: readonly FishWord[]): { values: (letter: string) => FishWord[]; switches: Set<string>; erase: boolean } | undefined {
  const values = new Map<string, FishWord[]>();
  const switches = new Set<string>();
  const add = (letter: string, word: FishWord | undefined): boolean => {
    if (word === undefined) return false;
    values.set(letter, [...(values.get(letter) ?? []), word]);
    return true;
  };
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as FishWord;
    if (word.text.startsWith('--')) {
      const [name = '', inline] = word.text.slice(2).split(/=(.*)/s);
      const letter = LONG_NAMES[name];
      if (letter === undefined) return undefined;
      if (VALUE_FLAGS[letter] === undefined) switches.add(letter);
      else if (!add(letter, inline !== undefined ? { text: inline, expands: word.expands } : words[++index])) return undefined;
    } else if (word.text.startsWith('-') && word.text.length > 1) {
      for (let at = 1; at < word.text.length; at += 1) {
        const letter = word.text[at] as string;
        if (VALUE_FLAGS[letter] === undefined) {
          switches.add(letter);
          continue;
        }
        const rest = word.text.slice(at + 1);
        if (!add(letter, rest !== '' ? { text: rest, expands: word.expands } : words[++index])) return undefined;
        break;
      }
    } else add('c', word);
  }
  return { values: (letter) => values.get(letter) ?? [], switches, erase: switches.has('e') };
}

/** Where a condition offers the option: the words of its one `__fish_seen_subcommand_from` (or a program's `…_using_command`), before any command word, or unknown. */
function placeOf(condition: string): FishOption['on'] {
  const clauses = condition.split(/;|\band\b|&&/).map((clause) => clause.trim()).filter(Boolean);
  if (/\bor\b|\|\|/.test(condition)) return 'unknown';
  const seen = clauses.filter((clause) => /^(__fish_seen_subcommand_from|__fish_\w*using_command)\s/.test(clause));
  if (seen.length === 1) return (seen[0] as string).split(/\s+/).slice(1);
  if (seen.length > 1) return 'unknown';
  // `__fish_use_subcommand` and `not __fish_seen_subcommand_from …`: no command word yet. Clauses on other options leave the place as it is.
  const before = clauses.some((clause) => clause === '__fish_use_subcommand' || /^not\s+__fish_seen_subcommand_from\s/.test(clause));
  const neutral = (clause: string) => /^(not\s+)?(__fish_contains_opt|__fish_not_contain_opt|__fish_seen_argument)\b/.test(clause);
  const rest = clauses.filter((clause) => !neutral(clause) && clause !== '__fish_use_subcommand' && !/^not\s+__fish_seen_subcommand_from\s/.test(clause));
  if (rest.length > 0) return 'unknown';
  return before ? 'program' : 'anywhere';
}

/** A fish option as a help entry would write it (`-s, --long VALUE`), to be read by the same rules as help's. */
function entryOf(option: FishOption, valued: boolean): OptionEntry | undefined {
  const flags = flagsOf(option);
  if (flags.length === 0 || flags.some((flag) => !/^--?[\w?][\w.?-]*$/.test(flag))) return undefined;
  return { spec: `${flags.join(', ')}${valued ? ' VALUE' : ''}`, description: option.description ?? '' };
}

/** Its spellings as typed: `-v`, `-loglevel`, `--verbose`. */
function flagsOf(option: FishOption): string[] {
  return [...option.shorts.map((name) => `-${name}`), ...option.olds.map((name) => `-${name}`), ...option.longs.map((name) => `--${name}`)];
}

/**
 * The options fish offers on the command `words` names (the program itself for none) that `text`, what the program
 * printed of that command, names: those its conditions put there (on a program with commands, one offered anywhere is
 * the program's only when its line says so). A value where the spec says one follows or the text writes one
 * (`--save-cookies=FILE`), as the next word, as fish completes it (`--indent 4`: jq takes no `--indent=4`; `-loglevel
 * error`), but a letter's as its conventions write it: the spec says nothing of that form (perl's `-mModule`).
 */
export function fishOptionsFor(options: readonly FishOption[], words: readonly string[], hasCommands: boolean, text: string): OptionSpec[] {
  const named = namedIn(text);
  const entries = optionsHere(options, words, hasCommands).flatMap((option) => {
    const flags = flagsOf(option);
    if (!flags.some((flag) => named.has(flag))) return [];
    return entryOf(option, option.takesValue || flags.some((flag) => writesValue(text, flag))) ?? [];
  });
  return optionsFromEntries(entries).map((option) => {
    if (option.type === 'boolean' || !/^-[^-]$/.test(option.flag ?? '')) return option;
    // perl's `-Idirectory`, `-[mM][-]module`: a letter whose text glues its value's name on takes it attached; others follow the conventions.
    const { valueForm: _form, syntax: _syntax, ...rest } = option;
    if (writesGlued(text, option.flag ?? '')) return { ...rest, valueForm: 'attached' as const };
    return option.valueForm === undefined ? option : rest;
  });
}

/** The options fish offers on the command `words` names; on a program with commands, one offered anywhere is the program's only when its line says so. */
function optionsHere(options: readonly FishOption[], words: readonly string[], hasCommands: boolean): FishOption[] {
  return options.filter((option) => {
    if (words.length === 0) return option.on === 'program' || (!hasCommands && (option.on === 'anywhere' || option.on === 'unknown'));
    return words.length === 1 && Array.isArray(option.on) && option.on.includes(words[0]);
  });
}

/**
 * `option` with the choices fish lists for it (every line that names one of its spellings, `offered`) when the
 * program's own `text` confirms the list is closed (fish-choices.ts), else with them as examples. Only a string option without choices gains them:
 * what help or a parser says of its values is more exact than a completion spec.
 */
export function withFishChoices(option: OptionSpec, offered: readonly FishOption[], text: string): OptionSpec {
  if (option.type !== 'string' || option.choices !== undefined) return option;
  const own = spellings(option);
  const lines = offered.filter((fish) => flagsOf(fish).some((flag) => own.includes(flag)));
  const values = lines.flatMap((fish) => fish.values ?? []);
  if (lines.some((fish) => fish.values === 'open') || values.length === 0) return option;
  const listed = [...new Set(values as string[])];
  const choices = fishChoices(listed, [...new Set([...own, ...lines.flatMap(flagsOf)])], text);
  // A list the program's text does not close still shows the model how a value looks (gcc's `-std=` c89, c99, gnu99…).
  return choices === undefined ? { ...option, examples: listed } : { ...option, choices };
}

/** fish's completions for a program, completing its help pages. */
export interface FishSource {
  /**
   * `page` (of the command `words` names) with the options fish offers there that it does not list and `text` (what the
   * program printed of it) names, and with fish's values as the choices of those without any where `text` confirms them.
   */
  complete(page: HelpPage, words: readonly string[], text: string): HelpPage;
  /** How many options it added so far. */
  readonly added: number;
  /** How many options it gave choices to so far. */
  readonly chosen: number;
}

/**
 * The fish completions of a system program, or undefined when it has none. Only what pages leave out is added:
 * a spec tells an option's value less surely than a page (lz4's `-d -x -a …` completes files after a switch).
 * And only what the program's own text names: one spec serves every build and version (date's lists BSD's `-j`).
 */
export function fishSource(program: string, file: string): FishSource | undefined {
  const script = isSystemProgram(file) ? readFishCompletions(program) : undefined;
  const options = script === undefined ? [] : fishOptions(script, program);
  if (options.length === 0) return undefined;
  let added = 0;
  let chosen = 0;
  return {
    complete(page, words, text) {
      const listed = [...page.options, ...page.globalOptions];
      const names = new Set(listed.map((option) => option.name));
      const flags = new Set(listed.flatMap(spellings));
      const missing = fishOptionsFor(options, words, page.subcommands.length > 0, text).filter((option) => !names.has(option.name) && !spellings(option).some((flag) => flags.has(flag)));
      added += missing.length;
      const offered = optionsHere(options, words, page.subcommands.length > 0);
      const choose = (option: OptionSpec): OptionSpec => {
        const chose = withFishChoices(option, offered, text);
        if (chose.choices !== option.choices) chosen += 1;
        return chose;
      };
      return { ...page, options: [...page.options, ...missing.map((option) => ({ ...option, source: 'fish completions' as const }))].map(choose), globalOptions: page.globalOptions.map(choose) };
    },
    get added() {
      return added;
    },
    get chosen() {
      return chosen;
    },
  };
}

/** Every option token `text` writes (`-j`, `--seq`, `-std` of `-std=<standard>`), as a word of its own. */
function namedIn(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\w-])--?[\w?][\w.-]*?(?=$|[\s,=[\]|()<>:;'"`]|\.(?:\s|$))/gm)].map((match) => match[0]));
}

/** Words a usage glues onto a letter for its value (`-Idirectory`, `-Fpattern`), as opposed to a single-dash long option's name. */
const GLUED_PLACEHOLDER = /^(?:dir|directory|module|file|filename|pattern|path|name|num|number|level|string|str|value|prog|program|octal|hex|size|count|list|expr|expression|command|cmd|text|format|type|url|host|port|user|key)$/;

/** Whether `text` writes the one-letter `flag` with its value's name glued on: perl's `-Idirectory`, `-[mM][-]module`. */
function writesGlued(text: string, flag: string): boolean {
  const letter = escapeRegExp(flag.slice(1));
  const glued = new RegExp(`(?<![\\w-])-(?:${letter}|\\[[A-Za-z]*${letter}[A-Za-z]*\\])(?:\\[[^\\]\\s]*\\])?([a-z]{3,})\\b`, 'gm');
  return [...text.matchAll(glued)].some((match) => GLUED_PLACEHOLDER.test(match[1] ?? ''));
}

/** Whether `text` writes `flag` with a value after it: `--save-cookies=FILE`, `--color[=WHEN]`, `-o FILE`, `--out <path>`. */
function writesValue(text: string, flag: string): boolean {
  const escaped = escapeRegExp(flag);
  return new RegExp(`(?<![\\w-])${escaped}(?:\\[?=|[ =]<|\\s[A-Z][A-Z_-]*\\b(?![a-z]))`, 'm').test(text);
}
