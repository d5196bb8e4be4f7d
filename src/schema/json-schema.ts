import * as z from 'zod';

export type JsonSchema = Record<string, unknown>;

/** The advertised JSON Schema of a zod schema: plain, without a `$schema` key or zod's safe-integer bounds. */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    override: ({ jsonSchema }) => {
      // What says nothing costs bytes in every list: an array of anything, an object of anything.
      if (jsonSchema.type === 'array' && isEmpty(jsonSchema.items)) delete jsonSchema.items;
      if (jsonSchema.type === 'object' && isEmpty(jsonSchema.properties) && isEmpty(jsonSchema.additionalProperties)) {
        delete jsonSchema.properties;
        delete jsonSchema.additionalProperties;
      }
      if (jsonSchema.type !== 'integer') return;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
