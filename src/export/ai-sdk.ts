import type { ListedTool } from '../discovery/listed-tool.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** What `tool({ description, title, inputSchema: jsonSchema(inputSchema), execute })` from `ai` takes, as plain JSON. */
export interface AiSdkToolSpec {
  /** Absent where a compact list left it out (it was only the command's path). */
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

/** The listed tools keyed by name, the shape of the AI SDK's `tools` option once each is wrapped in `tool()`. */
export function toAiSdk(listed: readonly ListedTool[]): Record<string, AiSdkToolSpec> {
  return Object.fromEntries(listed.map((tool) => [tool.name, { ...(tool.title === undefined ? {} : { title: tool.title }), description: tool.description, inputSchema: tool.inputSchema }]));
}
