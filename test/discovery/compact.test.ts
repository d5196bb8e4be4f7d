import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compactInputSchema, sharedOptionNames } from '../../src/discovery/compact.js';
import type { JsonSchema } from '../../src/schema/json-schema.js';
import { buildTools } from '../../src/tool/build-tools.js';
import type { CommandSpec } from '../../src/types.js';
import { spec } from '../helpers/commands.js';

/** Three commands sharing two global options, each with one local option. */
const kube: CommandSpec = spec('kube', {
  runnable: false,
  options: [
    { name: 'namespace', type: 'string', flag: '--namespace', aliases: ['-n'], description: 'If present, the namespace scope for this CLI request. Defaults to the current context.' },
    { name: 'color', type: 'boolean', negation: '--no-color', default: true, description: 'Colour the output. On by default.' },
  ],
  subcommands: [
    spec('get', {
      description: 'Display one or many resources.',
      options: [{ name: 'output', type: 'string', flag: '--output', choices: ['json', 'yaml'], description: 'Output format. One of: json, yaml.' }],
      positionals: [
        { name: 'kind', type: 'string', required: true, variadic: false, description: 'The kind of resource, e.g. pods. Case-insensitive.' },
        { name: 'names', type: 'string', required: false, variadic: true, description: 'Names to get.\nAll of them when none is given.' },
      ],
    }),
    spec('logs', {
      options: [{ name: 'tail', type: 'integer', flag: '--tail', default: -1, description: 'Lines of recent log file to display. Defaults to -1.' }],
      positionals: [{ name: 'pod', type: 'string', required: true, variadic: false }],
    }),
    spec('exec', {
      options: [{ name: 'description', type: 'string', flag: '--description', optionalValue: true, description: 'A flag named description. It is a property name, not a keyword.' }],
      passthrough: { name: 'COMMAND', required: true, description: 'The command to run. Its arguments follow.' },
    }),
  ],
});

const tools = buildTools(kube);
const schemas = tools.map((tool) => tool.inputJsonSchema);
const commands = tools.map((tool) => tool.command);
const shared = sharedOptionNames(commands);
const [get, logs, exec] = schemas.map((schema) => compactInputSchema(schema, shared));

const propertiesOf = (schema: unknown): Record<string, JsonSchema> => (schema as { properties: Record<string, JsonSchema> }).properties;
const flagsOf = (schema: JsonSchema | undefined): Record<string, JsonSchema> => propertiesOf(propertiesOf(schema).flags);

describe('sharedOptionNames', () => {
  it('when every command has the same global options then exactly those are shared', () => {
    expect(shared).toEqual(new Set(['namespace', 'color']));
  });

  it('when fewer than two commands are given then no flag is shared', () => {
    expect(sharedOptionNames([])).toEqual(new Set());
    expect(sharedOptionNames(commands.slice(0, 1))).toEqual(new Set());
  });

  it('when an option is declared differently in one command then it is not shared', () => {
    const changed = commands.map((command, index) => (index === 1 ? { ...command, options: command.options.map((option) => (option.name === 'namespace' ? { ...option, description: 'Another namespace.' } : option)) } : command));
    expect(sharedOptionNames(changed)).toEqual(new Set(['color']));
  });

  it('when an option is missing from one command then it is not shared', () => {
    const changed = commands.map((command, index) => (index === 2 ? { ...command, options: command.options.filter((option) => option.name !== 'color') } : command));
    expect(sharedOptionNames(changed)).toEqual(new Set(['namespace']));
  });

  it('when the same option lists its keys in another order then it is still shared', () => {
    const changed = commands.map((command, index) => (index === 0 ? { ...command, options: command.options.map((option) => Object.fromEntries(Object.entries(option).reverse()) as typeof option) } : command));
    expect(sharedOptionNames(changed)).toEqual(shared);
  });
});

describe('compactInputSchema', () => {
  it('when a tool is compacted then shared flags lose their description and keep their type and default', () => {
    expect(flagsOf(get).namespace).toEqual({ type: 'string' });
    expect(flagsOf(logs).namespace).toEqual({ type: 'string' });
  });

  it('when a shared flag carries a note on what false or true passes then the note stays', () => {
    expect(flagsOf(get).color).toEqual({ type: 'boolean', default: true, description: '(false passes --no-color)' });
  });

  it('when a flag is not shared then its description is cut to its first sentence, and a sentence listing its values is kept', () => {
    expect(flagsOf(get).output).toEqual({ type: 'string', enum: ['json', 'yaml'], description: 'Output format. One of: json, yaml.' });
    expect(flagsOf(logs).tail).toEqual({ type: 'integer', default: -1, description: 'Lines of recent log file to display.' });
  });

  it('when a flag is named description then it stays a flag and only its description is cut, note kept', () => {
    expect(flagsOf(exec).description).toEqual({
      anyOf: [{ type: 'string' }, { type: 'boolean', const: true }],
      description: 'A flag named description. (true passes --description without a value)',
    });
  });

  it('when a command has positionals then args keeps a short header and one line per positional, each to its first sentence', () => {
    expect(propertiesOf(get).args?.description).toBe(
      'Positionals in order (never read as flags):\n1. kind (required): The kind of resource, e.g. pods.\n2. names (optional, takes the rest): Names to get.',
    );
  });

  it('when a tool is compacted then the generic flags line and a minItems of 0 are left out, other bounds kept', () => {
    type Shape = { properties: { flags: { description?: string }; args: { minItems?: number; maxItems?: number } } };
    const [optional] = buildTools(spec('opt', { positionals: [{ name: 'name', type: 'string', required: false, variadic: false }] })).map((tool) => tool.inputJsonSchema as unknown as Shape);
    const full = [schemas[0], optional].map((schema) => schema as unknown as Shape);
    expect(full.map((schema) => [schema.properties.flags.description, schema.properties.args.minItems])).toEqual([
      ['Options (flags) of the command, by name.', 1],
      ['Options (flags) of the command, by name.', 0],
    ]);
    const compact = full.map((schema) => compactInputSchema(schema as unknown as JsonSchema, new Set()) as unknown as Shape);
    expect(compact.map((schema) => [schema.properties.flags.description, schema.properties.args.minItems, schema.properties.args.maxItems])).toEqual([
      [undefined, 1, undefined],
      [undefined, undefined, 1],
    ]);
  });

  it('when a command has passthrough words then their description is cut to its first sentence', () => {
    expect(propertiesOf(exec).passthrough?.description).toBe('COMMAND: The command to run.');
  });

  it('when a tool is compacted then the whole schema is pinned', () => {
    expect(get).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "args": {
            "description": "Positionals in order (never read as flags):
      1. kind (required): The kind of resource, e.g. pods.
      2. names (optional, takes the rest): Names to get.",
            "items": {
              "type": "string",
            },
            "minItems": 1,
            "type": "array",
          },
          "flags": {
            "additionalProperties": false,
            "properties": {
              "color": {
                "default": true,
                "description": "(false passes --no-color)",
                "type": "boolean",
              },
              "namespace": {
                "type": "string",
              },
              "output": {
                "description": "Output format. One of: json, yaml.",
                "enum": [
                  "json",
                  "yaml",
                ],
                "type": "string",
              },
            },
            "type": "object",
          },
        },
        "required": [
          "args",
        ],
        "type": "object",
      }
    `);
  });

  it('when a schema is compacted then the input is not modified', () => {
    const before = structuredClone(schemas);
    schemas.forEach((schema) => compactInputSchema(schema, shared));
    expect(schemas).toEqual(before);
  });

  it('when a schema is compacted then it accepts and rejects exactly the same inputs', () => {
    const ajv = new Ajv2020({ allErrors: true });
    const inputs: unknown[] = [
      {},
      { flags: { namespace: 'prod', color: false } },
      { flags: { namespace: 1 } },
      { flags: { bogus: true } },
      { flags: { output: 'json' } },
      { flags: { output: 'xml' } },
      { flags: { tail: 5 } },
      { flags: { tail: 1.5 } },
      { flags: { description: true } },
      { flags: { description: false } },
      { flags: { description: 'text' } },
      { args: [] },
      { args: ['pods'] },
      { args: ['pods', 'a', 'b'] },
      { args: [1] },
      { passthrough: [] },
      { passthrough: ['ls', '-l'] },
      { extra: 1 },
    ];
    const outcomes = schemas.map((schema, index) => {
      const original = ajv.compile(schema);
      const compacted = ajv.compile(compactInputSchema(schema, shared));
      return inputs.map((input) => {
        expect([tools[index]?.name, input, compacted(input)]).toEqual([tools[index]?.name, input, original(input)]);
        return original(input);
      });
    });
    // Every tool both accepts and refuses some of these inputs, so the comparison is not vacuous.
    for (const results of outcomes) expect(new Set(results)).toEqual(new Set([true, false]));
  });

  it('when descriptions sit on nested members or flags is a union then they are cut there too', () => {
    const long = 'First sentence. Second sentence.';
    const wrapped: JsonSchema = {
      type: 'object',
      properties: {
        flags: {
          anyOf: [
            {
              type: 'object',
              properties: {
                mode: { anyOf: [{ type: 'string', description: long }, { type: 'boolean', description: long }], description: long },
                tags: { type: 'array', items: { type: 'string', description: long }, description: long },
                pair: { type: 'array', prefixItems: [{ type: 'string', description: long }] },
              },
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
        args: { type: 'array', items: { type: 'string', description: long }, description: long },
      },
    };
    expect(compactInputSchema(wrapped, new Set(['tags']))).toEqual({
      type: 'object',
      properties: {
        flags: {
          anyOf: [
            {
              type: 'object',
              properties: {
                mode: { anyOf: [{ type: 'string', description: 'First sentence.' }, { type: 'boolean', description: 'First sentence.' }], description: 'First sentence.' },
                tags: { type: 'array', items: { type: 'string' } },
                pair: { type: 'array', prefixItems: [{ type: 'string', description: 'First sentence.' }] },
              },
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
        args: { type: 'array', items: { type: 'string', description: 'First sentence.' }, description: 'First sentence.' },
      },
    });
  });
});
