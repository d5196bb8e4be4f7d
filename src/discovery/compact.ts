import type { JsonSchema } from '../schema/json-schema.js';
import type { RunnableCommand } from '../types.js';
import { ARGS_HEADER, FLAGS_DESCRIPTION } from '../schema/describe.js';
import { firstSentence } from './search.js';

/**
 * The notes schema/input.ts appends to a flag's description (`(true passes --x without a value; false
 * passes --no-x)`): they say what `true`/`false`/a count mean for this flag, so compaction keeps them.
 */
const FLAG_NOTES = /\s*\(((?:true passes |false passes |a count: )[^()]*)\)$/;
/** A later sentence naming the accepted values. */
const VALUE_LIST = /(?<=[.!?:]\s+)(?:one of|possible values|allowed values|valid values|must be one of)\b[^\n]*/i;
/** A line of the positional list schema/input.ts writes into `args`: `1. pod (required): …`. */
const POSITIONAL_LINE = /^\d+\. /;

/**
 * Options every command has, declared the same way (deep-equal, key order independent), so their
 * advertised schemas are the same: found from the specs, without building a schema. Empty for fewer
 * than 2 commands.
 */
export function sharedOptionNames(commands: readonly RunnableCommand[]): Set<string> {
  const [first, ...others] = commands;
  if (!first || others.length === 0) return new Set();
  const candidates = new Map(first.options.map((option) => [option.name, { option, json: JSON.stringify(option) }]));
  for (const command of others) {
    const seen = new Set<string>();
    for (const option of command.options) {
      const candidate = candidates.get(option.name);
      if (!candidate) continue;
      seen.add(option.name);
      // The same JSON is the common case (one reflection wrote both); key order aside, compare deeply.
      if (JSON.stringify(option) !== candidate.json && !sameValue(option, candidate.option)) candidates.delete(option.name);
    }
    for (const name of candidates.keys()) if (!seen.has(name)) candidates.delete(name);
    if (candidates.size === 0) break;
  }
  return new Set(candidates.keys());
}

/**
 * The list form of one tool's input schema. Flags in `shared` keep their type, enum, default and items
 * but lose their description (its full text belongs in the describe tool and the server instructions;
 * a fixed "Global flag." costs bytes and tells a model nothing the flag's absence of text does not),
 * except for the notes on what `true`/`false`/a count pass. Other flag descriptions, and those of
 * `passthrough`, are cut to their first sentence ({@link firstSentence}), notes kept; the `args`
 * description keeps its header and one line per positional, each cut to its first sentence. Descriptions
 * are rewritten wherever they sit on those schemas: the property itself and its nested
 * `items`/`prefixItems`/`anyOf`/`oneOf`/`allOf` members; the `args` header is shortened, the generic `flags`
 * line and an `args` `minItems` of 0 are left out. Everything else (types, `required`, enums,
 * `additionalProperties`, bounds) is untouched, so the compacted schema accepts exactly the same inputs.
 * Returns a new object; the input is not modified.
 */
export function compactInputSchema(schema: JsonSchema, shared: ReadonlySet<string>): JsonSchema {
  const compact = structuredClone(schema);
  for (const part of objectSchemas(compact)) {
    const properties = part.properties as Record<string, unknown>;
    for (const flags of objectSchemas(properties.flags)) {
      for (const [name, property] of Object.entries(flags.properties as Record<string, unknown>)) {
        rewriteDescriptions(property, shared.has(name) ? notesOnly : shortFlagText);
      }
    }
    // The generic line on `flags` says nothing a model needs; its properties say it all.
    for (const flags of objectSchemas(properties.flags)) if (flags.description === FLAGS_DESCRIPTION) delete flags.description;
    rewriteDescriptions(properties.passthrough, shortFlagText);
    const args = properties.args;
    if (isSchema(args) && typeof args.description === 'string') args.description = shortArgsText(args.description);
    if (isSchema(args) && args.minItems === 0) delete args.minItems; // no bound at all
    for (const member of subschemas(args)) rewriteDescriptions(member, shortFlagText);
  }
  return compact;
}

/** Deep equality of JSON-like values, key order aside (an undefined property counts as absent, as in JSON). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const defined = (value: object) => Object.entries(value).filter(([, item]) => item !== undefined);
  const left = defined(a);
  const right = new Map(defined(b));
  return left.length === right.size && left.every(([key, item]) => right.has(key) && sameValue(item, right.get(key)));
}

/** The schema and its union/intersection members that declare `properties` (a wrapped `flags` object). */
function objectSchemas(schema: unknown): JsonSchema[] {
  if (!isSchema(schema)) return [];
  const own = isSchema(schema.properties) ? [schema] : [];
  const members = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  return [...own, ...members.flatMap(objectSchemas)];
}

/** Schemas nested in a value schema that may carry their own description. */
function subschemas(schema: unknown): unknown[] {
  if (!isSchema(schema)) return [];
  const items = Array.isArray(schema.items) ? schema.items : [schema.items];
  const lists = ['prefixItems', 'anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  return [...items, ...lists].filter(isSchema);
}

/** Rewrites the description of a schema and of every schema nested in it; `undefined` drops it. */
function rewriteDescriptions(schema: unknown, rewrite: (text: string) => string | undefined): void {
  if (!isSchema(schema)) return;
  if (typeof schema.description === 'string') {
    const text = rewrite(schema.description);
    if (text) schema.description = text;
    else delete schema.description;
  }
  for (const member of subschemas(schema)) rewriteDescriptions(member, rewrite);
}

function shortFlagText(text: string): string {
  const notes = FLAG_NOTES.exec(text);
  const body = notes ? text.slice(0, notes.index) : text;
  // A sentence listing the accepted values (kubectl's `--output`: "One of: (json, yaml, …)") is what a model most needs.
  const values = VALUE_LIST.exec(body);
  const sentence = [firstSentence(body), values ? firstSentence(values[0], 200) : ''].filter(Boolean).join(' ');
  return notes ? `${sentence} (${notes[1]})`.trim() : sentence;
}

function notesOnly(text: string): string | undefined {
  const notes = FLAG_NOTES.exec(text);
  return notes ? `(${notes[1]})` : undefined;
}

/** The header and one line per positional, each to its first sentence; a positional's continuation lines go. */
function shortArgsText(text: string): string {
  const [header = '', ...lines] = text.trim().split('\n');
  const positionals = lines.filter((line) => POSITIONAL_LINE.test(line));
  if (positionals.length === 0) return firstSentence(text);
  return [header === ARGS_HEADER ? SHORT_ARGS_HEADER : header, ...positionals].map((line) => firstSentence(line)).join('\n');
}

/** The `args` header in a list: what it says, in half the bytes. */
const SHORT_ARGS_HEADER = 'Positionals in order (never read as flags):';

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
