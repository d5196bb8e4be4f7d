/**
 * Checks a client's answer to an elicitation form. The spec keeps a form to a flat object of primitive fields
 * (string, number, integer, boolean, enums and multi-select lists), so no general JSON Schema engine is needed:
 * the SDK's default, ajv, costs every start about 15 ms to compile, for the one form cli-mcp asks.
 * String formats (email, uri, date) are not checked.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/server';

type Field = Exclude<JsonSchemaType['properties'], undefined>[string];

export class FormAnswerValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (input) => {
      const problem = answerProblem(schema, input);
      return problem === undefined ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: problem };
    };
  }
}

function answerProblem(schema: JsonSchemaType, input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'the answer must be an object';
  const answer = input as Record<string, unknown>;
  const missing = (schema.required ?? []).find((name) => !Object.hasOwn(answer, name));
  if (missing !== undefined) return `"${missing}" is required`;
  for (const [name, value] of Object.entries(answer)) {
    const field = schema.properties?.[name];
    const problem = field === undefined || typeof field === 'boolean' ? undefined : fieldProblem(field, value);
    if (problem !== undefined) return `"${name}" ${problem}`;
  }
  return undefined;
}

function fieldProblem(field: Exclude<Field, boolean>, value: unknown): string | undefined {
  const choices = choicesOf(field);
  if (choices !== undefined && !choices.includes(value)) return `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}`;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (value.length < (field.minLength ?? 0)) return `must be at least ${field.minLength} characters`;
      return value.length > (field.maxLength ?? Infinity) ? `must be at most ${field.maxLength} characters` : undefined;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value) || (field.type === 'integer' && !Number.isInteger(value))) return `must be ${field.type === 'integer' ? 'an integer' : 'a number'}`;
      if (value < (field.minimum ?? -Infinity)) return `must be at least ${field.minimum}`;
      return value > (field.maximum ?? Infinity) ? `must be at most ${field.maximum}` : undefined;
    case 'array': {
      if (!Array.isArray(value)) return 'must be a list';
      const items = typeof field.items === 'object' && !Array.isArray(field.items) ? choicesOf(field.items) : undefined;
      const stray = items === undefined ? undefined : value.find((item) => !items.includes(item));
      return stray === undefined ? undefined : `lists ${JSON.stringify(stray)}, not one of ${items!.map((choice) => JSON.stringify(choice)).join(', ')}`;
    }
    default:
      return undefined;
  }
}

/** An enum's values, or a titled enum's (`oneOf`/`anyOf` of `const`s). */
function choicesOf(field: Field): readonly unknown[] | undefined {
  if (typeof field === 'boolean') return undefined;
  if (field.enum !== undefined) return field.enum;
  const titled = field.oneOf ?? field.anyOf;
  return titled?.map((option) => (typeof option === 'object' ? option.const : undefined));
}
