import type { OptionSpec } from '../types.js';

/** commander's custom value processor: `(value, previous) => next`. */
export type ParseArg = (value: string, previous: unknown) => unknown;

/**
 * The public members of a commander `Option` that reflection reads. Structural, so any commander 7+
 * option fits, even one from a different copy of the package; commander-legacy.ts brings 2 to 6 to this shape.
 */
export interface CommanderOption {
  readonly description: string;
  /** `<value>`: a value must follow the flag. */
  readonly required: boolean;
  /** `[value]`: a value may follow the flag. */
  readonly optional: boolean;
  readonly variadic: boolean;
  readonly mandatory: boolean;
  readonly short?: string | undefined;
  readonly long?: string | undefined;
  readonly negate: boolean;
  readonly defaultValue?: unknown;
  readonly envVar?: string | undefined;
  readonly parseArg?: ParseArg | undefined;
  readonly argChoices?: readonly string[] | undefined;
  name(): string;
  attributeName(): string;
}

/** What probing a value parser revealed about the values it produces. */
export interface ParsedValue {
  readonly type: 'string' | 'number' | 'integer';
  /** The parser accumulates repeated values into an array (`(v, prev) => [...prev, v]`). */
  readonly collector: boolean;
}

type Attempt = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

const STRING: ParsedValue = { type: 'string', collector: false };

// A user's parser may throw on anything: reflection must survive it.
function attempt(parse: ParseArg, value: string, previous: unknown): Attempt {
  try {
    return { ok: true, value: parse(value, previous) };
  } catch {
    return { ok: false };
  }
}

/**
 * Types a commander `parseArg` by behaviour: it is called with sample strings and its results
 * are looked at. `42 → 42` makes it numeric; `1.5 → 1.5` makes it `number`, anything else
 * (`1`, a throw) `integer`; a parser that turns `abc` or `1.5` into a non-number accepts text and
 * stays `string`. A parser returning an array for `('a', [])` is a collector, and its element
 * type is probed the same way. A throwing parser never breaks reflection.
 */
export function probeParser(parse: ParseArg | undefined): ParsedValue {
  if (typeof parse !== 'function') return STRING;
  const collected = attempt(parse, 'a', []);
  const collector = collected.ok && Array.isArray(collected.value);
  const call = (value: string): Attempt => {
    // Fresh array per call: a collector may push into what it is given.
    const result = attempt(parse, value, collector ? [] : undefined);
    if (!collector || !result.ok) return result;
    const items = result.value as readonly unknown[];
    return { ok: true, value: items[items.length - 1] };
  };
  const type = numericType(call('42'), call('1.5'), call('abc'));
  return { type, collector };
}

function numericType(whole: Attempt, fraction: Attempt, text: Attempt): ParsedValue['type'] {
  if (!whole.ok || whole.value !== 42) return 'string';
  if (text.ok && typeof text.value !== 'number') return 'string';
  if (!fraction.ok) return 'integer';
  if (typeof fraction.value !== 'number') return 'string';
  return fraction.value === 1.5 ? 'number' : 'integer';
}

/** A copy of `value` when it is plain JSON data (finite numbers, plain objects); otherwise `undefined`. */
export function jsonDefault(value: unknown): unknown {
  return isJson(value, 0) ? (JSON.parse(JSON.stringify(value)) as unknown) : undefined;
}

function isJson(value: unknown, depth: number): boolean {
  if (depth > 20) return false;
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      return Object.values(value).every((item) => isJson(item, depth + 1));
    }
    default:
      return false;
  }
}

/** Drops keys whose value is `undefined`, so specs stay minimal plain data. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * One commander option, with its paired negation when the program declares both (`--color` and
 * `--no-color` share an attribute name), as one OptionSpec. `negationFirst` says the negation was
 * declared first, in which case commander defaults the value to `true` as for a lone negation.
 */
export function reflectOption(
  positive: CommanderOption | undefined,
  negation?: CommanderOption,
  negationFirst = false,
): OptionSpec {
  if (positive === undefined) {
    if (negation === undefined) throw new TypeError('reflectOption needs an option');
    return withoutUndefined<OptionSpec>({
      name: negation.name().replace(/^no-/, ''),
      description: negation.description || undefined,
      type: 'boolean',
      negation: negation.long,
      default: jsonDefault(negation.defaultValue ?? true),
      env: negation.envVar,
    });
  }
  const spec = positiveSpec(positive);
  if (negation === undefined) return spec;
  const fallback = negationFirst ? (negation.defaultValue ?? true) : undefined;
  return withoutUndefined<OptionSpec>({
    ...spec,
    description: spec.description ?? (negation.description || undefined),
    negation: negation.long,
    default: jsonDefault(positive.defaultValue ?? fallback),
    env: spec.env ?? negation.envVar,
  });
}

function positiveSpec(option: CommanderOption): OptionSpec {
  const common = {
    name: option.name(),
    description: option.description || undefined,
    flag: option.long ?? option.short,
    aliases: option.long !== undefined && option.short !== undefined ? [option.short] : undefined,
    default: jsonDefault(option.defaultValue),
    required: option.mandatory || undefined,
    env: option.envVar,
  };
  if (!option.required && !option.optional) {
    return withoutUndefined<OptionSpec>({ ...common, type: 'boolean' });
  }
  // choices install their own parseArg that rejects every probe: the values are strings.
  const parsed = option.argChoices ? STRING : probeParser(option.parseArg);
  return withoutUndefined<OptionSpec>({
    ...common,
    type: parsed.type,
    optionalValue: option.optional || undefined,
    variadic: option.variadic || parsed.collector || undefined,
    choices: option.argChoices ? [...option.argChoices] : undefined,
  });
}

/**
 * A command's options as OptionSpecs, in declaration order; a `--x` / `--no-x` pair becomes one
 * spec at the position of whichever came first. Filter out help, version and hidden options first.
 */
export function reflectOptions(options: readonly CommanderOption[]): OptionSpec[] {
  const groups = new Map<string, { positive?: CommanderOption; negation?: CommanderOption; negationFirst: boolean }>();
  for (const option of options) {
    const key = option.attributeName();
    const group = groups.get(key) ?? { negationFirst: option.negate };
    if (option.negate) group.negation ??= option;
    else group.positive ??= option;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => reflectOption(g.positive, g.negation, g.negationFirst));
}
