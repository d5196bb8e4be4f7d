/**
 * Programs built on Node's own `util.parseArgs` (mocha 12, citty's and jackspeak's programs) are read from their
 * help, which often leaves out which options take a value (mocha's `--extension`, `--require`). The option table
 * they hand parseArgs says it: the load worker records it, and the help's options are typed by it.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { CommandSpec, OptionSpec } from '../types.js';

/** One option as the program declared it to parseArgs. */
export interface DeclaredOption {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
}

/** A program's parseArgs option table, by long name. */
export type DeclaredOptions = Readonly<Record<string, DeclaredOption>>;

type ParseArgs = (config?: { options?: Record<string, { type?: unknown; short?: unknown }> }) => unknown;

/** Worker side: records the option table of every later `parseArgs` call (ESM imports of it too); answers the largest. */
export function watchParseArgs(): () => DeclaredOptions | undefined {
  const util = createRequire(import.meta.url)('node:util') as { parseArgs?: ParseArgs };
  const original = util.parseArgs;
  if (typeof original !== 'function') return () => undefined;
  let largest: Record<string, DeclaredOption> | undefined;
  util.parseArgs = function (this: unknown, config) {
    const table: Record<string, DeclaredOption> = {};
    for (const [name, option] of Object.entries(config?.options ?? {})) {
      if (option?.type !== 'string' && option?.type !== 'boolean') continue;
      table[name] = typeof option.short === 'string' ? { type: option.type, short: option.short } : { type: option.type };
    }
    if (Object.keys(table).length > Object.keys(largest ?? {}).length) largest = table;
    return original.call(this, config);
  };
  syncBuiltinESMExports();
  return () => largest;
}

/**
 * The root's options typed as the program declared them: a switch the help showed without a value takes one when
 * parseArgs reads a string for it, and the reverse. A number the help names stays a number (parseArgs reads every
 * value as a string); a command's own options are left as its help writes them (the table is the root's parse).
 */
export function typedByParser(spec: CommandSpec, declared: DeclaredOptions): CommandSpec {
  const bySpelling = new Map<string, DeclaredOption>();
  for (const [name, option] of Object.entries(declared)) {
    bySpelling.set(`--${name}`, option);
    if (option.short !== undefined) bySpelling.set(`-${option.short}`, option);
  }
  const typed = (option: OptionSpec): OptionSpec => {
    const found = [option.flag, ...(option.aliases ?? [])].map((spelling) => (spelling === undefined ? undefined : bySpelling.get(spelling))).find(Boolean);
    if (found === undefined || (found.type === 'boolean') === (option.type === 'boolean')) return option;
    if (found.type === 'string') return { ...option, type: 'string' };
    const { optionalValue: _optional, valueForm: _form, variadic: _variadic, arity: _arity, choices: _choices, default: _default, ...rest } = option;
    return { ...rest, type: 'boolean' };
  };
  return { ...spec, options: spec.options.map(typed) };
}
