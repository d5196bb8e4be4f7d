import type { Middleware, SpooledOutput } from '../call/context.js';
import { outputUri, type OutputStream } from '../output/output-uri.js';
import type { ExecOutput, OutputLink, ToolResult } from '../types.js';

/** @default 24576: shown as text and again as structured content (and parsed JSON), a result stays near 20k tokens. */
export const DEFAULT_MAX_RESULT_BYTES = 24 * 1024;

export interface FitResultOptions {
  /** Bytes of output, stdout and stderr together, one result shows: the head and tail of each stream. */
  readonly maxResultBytes: number;
  /** The tool that pages through spooled output, named where output is cut. */
  readonly readTool: string;
}

/**
 * The last step before the client: output over the budget keeps its head and tail, the middle is a
 * marker saying where to read it (the spooled stream, linked from the result), and stdout that is
 * JSON and shown whole is also given parsed.
 */
export function fitResult(options: FitResultOptions): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.result?.output) ctx.result = fitted(ctx.result, ctx.result.output, ctx.spooled, options);
  };
}

function fitted(result: ToolResult, output: ExecOutput, spooled: SpooledOutput | undefined, options: FitResultOptions): ToolResult {
  const sizes = { stdout: Buffer.byteLength(output.stdout), stderr: Buffer.byteLength(output.stderr) };
  const budget = options.maxResultBytes;
  if (sizes.stdout + sizes.stderr <= budget) {
    const json = output.truncated ? undefined : parsedJson(output.stdout);
    return json === undefined ? result : { ...result, output: { ...output, json } };
  }
  const half = Math.floor(budget / 2);
  const stderrShare = sizes.stderr <= half ? sizes.stderr : sizes.stdout <= half ? budget - sizes.stdout : half;
  const shares = { stdout: budget - stderrShare, stderr: stderrShare };
  const links: OutputLink[] = [];
  const texts = { stdout: output.stdout, stderr: output.stderr };
  for (const stream of ['stdout', 'stderr'] as const) {
    if (sizes[stream] <= shares[stream]) continue;
    const kept = spooled?.summary.streams[stream];
    const uri = kept && spooled ? outputUri(spooled.id, stream) : undefined;
    texts[stream] = cutToBytes(output[stream], shares[stream], (headBytes, cutBytes) => marker(stream, cutBytes, headBytes, uri && kept ? { uri, ...kept } : undefined, options.readTool));
    if (uri && kept) links.push({ uri, name: stream, description: `The whole ${stream} of the call${kept.complete ? '' : ' (up to the spool\'s cap)'}, ${kept.bytes.toLocaleString('en-US')} bytes; read with ?offset=&length= or ${options.readTool}.`, mimeType: 'text/plain', size: kept.bytes });
  }
  return { ...result, output: { ...output, ...texts, truncated: true }, ...(links.length > 0 ? { links } : {}) };
}

function marker(stream: OutputStream, cutBytes: number, headBytes: number, spooled: { uri: string; bytes: number; complete: boolean } | undefined, readTool: string): string {
  if (!spooled) return `\n[… ${cutBytes.toLocaleString('en-US')} bytes cut from the middle of ${stream} …]\n`;
  const whole = spooled.complete ? `all ${spooled.bytes.toLocaleString('en-US')} bytes are kept` : `the first ${spooled.bytes.toLocaleString('en-US')} bytes are kept`;
  return `\n[… ${cutBytes.toLocaleString('en-US')} bytes of ${stream} not shown; ${whole}: ${readTool} {"uri": "${spooled.uri}", "offset": ${headBytes}} …]\n`;
}

/** `text` cut to at most `maxBytes` of UTF-8: its head and tail around a marker, never splitting a character. */
function cutToBytes(text: string, maxBytes: number, markerFor: (headBytes: number, cutBytes: number) => string): string {
  const bytes = Buffer.from(text);
  let headEnd = Math.ceil(maxBytes / 2);
  while (headEnd > 0 && isContinuation(bytes[headEnd])) headEnd--;
  let tailStart = bytes.byteLength - Math.floor(maxBytes / 2);
  while (tailStart < bytes.byteLength && isContinuation(bytes[tailStart])) tailStart++;
  const decoder = new TextDecoder();
  return decoder.decode(bytes.subarray(0, headEnd)) + markerFor(headEnd, tailStart - headEnd) + decoder.decode(bytes.subarray(tailStart));
}

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** stdout parsed, when it is a JSON object or array. */
function parsedJson(stdout: string): unknown {
  const text = stdout.trim();
  if (!/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
