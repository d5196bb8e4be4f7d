import { ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/server';
import type { CliTools } from '../call/cli-tools.js';
import { listedToolJson, type ListedTool } from '../discovery/listed-tool.js';

/** The exact `tools/list` result: what the server answers and what `cli-mcp tools` prints. */
export function listTools(cliTools: CliTools): { tools: Tool[] } {
  return { tools: cliTools.catalog.listed.map(toMcpTool) };
}

function toMcpTool(tool: ListedTool): Tool {
  return listedToolJson(tool) as Tool;
}

function withoutOutputSchema(tool: Tool): Tool {
  const { outputSchema: _dropped, ...rest } = tool;
  return rest;
}


/**
 * One page of the tools list. The cursor is opaque to clients: the base64url of the next offset. A cursor
 * this server could not have issued is a protocol error (-32602), never a silent first page.
 */
export function pageOfTools(all: readonly ListedTool[], cursor: string | undefined, pageSize: number, structured = true): { tools: Tool[]; nextCursor?: string } {
  const offset = cursor === undefined ? 0 : offsetOf(cursor, all.length);
  const end = offset + pageSize;
  // Only this page's schemas are built (once each): the first page of a huge CLI comes back at once.
  // A tool that advertises an output schema must answer with structured content, so without it none is advertised.
  const tools = all.slice(offset, end).map((tool) => (structured ? toMcpTool(tool) : withoutOutputSchema(toMcpTool(tool))));
  return end < all.length ? { tools, nextCursor: cursorFor(end) } : { tools };
}

function cursorFor(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url');
}

function offsetOf(cursor: string, total: number): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const offset = /^[1-9]\d{0,8}$/.test(text) ? Number(text) : Number.NaN;
  // Re-encoding must give the same cursor back, so only the exact strings we issue are accepted.
  if (!(offset < total) || cursorFor(offset) !== cursor) {
    const shown = cursor.length > 40 ? `${cursor.slice(0, 37)}...` : cursor;
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `invalid cursor ${JSON.stringify(shown)}: pass back a nextCursor from an earlier tools/list, or none for the first page`);
  }
  return offset;
}
