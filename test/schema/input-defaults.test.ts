import { describe, expect, it } from 'vitest';
import { inputSchemaFor } from '../../src/schema/input.js';
import { toJsonSchema, type JsonSchema } from '../../src/schema/json-schema.js';
import type { PositionalSpec, ScopedOption } from '../../src/types.js';
import { option, positional, runnable } from '../helpers/commands.js';

/** The published JSON Schema of one flag. */
function flagSchema(spec: ScopedOption): JsonSchema {
  const schema = toJsonSchema(inputSchemaFor(runnable({ options: [spec] })));
  const flags = (schema.properties as Record<string, JsonSchema>).flags as JsonSchema;
  return (flags.properties as Record<string, JsonSchema>)[spec.name] as JsonSchema;
}

/** The published description of `args` for one positional. */
function argsDescription(spec: PositionalSpec): string {
  const schema = toJsonSchema(inputSchemaFor(runnable({ positionals: [spec] })));
  return String(((schema.properties as Record<string, JsonSchema>).args as JsonSchema).description);
}

describe('option defaults', () => {
  it.each([
    ['a string option with a number default', option('port', 'string', { default: 0 })],
    ['a boolean with an object default', option('force', 'boolean', { default: { on: true } })],
    ['a choice option with a default outside its choices', option('mode', 'string', { choices: ['fast', 'slow'], default: 'medium' })],
    ['an integer option with a fractional default', option('limit', 'integer', { default: 2.5 })],
    ['a number option with a string default', option('ratio', 'number', { default: '0.5' })],
    ['a number option with an infinite default', option('ratio', 'number', { default: Number.POSITIVE_INFINITY })],
    ['a variadic option with a string default', option('tag', 'string', { variadic: true, default: 'a' })],
    ['a variadic option with a list holding a wrong item', option('tag', 'string', { variadic: true, default: ['a', 1] })],
    ['a variadic choice option with a list holding an unknown choice', option('kind', 'string', { variadic: true, choices: ['a', 'b'], default: ['a', 'c'] })],
    ['a count with a default past its cap', option('verbose', 'integer', { count: true, default: 500 })],
    ['an option with a null default', option('name', 'string', { default: null })],
  ])('when %s then the default is not published', (_, spec) => {
    expect(flagSchema(spec)).not.toHaveProperty('default');
  });

  it.each([
    ['a string option with a string default', option('name', 'string', { default: 'world' }), 'world'],
    ['a boolean with a false default', option('force', 'boolean', { default: false }), false],
    ['a lone negation with a true default', { ...option('color', 'boolean', { default: true }), flag: undefined, negation: '--no-color' }, true],
    ['a choice option with one of its choices', option('mode', 'string', { choices: ['fast', 'slow'], default: 'slow' }), 'slow'],
    ['an integer option with an integer default', option('limit', 'integer', { default: 10 }), 10],
    ['a number option with a fractional default', option('ratio', 'number', { default: 0.5 }), 0.5],
    ['a variadic option with an empty list', option('tag', 'string', { variadic: true, default: [] }), []],
    ['a variadic option with a list of fitting items', option('tag', 'string', { variadic: true, default: ['a', 'b'] }), ['a', 'b']],
    ['an optional-value option with true', option('cheese', 'string', { optionalValue: true, default: true }), true],
    ['a value option with a negation and false', option('sauce', 'string', { negation: '--no-sauce', default: false }), false],
  ] as const)('when %s then the default is published', (_, spec, expected) => {
    expect(flagSchema(spec as ScopedOption)).toMatchObject({ default: expected });
  });

  it('when a default is not published then the option still accepts fitting values', () => {
    const spec = option('port', 'string', { default: 0 });
    expect(inputSchemaFor(runnable({ options: [spec] })).safeParse({ flags: { port: '8080' } }).success).toBe(true);
  });
});

describe('positional defaults in the args description', () => {
  it.each([
    ['a string positional with a number default', positional('name', { default: 0 })],
    ['a string positional with an object default', positional('name', { default: { a: 1 } })],
    ['a positional with a default outside its choices', positional('level', { choices: ['low', 'high'], default: 'medium' })],
    ['an integer positional with a fractional default', positional('count', { type: 'integer', default: 2.5 })],
    ['an integer positional with a non-numeric string default', positional('count', { type: 'integer', default: 'many' })],
    ['a number positional with NaN', positional('ratio', { type: 'number', default: Number.NaN })],
    ['a variadic positional with a string default', positional('files', { variadic: true, default: 'a.txt' })],
    ['a variadic positional with a list holding a number', positional('files', { variadic: true, default: ['a.txt', 3] })],
  ])('when %s then no default is described', (_, spec) => {
    expect(argsDescription(spec)).not.toContain('default');
  });

  it.each([
    ['a string positional with a string default', positional('name', { default: 'world' }), 'default "world"'],
    ['a positional with one of its choices', positional('level', { choices: ['low', 'high'], default: 'low' }), 'default "low"'],
    ['an integer positional with its parsed number default', positional('count', { type: 'integer', default: 3 }), 'default 3'],
    ['a number positional with a numeric string default', positional('ratio', { type: 'number', default: '0.5' }), 'default "0.5"'],
    ['a variadic positional with a list of strings', positional('files', { variadic: true, default: ['a.txt'] }), 'default ["a.txt"]'],
  ])('when %s then the default is described', (_, spec, expected) => {
    expect(argsDescription(spec)).toContain(expected);
  });
});
