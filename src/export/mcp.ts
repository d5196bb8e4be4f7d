import { listedToolJson, type ListedTool } from '../discovery/listed-tool.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** The listed tools as an MCP `tools/list` result, the same JSON `cli-mcp tools` prints. */
export function toMcp(listed: readonly ListedTool[]): { tools: JsonSchema[] } {
  return { tools: listed.map(listedToolJson) };
}
