/**
 * The only place cli-mcp reads yargs internals; test/reflect/yargs-internals.test.ts pins every read
 * against yargs 16.2, 17.7 (ESM and CommonJS builds) and 18.2. Read, identically in all majors unless noted:
 *
 * - `getInternalMethods()` (undocumented): `getCommandInstance()`, `getUsageInstance()`, `getContext()`,
 *   `getParserConfiguration()`; 16 has no `getInternalMethods` and keeps these four on the instance itself.
 * - The command instance's `getCommandHandlers()`: records `{ original, description, handler, builder,
 *   deprecated, demanded, optional }` keyed by command word (`$0` for a nameless default command), and its
 *   `shim` (the platform shim the instance was built with).
 * - The usage instance's `getDescriptions()` and `getPositionalGroupName()`; descriptions yargs writes
 *   itself are deferred translations that start with `__yargsString__:`.
 * - `addHandler` stores `() => {}` for a command given no handler (the 17 CommonJS bundle is minified: `()=>{}`).
 * - The `YargsInstance(processArgs, cwd, parentRequire, shim)` constructor; 18's resets the shim's shared
 *   y18n locale to en_US.
 * - Every major's factory calls `Object.defineProperty(instance, 'argv', …)` as it builds an instance
 *   (17 and 18 right after `new YargsInstance`; 16 midway through its `Yargs()` closure, after `command`,
 *   `getOptions` and `getCommandInstance`, before `_parseArgs`).
 * - 16 has no class: a fresh instance comes from the factory of the same copy, found from the file that
 *   built the instance (`build/index.cjs` exports `Yargs`; the ESM build's `index.mjs` default-exports it).
 *   Its `.argv` getter and `parse()` both call the instance's own `_parseArgs`.
 * - 16's and 17's CommonJS singleton (`require('yargs')`) is a function whose methods are bound to an instance.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A yargs-parser positional slot: `<file|f>` is `{ cmd: ['file', 'f'], variadic: false }`. */
export interface YargsSlot {
  readonly cmd: readonly string[];
  readonly variadic: boolean;
}

/** One `.command(…)` as yargs stored it. */
export interface YargsCommandRecord {
  /** The command word; `$0` for a default command without a name of its own. */
  readonly name: string;
  /** The command string as declared (`add <file> [rest..]`). */
  readonly original: string;
  /** `false` hides the command. */
  readonly description: string | false;
  readonly deprecated?: boolean | string;
  /** A function of `(yargs, helpOrVersionSet)`, or an object of option definitions. */
  readonly builder: unknown;
  /** The handler the author gave; `undefined` when yargs filled in its own no-op. */
  readonly handler?: (...args: never[]) => unknown;
  readonly demanded: readonly YargsSlot[];
  readonly optional: readonly YargsSlot[];
}

interface Shim {
  readonly process: { cwd(): string };
  readonly y18n?: { getLocale(): string; setLocale(locale: string): void };
}

interface Internals {
  getCommandInstance(): { getCommandHandlers(): Record<string, Record<string, unknown>>; readonly shim: Shim };
  getUsageInstance(): { getDescriptions(): Record<string, unknown>; getPositionalGroupName(): string };
  getContext(): { readonly fullCommands: string[] };
  getParserConfiguration(): Record<string, unknown>;
}

const DEFERRED = '__yargsString__:';
/** The descriptions yargs gives its own `--help`, `--version` and `--show-hidden`. */
const BUILT_IN_DESCRIPTIONS = new Set(['Show help', 'Show version number', 'Show hidden options'].map((text) => DEFERRED + text));

function internals(instance: object): Internals {
  const candidate = instance as { getInternalMethods?: () => Internals };
  return typeof candidate.getInternalMethods === 'function' ? candidate.getInternalMethods() : (instance as unknown as Internals);
}

/** A yargs instance (any copy, any supported major), or 16's or 17's CommonJS singleton function. */
export function isYargsInstance(value: unknown): value is object {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const internal = typeof candidate.getInternalMethods === 'function' || typeof candidate.getCommandInstance === 'function';
  return internal && typeof candidate.getOptions === 'function' && typeof candidate.command === 'function';
}

/** yargs 16: an object of closures, no class; its `_parseArgs` is an own property. */
export function isClasslessYargs(instance: object): boolean {
  return typeof (instance as { getInternalMethods?: unknown }).getInternalMethods !== 'function';
}

/** What `--version` prints: 17 and 18 hand it to the logger given to `showVersion()`; 16's usage instance logs it with console.log. */
export function shownVersion(instance: object): unknown {
  let version: unknown;
  if (!isClasslessYargs(instance)) {
    (instance as { showVersion(level: (message: unknown) => void): unknown }).showVersion((message) => (version = message));
    return version;
  }
  const log = console.log;
  console.log = (message: unknown) => void (version = message);
  try {
    (internals(instance).getUsageInstance() as unknown as { showVersion(): void }).showVersion();
  } finally {
    console.log = log;
  }
  return version;
}

/** The file whose factory built each instance seen by {@link watchYargsInstances}. */
const builtBy = new WeakMap<object, string>();

/** The yargs package an instance was built from, when it was seen being built from a file in one. */
export function yargsPackageOf(instance: object): { readonly dir: string; readonly version: string } | undefined {
  const file = builtBy.get(unwrapYargs(instance));
  if (file === undefined) return undefined;
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      // A bundle's own package.json (yargs inlined into a program) says nothing about yargs' version.
      if (name === 'yargs' && typeof version === 'string') return { dir, version };
    } catch {
      return undefined;
    }
    // build/ has a package.json of its own (`"type": "commonjs"`) in some copies: keep climbing.
  }
  return undefined;
}

/** yargs 16's factory, from the copy that built `instance`. */
function classlessFactory(instance: object): ((processArgs: string[], cwd: string) => object) | undefined {
  const file = builtBy.get(unwrapYargs(instance));
  const copy = yargsPackageOf(instance);
  if (file === undefined || copy === undefined) return undefined;
  const load = createRequire(file);
  const cjs = (load(file) as { Yargs?: unknown }).Yargs;
  if (typeof cjs === 'function') return cjs as (processArgs: string[], cwd: string) => object;
  const esm = (load(join(copy.dir, 'index.mjs')) as { default?: unknown }).default;
  return typeof esm === 'function' ? (esm as (processArgs: string[], cwd: string) => object) : undefined;
}

/** The instance behind 17's CommonJS singleton function; an instance is returned as is. */
export function unwrapYargs(value: object): object {
  if (typeof value !== 'function') return value;
  // `showHidden(false)` changes nothing and returns `this`: the instance the singleton's methods are bound to.
  return (value as unknown as { showHidden(option: false): object }).showHidden(false);
}

/** The default no-op yargs stores when `.command()` is given no handler. */
function isYargsNoop(handler: unknown): boolean {
  return typeof handler === 'function' && handler.length === 0 && /^\(\)\s*=>\s*\{\s*\}$/.test(Function.prototype.toString.call(handler));
}

/** The commands declared directly on `instance`, in declaration order. */
export function commandRecords(instance: object): YargsCommandRecord[] {
  const handlers = internals(instance).getCommandInstance().getCommandHandlers();
  return Object.entries(handlers).map(([name, raw]) => ({
    name,
    original: typeof raw.original === 'string' ? raw.original : name,
    description: typeof raw.description === 'string' ? raw.description : raw.description === false ? false : '',
    deprecated: typeof raw.deprecated === 'string' || typeof raw.deprecated === 'boolean' ? raw.deprecated : undefined,
    builder: raw.builder,
    handler: typeof raw.handler === 'function' && !isYargsNoop(raw.handler) ? (raw.handler as YargsCommandRecord['handler']) : undefined,
    demanded: Array.isArray(raw.demanded) ? (raw.demanded as YargsSlot[]) : [],
    optional: Array.isArray(raw.optional) ? (raw.optional as YargsSlot[]) : [],
  }));
}

/** Every word that runs a command declared on `instance`, by the command it runs: its name, then its aliases (`aliasMap` is private). */
export function commandWords(instance: object): ReadonlyMap<string, readonly string[]> {
  const command = internals(instance).getCommandInstance() as unknown as { getCommandHandlers(): Record<string, unknown>; aliasMap?: Record<string, string> };
  const words = new Map<string, string[]>(Object.keys(command.getCommandHandlers()).map((name) => [name, [name]]));
  for (const [alias, name] of Object.entries(command.aliasMap ?? {})) words.get(name)?.push(alias);
  return words;
}

/** Option descriptions by key, translations resolved to their English text; yargs' own options are left out. */
export function optionDescriptions(instance: object): { readonly text: ReadonlyMap<string, string>; readonly builtIn: ReadonlySet<string> } {
  const text = new Map<string, string>();
  const builtIn = new Set<string>();
  for (const [key, value] of Object.entries(internals(instance).getUsageInstance().getDescriptions())) {
    if (typeof value !== 'string') continue;
    if (BUILT_IN_DESCRIPTIONS.has(value)) builtIn.add(key);
    else if (value) text.set(key, value.startsWith(DEFERRED) ? value.slice(DEFERRED.length) : value);
  }
  return { text, builtIn };
}

/** The keys `.positional()` declared, which yargs files in its (translated) positionals group. */
export function positionalGroupKeys(instance: object): readonly string[] {
  const group = internals(instance).getUsageInstance().getPositionalGroupName();
  const groups = (instance as { getGroups(): Record<string, readonly string[]> }).getGroups();
  return groups[group] ?? [];
}

/** An instance with no commands and no options but yargs' own: a parse of it only peeks at the command line, and runs nothing. */
export function declaresNothing(instance: object): boolean {
  const root = unwrapYargs(instance);
  const keys = Object.keys((root as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
  const { builtIn } = optionDescriptions(root);
  return commandRecords(root).length === 0 && keys.every((key) => builtIn.has(key));
}

/** `.parserConfiguration({…})` as set on this instance. */
export function parserConfiguration(instance: object): Readonly<Record<string, unknown>> {
  return internals(instance).getParserConfiguration();
}

const sandboxes = new WeakSet<object>();

/** An instance {@link sandboxFor} made: a builder that ends in `.argv` (yargs 16's idiom) parses one. */
export function isSandbox(instance: object): boolean {
  return sandboxes.has(instance);
}

/**
 * A fresh instance of the same yargs copy, as if inside the command `fullCommand`, for a builder to run
 * on: the instance reflected is never changed, and no parse happens.
 */
export function sandboxFor(instance: object, fullCommand: string): object {
  if (isClasslessYargs(instance)) {
    const factory = classlessFactory(instance);
    if (!factory) throw new Error('this yargs 16 copy was not seen being built from a file (bundled?): its builders cannot be run apart');
    // 16 runs a builder on `yargs.reset()`, and `.positional()` refuses an instance never reset.
    const sandbox = (factory([], process.cwd()) as { reset(): object }).reset();
    sandboxes.add(sandbox);
    internals(sandbox).getContext().fullCommands.push(fullCommand);
    return sandbox;
  }
  const { shim } = internals(instance).getCommandInstance();
  const YargsInstance = (Object.getPrototypeOf(instance) as { constructor: new (...args: unknown[]) => object }).constructor;
  const locale = shim.y18n?.getLocale();
  const sandbox = new YargsInstance([], shim.process.cwd(), undefined, shim);
  sandboxes.add(sandbox);
  if (locale !== undefined) shim.y18n?.setLocale(locale);
  // `.positional()` reads the command string being built from the context, as during a real parse.
  internals(sandbox).getContext().fullCommands.push(fullCommand);
  return sandbox;
}

/**
 * Calls `onInstance` with every yargs instance a yargs factory creates from now on, whichever copy of
 * yargs it comes from (nested, bundled, ESM or CommonJS build). Call it before the program is imported.
 * Returns a function that stops watching.
 */
export function watchYargsInstances(onInstance: (instance: object) => void): () => void {
  const define = Object.defineProperty;
  // The factories define each new instance's `argv` getter: the one moment every copy of yargs shares.
  const watching = function <T>(target: T, key: PropertyKey, attributes: PropertyDescriptor & ThisType<unknown>): T {
    const result = define(target, key, attributes);
    if (key === 'argv' && typeof target === 'object' && isYargsInstance(target)) {
      const file = callerFile();
      if (file !== undefined) builtBy.set(target, file);
      onInstance(target);
    }
    return result;
  };
  Object.defineProperty = watching;
  return () => {
    if (Object.defineProperty === watching) Object.defineProperty = define;
  };
}

/** The file of the first stack frame outside this one: the yargs factory that is defining `argv`. */
function callerFile(): string | undefined {
  const own = fileURLToPath(import.meta.url);
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const location = /\(?((?:file:\/\/)?\/[^()]+?):\d+:\d+\)?$/.exec(line.trim())?.[1];
    if (location === undefined) continue;
    const file = location.startsWith('file:') ? fileURLToPath(location) : location;
    if (file !== own) return file;
  }
  return undefined;
}
