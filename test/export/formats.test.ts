import type Anthropic from '@anthropic-ai/sdk';
import type { StructuredToolParams } from '@langchain/core/tools';
import { convertToOpenAITool, isStructuredToolParams } from '@langchain/core/utils/function_calling';
import { asSchema, jsonSchema, tool, type Tool } from 'ai';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import type { ListedTool } from '../../src/discovery/listed-tool.js';
import { toAiSdk } from '../../src/export/ai-sdk.js';
import { toAnthropic, type AnthropicTool } from '../../src/export/anthropic.js';
import { toLangChain, type LangChainToolSpec } from '../../src/export/langchain.js';
import { toMcp } from '../../src/export/mcp.js';
import { toOpenAi, type OpenAiChatTool, type OpenAiResponsesTool } from '../../src/export/openai.js';
import { scratchMaker } from '../helpers/scratch.js';
import { everyKind, listedOf, todoTools } from './listed.js';

const scratch = scratchMaker('cli-mcp-export-formats-');

// Type-checked by `npm run typecheck`: each export is assignable to the SDK's own type.
const asChatTool = (exported: OpenAiChatTool): ChatCompletionFunctionTool => exported;
const asResponsesTool = (exported: OpenAiResponsesTool): FunctionTool => exported;
const asAnthropicTool = (exported: AnthropicTool): Anthropic.Tool => exported;
const asLangChainTool = (exported: LangChainToolSpec): StructuredToolParams => exported;

const fixtures: Array<[string, () => Promise<readonly ListedTool[]>]> = [
  ['the todo example', async () => (await todoTools(scratch())).catalog.listed],
  ['every option kind', async () => listedOf(everyKind)],
];

describe.each(fixtures)('exporting %s', (_name, listed) => {
  it('when exported for OpenAI then each tool is a Chat Completions function tool, or a Responses one', async () => {
    const tools = await listed();
    const chat = (toOpenAi(tools).tools as OpenAiChatTool[]).map(asChatTool);
    const responses = (toOpenAi(tools, { api: 'responses' }).tools as OpenAiResponsesTool[]).map(asResponsesTool);
    expect(chat.map((each) => each.function.name)).toEqual(tools.map((each) => each.name));
    expect(responses.map((each) => each.name)).toEqual(tools.map((each) => each.name));
    for (const each of chat) expect(each.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('when exported for Anthropic then each tool is an Anthropic.Tool whose input schema is the listed one', async () => {
    const tools = await listed();
    const exported = toAnthropic(tools).map(asAnthropicTool);
    expect(exported.map((each) => [each.name, each.description, each.input_schema])).toEqual(tools.map((each) => [each.name, each.description, each.inputSchema]));
    for (const each of exported) expect(each.input_schema.type).toBe('object');
  });

  it('when exported for the AI SDK then each schema goes through jsonSchema() and tool() and comes back unchanged', async () => {
    const tools = await listed();
    const exported = toAiSdk(tools);
    expect(Object.keys(exported)).toEqual(tools.map((each) => each.name));
    for (const each of tools) {
      const spec = exported[each.name];
      const made: Tool = tool({ description: spec?.description, inputSchema: jsonSchema(spec?.inputSchema as Parameters<typeof jsonSchema>[0]), execute: async () => 'ran' });
      expect(await asSchema(made.inputSchema).jsonSchema).toEqual(each.inputSchema);
      expect(made.description).toBe(each.description);
    }
  });

  it('when exported for LangChain then each spec is StructuredToolParams and converts to an OpenAI tool with the same schema', async () => {
    const tools = await listed();
    const exported = toLangChain(tools).map(asLangChainTool);
    for (const [index, each] of exported.entries()) {
      expect(isStructuredToolParams(each)).toBe(true);
      const { function: converted } = convertToOpenAITool(each);
      const listedSchema = tools[index]?.inputSchema as { properties: object; required?: string[] };
      const parameters = converted.parameters as typeof listedSchema;
      expect([converted.name, converted.description]).toEqual([tools[index]?.name, tools[index]?.description]);
      // LangChain respells a type list (`["integer", "boolean"]`) as anyOf: the same properties and requirements remain.
      expect([Object.keys(parameters.properties), parameters.required]).toEqual([Object.keys(listedSchema.properties), listedSchema.required]);
    }
  });

  it('when exported as MCP then it is the tools/list result cli-mcp serves', async () => {
    const tools = await listed();
    const { tools: exported } = toMcp(tools);
    expect(exported.map((each) => each.name)).toEqual(tools.map((each) => each.name));
    expect(exported[0]).toMatchObject({ inputSchema: tools[0]?.inputSchema, title: tools[0]?.title });
  });
});
