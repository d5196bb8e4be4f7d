import type { OptionSpec, PositionalSpec } from '../types.js';
import { jsonDefault, withoutUndefined } from './commander-option.js';
import type { YargsSlot } from './yargs-internals.js';

/** What the public `getOptions()` of a yargs 17 or 18 instance returns, as far as reflection reads it. */
export interface YargsOptions {
  readonly key: Readonly<Record<string, unknown>>;
  readonly alias: Readonly<Record<string, readonly string[]>>;
  readonly array: readonly string[];
  readonly boolean: readonly string[];
  readonly count: readonly string[];
  readonly number: readonly string[];
  readonly string: readonly string[];
  readonly normalize: readonly string[];
  readonly hiddenOptions: readonly string[];
  readonly choices: Readonly<Record<string, readonly unknown[]>>;
  readonly default: Readonly<Record<string, unknown>>;
  readonly demandedOptions: Readonly<Record<string, unknown>>;
  readonly deprecatedOptions: Readonly<Record<string, unknown>>;
  readonly narg: Readonly<Record<string, number>>;
  readonly envPrefix?: string;
  /** Keys declared with `global: false`: the commands under this one do not get them. */
  readonly local?: readonly string[];
}

/** What one level (the program, or a command's builder run in a sandbox) declares. */
export interface YargsLevel {
  readonly options: YargsOptions;
  /** Descriptions by key, yargs' own options left out. */
  readonly descriptions: ReadonlyMap<string, string>;
  /** Keys of yargs' own options: help, version, show-hidden. */
  readonly builtIn: ReadonlySet<string>;
}

/** How the program's parser is configured, from the root down. */
export interface YargsParsing {
  /** `--no-x` sets a boolean to false (yargs-parser's `boolean-negation`, on unless configured off). */
  readonly negation: boolean;
  /** `.env(prefix)`: options are read from `PREFIX_NAME` variables. */
  readonly envPrefix?: string;
}

/** yargs reserves these names for its own options. */
const RESERVED = new Set(['help', 'version']);

/**
 * The options a level declares, one spec per alias group, in declaration order. Hidden options, yargs'
 * help, version and show-hidden options, positionals (`exclude`) and options taking several values per
 * flag (`nargs` above 1, which no single token can carry) are left out. A one-letter key is sent as its help
 * writes it, `-n`, its value joined by `=` (`-n=VALUE`): yargs-parser reads `-nVALUE` as a cluster of switches.
 */
export function reflectYargsOptions(level: YargsLevel, exclude: ReadonlySet<string>, parsing: YargsParsing): OptionSpec[] {
  const specs: OptionSpec[] = [];
  for (const group of aliasGroups(level.options, level.descriptions)) {
    if (group.some((key) => exclude.has(key) || level.builtIn.has(key) || RESERVED.has(key))) continue;
    const spec = optionSpec(group, level, parsing);
    const local = group.some((key) => level.options.local?.includes(key));
    if (spec) specs.push(local ? { ...spec, local } : spec);
  }
  return specs;
}

/** The positionals of a command string (`add <file> [rest..]`), typed by what its builder declared. */
export function reflectYargsPositionals(demanded: readonly YargsSlot[], optional: readonly YargsSlot[], level: YargsLevel): PositionalSpec[] {
  const slots = [...demanded.map((slot) => ({ slot, required: true })), ...optional.map((slot) => ({ slot, required: false }))];
  return slots.flatMap(({ slot, required }) => {
    const [name] = slot.cmd;
    if (name === undefined) return [];
    const read = reader(slot.cmd, level.options);
    return [
      withoutUndefined<PositionalSpec>({
        name,
        description: slot.cmd.map((key) => level.descriptions.get(key)).find(Boolean),
        type: read.inList('number') ? 'number' : 'string',
        required,
        variadic: slot.variadic,
        choices: choicesOf(read.value('choices')),
        default: jsonDefault(read.value('default')),
      }),
    ];
  });
}

function optionSpec(group: readonly string[], level: YargsLevel, parsing: YargsParsing): OptionSpec | undefined {
  const { options } = level;
  const read = reader(group, options);
  if (group.some((key) => options.hiddenOptions.includes(key))) return undefined;
  const nargs = read.value('narg');
  if (typeof nargs === 'number' && nargs > 1) return undefined;
  const name = group.find((key) => key.length > 1) ?? group[0] ?? '';
  const flag = name.length === 1 ? `-${name}` : `--${name}`;
  const deprecated = read.value('deprecatedOptions');
  const text = group.map((key) => level.descriptions.get(key)).find(Boolean);
  const note = typeof deprecated === 'string' ? `(deprecated: ${deprecated})` : deprecated ? '(deprecated)' : undefined;
  const common = {
    name,
    description: [text, note].filter(Boolean).join(' ') || undefined,
    flag,
    aliases: aliasesOf(group, name),
    default: jsonDefault(read.value('default')),
    required: group.some((key) => Object.hasOwn(options.demandedOptions, key)) || undefined,
    env: parsing.envPrefix ? `${parsing.envPrefix}_${name.replace(/-/g, '_').toUpperCase()}` : undefined,
  };
  if (read.inList('count')) return withoutUndefined<OptionSpec>({ ...common, type: 'integer', count: true });
  const array = read.inList('array');
  if (read.inList('boolean') && !array) {
    return withoutUndefined<OptionSpec>({ ...common, type: 'boolean', negation: parsing.negation ? `--no-${name}` : undefined });
  }
  // An untyped option is a string: a bare `--x` would take the next command word or positional as its value.
  return withoutUndefined<OptionSpec>({
    ...common,
    type: read.inList('number') ? 'number' : 'string',
    variadic: array || undefined,
    choices: choicesOf(read.value('choices')),
  });
}

type ListName = 'array' | 'boolean' | 'count' | 'number' | 'string';
type RecordName = 'choices' | 'default' | 'deprecatedOptions' | 'narg';

/** yargs-parser applies a setting made under any alias to the whole group. */
function reader(group: readonly string[], options: YargsOptions) {
  return {
    inList: (list: ListName): boolean => group.some((key) => options[list].includes(key)),
    value: (record: RecordName): unknown => {
      const owner = group.find((key) => Object.hasOwn(options[record], key));
      return owner === undefined ? undefined : (options[record] as Record<string, unknown>)[owner];
    },
  };
}

/** The group's other keys as the tokens yargs-parser accepts for them (`-s`, `--srv`). */
function aliasesOf(group: readonly string[], name: string): string[] | undefined {
  const others = group.filter((key) => key !== name).map((key) => (key.length === 1 ? `-${key}` : `--${key}`));
  return others.length > 0 ? others : undefined;
}

function choicesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const choices = value.filter((choice) => ['string', 'number', 'boolean'].includes(typeof choice)).map(String);
  return choices.length > 0 ? [...new Set(choices)] : undefined;
}

/** Declared keys joined with their aliases into groups, in the order the first of each was declared. */
function aliasGroups(options: YargsOptions, descriptions: ReadonlyMap<string, string>): string[][] {
  const declared = [
    ...Object.keys(options.key),
    ...options.boolean,
    ...options.string,
    ...options.number,
    ...options.array,
    ...options.count,
    ...Object.keys(options.default),
    ...Object.keys(options.choices),
    ...Object.keys(options.demandedOptions),
    ...descriptions.keys(),
  ];
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root) ?? root;
    return root;
  };
  const add = (key: string): void => void (parent.has(key) || parent.set(key, key));
  for (const key of declared) add(key);
  for (const [key, aliases] of Object.entries(options.alias)) {
    add(key);
    for (const alias of aliases) {
      add(alias);
      const [a, b] = [find(key), find(alias)];
      if (a !== b) parent.set(b, a);
    }
  }
  const groups = new Map<string, string[]>();
  for (const key of parent.keys()) {
    const root = find(key);
    groups.set(root, [...(groups.get(root) ?? []), key]);
  }
  // Only groups with a declared member; an alias alone names nothing.
  const declaredSet = new Set(declared);
  return [...groups.values()].filter((group) => group.some((key) => declaredSet.has(key)));
}
