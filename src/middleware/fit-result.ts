import type { Middleware, SpooledOutput } from './context.js';
import { outputUri, type OutputStream } from '../output/output-uri.js';
import { isContinuation } from '../output/utf8.js';
import type { ExecOutput, OutputLink, ToolResult } from '../types.js';
import { formatCount } from '../messages.js';

export interface FitResultOptions {
  /** Bytes of output, stdout and stderr together, one result shows: the head and tail of each stream. */
  readonly maxResultBytes: number;
  /** The tool that pages through spooled output, named where output is cut. */
  readonly readTool: string;
}

/**
 * The last step before the client: output over the budget keeps its head and tail, the middle is a
 * marker saying where to read it (the spooled stream, linked from the result), and stdout that is
 * JSON and shown whole is also given parsed (structured content then carries it as `json` only).
 */
export function fitResult(options: FitResultOptions): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.result?.output) ctx.result = fitted(ctx.result, ctx.result.output, ctx.spooled, options);
  };
}

function fitted(result: ToolResult, output: ExecOutput, spooled: SpooledOutput | undefined, options: FitResultOptions): ToolResult {
  const budget = options.maxResultBytes;
  // Sizes as the result carries them, JSON-escaped: a flood of quotes or line feeds costs twice its bytes.
  const sizes = { stdout: escapedSize(output.stdout, budget), stderr: escapedSize(output.stderr, budget) };
  if (sizes.stdout + sizes.stderr <= budget) {
    // Shown whole here, yet cut before (the in-memory cap): the spooled whole is linked all the same.
    const links = (['stdout', 'stderr'] as const).flatMap((stream) => (output.truncated ? linksOf(stream, spooled, options.readTool) : []));
    const json = output.truncated ? undefined : parsedJson(output.stdout);
    return { ...result, ...(json === undefined ? {} : { output: { ...output, json } }), ...(links.length > 0 ? { links } : {}) };
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
    texts[stream] = cutToEscaped(output[stream], shares[stream], (headBytes, cutBytes, tailBytes) => {
      // The text at hand may already be the in-memory cap's head and tail: a whole spooled stream knows the true count.
      const notShown = kept?.complete ? kept.bytes - headBytes - tailBytes : cutBytes;
      return marker(stream, notShown, headBytes, uri && kept ? { uri, ...kept } : undefined, options.readTool);
    });
    links.push(...linksOf(stream, spooled, options.readTool));
  }
  return { ...result, output: { ...output, ...texts, truncated: true }, ...(links.length > 0 ? { links } : {}) };
}

/** The link to a stream's spooled whole, when it was spooled. */
function linksOf(stream: OutputStream, spooled: SpooledOutput | undefined, readTool: string): OutputLink[] {
  const kept = spooled?.summary.streams[stream];
  if (!spooled || !kept) return [];
  const what = `The whole ${stream} of the call${kept.complete ? '' : ' (up to the spool\'s cap)'}, ${formatCount(kept.bytes)} bytes`;
  return [{ uri: outputUri(spooled.id, stream), name: stream, description: `${what}; read with ?offset=&length= or ${readTool}.`, mimeType: 'text/plain', size: kept.bytes }];
}

function marker(stream: OutputStream, cutBytes: number, headBytes: number, spooled: { uri: string; bytes: number; complete: boolean } | undefined, readTool: string): string {
  if (!spooled) return `\n[… ${formatCount(cutBytes)} bytes cut from the middle of ${stream} …]\n`;
  // Kept on disk for this server process only: a client that starts a server per call cannot read it back.
  const whole = `${spooled.complete ? 'all' : 'the first'} ${formatCount(spooled.bytes)} bytes are kept while this server runs`;
  return `\n[… ${formatCount(cutBytes)} bytes of ${stream} not shown; ${whole}: ${readTool} {"uri": "${spooled.uri}", "offset": ${headBytes}} …]\n`;
}

/**
 * `text` cut to its head and tail around a marker, the two together at most `maxEscaped` bytes once
 * JSON-escaped, never splitting a character. The cut is made in the text's own bytes, scaled by how
 * much it escapes, and shrunk again while the head or tail escapes more than the whole did.
 */
function cutToEscaped(text: string, maxEscaped: number, markerFor: (headBytes: number, cutBytes: number, tailBytes: number) => string): string {
  const bytes = Buffer.from(text);
  const decoder = new TextDecoder();
  // How much this text escapes, judged on the parts that will be kept: a first guess the loop corrects.
  const sample = text.length > 2 * maxEscaped ? text.slice(0, maxEscaped) + text.slice(-maxEscaped) : text;
  let raw = Math.min(bytes.byteLength, Math.floor((maxEscaped * Buffer.byteLength(sample)) / Math.max(1, escapedBytes(sample))));
  for (;;) {
    let headEnd = Math.ceil(raw / 2);
    while (headEnd > 0 && isContinuation(bytes[headEnd])) headEnd--;
    let tailStart = bytes.byteLength - Math.floor(raw / 2);
    while (tailStart < bytes.byteLength && isContinuation(bytes[tailStart])) tailStart++;
    const head = decoder.decode(bytes.subarray(0, headEnd));
    const tail = decoder.decode(bytes.subarray(tailStart));
    const over = escapedBytes(head) + escapedBytes(tail) - maxEscaped;
    if (over <= 0 || raw === 0) return head + markerFor(headEnd, tailStart - headEnd, bytes.byteLength - tailStart) + tail;
    raw = Math.max(0, raw - over);
  }
}

/** The escaped size, exact up to `cap`; past it the raw size, already over `cap` (escaping only adds), which is all the budget needs to know. */
function escapedSize(text: string, cap: number): number {
  const raw = Buffer.byteLength(text);
  return raw > cap ? raw : escapedBytes(text);
}

function escapedBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text)) - 2;
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
