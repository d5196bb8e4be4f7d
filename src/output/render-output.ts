import type { ExecOutput, ToolResult } from '../types.js';

/** The text a model reads for a result: its message, else its output rendered. */
export function resultText(result: ToolResult): string {
  return result.message ?? (result.output ? renderOutput(result.output) : '');
}

/**
 * What a result puts in `structuredContent`: the process's output, else a tool's own answer. When
 * `json` holds stdout parsed, stdout is left out: its exact text is the result's text, so a client
 * that reads `content` and one that reads `structuredContent` each get the output once.
 */
export function resultStructured(result: ToolResult): Readonly<Record<string, unknown>> | undefined {
  if (!result.output) return result.structured;
  // A result with its own message may not show stdout, so there it stays.
  if (result.output.json === undefined || result.message !== undefined) return { ...result.output };
  const { stdout: _shownAsText, ...rest } = result.output;
  return rest;
}

/** stdout as it is when the command succeeded; a status line and labelled streams otherwise. */
export function renderOutput(output: ExecOutput): string {
  const lines: string[] = [];
  if (output.timedOut) lines.push(`Timed out after ${output.durationMs} ms; the command's process tree was stopped.`);
  else if (output.outputExceeded) lines.push('The command printed more than the output ceiling allows; its process tree was stopped.');
  else if (output.signal) lines.push(`The command was ended by ${output.signal}.`);
  else if (output.exitCode !== 0) lines.push(`Exit code ${output.exitCode}.`);
  const labelled = lines.length > 0 || output.stderr !== '';
  if (output.stdout !== '') lines.push(labelled ? `stdout:\n${output.stdout}` : output.stdout);
  if (output.stderr !== '') lines.push(`stderr:\n${output.stderr}`);
  return lines.length > 0 ? lines.join('\n') : '(no output)';
}
