import type { Tool } from '@modelcontextprotocol/server';
import { toJsonSchema } from '../schema/json-schema.js';
import { outputSchema } from '../schema/output.js';
import type { CliTools } from '../tool/cli-tools.js';
import type { ToolDefinition } from '../tool/definition.js';

/** The advertised output schema, shared by every tool. */
export const outputJsonSchema = toJsonSchema(outputSchema);

/** The exact `tools/list` result: what the server answers and what `cli-mcp tools` prints. */
export function listTools(cliTools: CliTools): { tools: Tool[] } {
  return { tools: cliTools.tools.map(toMcpTool) };
}

function toMcpTool(tool: ToolDefinition): Tool {
  const annotations = tool.annotations ? { ...tool.annotations, title: tool.title } : undefined;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputJsonSchema as Tool['inputSchema'],
    outputSchema: outputJsonSchema as Tool['outputSchema'],
    ...(annotations ? { annotations } : {}),
  };
}
