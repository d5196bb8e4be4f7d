import type { OptionSpec, PositionalSpec, RunnableCommand } from '../types.js';
import { describeArgs, describeOption, describePassthrough, flagsDescription, MAX_COUNT } from './describe.js';
import type { JsonSchema } from './json-schema.js';

/** Flag schemas by option shape: an option declared the same way (an inherited `--verbose`) is written once and shared. */
export type OptionSchemaMemo = Map<string, JsonSchema>;

/**
 * The advertised JSON Schema of one tool's input, written straight from the spec: the same bytes as
 * `toJsonSchema(inputSchemaFor(command))`, key order included, without building a zod schema. Flag
 * schemas come from `memo` when an option of the same shape was seen; shared ones are frozen.
 */
export function inputJsonSchemaFor(command: RunnableCommand, memo: OptionSchemaMemo = new Map()): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const winners: Record<string, OptionSpec> = {};
  for (const option of command.options) {
    properties[option.name] = optionJson(option, memo);
    winners[option.name] = option;
  }
  const required = Object.keys(properties).filter((name) => winners[name]?.required);
  const flags: JsonSchema = { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false, description: flagsDescription(command.options) };
  const fields: Record<string, JsonSchema> = { flags, args: argsJson(command.positionals) };
  const top: string[] = [];
  // A shadowed required option still makes `flags` required, as in the zod schema.
  if (command.options.some((option) => option.required)) top.push('flags');
  if (command.positionals.some((positional) => positional.required)) top.push('args');
  const passthrough = command.passthrough;
  if (passthrough) {
    const list = { type: 'array', items: { type: 'string' }, description: describePassthrough(passthrough) };
    fields.passthrough = passthrough.required ? { minItems: 1, ...list } : list;
    if (passthrough.required) top.push('passthrough');
  }
  return { type: 'object', properties: fields, ...(top.length ? { required: top } : {}), additionalProperties: false };
}

function argsJson(positionals: readonly PositionalSpec[]): JsonSchema {
  const variadic = positionals.at(-1)?.variadic === true;
  return {
    minItems: positionals.filter((positional) => positional.required).length,
    ...(variadic ? {} : { maxItems: positionals.length }),
    type: 'array',
    items: { type: 'string' },
    description: describeArgs(positionals),
  };
}

function optionJson(option: OptionSpec, memo: OptionSchemaMemo): JsonSchema {
  const key = shapeKey(option);
  const known = key === undefined ? undefined : memo.get(key);
  if (known) return known;
  const schema = deepFreeze(writeOption(option));
  if (key !== undefined) memo.set(key, schema);
  return schema;
}

/** Everything the flag schema reads, as one string (`{}` for an absent field); none for a default that is not plain JSON. */
function shapeKey(option: OptionSpec): string | undefined {
  if (option.default !== undefined && !isPlain(option.default)) return undefined;
  const { type, flag, negation, optionalValue, variadic, count, choices, examples, default: fallback, required, description, arity, closedBy, inside, syntax, afterOperands, amongOperands } = option;
  return JSON.stringify([type, flag, negation, optionalValue, variadic, count, choices, examples, fallback, required, description, arity, closedBy, inside, syntax, afterOperands, amongOperands].map((part) => (part === undefined ? {} : part)));
}

function isPlain(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => item !== null && typeof item !== 'object' && isPlain(item));
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** zod's key order: the value keywords, then `description`, then `default`; a union of bare types folds into a `type` list at the end. */
function writeOption(option: OptionSpec): JsonSchema {
  const values = withSwitches(option, option.variadic ? listJson(option) : valueJson(option));
  const description = describeOption(option);
  // A default the option itself would refuse (`"0"` typed as 0, a value outside the enum) would mislead the model.
  const fallback = option.default !== undefined && accepts(option, option.default) ? { default: JSON.parse(JSON.stringify(option.default)) as unknown } : {};
  const annotated = { ...values, ...(description ? { description } : {}), ...fallback };
  return foldBareTypes(annotated);
}

function valueJson(option: OptionSpec): JsonSchema {
  switch (option.type) {
    case 'boolean':
      return onlyTrue(option) ? { type: 'boolean', const: true } : { type: 'boolean' };
    case 'integer':
      return option.count ? { type: 'integer', minimum: 0, maximum: MAX_COUNT } : { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'string':
      // z.enum keys its values by an object: duplicates collapse and integer-like strings come first.
      if (option.choices?.length) return { type: 'string', enum: Object.values(Object.fromEntries(option.choices.map((choice) => [choice, choice]))) };
      return option.required ? { type: 'string', minLength: 1 } : { type: 'string' };
  }
}

function listJson(option: OptionSpec): JsonSchema {
  const list = { type: 'array', items: valueJson(option) };
  return option.required ? { minItems: 1, ...list } : list;
}

function withSwitches(option: OptionSpec, schema: JsonSchema): JsonSchema {
  if (option.type === 'boolean') return schema;
  const on = option.optionalValue === true && option.flag !== undefined;
  const off = option.negation !== undefined;
  if (on && off) return { anyOf: [schema, { type: 'boolean' }] };
  if (on) return { anyOf: [schema, { type: 'boolean', const: true }] };
  if (off) return { anyOf: [schema, { type: 'boolean', const: false }] };
  return schema;
}

/** zod's last pass: `anyOf` of schemas that are only a `type` becomes a `type` list, written after the other keys. */
function foldBareTypes(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || !branches.every((branch: JsonSchema) => Object.keys(branch).length === 1 && 'type' in branch)) return schema;
  const { anyOf: _folded, ...rest } = schema;
  const types = [...new Set(branches.map((branch: JsonSchema) => branch.type as string))];
  return { ...rest, type: types.length === 1 ? types[0] : types };
}

/** A switch with default true and no `--no-` form: only `true` is accepted. */
function onlyTrue(option: OptionSpec): boolean {
  return !option.negation && option.default === true;
}

/** Whether the option's zod schema (without `.optional()`) would accept `value`: mirrors input.ts check for check. */
function accepts(option: OptionSpec, value: unknown): boolean {
  if (option.type !== 'boolean') {
    if (value === true && option.optionalValue === true && option.flag !== undefined) return true;
    if (value === false && option.negation !== undefined) return true;
  }
  if (!option.variadic) return acceptsItem(option, value);
  return Array.isArray(value) && (!option.required || value.length >= 1) && value.length % (option.arity ?? 1) === 0 && value.every((item) => acceptsItem(option, item));
}

function acceptsItem(option: OptionSpec, value: unknown): boolean {
  switch (option.type) {
    case 'boolean':
      return onlyTrue(option) ? value === true : typeof value === 'boolean';
    case 'integer':
      return Number.isSafeInteger(value) && (!option.count || ((value as number) >= 0 && (value as number) <= MAX_COUNT));
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      if (option.choices?.length) return typeof value === 'string' && option.choices.includes(value);
      return typeof value === 'string' && (!option.required || value.length >= 1);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
