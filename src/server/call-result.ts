import type { CallToolResult } from '@modelcontextprotocol/server';
import { resultStructured, resultText } from '../output/render-output.js';
import type { ToolResult } from '../types.js';

/** Shapes a tool result for MCP: readable text for the model, the structured output beside it. */
export function toCallToolResult(result: ToolResult): CallToolResult {
  const text = resultText(result);
  const links = (result.links ?? []).map((link) => ({ type: 'resource_link' as const, ...link }));
  const structured = resultStructured(result);
  return {
    content: [{ type: 'text', text }, ...links],
    ...(structured ? { structuredContent: { ...structured } } : {}),
    isError: result.isError,
  };
}
