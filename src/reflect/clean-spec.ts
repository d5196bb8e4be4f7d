import { sanitizeText } from '../sanitize-text.js';
import { escapeRegExp } from './help/regexp.js';
import type { CommandSpec, OptionSpec, PositionalSpec } from '../types.js';

/** Characters kept of a description; longer ones end in an ellipsis. */
export const MAX_DESCRIPTION_CHARS = 1_000;
/** Characters kept of a command's examples; longer ones end in an ellipsis. */
export const MAX_EXAMPLES_CHARS = 4_000;
/** Characters kept of what a manual says beyond the description. */
export const MAX_DETAILS_CHARS = 2_000;

/** How long each text field may be. */
const LIMITS: Readonly<Record<string, number>> = { description: MAX_DESCRIPTION_CHARS, examples: MAX_EXAMPLES_CHARS, details: MAX_DETAILS_CHARS };

/**
 * The one place reflected text is made plain: colours (chalk's ANSI escapes), other escape sequences,
 * control, bidi and zero-width characters are removed from every description, example and default
 * string in the tree, as the output of a call is (`sanitizeText`). Text left empty is dropped; a
 * description is cut to 1,000 characters and examples to 4,000, ending in `…`.
 * Names, flags and choices are left alone: they are what the program is called with.
 */
export function cleanSpec(spec: CommandSpec): CommandSpec {
  return withText(
    {
      ...spec,
      options: spec.options.map(cleanOption),
      positionals: spec.positionals.map(cleanPositional),
      subcommands: spec.subcommands.map(cleanSpec),
      ...(spec.passthrough ? { passthrough: withText({ ...spec.passthrough }, ['description']) } : {}),
    },
    ['description', 'examples', 'details'],
  );
}

function cleanOption(option: OptionSpec): OptionSpec {
  return withDefault(withText({ ...option }, ['description']));
}

function cleanPositional(positional: PositionalSpec): PositionalSpec {
  return withDefault(withText({ ...positional }, ['description']));
}

/** The given text fields cleaned, trimmed and capped; one that ends up empty is removed. */
function withText<T extends object>(value: T, keys: readonly string[]): T {
  const record = value as Record<string, unknown>;
  for (const key of keys) {
    const text = record[key];
    if (typeof text !== 'string') continue;
    const clean = sanitizeText(text).trim();
    if (clean === '') delete record[key];
    else record[key] = capped(clean, LIMITS[key] ?? MAX_DESCRIPTION_CHARS);
  }
  return value;
}

function withDefault<T extends { readonly default?: unknown }>(value: T): T {
  return 'default' in value ? { ...value, default: cleanValue(value.default) } : value;
}

/** Strings anywhere in a JSON default (`['\x1b[1ma\x1b[22m']` too). */
function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeText(value);
  if (Array.isArray(value)) return value.map(cleanValue);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanValue(item)]));
  return value;
}

/** At most `max` characters (code points, so no surrogate pair is split), the last an ellipsis when cut. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * The tree without the directory it was reflected in (a path, or a pattern of such paths), where cli-mcp happened to run,
 * not what the program documents: defaults that name it go (nyc's and commitlint's `--cwd`, `process.cwd()` when the
 * program loads), and text that names it says `.` instead (textlint's `- default: /tmp/cli-mcp-help-x/.textlintcache`).
 */
export function withoutDirectory(spec: CommandSpec, dir: string | RegExp): CommandSpec {
  const source = typeof dir === 'string' ? escapeRegExp(dir) : dir.source;
  const whole = new RegExp(`^(?:${source})(?:/|$)`);
  // `<dir>/x` says `./x`, `<dir>` alone `.`.
  const inText = new RegExp(`(?:${source})(/?)`, 'g');
  const relative = <T extends { readonly description?: string }>(item: T): T => {
    // Run from `/` (a container's workdir), every path in the text would name it: nothing is rewritten.
    const text = dir === '/' ? item.description : item.description?.replace(inText, '.$1');
    return text === item.description ? item : { ...item, description: text };
  };
  const without = <T extends OptionSpec | PositionalSpec>(item: T): T => {
    if (typeof item.default !== 'string' || !whole.test(item.default)) return relative(item);
    const { default: _here, ...rest } = item;
    return relative(rest as T);
  };
  const clean = (command: CommandSpec): CommandSpec => ({ ...relative(command), options: command.options.map(without), positionals: command.positionals.map(without), subcommands: command.subcommands.map(clean) });
  return clean(spec);
}
