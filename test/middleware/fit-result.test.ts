import { describe, expect, it } from 'vitest';
import type { SpooledOutput } from '../../src/middleware/context.js';
import { fitResult } from '../../src/middleware/fit-result.js';
import { DEFAULTS } from '../../src/options.js';
import type { ExecOutput, ToolResult } from '../../src/types.js';
import { bigText } from '../fixtures/output/text.mjs';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';
import { seededRandom } from '../helpers/random.js';

const READ_TOOL = 'app_read_output';
const ID = '0123456789abcdef0123456789abcdef';
const bytes = (text: string) => Buffer.byteLength(text);
/** Bytes as the result carries them: JSON-escaped (a line feed is two). */
const escaped = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

/** Runs fitResult over a call whose run produced `output` (and, when given, spooled it). */
async function fit(output: Partial<ExecOutput>, budget: number, spooled?: SpooledOutput, result: Partial<ToolResult> = {}): Promise<ToolResult> {
  const ctx = contextFor(toolFor(runnable()));
  await fitResult({ maxResultBytes: budget, readTool: READ_TOOL })(ctx, async () => {
    ctx.result = { isError: false, output: { stdout: '', stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 5, ...output }, ...result };
    if (spooled) ctx.spooled = spooled;
  });
  if (!ctx.result) throw new Error('no result');
  return ctx.result;
}

/** What the spool kept of each stream of `output`, whole. */
function spooledWhole(output: Partial<Record<'stdout' | 'stderr', string>>, complete = true): SpooledOutput {
  const streams: Record<string, { bytes: number; complete: boolean }> = {};
  for (const [stream, text] of Object.entries(output)) streams[stream] = { bytes: bytes(text), complete };
  return { id: ID, summary: { streams } };
}

// Head, marker, tail: the marker is one line of its own, `[… N bytes …]`.
const MARKER = /\n\[… [\d,]+ bytes [^\n]*…\]\n/;

/** A cut stream split into its head, marker and tail; fails when there is no single marker. */
function parts(text: string): { head: string; marker: string; tail: string } {
  const match = MARKER.exec(text);
  if (!match) throw new Error(`no marker in ${JSON.stringify(text.slice(0, 200))}`);
  expect(text.slice(match.index + match[0].length)).not.toMatch(MARKER);
  return { head: text.slice(0, match.index), marker: match[0], tail: text.slice(match.index + match[0].length) };
}

describe('fitResult within the budget', () => {
  it('when stdout and stderr together fit the budget then the result is left as it was', async () => {
    const output = { stdout: 'a'.repeat(600), stderr: 'é'.repeat(200) }; // 600 + 400 bytes
    const result = await fit(output, 1000);
    expect(result.output).toMatchObject({ ...output, truncated: false });
    expect(result.output).not.toHaveProperty('json');
    expect(result).not.toHaveProperty('links');
  });

  it('when a result carries no output (a refusal) then it is left alone', async () => {
    const ctx = contextFor(toolFor(runnable()));
    const refusal = { isError: true, message: 'Refused.' };
    await fitResult({ maxResultBytes: 10, readTool: READ_TOOL })(ctx, async () => {
      ctx.result = refusal;
    });
    expect(ctx.result).toBe(refusal);
  });

  it('when no budget is given by the options then the default is 24 KiB', () => {
    expect(DEFAULTS.maxResultBytes).toBe(24_576);
  });
});

describe('fitResult over the budget', () => {
  it('when stdout passes the budget then its head and tail come back, together exactly the budget, around a marker', async () => {
    const stdout = 'x'.repeat(4_000);
    const result = await fit({ stdout }, 1001);
    const { head, tail } = parts(result.output?.stdout ?? '');
    expect(stdout.startsWith(head)).toBe(true);
    expect(stdout.endsWith(tail)).toBe(true);
    expect(bytes(head)).toBe(501);
    expect(bytes(tail)).toBe(500);
    expect(result.output?.truncated).toBe(true);
  });

  it('when the output escapes in JSON (line feeds, quotes) then the budget counts it escaped, as the result carries it', async () => {
    const stdout = Array.from({ length: 400 }, (_, i) => `"line ${i}"\n`).join('');
    const { head, tail } = parts((await fit({ stdout }, 1000)).output?.stdout ?? '');
    expect(stdout.startsWith(head) && stdout.endsWith(tail)).toBe(true);
    expect(escaped(head) + escaped(tail)).toBeLessThanOrEqual(1000);
    expect(escaped(head) + escaped(tail)).toBeGreaterThan(950);
    expect(bytes(head) + bytes(tail)).toBeLessThan(800);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('when multi-byte text is cut (seed %i) then head and tail are whole characters within the budget', async (seed) => {
    const random = seededRandom(seed);
    const stdout = bigText(3_000 + Math.floor(random() * 3_000));
    const budget = 50 + Math.floor(random() * 1_500);
    const { head, tail } = parts((await fit({ stdout }, budget)).output?.stdout ?? '');
    expect(head + tail).not.toContain('\ufffd');
    expect(stdout.startsWith(head)).toBe(true);
    expect(stdout.endsWith(tail)).toBe(true);
    expect(escaped(head) + escaped(tail)).toBeLessThanOrEqual(budget);
    // A few bytes lost at each cut to keep a character whole, and to the escaping's scale.
    expect(escaped(head) + escaped(tail)).toBeGreaterThanOrEqual(budget - 12);
  });

  it('when the budget is smaller than one character then nothing but the marker is shown, never half a character', async () => {
    const { head, tail } = parts((await fit({ stdout: '😀'.repeat(10) }, 3)).output?.stdout ?? '');
    expect(head).toBe('');
    expect(tail).toBe('');
  });

  it('when stderr is small and stdout large then stderr is kept whole and stdout gets the rest of the budget', async () => {
    const stderr = 'warning: é\n'.repeat(20); // 260 bytes escaped
    const stdout = 'x'.repeat(5_000);
    const result = await fit({ stdout, stderr }, 1000);
    expect(result.output?.stderr).toBe(stderr);
    const { head, tail } = parts(result.output?.stdout ?? '');
    expect(bytes(head) + bytes(tail)).toBe(1000 - escaped(stderr));
  });

  it('when stdout is small and stderr large then stdout is kept whole and stderr gets the rest of the budget', async () => {
    const stdout = 'result 42\n';
    const stderr = 'debug line\n'.repeat(500);
    const result = await fit({ stdout, stderr }, 1000);
    expect(result.output?.stdout).toBe(stdout);
    const { head, tail } = parts(result.output?.stderr ?? '');
    expect(escaped(head) + escaped(tail)).toBeLessThanOrEqual(1000 - escaped(stdout));
    expect(escaped(head) + escaped(tail)).toBeGreaterThan(1000 - escaped(stdout) - 12);
  });

  it('when both streams are large then each gets half the budget', async () => {
    const result = await fit({ stdout: 'o'.repeat(4_000), stderr: 'e'.repeat(3_000) }, 1000);
    for (const stream of ['stdout', 'stderr'] as const) {
      const { head, tail } = parts(result.output?.[stream] ?? '');
      expect(bytes(head) + bytes(tail)).toBe(500);
    }
  });
});

describe('fitResult markers and links', () => {
  it('when the cut stream was spooled then the marker names the read tool, its URI and the byte offset where the head ends', async () => {
    const stdout = bigText(10_000);
    const result = await fit({ stdout }, 1000, spooledWhole({ stdout }));
    const { head, marker } = parts(result.output?.stdout ?? '');
    const uri = `cli-mcp://output/${ID}/stdout`;
    const offset = bytes(head);
    expect(marker).toContain(`${READ_TOOL} {"uri": "${uri}", "offset": ${offset}}`);
    expect(marker).toContain(`all ${bytes(stdout).toLocaleString('en-US')} bytes are kept`);
    // Reading the spool from that offset goes on exactly where the head stopped.
    expect(Buffer.from(stdout).subarray(0, offset).toString()).toBe(head);
  });

  it('when the spool kept only part of the stream then the marker says the first bytes are kept, not all', async () => {
    const stdout = 'x'.repeat(5_000);
    const result = await fit({ stdout }, 1000, { id: ID, summary: { streams: { stdout: { bytes: 3_000, complete: false } } } });
    expect(parts(result.output?.stdout ?? '').marker).toContain('the first 3,000 bytes are kept');
    expect(result.links?.[0]?.description).toContain('up to the spool');
  });

  it('when the cut stream was not spooled then the marker says how much was cut and names no tool, and there is no link', async () => {
    const stdout = 'x'.repeat(5_000);
    const result = await fit({ stdout }, 1000);
    const { head, marker, tail } = parts(result.output?.stdout ?? '');
    expect(marker).toBe(`\n[… ${(5_000 - bytes(head) - bytes(tail)).toLocaleString('en-US')} bytes cut from the middle of stdout …]\n`);
    expect(marker).not.toContain(READ_TOOL);
    expect(result).not.toHaveProperty('links');
  });

  it('when both streams are cut and both spooled then each has a link to its own stream with its size', async () => {
    const output = { stdout: 'o'.repeat(4_000), stderr: 'é'.repeat(2_000) };
    const result = await fit(output, 1000, spooledWhole(output));
    expect(result.links).toEqual([
      expect.objectContaining({ uri: `cli-mcp://output/${ID}/stdout`, name: 'stdout', mimeType: 'text/plain', size: 4_000 }),
      expect.objectContaining({ uri: `cli-mcp://output/${ID}/stderr`, name: 'stderr', mimeType: 'text/plain', size: 4_000 }),
    ]);
  });

  it('when only stdout reached the spool then only stdout is linked and stderr gets a plain marker', async () => {
    const output = { stdout: 'o'.repeat(4_000), stderr: 'e'.repeat(3_000) };
    const result = await fit(output, 1000, spooledWhole({ stdout: output.stdout }));
    expect(result.links?.map((link) => link.name)).toEqual(['stdout']);
    expect(parts(result.output?.stderr ?? '').marker).toMatch(/bytes cut from the middle of stderr/);
    expect(parts(result.output?.stdout ?? '').marker).toContain(READ_TOOL);
  });

  it('when a spooled stream is shown whole then it gets no link and no marker', async () => {
    const output = { stdout: 'o'.repeat(4_000), stderr: 'short\n' };
    const result = await fit(output, 1000, spooledWhole(output));
    expect(result.output?.stderr).toBe('short\n');
    expect(result.links?.map((link) => link.name)).toEqual(['stdout']);
  });
});

describe('fitResult JSON', () => {
  it.each([
    ['an object', '{"name": "café", "items": [1, 2]}\n', { name: 'café', items: [1, 2] }],
    ['an array, padded with blank lines', '\n  [{"a": null}, true]\n\n', [{ a: null }, true]],
  ])('when stdout is %s shown whole then it is also given parsed', async (_kind, stdout, json) => {
    const result = await fit({ stdout }, 1000);
    expect(result.output?.json).toEqual(json);
    expect(result.output?.stdout).toBe(stdout);
  });

  it.each([
    ['a JSON string', '"just text"\n'],
    ['a JSON number', '42\n'],
    ['text that starts like JSON', '[1, 2, oops\n'],
    ['two JSON documents', '{"a": 1}\n{"b": 2}\n'],
  ])('when stdout is %s then nothing is parsed', async (_kind, stdout) => {
    expect((await fit({ stdout }, 1000)).output).not.toHaveProperty('json');
  });

  it('when JSON stdout is cut to fit then it is not parsed', async () => {
    const stdout = JSON.stringify(bigText(5_000).split('\n'));
    const result = await fit({ stdout }, 1000);
    expect(result.output?.truncated).toBe(true);
    expect(result.output).not.toHaveProperty('json');
  });

  it('when JSON stdout fits the budget but the run already cut it then it is not parsed', async () => {
    const result = await fit({ stdout: '{"a": 1}', truncated: true }, 1000);
    expect(result.output).not.toHaveProperty('json');
  });
});

describe('fitResult after the in-memory cap cut the output', () => {
  const captured = `${'h'.repeat(3_000)}\n[… 9,994,000 bytes cut from the middle of stdout …]\n${'t'.repeat(3_000)}`;
  const spooled = { id: ID, summary: { streams: { stdout: { bytes: 10_000_000, complete: true } } } };

  it('when the capture was cut and the result cuts again then the marker counts what is not shown of the whole stream', async () => {
    const result = await fit({ stdout: captured, truncated: true }, 1000, spooled);
    const { head, tail, marker } = parts(result.output?.stdout ?? '');
    expect(marker).toContain(`${(10_000_000 - bytes(head) - bytes(tail)).toLocaleString('en-US')} bytes of stdout not shown`);
    expect(result.links?.map((link) => link.size)).toEqual([10_000_000]);
  });

  it('when the capture was cut but what it kept fits the result then the whole stream is still linked', async () => {
    const result = await fit({ stdout: captured, truncated: true }, 100_000, spooled);
    expect(result.output?.stdout).toBe(captured);
    expect(result.links?.map((link) => link.uri)).toEqual([`cli-mcp://output/${ID}/stdout`]);
  });
});
