import type { RunnableCommand, ScopedOption, ToolInput } from '../types.js';
import { formatNumber } from './format-number.js';

/**
 * Turn a validated tool call into the arguments for the program (the program itself, `path[0]`,
 * is not included). Pure: the same command and input always give the same array.
 *
 * - Order follows declaration, never the key order of `input.flags`: each subcommand word is
 *   followed by the options declared at that depth, so inherited options sit after the word of
 *   the command that declares them.
 * - Positionals come last, after `--`, so none can be read as a flag; `--` is left out when there are none.
 * - A value is always one token: `--name=VALUE` for a long flag, `-nVALUE` for a short-only one,
 *   so a value starting with `-` stays a value.
 * - `true` renders the flag, `false` the negation (or nothing); `null`, `undefined`, `""` and `[]`
 *   render nothing; an array repeats the flag once per element, a `count` option once per unit.
 *   Keys that are not options are ignored.
 *
 * @example
 * buildArgv(
 *   { path: ['kubectl', 'get'], options: [{ name: 'namespace', type: 'string', flag: '--namespace', depth: 0 }], positionals: [] },
 *   { flags: { namespace: 'prod' }, args: ['pods'] },
 * ) // ['--namespace=prod', 'get', '--', 'pods']
 */
export function buildArgv(command: RunnableCommand, input: ToolInput): string[] {
  const flags: Readonly<Record<string, unknown>> = input?.flags ?? {};
  const args: readonly string[] = input?.args ?? [];
  const path = command.path;
  const last = Math.max(path.length - 1, 0);
  const argv: string[] = [];

  for (let depth = 0; depth <= last; depth += 1) {
    const word = path[depth];
    if (depth > 0 && word !== undefined) argv.push(word);
    for (const spec of command.options) {
      if (spec.depth !== depth) continue;
      if (!Object.hasOwn(flags, spec.name)) continue;
      argv.push(...renderOption(spec, flags[spec.name]));
    }
  }

  if (args.length > 0) argv.push('--', ...args);
  return argv;
}

/** The tokens one option's value renders to. */
function renderOption(spec: ScopedOption, value: unknown): string[] {
  if (spec.count === true) return renderCount(spec, value);
  if (value === true) {
    // A value option given `true` without `optionalValue` would swallow the next token as its value.
    const bare = spec.type === 'boolean' || spec.optionalValue === true;
    return bare && spec.flag !== undefined ? [spec.flag] : [];
  }
  if (value === false) return spec.negation !== undefined ? [spec.negation] : [];
  if (spec.flag === undefined) return [];
  const flag = spec.flag;
  const values = Array.isArray(value) ? (value as readonly unknown[]) : [value];
  const tokens: string[] = [];
  for (const item of values) {
    const text = renderValue(item);
    if (text !== undefined) tokens.push(withValue(flag, text));
  }
  return tokens;
}

/** A counted option: the flag once per unit (`3` → `--verbose --verbose --verbose`); anything but a positive integer renders nothing. */
function renderCount(spec: ScopedOption, value: unknown): string[] {
  const flag = spec.flag;
  if (flag === undefined || typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) return [];
  return Array.from({ length: value }, () => flag);
}

/** A scalar value as text, or `undefined` when it renders nothing. */
function renderValue(value: unknown): string | undefined {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

/** One token carrying both flag and value, so the CLI cannot split them apart. */
function withValue(flag: string, value: string): string {
  // getopt and commander read a short option's value attached (`-n5`); `-n=5` would give "=5".
  const shortOnly = flag.length === 2 && flag[0] === '-' && flag[1] !== '-';
  return shortOnly ? `${flag}${value}` : `${flag}=${value}`;
}
