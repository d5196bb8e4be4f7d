import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { toOpenAi, type OpenAiChatTool, type OpenAiResponsesTool } from '../../src/export/openai.js';
import { toStrictSchema } from '../../src/export/openai-strict.js';
import type { JsonSchema } from '../../src/schema/json-schema.js';
import { everyKind, listedOf, todoTools } from './listed.js';
import { scratchMaker } from '../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-export-openai-');

/** Keywords a strict schema may hold; anything else means a meaning was not moved into a description. */
const ALLOWED = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'const', 'description']);

/** Every problem strict mode would have with a schema, as paths: empty when it is strict. */
function strictProblems(schema: JsonSchema, at = 'input'): string[] {
  const problems = Object.keys(schema).filter((key) => !ALLOWED.has(key)).map((key) => `${at}: ${key}`);
  const types = [schema.type].flat();
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (schema.additionalProperties !== false) problems.push(`${at}: open object`);
    if (JSON.stringify(schema.required) !== JSON.stringify(Object.keys(properties))) problems.push(`${at}: not every property required`);
    for (const [name, property] of Object.entries(properties)) problems.push(...strictProblems(property, `${at}.${name}`));
  }
  if (types.includes('array')) problems.push(...strictProblems(schema.items as JsonSchema, `${at}[]`));
  for (const [index, branch] of ((schema.anyOf ?? []) as JsonSchema[]).entries()) problems.push(...strictProblems(branch, `${at}.anyOf[${index}]`));
  return problems;
}

async function todoListed() {
  return (await todoTools(scratch())).catalog.listed;
}

describe('OpenAI export', () => {
  it('when every option kind is exported then each command\'s schema is strict: closed, fully required, no unsupported keyword left', () => {
    const { tools, notStrict } = toOpenAi(listedOf(everyKind));
    // run_start takes any command's flags: an open object, which strict mode cannot say.
    expect(notStrict).toEqual([{ name: 'kinds_run_start', reason: 'input.flags takes any keys' }]);
    for (const tool of (tools as OpenAiChatTool[]).filter((each) => each.function.name !== 'kinds_run_start')) {
      expect(tool.function.strict).toBe(true);
      expect(strictProblems(tool.function.parameters)).toEqual([]);
    }
  });

  it('when the todo example is exported then the OpenAI SDK\'s own strict transform leaves every schema as it is', async () => {
    const { tools, notStrict } = toOpenAi(await todoListed());
    expect(notStrict.map((tool) => tool.name)).toEqual(['todo_run_start']);
    for (const tool of (tools as OpenAiChatTool[]).filter((each) => each.function.strict)) {
      expect(strictProblems(tool.function.parameters)).toEqual([]);
      expect(toStrictJsonSchema(structuredClone(tool.function.parameters))).toEqual(tool.function.parameters);
    }
  });

  it('when every option kind is exported then the OpenAI SDK\'s own strict transform accepts and keeps each schema', () => {
    const strict = (toOpenAi(listedOf(everyKind)).tools as OpenAiChatTool[]).filter((tool) => tool.function.strict);
    expect(strict.length).toBe(5);
    for (const tool of strict) {
      expect(toStrictJsonSchema(structuredClone(tool.function.parameters))).toEqual(tool.function.parameters);
    }
  });

  it('when a property is optional then it becomes required and nullable, and its default and bounds move into its description', () => {
    const schema = toStrictSchema({
      type: 'object',
      properties: {
        file: { type: 'string', description: 'the list file', default: 'todo.json' },
        level: { type: 'string', enum: ['low', 'high'], description: 'how' },
        bare: { anyOf: [{ type: 'string' }, { type: 'boolean', const: true }] },
        args: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 },
        name: { type: 'string', minLength: 1 },
      },
      required: ['args', 'name'],
      additionalProperties: false,
    });
    expect(schema).toEqual({
      ok: true,
      schema: {
        type: 'object',
        properties: {
          file: { type: ['string', 'null'], description: 'the list file (default "todo.json")' },
          level: { anyOf: [{ type: 'string', enum: ['low', 'high'] }, { type: 'null' }], description: 'how' },
          bare: { anyOf: [{ type: 'string' }, { type: 'boolean', const: true }, { type: 'null' }] },
          args: { type: 'array', items: { type: 'string' }, description: '(at least 1 item; at most 2 items)' },
          name: { type: 'string', description: '(not empty)' },
        },
        required: ['file', 'level', 'bare', 'args', 'name'],
        additionalProperties: false,
      },
    });
  });

  it('when a tool takes an open object then it is offered without strict mode, its schema unchanged, and the reason is given', () => {
    const listed = listedOf(everyKind, 'search');
    const { tools, notStrict } = toOpenAi(listed);
    const run = (tools as OpenAiChatTool[]).find((tool) => tool.function.name === 'kinds_run_command');
    expect(run?.function.strict).toBe(false);
    expect(run?.function.parameters).toEqual(listed.find((tool) => tool.name === 'kinds_run_command')?.inputSchema);
    expect(notStrict).toContainEqual({ name: 'kinds_run_command', reason: 'input.flags takes any keys' });
    const search = (tools as OpenAiChatTool[]).find((tool) => tool.function.name === 'kinds_search_commands');
    expect(search?.function.strict).toBe(true);
  });

  it('when the Responses API is asked for then each tool is flat, with the same strict parameters', () => {
    const listed = listedOf(everyKind);
    const chat = toOpenAi(listed).tools as OpenAiChatTool[];
    const responses = toOpenAi(listed, { api: 'responses' }).tools as OpenAiResponsesTool[];
    expect(responses.map(({ type, ...fn }) => ({ type, function: fn }))).toEqual(chat);
  });

  it('when strict mode is turned off then every schema is the listed one', () => {
    const listed = listedOf(everyKind);
    const tools = toOpenAi(listed, { strict: false }).tools as OpenAiChatTool[];
    expect(tools.map((tool) => [tool.function.strict, tool.function.parameters])).toEqual(listed.map((tool) => [false, tool.inputSchema]));
  });
});
