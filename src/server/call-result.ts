import type { CallToolResult } from '@modelcontextprotocol/server';
import { resultStructured, resultText } from '../output/render-output.js';
import type { ToolResult } from '../types.js';
import type { ResultShape } from './clients.js';

/** Everything: the shape for programs (`cli-mcp call`) and for clients nothing is known of. */
export const FULL_RESULT: ResultShape = { structured: true, links: true };

/** Shapes a tool result for MCP: readable text for the model, the structured output and links beside it where the client takes them. */
export function toCallToolResult(result: ToolResult, shape: ResultShape = FULL_RESULT): CallToolResult {
  const text = resultText(result);
  const links = shape.links ? (result.links ?? []).map((link) => ({ type: 'resource_link' as const, ...link })) : [];
  const structured = shape.structured ? resultStructured(result) : undefined;
  return {
    content: [{ type: 'text', text }, ...links],
    ...(structured ? { structuredContent: { ...structured } } : {}),
    isError: result.isError,
  };
}
