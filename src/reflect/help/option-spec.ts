/**
 * Turns one printed option entry (`-o, --output string`, `--color[=WHEN]`, `--[no-]verbose`,
 * `-b ADDRESS, --bind ADDRESS`, `--shout / --no-shout`) into an OptionSpec.
 */
import { attachedPlaceholder, oneSwitchEach, valueDefaultType, valuesListed } from './entry-text.js';
import type { OptionSpec, ValueType } from '../../types.js';
import { formsOf, pflagValue, valueOf, type Form, type OptionRules, type Value } from './flag-forms.js';
import type { OptionEntry } from './option-entries.js';
import { choicesIn, defaultIn, envIn, isBooleanMetavar, isRequired, repeatsIn, typedDefault, typedDefaults, typeOfMetavar, typeOfValue, typeTagIn } from './infer.js';
import { escapeRegExp } from './regexp.js';

export type { OptionRules } from './flag-forms.js';

/** The option an entry describes, or undefined for help/version switches and unreadable specs. */
export function optionFromEntry(entry: OptionEntry, rules: OptionRules = {}): OptionSpec | undefined {
  // cmake writes ` = ` between an option and its text (`-S <path-to-source>   = Explicitly specify…`).
  const description = entry.description.trim().replace(/^= (?=\S)/, '');
  // xxd's `-r -s off`: two short flags used together, an example of the second's meaning there, not an option;
  // datamash's table row `-1 > x   -  highly skewed left`: a comparison, not an option.
  if (/^-\w\s+-\w(\s|$)/.test(entry.spec.trim()) || /^-\S+\s+[<>=]=?\s/.test(entry.spec.trim())) return undefined;
  const forms = formsOf(attachedPlaceholder(entry.spec, description));
  if (forms.length === 0) return undefined;
  const longs = forms.filter((form) => form.long);
  const positive = longs.find((form) => !form.flag.startsWith('--no-'));
  const negative = longs.find((form) => form.flag.startsWith('--no-'));
  const primary = positive ?? negative ?? forms[0];
  if (primary === undefined) return undefined;
  const hasValue = (form: Form): boolean => form.rest.trim() !== '' && form.rest.trim() !== '...';
  // diff's `-u, -U NUM, --unified[=NUM]`: the long name's form says how the option reads its value.
  const carrier = (hasValue(primary) ? primary : forms.find(hasValue)) ?? primary;
  const value = valueOf(carrier.rest, rules);
  const lone = positive === undefined && negative !== undefined && rules.pflag !== true;
  const name = lone ? negative.flag.slice(5) : primary.flag.replace(/^--?/, '').replace(/,$/, '');
  // GNU's `-NUM` stands for `-5`, `-10`…: a placeholder, not a flag; ctags' `--map-<LANG>=…` is a family of them.
  // diff's `--GTYPE-group-format=GFMT` is `--old-group-format`, `--new-group-format`…: a capitalised part is a placeholder.
  // zip's manual explains its syntax with `--longoption[-][=value]`: a word standing for any option (restic's `-o, --option` is one).
  const family = /^--?(?=.*-[a-z])(?:[a-z\d]+-)*[A-Z]{3,}(?:-[a-z\d]+)*$/.test(primary.flag) || /^--?long-?option$/i.test(primary.flag) || (forms.length === 1 && /^--?(option|flag)$/i.test(primary.flag));
  // gzip's `-#` stands for a digit, as GNU's `-NUM` does (gcc's `-###` is an option of its own).
  const digit = primary.flag === '-#';
  // cut's range forms `N-M`, `-M  from first to M'th …`: a placeholder for a number, listed like an option.
  const range = /^-[A-Z]$/.test(primary.flag) && new RegExp(`\\b${primary.flag.slice(1)}'th\\b`).test(description);
  if (isHelpOrVersion(name, description) || /^-[A-Z]{2,}$/.test(primary.flag) || primary.flag.endsWith('-') || family || digit || range) return undefined;

  const typing = namedValues(name, value, description) ?? typingOf(forms, value, carrier.rest.trim(), description, rules);
  const { type, count } = typing;
  const variadic = typing.variadic && type !== 'boolean' && !count;
  // Choices the placeholder lists are the parser's own; those read from prose may be units or examples.
  let choices = typing.choices ?? (type === 'string' ? (value?.choices ?? choicesIn(description)) : undefined);
  let fallback = lone ? (type === 'boolean' ? true : undefined) : variadic ? typedDefaults(typing.defaultText, type) : typedDefault(typing.defaultText, type);
  const fallbacks = fallback === undefined ? [] : Array.isArray(fallback) ? fallback : [fallback];
  if (choices !== undefined && !fallbacks.every((item) => choices?.includes(String(item)))) {
    if (value?.choices === undefined && typing.choices === undefined) choices = undefined;
    else fallback = undefined;
  }
  // click's `--fast / --safe`: the flag after the slash turns the switch off, whatever its name.
  const offSwitch = type === 'boolean' ? / \/ (--[\w-]+)$/.exec(entry.spec.trim())?.[1] : undefined;
  const negation =
    primary.both ? `--no-${name}`
    : offSwitch !== undefined && offSwitch !== primary.flag ? offSwitch
    : lone ? negative.flag
    : negative !== undefined && negative.flag === `--no-${name}` ? negative.flag
    : type === 'boolean' && ((rules.pflag === true && primary.long) || typing.explicitFalse) ? `${primary.flag}=false`
    : undefined;
  const env = envIn(description);
  // `-s, --server`: the other positive forms are the same option.
  const aliases = lone ? [] : forms.filter((form) => form !== primary && !form.flag.startsWith('--no-') && form.flag !== negation).map((form) => form.flag);
  const valueForm = type === 'boolean' || count || lone ? undefined : valueFormOf(primary, carrier);
  return {
    name,
    ...(description !== '' ? { description } : {}),
    type,
    ...(lone ? {} : { flag: primary.flag }),
    ...(valueForm !== undefined ? { valueForm, syntax: entry.spec.trim() } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
    ...(negation !== undefined ? { negation } : {}),
    ...(typing.optional && type !== 'boolean' && !count ? { optionalValue: true } : {}),
    ...(variadic ? { variadic: true } : {}),
    ...(variadic && value?.arity !== undefined ? { arity: value.arity } : {}),
    ...(variadic && value?.closedBy !== undefined ? { closedBy: value.closedBy } : {}),
    ...(count ? { count: true } : {}),
    ...(choices !== undefined ? { choices } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
    ...(isRequired(description) ? { required: true } : {}),
    ...(env !== undefined ? { env } : {}),
  };
}

/**
 * How the sent flag's value is written in the entry: its own form's (`--from=FORMAT` beside `-f FORMAT`), else
 * the form that shows the value (`-o, --output FILE`): `=` joins, a space separates, a bracket or capital right
 * after a one-letter flag attaches (`-I<dir>`, `-O[level]`).
 */
function valueFormOf(primary: Form, carrier: Form): OptionSpec['valueForm'] {
  const shown = primary.rest.trim() === '' || primary.rest.trim() === '...' ? carrier.rest : primary.rest;
  if (/^\[?=/.test(shown)) return 'equals';
  // Java's `-verbose[:suboptions]`, `-proc:{none,only}`; not ffmpeg's `-c[:stream_specifier] codec`, whose value follows.
  if (/^(\[:[^\]\s]*\]|:\S+)$/.test(shown.trim())) return 'colon';
  if (/^\s/.test(shown)) return 'separate';
  if (/^[[<{A-Z]/.test(shown) && !primary.long) return 'attached';
  return undefined;
}

/** dos2unix's `-c, --convmode  conversion mode` over `convmode  ascii, 7bit, iso, mac, default to ascii`: a line naming the value lists it. */
function namedValues(name: string, value: Value | undefined, description: string): Typing | undefined {
  if (value !== undefined) return undefined;
  const listed = new RegExp(`(?:^|\\s)${escapeRegExp(name)}\\s{2,}(\\S.*)$`).exec(description)?.[1];
  if (listed === undefined) return undefined;
  const parts = listed.split(/,\s*/);
  const choices = parts.filter((part) => /^[\w.-]+$/.test(part));
  if (choices.length < 2) return undefined;
  const fallback = /^default (?:to |is )?([\w.-]+)$/.exec(parts.at(-1) ?? '')?.[1];
  return { type: 'string', variadic: false, optional: false, count: false, choices, ...(fallback !== undefined && choices.includes(fallback) ? { defaultText: fallback } : {}) };
}

interface Typing {
  readonly type: ValueType;
  readonly variadic: boolean;
  readonly optional: boolean;
  readonly count: boolean;
  readonly defaultText?: string;
  /** Choices the parser itself imposes (a value that must be spelled `true` or `false`). */
  readonly choices?: string[];
  /** The help writes `-x=false` to turn it off (Go's flag package): `false` renders that, whatever the conventions. */
  readonly explicitFalse?: boolean;
}

/** The value's type, from the placeholder first, then the description's tags, lines and repetition words. */
function typingOf(forms: readonly Form[], value: Value | undefined, rest: string, description: string, rules: OptionRules): Typing {
  const tag = typeTagIn(description);
  const said = defaultIn(description);
  // clap's `-v, --verbose...`, yargs' `[count]`, pflag's `count`, "can be repeated": a switch counted by repetition.
  const counted = (type: ValueType): boolean => type === 'boolean' && (tag?.count === true || forms.some((form) => form.rest.trim() === '...') || repeatsIn(description));
  if (rules.pflag === true) {
    const pflag = pflagValue(value, rest);
    const count = value?.metavar === 'count' || counted(pflag.type);
    // pflag bools take the bare flag, so `--x BOOLEAN` is a switch like any other.
    const type = count ? 'integer' : value !== undefined && isBooleanMetavar(value.metavar) ? 'boolean' : pflag.type;
    return { type, variadic: pflag.variadic, optional: pflag.optional === true, count, defaultText: pflag.defaultText ?? said };
  }
  if (value === undefined) {
    // shasum's `-a, --algorithm   1 (default), 224, 256, …`: a text that is only a list of values is the option's choices.
    // sass's `--source-map-urls  How to link … [relative (default), absolute]`: the bracket at the end lists them.
    const listed = valuesListed(description) ?? valuesListed(/\[([^\]]+)\]$/.exec(description)?.[1] ?? '', 2);
    if (listed !== undefined) return { type: 'string', variadic: false, optional: false, count: false, choices: listed.values, ...(listed.fallback !== undefined ? { defaultText: listed.fallback } : {}) };
    // tsc's `--module` shows no placeholder but lists its values on a `one of:` (or `one or more:`) line.
    // tsc prints no `type:` line for its paths: `--outDir  Specify an output folder…`, `--project  …given the path to…`.
    const named = /^Specify (?!that\b|whether\b|if\b)(an?|the)? ?[\w ]*?\b(folder|file|directory|path|names?)\b|\bgiven the path to\b/.test(description);
    // mocha prints no placeholders at all: `--reporter  Specify reporter to use`, `--jobs  Number of concurrent jobs`.
    const amount = /^Number of\b|\bthis many times\b/.test(description);
    const valued = named || /^(Specify (?!whether|if\b|that\b)|[Pp]ath (?:to|of)\b|List of\b|(?:an?|the) [\w ]{1,30}? to (?:use|load|read)\b)|\bcontaining this string\b|\bmatching this string\b|\bwithin this (?:working )?directory\b|(?:^|\s)<[\w-]+> argument\b/.test(description);
    const type = tag?.type ?? (/(?:^|\s)one (of|or more): \S/.test(description) || valued ? 'string' : amount ? 'integer' : valueDefaultType(said, description) ?? 'boolean');
    const count = tag?.count === true || counted(type);
    return { type: count ? 'integer' : type, variadic: tag?.variadic === true, optional: false, count, ...(said !== undefined ? { defaultText: said } : {}) };
  }
  // Go's flag package prints the value to type, `-lock=false`: a switch, and that is not its default.
  if (rest.startsWith('=') && /^(true|false)$/.test(value.metavar)) return { type: 'boolean', variadic: false, optional: false, count: false, explicitFalse: true };
  if (isBooleanMetavar(value.metavar)) {
    // `--x[=BOOLEAN]` takes the bare flag; `--x BOOLEAN` (click) must be given a value, so `true` cannot render as the bare flag.
    if (value.optional) return { type: 'boolean', variadic: false, optional: false, count: false, explicitFalse: true, ...(said !== undefined ? { defaultText: said } : {}) };
    return { type: 'string', variadic: false, optional: false, count: false, choices: ['true', 'false'], ...(said !== undefined ? { defaultText: said.toLowerCase() } : {}) };
  }
  const fromDefault = said === undefined ? undefined : typeOfValue(said);
  const fromTag = tag?.type === 'boolean' ? undefined : tag?.type;
  // Several words per use travel as strings, whatever each one names.
  const words = value.arity !== undefined || value.closedBy !== undefined;
  // ImageMagick's `-colors value  preferred number of colors in the image`: a count, whatever the placeholder says.
  const counts = /^(?:preferred |maximum |minimum |max\.? |min\.? )?number of\b/i.test(description) ? 'integer' : undefined;
  const type = words ? 'string' : (typeOfMetavar(value.metavar) ?? fromTag ?? (fromDefault === 'integer' || fromDefault === 'number' ? fromDefault : (counts ?? 'string')));
  // optionator's `Array` (eslint's `--fix-type Array`) takes several values.
  const variadic = value.variadic || tag?.variadic === true || value.metavar === 'Array' || repeatsIn(description);
  return { type, variadic, optional: value.optional, count: false, ...(said !== undefined ? { defaultText: said } : {}) };
}

function isHelpOrVersion(name: string, description: string): boolean {
  if (name === 'help' || (name === 'h' && /\bhelp\b/i.test(description))) return true;
  if (name === 'version' && description === '') return true;
  const versionName = name === 'version' || name === 'V' || name === 'v';
  return versionName && /\b(print|show|display|output)s?\b.*\bversion\b|\bversion (info|information|number)\b/i.test(description);
}

/**
 * The options of one page: entries turned into specs, duplicates (same name) dropped, and a lone
 * `--no-x` folded into `x` when both are listed (grep's `-i, --ignore-case` and `--no-ignore-case`).
 */
export function optionsFromEntries(entries: readonly OptionEntry[], rules: OptionRules = {}): OptionSpec[] {
  const byName = new Map<string, OptionSpec>();
  for (const entry of entries.flatMap(oneSwitchEach)) {
    const option = optionFromEntry(entry, rules);
    if (option === undefined) continue;
    const existing = byName.get(option.name);
    if (existing === undefined) {
      byName.set(option.name, option);
    } else if (isLoneNegation(option) !== isLoneNegation(existing) && (isLoneNegation(option) ? existing : option).type !== 'boolean') {
      // grep's `--group-separator=SEP` and `--no-group-separator`, gold's `--undefined SYMBOL` and `--no-undefined`: a
      // switch of its own, with its own text, beside the option that takes a value.
      const negation = isLoneNegation(option) ? option : existing;
      byName.set(option.name, isLoneNegation(option) ? existing : option);
      byName.set(`no-${negation.name}`, { ...withoutNegation(negation), name: `no-${negation.name}`, flag: negation.negation! });
    } else if (existing.type === 'boolean' && existing.count !== true && option.type !== 'boolean' && option.valueForm === 'colon') {
      // javac's `-g  Generate all debugging info` over `-g:{lines,vars,source}  Generate only some`: both forms are the program's.
      const description = [existing.description, option.description].filter((text) => text !== undefined).join('; with a value: ');
      byName.set(option.name, { ...option, optionalValue: true, ...(description !== '' ? { description } : {}) });
    } else if (existing.type === 'boolean' && existing.count !== true && option.type !== 'boolean') {
      // Listed once in a summary (`--key: specify attachment key`) and once with its value (`--key=key`): the value decides.
      byName.set(option.name, { ...option, ...(option.description === undefined && existing.description !== undefined ? { description: existing.description } : {}) });
    } else if (existing.type === 'boolean' && option.type === 'boolean' && (existing.flag === undefined) !== (option.flag === undefined)) {
      const positive = existing.flag !== undefined ? existing : option;
      const negative = existing.flag !== undefined ? option : existing;
      byName.set(option.name, { ...positive, ...(negative.negation !== undefined ? { negation: negative.negation } : {}) });
    }
  }
  return [...byName.values()].map((option) => asAliased(option, byName));
}

/** GnuTLS's `--app-proto  an alias for the 'starttls-proto' option` (its man pages: `This is an alias for the --pskfile option.`): it takes what that option takes. */
/** `--no-x` documented alone: no positive spelling, only the negation. */
const isLoneNegation = (option: OptionSpec): boolean => option.type === 'boolean' && option.flag === undefined && option.negation !== undefined;

/** A lone negation as a switch of its own: no negation, and no default (a lone `--no-x` implies `x` is on). */
function withoutNegation(option: OptionSpec): OptionSpec {
  const { negation: _negation, default: _default, ...rest } = option;
  return rest;
}

function asAliased(option: OptionSpec, byName: ReadonlyMap<string, OptionSpec>): OptionSpec {
  const target = /^(?:this is )?an alias for the '?(?:--)?([\w-]+)'? option\b/i.exec(option.description ?? '')?.[1];
  const like = target === undefined ? undefined : byName.get(target);
  if (like === undefined || option.type !== 'boolean' || like.type === 'boolean') return option;
  const { name, description, flag } = option;
  const { negation: _negation, aliases: _aliases, ...rest } = like;
  return { ...rest, name, ...(description !== undefined ? { description } : {}), ...(flag !== undefined ? { flag } : {}) };
}

/** Every printed flag (short and long) mapped to whether it takes a value, for reading usage lines. */
export function flagArity(entries: readonly OptionEntry[], rules: OptionRules = {}): Map<string, boolean> {
  const arity = new Map<string, boolean>();
  for (const entry of entries) {
    const option = optionFromEntry(entry, rules);
    const takes = option !== undefined && option.type !== 'boolean' && option.count !== true;
    for (const form of formsOf(entry.spec)) arity.set(form.flag, takes);
  }
  return arity;
}
