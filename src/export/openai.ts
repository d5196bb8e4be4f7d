import type { ListedTool } from '../discovery/listed-tool.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { toStrictSchema } from './openai-strict.js';

/** Which OpenAI API the tools are for: Chat Completions nests the function, Responses does not. @default 'chat' */
export type OpenAiApi = 'chat' | 'responses';

export interface OpenAiExportOptions {
  /** @default 'chat' */
  readonly api?: OpenAiApi;
  /** Offer strict mode where a tool's schema has a strict form. @default true */
  readonly strict?: boolean;
}

/** A Chat Completions function tool (`ChatCompletionFunctionTool` in the `openai` package). */
export interface OpenAiChatTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema; readonly strict: boolean };
}

/** A Responses API function tool (`FunctionTool` in the `openai` package). */
export interface OpenAiResponsesTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly strict: boolean;
}

export interface OpenAiExport {
  readonly tools: ReadonlyArray<OpenAiChatTool | OpenAiResponsesTool>;
  /** Tools offered without strict mode, and why (an open object, items of any type). */
  readonly notStrict: ReadonlyArray<{ readonly name: string; readonly reason: string }>;
}

/**
 * The listed tools as OpenAI function tools, strict where the schema allows: optional properties
 * become required and nullable (null means "not given"), keywords strict mode lacks move into descriptions.
 */
export function toOpenAi(listed: readonly ListedTool[], { api = 'chat', strict = true }: OpenAiExportOptions = {}): OpenAiExport {
  const notStrict: Array<{ name: string; reason: string }> = [];
  const tools = listed.map((tool) => {
    const converted = strict ? toStrictSchema(tool.inputSchema) : undefined;
    if (converted && !converted.ok) notStrict.push({ name: tool.name, reason: converted.reason });
    const fn = { name: tool.name, description: tool.description, parameters: converted?.ok ? converted.schema : tool.inputSchema, strict: converted?.ok === true };
    return api === 'chat' ? { type: 'function' as const, function: fn } : { type: 'function' as const, ...fn };
  });
  return { tools, notStrict };
}
