import { describe, expect, it } from 'vitest';
import { inputSchemaFor } from '../../src/schema/input.js';
import { toJsonSchema, type JsonSchema } from '../../src/schema/json-schema.js';
import type { RunnableCommand } from '../../src/types.js';
import { option, positional, runnable } from '../helpers/commands.js';

/** One option of every kind the reflection produces, and positionals of every kind. */
const everyKind: RunnableCommand = runnable({
  path: ['todo', 'add'],
  options: [
    option('verbose', 'boolean', { description: 'Say more' }),
    { name: 'color', type: 'boolean', negation: '--no-color', default: true, depth: 0, description: 'Colour output' },
    option('cache', 'boolean', { negation: '--no-cache' }),
    option('sauce', 'string', { negation: '--no-sauce', description: 'Sauce type' }),
    option('cheese', 'string', { optionalValue: true }),
    option('tag', 'string', { variadic: true }),
    option('mode', 'string', { choices: ['fast', 'slow'] }),
    option('limit', 'integer'),
    option('ratio', 'number'),
    option('retries', 'integer', { default: 3 }),
    option('force', 'boolean', { default: true }),
    option('title', 'string', { required: true }),
  ],
  positionals: [
    positional('list', { required: true, description: 'Which list' }),
    positional('priority', { choices: ['low', 'high'] }),
    positional('rest', { variadic: true, default: [] }),
  ],
});

const fixed: RunnableCommand = runnable({
  positionals: [positional('count', { type: 'integer', required: true }), positional('ratio', { type: 'number' })],
});

const parse = (command: RunnableCommand, input: unknown) => inputSchemaFor(command).safeParse(input);
const json = (command: RunnableCommand): JsonSchema => toJsonSchema(inputSchemaFor(command));
const flagsOf = (schema: JsonSchema) => (schema.properties as Record<string, JsonSchema>).flags as JsonSchema;
const argsOf = (schema: JsonSchema) => (schema.properties as Record<string, JsonSchema>).args as JsonSchema;
const issuesOf = (command: RunnableCommand, input: unknown) => {
  const result = parse(command, input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

describe('the advertised input JSON Schema', () => {
  it('when a command has every option and positional kind then the schema is pinned', () => {
    expect(json(everyKind)).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "args": {
            "description": "Positional arguments, in order (always passed as positionals, never as flags):
      1. list (required): Which list
      2. priority (optional, one of low|high)
      3. rest (optional, takes the rest, default [])",
            "items": {
              "type": "string",
            },
            "minItems": 1,
            "type": "array",
          },
          "flags": {
            "additionalProperties": false,
            "description": "Options (flags) of the command, by name.",
            "properties": {
              "cache": {
                "type": "boolean",
              },
              "cheese": {
                "anyOf": [
                  {
                    "type": "string",
                  },
                  {
                    "const": true,
                    "type": "boolean",
                  },
                ],
                "description": "(true passes --cheese without a value)",
              },
              "color": {
                "default": true,
                "description": "Colour output (false passes --no-color)",
                "type": "boolean",
              },
              "force": {
                "const": true,
                "default": true,
                "type": "boolean",
              },
              "limit": {
                "type": "integer",
              },
              "mode": {
                "enum": [
                  "fast",
                  "slow",
                ],
                "type": "string",
              },
              "ratio": {
                "type": "number",
              },
              "retries": {
                "default": 3,
                "type": "integer",
              },
              "sauce": {
                "anyOf": [
                  {
                    "type": "string",
                  },
                  {
                    "const": false,
                    "type": "boolean",
                  },
                ],
                "description": "Sauce type (false passes --no-sauce)",
              },
              "tag": {
                "items": {
                  "type": "string",
                },
                "type": "array",
              },
              "title": {
                "minLength": 1,
                "type": "string",
              },
              "verbose": {
                "description": "Say more",
                "type": "boolean",
              },
            },
            "required": [
              "title",
            ],
            "type": "object",
          },
        },
        "required": [
          "flags",
          "args",
        ],
        "type": "object",
      }
    `);
  });

  it('when a command has no options or positionals then flags is an empty strict object and args takes no items', () => {
    expect(json(runnable())).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "args": {
            "description": "Positional arguments: this command takes none.",
            "items": {
              "type": "string",
            },
            "maxItems": 0,
            "minItems": 0,
            "type": "array",
          },
          "flags": {
            "additionalProperties": false,
            "description": "Options (flags) of the command, by name.",
            "properties": {},
            "type": "object",
          },
        },
        "type": "object",
      }
    `);
  });

  it('when the schema is generated then it has no $schema key and integers carry no safe-integer bounds', () => {
    const schema = json(everyKind);
    expect(schema).not.toHaveProperty('$schema');
    expect(JSON.stringify(schema)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect((flagsOf(schema).properties as Record<string, JsonSchema>).limit).toEqual({ type: 'integer' });
  });

  it('when a required option exists then flags is required and strict, otherwise flags is optional', () => {
    const withRequired = json(everyKind);
    expect(withRequired.required).toContain('flags');
    expect(flagsOf(withRequired).additionalProperties).toBe(false);
    expect(flagsOf(withRequired).required).toEqual(['title']);
    const withoutRequired = json(runnable({ options: [option('verbose', 'boolean')] }));
    expect(withoutRequired.required ?? []).not.toContain('flags');
    expect(flagsOf(withoutRequired).additionalProperties).toBe(false);
  });

  it('when positionals are fixed then args has minItems and maxItems; a variadic last one lifts maxItems', () => {
    expect(argsOf(json(fixed))).toMatchObject({ minItems: 1, maxItems: 2 });
    expect(argsOf(json(everyKind)).minItems).toBe(1);
    expect(argsOf(json(everyKind))).not.toHaveProperty('maxItems');
  });

  it('when the whole schema is walked then it uses only keywords every MCP client understands', () => {
    const allowed = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'description', 'default', 'minItems', 'maxItems', 'minLength', 'anyOf']);
    const used = new Set<string>();
    const walk = (node: JsonSchema): void => {
      for (const [key, value] of Object.entries(node)) {
        used.add(key);
        if (key === 'properties') Object.values(value as Record<string, JsonSchema>).forEach(walk);
        if (key === 'anyOf') (value as JsonSchema[]).forEach(walk);
        if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') walk(value as JsonSchema);
      }
    };
    for (const command of [everyKind, fixed, runnable()]) walk(json(command));
    expect([...used].filter((key) => !allowed.has(key))).toEqual([]);
    expect(used).toContain('anyOf');
  });
});

describe('a counted option (yargs count, -vvv)', () => {
  const counted = runnable({ options: [option('verbose', 'integer', { count: true, description: 'Say more' })] });

  it('when an option is a count then it is advertised as a bounded non-negative integer saying how it repeats', () => {
    expect((flagsOf(json(counted)).properties as Record<string, JsonSchema>).verbose).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 100,
      description: 'Say more (a count: 2 passes --verbose twice)',
    });
  });

  it('when a count is negative, fractional, too large or a boolean then it is refused, and 0 to 100 are accepted', () => {
    for (const bad of [-1, 1.5, 101, true]) expect(parse(counted, { flags: { verbose: bad } }).success).toBe(false);
    for (const good of [0, 3, 100]) expect(parse(counted, { flags: { verbose: good } }).success).toBe(true);
    expect(issuesOf(counted, { flags: { verbose: true } })).toEqual([{ path: ['flags', 'verbose'], message: 'expected an integer from 0 to 100' }]);
  });
});

describe('parsing a call with the input schema', () => {
  it('when an option has a default then it is published but not filled in on parse', () => {
    expect((flagsOf(json(everyKind)).properties as Record<string, JsonSchema>).retries).toMatchObject({ default: 3 });
    const result = parse(everyKind, { flags: { title: 'x' }, args: ['inbox'] });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ flags: { title: 'x' }, args: ['inbox'] });
  });

  it('when flags is optional and left out then the parsed input has no flags key', () => {
    const result = parse(fixed, { args: ['1'] });
    expect(result.data).toEqual({ args: ['1'] });
  });

  it('when a switch defaults to true and has no negation then only true is accepted', () => {
    expect(parse(everyKind, { flags: { title: 'x', force: true }, args: ['a'] }).success).toBe(true);
    expect(issuesOf(everyKind, { flags: { title: 'x', force: false }, args: ['a'] })).toMatchObject([{ path: ['flags', 'force'] }]);
  });

  it('when a value option has a negation then it accepts a string or false but not true', () => {
    expect(parse(everyKind, { flags: { title: 'x', sauce: 'mild' }, args: ['a'] }).success).toBe(true);
    expect(parse(everyKind, { flags: { title: 'x', sauce: false }, args: ['a'] }).success).toBe(true);
    expect(issuesOf(everyKind, { flags: { title: 'x', sauce: true }, args: ['a'] })).toMatchObject([{ path: ['flags', 'sauce'] }]);
  });

  it('when an option value is optional then true is accepted but false is not', () => {
    expect(parse(everyKind, { flags: { title: 'x', cheese: true }, args: ['a'] }).success).toBe(true);
    expect(parse(everyKind, { flags: { title: 'x', cheese: 'brie' }, args: ['a'] }).success).toBe(true);
    expect(issuesOf(everyKind, { flags: { title: 'x', cheese: false }, args: ['a'] })).toMatchObject([{ path: ['flags', 'cheese'] }]);
  });

  it('when a lone negation is given false or true then both are accepted', () => {
    expect(parse(everyKind, { flags: { title: 'x', color: false }, args: ['a'] }).success).toBe(true);
    expect(parse(everyKind, { flags: { title: 'x', color: true }, args: ['a'] }).success).toBe(true);
  });

  it('when a variadic option gets a single string instead of a list then it is refused', () => {
    expect(parse(everyKind, { flags: { title: 'x', tag: ['a', 'b'] }, args: ['a'] }).success).toBe(true);
    expect(issuesOf(everyKind, { flags: { title: 'x', tag: 'a' }, args: ['a'] })).toMatchObject([{ path: ['flags', 'tag'] }]);
  });

  it('when an integer option gets a fraction or a choice option an unknown value then each is refused at its path', () => {
    const issues = issuesOf(everyKind, { flags: { title: 'x', limit: 1.5, mode: 'medium', ratio: 0.5 }, args: ['a'] });
    expect(issues.map((issue) => issue.path)).toEqual([['flags', 'mode'], ['flags', 'limit']]);
  });

  it('when a required string option is empty then it is refused', () => {
    expect(issuesOf(everyKind, { flags: { title: '' }, args: ['a'] })).toMatchObject([{ path: ['flags', 'title'] }]);
  });

  it('when a positional has choices then another value is refused at args[i]', () => {
    expect(parse(everyKind, { flags: { title: 'x' }, args: ['inbox', 'high'] }).success).toBe(true);
    expect(issuesOf(everyKind, { flags: { title: 'x' }, args: ['inbox', 'urgent'] })).toEqual([
      { path: ['args', 1], message: '<priority> must be one of "low", "high"' },
    ]);
  });

  it('when a numeric positional is not a number then it is refused at args[i]', () => {
    expect(parse(fixed, { args: ['-3', '2.5'] }).success).toBe(true);
    expect(issuesOf(fixed, { args: ['2.5', 'abc'] })).toEqual([
      { path: ['args', 0], message: '<count> must be an integer' },
      { path: ['args', 1], message: '<ratio> must be a number' },
    ]);
  });

  it('when a variadic positional takes the rest then any number of extra args is accepted', () => {
    expect(parse(everyKind, { flags: { title: 'x' }, args: ['inbox', 'low', 'a', 'b', 'c'] }).success).toBe(true);
  });
});
