import type { ListedTool } from '../discovery/listed-tool.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** A tool definition as the Messages API takes it (`Anthropic.Tool` in `@anthropic-ai/sdk`). */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema & { readonly type: 'object' };
}

/** The listed tools as Anthropic tool definitions: the input schema goes over unchanged. */
export function toAnthropic(listed: readonly ListedTool[]): AnthropicTool[] {
  return listed.map((tool) => ({ name: tool.name, description: tool.description, input_schema: { ...tool.inputSchema, type: 'object' } }));
}
