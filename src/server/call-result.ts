import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ExecOutput, ToolResult } from '../types.js';

/** Shapes a tool result for MCP: readable text for the model, the structured output beside it. */
export function toCallToolResult(result: ToolResult): CallToolResult {
  const text = result.message ?? (result.output ? renderOutput(result.output) : '');
  const links = (result.links ?? []).map((link) => ({ type: 'resource_link' as const, ...link }));
  const structured = result.output ? { ...result.output } : result.structured;
  return {
    content: [{ type: 'text', text }, ...links],
    ...(structured ? { structuredContent: { ...structured } } : {}),
    isError: result.isError,
  };
}

/** stdout as it is when the command succeeded; a status line and labelled streams otherwise. */
export function renderOutput(output: ExecOutput): string {
  const lines: string[] = [];
  if (output.timedOut) lines.push(`Timed out after ${output.durationMs} ms; the command's process tree was stopped.`);
  else if (output.outputExceeded) lines.push('The command printed more than the output ceiling allows; its process tree was stopped.');
  else if (output.signal) lines.push(`The command was ended by ${output.signal}.`);
  else if (output.exitCode !== 0) lines.push(`The command failed with exit code ${output.exitCode}.`);
  const labelled = lines.length > 0 || output.stderr !== '';
  if (output.stdout !== '') lines.push(labelled ? `stdout:\n${output.stdout}` : output.stdout);
  if (output.stderr !== '') lines.push(`stderr:\n${output.stderr}`);
  return lines.length > 0 ? lines.join('\n') : '(no output)';
}
