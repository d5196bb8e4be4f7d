import type { JsonSchema } from '../schema/json-schema.js';

/**
 * The keywords every strict-mode model accepts. OpenAI has added some number, string and array
 * keywords since strict mode shipped, but not for every model (fine-tuned ones, Azure deployments):
 * the rest are moved into descriptions, which every model reads.
 */
const STRICT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'const', 'description']);

/** Keywords that only label a schema: dropped without a word (the tool's own title stays in `name`). */
const DROPPED_KEYWORDS = new Set(['title', '$schema', '$id', '$comment']);

/** Structure that no description can carry: a schema using it has no strict form. */
const STRUCTURAL_KEYWORDS = new Set(['allOf', 'oneOf', 'not', '$ref', '$defs', 'definitions', 'if', 'then', 'else', 'patternProperties', 'prefixItems', 'dependentSchemas']);

/** Either the strict form of a tool's input schema, or why it has none. */
export type StrictResult = { readonly ok: true; readonly schema: JsonSchema } | { readonly ok: false; readonly reason: string };

/**
 * A tool's input schema in OpenAI's strict subset: every property required (the optional ones
 * nullable, null meaning "not given"), every object closed, any other keyword written into the
 * description. A schema that has no strict form (an open object, items of any type) says why.
 */
export function toStrictSchema(schema: JsonSchema): StrictResult {
  try {
    return { ok: true, schema: strictNode(schema, 'input', false) };
  } catch (error) {
    if (error instanceof NotStrict) return { ok: false, reason: error.message };
    throw error;
  }
}

class NotStrict extends Error {}

function strictNode(schema: JsonSchema, path: string, nullable: boolean): JsonSchema {
  const out: JsonSchema = {};
  const notes: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (STRICT_KEYWORDS.has(keyword) || DROPPED_KEYWORDS.has(keyword)) continue;
    if (STRUCTURAL_KEYWORDS.has(keyword)) throw new NotStrict(`${path} uses ${keyword}`);
    notes.push(describeKeyword(keyword, value));
  }
  if (schema.type !== undefined) out.type = schema.type;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  if ('const' in schema) out.const = schema.const;
  if (Array.isArray(schema.anyOf)) out.anyOf = schema.anyOf.map((branch: JsonSchema, index) => strictNode(branch, `${path}.anyOf[${index}]`, false));
  if (isObjectSchema(schema)) Object.assign(out, strictObject(schema, path));
  if (hasType(schema, 'array')) out.items = strictItems(schema.items, path);
  if (out.type === undefined && out.anyOf === undefined && out.enum === undefined && !('const' in out)) {
    throw new NotStrict(`${path} accepts a value of any type`);
  }
  const description = [typeof schema.description === 'string' ? schema.description : '', notes.length ? `(${notes.join('; ')})` : ''].filter(Boolean).join(' ');
  if (description) out.description = description;
  return nullable ? withNull(out) : out;
}

function strictObject(schema: JsonSchema, path: string): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // An open object (any key, or keys of some schema; JSON Schema's default) has no strict form: strict mode closes every object.
  if (schema.additionalProperties !== false) throw new NotStrict(`${path} takes any keys`);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const strict: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) strict[name] = strictNode(property, `${path}.${name}`, !required.has(name));
  return { properties: strict, required: Object.keys(strict), additionalProperties: false };
}

function strictItems(items: unknown, path: string): JsonSchema {
  if (items === undefined || typeof items !== 'object' || items === null || Array.isArray(items)) throw new NotStrict(`${path} holds items of any type`);
  return strictNode(items as JsonSchema, `${path}[]`, false);
}

/** Optional becomes required-but-nullable: a null type joins the union, or wraps an enum or a constant. */
function withNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  if (schema.enum !== undefined || 'const' in schema) {
    const { description, ...value } = schema;
    return { anyOf: [value, { type: 'null' }], ...(description === undefined ? {} : { description }) };
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
}

function isObjectSchema(schema: JsonSchema): boolean {
  return hasType(schema, 'object') || (schema.type === undefined && schema.properties !== undefined);
}

function hasType(schema: JsonSchema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** A removed keyword as words a model reads. */
function describeKeyword(keyword: string, value: unknown): string {
  const shown = JSON.stringify(value);
  switch (keyword) {
    case 'default':
      return `default ${shown}`;
    case 'minLength':
      return value === 1 ? 'not empty' : `at least ${shown} characters`;
    case 'maxLength':
      return `at most ${shown} characters`;
    case 'pattern':
      return `matching the regular expression ${shown}`;
    case 'format':
      return `format ${shown}`;
    case 'minimum':
      return `at least ${shown}`;
    case 'maximum':
      return `at most ${shown}`;
    case 'exclusiveMinimum':
      return `more than ${shown}`;
    case 'exclusiveMaximum':
      return `less than ${shown}`;
    case 'multipleOf':
      return `a multiple of ${shown}`;
    case 'minItems':
      return `at least ${shown} item${value === 1 ? '' : 's'}`;
    case 'maxItems':
      return `at most ${shown} item${value === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return value === true ? 'no item twice' : `uniqueItems ${shown}`;
    case 'examples':
      return `for example ${Array.isArray(value) ? value.map((example) => JSON.stringify(example)).join(', ') : shown}`;
    default:
      return `${keyword}: ${shown}`;
  }
}
