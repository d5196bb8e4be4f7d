import { CliMcpError } from '../errors.js';
import type { Middleware } from './context.js';
import { refuse } from './refuse.js';
import { wholeNumber } from '../options.js';

/** Bounds on a raw `tools/call` input, checked before the zod schema sees it. */
export interface InputLimits {
  /**
   * Most UTF-8 bytes in one string (a flag value, an array item, a positional, a key).
   * Linux refuses a single argument of 128 KiB or more (MAX_ARG_STRLEN), and `--flag=` adds to the value.
   * @default 65536
   */
  readonly maxValueBytes?: number;
  /** Most positionals in `args`. @default 1000 */
  readonly maxArgs?: number;
  /** Most items in any other array, and most keys in any object. @default 1000 */
  readonly maxArrayItems?: number;
  /**
   * Deepest nesting of objects and arrays: the input is level 1, `flags` and `args` level 2,
   * an array flag value level 3. A valid call never goes past 3.
   * @default 4
   */
  readonly maxDepth?: number;
  /**
   * Values that may hold line feeds (LF, `\n`): free text such as a commit message. Each entry is a
   * flag name (`message`: that flag in every tool) or a tool name and a flag name (`git_commit.message`:
   * in that tool only). `args` names the positionals and `passthrough` the words after `--`
   * (`git_commit.args`: that tool's; a flag called `args` is named the same way). An array flag's
   * items follow the flag. NUL and CR stay refused everywhere, and every other value stays one line.
   * @default []
   * @example { multilineFlags: ['git_commit.message', 'body'] }
   */
  readonly multilineFlags?: readonly string[];
}

/** The outcome of `hardenInput`. */
export type HardenedInput = { ok: true; input: unknown } | { ok: false; message: string };

const DEFAULTS = { maxValueBytes: 65_536, maxArgs: 1000, maxArrayItems: 1000, maxDepth: 4 } as const;
type SizeLimit = keyof typeof DEFAULTS;
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** Top-level keys of words that are not flags: `multilineFlags` names them as they are. */
const POSITIONAL_KEYS: ReadonlySet<string> = new Set(['args', 'passthrough']);
const FORBIDDEN_CHARACTERS: Readonly<Record<string, string>> = {
  '\0': 'a NUL character (\\0); a command line cannot carry it',
  '\r': 'a carriage return (\\r); values must be one line',
  '\n': 'a line feed (\\n); values must be one line',
};
const CR_IN_MULTILINE = 'a carriage return (\\r); end lines with \\n alone';
// Past this many problems the model has enough to fix; stop walking.
const MAX_PROBLEMS = 10;

type Limits = Readonly<Record<SizeLimit, number>> & { readonly multiline: ReadonlySet<string> };
type Walk = { readonly limits: Limits; readonly problems: string[]; readonly tool: string | undefined };
/** A flag value or the positionals: what `multilineFlags` calls it, and whether it may hold line feeds. */
type Lines = { readonly name: string; readonly allowed: boolean };

/**
 * Checks and copies the raw arguments of a `tools/call` before zod validation.
 *
 * - `flags` sent as a JSON string of an object, or `args` as a JSON string of an array, is decoded
 *   (models sometimes do this); any other string is left for zod to refuse.
 * - Own keys `__proto__`, `constructor` and `prototype` are refused at any depth; their values are never read.
 * - A string (value, array item, positional or key) holding NUL, CR or LF is refused, naming the field and the character;
 *   LF is accepted in the values `multilineFlags` names for `tool` (the tool's name), and the refusal of
 *   any other value names the entry that would allow it.
 * - A string over `maxValueBytes`, `args` over `maxArgs`, another array (or object) over `maxArrayItems`
 *   and nesting past `maxDepth` are refused; sizes are checked before contents, so oversized input is not walked.
 * - Everything else passes untouched in meaning, as a fresh tree of plain objects and arrays, so
 *   later code never sees the sender's prototypes. A non-object input is returned as is for zod to refuse.
 *
 * Types are not coerced: a numeric string such as `"10"` for an integer flag stays a string, and
 * zod refuses it with a message that names the flag and the expected type.
 *
 * Each problem is one line (`flags.name: contains a line feed (\n); values must be one line; to allow several
 * lines here, start the server with --allow-multiline todo_add.name …`); several are joined with newlines, at most ten.
 * @throws {CliMcpError} `cli-mcp.invalid-option` when a limit is not a positive integer or a `multilineFlags` entry is not a name.
 */
export function hardenInput(raw: unknown, limits?: InputLimits, tool?: string): HardenedInput {
  return harden(raw, normaliseLimits(limits), tool);
}

/**
 * A middleware that runs `hardenInput` on `ctx.rawInput`: it replaces it with the hardened copy, or
 * ends the call with an `isError` result. Place it before `validate`, which reads `ctx.rawInput`.
 * @throws {CliMcpError} `cli-mcp.invalid-option` when a limit is not a positive integer.
 */
export function hardenInputMiddleware(limits?: InputLimits): Middleware {
  const checked = normaliseLimits(limits);
  return async (ctx, next) => {
    const outcome = harden(ctx.rawInput, checked, ctx.tool.name);
    if (!outcome.ok) {
      refuse(ctx, outcome.message, 'refused: unsafe input');
      return;
    }
    ctx.rawInput = outcome.input;
    await next();
  };
}

function normaliseLimits(limits: InputLimits = {}): Limits {
  const pick = (name: SizeLimit): number => {
    const value = limits[name];
    return wholeNumber(name, value, DEFAULTS[name]);
  };
  return { maxValueBytes: pick('maxValueBytes'), maxArgs: pick('maxArgs'), maxArrayItems: pick('maxArrayItems'), maxDepth: pick('maxDepth'), multiline: multilineNames(limits.multilineFlags) };
}

function multilineNames(entries: readonly string[] = []): ReadonlySet<string> {
  if (!Array.isArray(entries)) throw new CliMcpError('cli-mcp.invalid-option', `multilineFlags must be an array of flag names, got ${JSON.stringify(entries)}`);
  for (const entry of entries) {
    // A name or tool.name; an empty part or a space would silently match nothing.
    if (typeof entry !== 'string' || !/^[^\s.][^\s]*$/.test(entry) || entry.endsWith('.')) {
      throw new CliMcpError('cli-mcp.invalid-option', `multilineFlags entries must be flag names such as "message" or "git_commit.message", got ${JSON.stringify(entry)}`);
    }
  }
  return new Set(entries);
}

function harden(raw: unknown, limits: Limits, tool: string | undefined): HardenedInput {
  if (!isRecord(raw)) return { ok: true, input: raw };
  const walk: Walk = { limits, problems: [], tool };
  const input = walkObject(raw, '', 1, walk);
  if (walk.problems.length > 0) return { ok: false, message: walk.problems.join('\n') };
  return { ok: true, input };
}

/** At the top level, `flags` sent as a JSON object string and `args` as a JSON array string are decoded. */
function topLevelValue(record: Record<string, unknown>, key: string): unknown {
  const value = record[key];
  if (key === 'flags') return decoded(value, isRecord) ?? value;
  if (key === 'args') return decoded(value, Array.isArray) ?? value;
  return value;
}

function decoded(value: unknown, fits: (parsed: unknown) => boolean): unknown {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return fits(parsed) ? parsed : undefined;
  } catch {
    return undefined; // not JSON: zod refuses the string with its usual message
  }
}

/** `lines` is set for a flag's value and for the positionals, and follows them into array items. */
function walkValue(value: unknown, field: string, depth: number, walk: Walk, lines?: Lines): unknown {
  if (typeof value === 'string') {
    checkString(value, field, walk, lines);
    return value;
  }
  if (Array.isArray(value)) return walkArray(value, field, depth + 1, walk, lines);
  if (isRecord(value)) return walkObject(value, field, depth + 1, walk);
  return value;
}

function walkArray(items: readonly unknown[], field: string, depth: number, walk: Walk, lines: Lines | undefined): unknown[] {
  if (tooDeep(field, depth, walk)) return [];
  const isArgs = field === 'args';
  const limit = isArgs ? walk.limits.maxArgs : walk.limits.maxArrayItems;
  if (items.length > limit) {
    report(walk, `${field}: has ${items.length} items; at most ${limit} ${isArgs ? 'positionals' : 'items'} are accepted`);
    return [];
  }
  const copy: unknown[] = [];
  for (let index = 0; index < items.length && !full(walk); index += 1) {
    copy.push(walkValue(items[index], `${field}[${index}]`, depth, walk, lines));
  }
  return copy;
}

function walkObject(record: Record<string, unknown>, field: string, depth: number, walk: Walk): Record<string, unknown> {
  if (tooDeep(field, depth, walk)) return {};
  for (const key of PROTOTYPE_KEYS) {
    // Checked as own keys, whether enumerable or not: JSON.parse makes `__proto__` an ordinary own key.
    if (Object.hasOwn(record, key)) report(walk, `${join(field, key)}: the key "${key}" is not accepted (it can alter object prototypes); remove it`);
  }
  const keys = Object.keys(record).filter((key) => !isPrototypeKey(key));
  if (keys.length > walk.limits.maxArrayItems) {
    report(walk, `${field || 'input'}: has ${keys.length} keys; at most ${walk.limits.maxArrayItems} are accepted`);
    return {};
  }
  const entries: [string, unknown][] = [];
  for (const key of keys) {
    if (full(walk)) break;
    if (!checkString(key, `${field || 'input'} key ${preview(key)}`, walk)) continue;
    const value = field ? record[key] : topLevelValue(record, key);
    const named = (field === '' && POSITIONAL_KEYS.has(key)) || (field === 'flags' && depth === 2);
    entries.push([key, walkValue(value, join(field, key), depth, walk, named ? linesOf(key, walk) : undefined)]);
  }
  return Object.fromEntries(entries);
}

/** Reports an oversized string or one with NUL/CR/LF (LF where `lines` allows it is fine); true when it is fine. Size first, so a huge string is not scanned. */
function checkString(text: string, field: string, walk: Walk, lines?: Lines): boolean {
  const limit = walk.limits.maxValueBytes;
  // A UTF-16 code unit takes 1 to 3 UTF-8 bytes, so short strings need no byte count.
  if (text.length * 3 > limit) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > limit) {
      report(walk, `${field}: is ${bytes} bytes, over the limit of ${limit} bytes per value; pass large content another way (a file, for instance)`);
      return false;
    }
  }
  const found = (lines?.allowed ? /[\0\r]/ : /[\0\r\n]/).exec(text);
  if (!found) return true;
  const character = found[0];
  if (lines?.allowed && character === '\r') report(walk, `${field}: contains ${CR_IN_MULTILINE}`);
  else if (lines && character === '\n') report(walk, `${field}: contains ${FORBIDDEN_CHARACTERS[character]}; ${multilineHint(lines, walk)}`);
  else report(walk, `${field}: contains ${FORBIDDEN_CHARACTERS[character] ?? 'a forbidden character'}`);
  return false;
}

function linesOf(name: string, walk: Walk): Lines {
  const { multiline } = walk.limits;
  return { name, allowed: multiline.has(name) || (walk.tool !== undefined && multiline.has(`${walk.tool}.${name}`)) };
}

/** Tells whoever runs the server which entry would let this value hold several lines. */
function multilineHint(lines: Lines, walk: Walk): string {
  const entry = walk.tool === undefined ? lines.name : `${walk.tool}.${lines.name}`;
  return `to allow several lines here, start the server with --allow-multiline ${entry} (inputLimits.multilineFlags: ["${entry}"] in the library)`;
}

function tooDeep(field: string, depth: number, walk: Walk): boolean {
  if (depth <= walk.limits.maxDepth) return false;
  report(walk, `${field}: nested ${depth} levels deep; at most ${walk.limits.maxDepth} are accepted (flag values are strings, numbers, booleans or arrays of them)`);
  return true;
}

function report(walk: Walk, problem: string): void {
  if (!full(walk)) walk.problems.push(problem);
}

function full(walk: Walk): boolean {
  return walk.problems.length >= MAX_PROBLEMS;
}

/** `flags.name` for plain keys, `flags["a b"]` otherwise, as validation messages write paths. */
function join(field: string, key: string): string {
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return field ? `${field}.${key}` : key;
  return `${field}[${preview(key)}]`;
}

/** A key as JSON, cut short so a message stays one readable line. */
function preview(key: string): string {
  const text = JSON.stringify(key);
  return text.length > 40 ? `${text.slice(0, 37)}..."` : text;
}

function isPrototypeKey(key: string): boolean {
  return (PROTOTYPE_KEYS as readonly string[]).includes(key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
