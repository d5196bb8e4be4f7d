import type { ListedTool } from '../discovery/listed-tool.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** A tool spec as `@langchain/core` takes it (`StructuredToolParams`: `bindTools`, `convertToOpenAITool`). */
export interface LangChainToolSpec {
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchema;
}

/** The listed tools as LangChain tool specs, the JSON Schema as their `schema`. */
export function toLangChain(listed: readonly ListedTool[]): LangChainToolSpec[] {
  return listed.map((tool) => ({ name: tool.name, description: tool.description, schema: tool.inputSchema }));
}
