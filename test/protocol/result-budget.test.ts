import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliTools, type CommandSpec, type ToolResult } from '../../src/index.js';
import type { ClientKind, TestClient } from '../e2e/clients.js';
import { bigText } from '../fixtures/output/text.mjs';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';
import { bytesUnder, scratchMaker } from '../helpers/scratch.js';

// Output past the result budget, through real MCP clients of both protocol eras: the cut, the link, paging, the ceiling, the spool's bounds.
// The spool's directory, which the server's environment (TMPDIR) and its exit decide, is in test/e2e/result-budget.test.ts.
const printer = fixture('output/printer.js');
const scratch = scratchMaker('cli-mcp-result-budget-');
const FIVE_MB = 5_000_000;
const BUDGET = 24_576;
const expected = Buffer.from(bigText(FIVE_MB));
const URI = /^cli-mcp:\/\/output\/[0-9a-f]{32}\/stdout$/;

interface Block {
  type: string;
  text?: string;
  uri?: string;
  name?: string;
  mimeType?: string;
  description?: string;
  size?: number;
}
interface RawResult {
  content: Block[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
interface PagePosition {
  offset: number;
  nextOffset: number;
  totalBytes: number;
  complete: boolean;
}

/** A client of either SDK line, its results read with the content blocks and structured output this file checks. */
type RawClient = Omit<TestClient, 'callTool'> & { callTool(name: string, args: Record<string, unknown>): Promise<RawResult> };

/** Serves `printer.js …args` in process and connects a client of the given kind. */
async function serve(kind: ClientKind, args: readonly string[] = []): Promise<RawClient> {
  return (await connectInProcess(kind, [printer, ...args])) as unknown as RawClient;
}

const textOf = (result: RawResult) => result.content.filter((block) => block.type === 'text').map((block) => block.text ?? '').join('\n');
const linksOf = (result: RawResult) => result.content.filter((block) => block.type === 'resource_link');
/** The size a client's model is billed for, roughly: the whole result as JSON, 4 bytes a token. */
const estimatedTokens = (result: unknown) => Buffer.byteLength(JSON.stringify(result)) / 4;

/** Follows nextOffset in each page's `_meta` from 0 to the end and joins the pages' bytes. */
async function readAllPages(client: RawClient, uri: string): Promise<{ bytes: Buffer; pages: number; last: PagePosition }> {
  const pieces: Buffer[] = [];
  for (let offset = 0; ; ) {
    const read = await client.readResource(`${uri}?offset=${offset}`);
    const [content] = read.contents;
    const page = content?._meta?.['cli-mcp/page'] as PagePosition | undefined;
    if (!content || !page) throw new Error(`no page at ${offset}: ${JSON.stringify(read).slice(0, 300)}`);
    expect(page.offset).toBe(offset);
    const piece = Buffer.from(content.text ?? '');
    expect(piece.length).toBe(page.nextOffset - page.offset);
    expect(piece.length).toBeLessThanOrEqual(BUDGET);
    pieces.push(piece);
    if (page.nextOffset >= page.totalBytes) return { bytes: Buffer.concat(pieces), pages: pieces.length, last: page };
    expect(piece.length).toBeGreaterThan(0);
    offset = page.nextOffset;
  }
}

describe.each(['v2 (2026-07-28)', 'v2 (2025-11-25)', 'v1 sdk'] as const)('output past the result budget (%s)', (kind) => {
  let client: RawClient;
  let big: RawResult;
  beforeAll(async () => {
    client = await serve(kind);
    // The v1 client checks structuredContent against the output schemas it got here.
    await client.listTools();
    big = await client.callTool('printer_big', { args: [String(FIVE_MB)] });
  }, 60_000);
  afterAll(() => client?.close());

  it('when a command prints 5 MB then the result stays within 20,000 estimated tokens and its stdout within the budget', () => {
    expect(big.isError).toBe(false);
    expect(big.structuredContent).toMatchObject({ exitCode: 0, truncated: true });
    expect(estimatedTokens(big)).toBeLessThanOrEqual(20_000);
    const stdout = String(big.structuredContent?.stdout);
    const marker = /\n\[… [^\n]*…\]\n/.exec(stdout);
    expect(marker).not.toBeNull();
    expect(Buffer.byteLength(stdout) - Buffer.byteLength(marker?.[0] ?? '')).toBeLessThanOrEqual(BUDGET);
    expect(textOf(big)).toContain(stdout);
  });

  it('when a command prints 5 MB then one resource_link points at its whole stdout, and the marker names the read tool at the offset where the head ends', () => {
    const links = linksOf(big);
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link).toMatchObject({ name: 'stdout', mimeType: 'text/plain', size: expected.length });
    expect(link?.uri).toMatch(URI);
    const stdout = String(big.structuredContent?.stdout);
    const named = /printer_read_output \{"uri": "([^"]+)", "offset": (\d+)\}/.exec(stdout);
    expect(named?.[1]).toBe(link?.uri);
    const offset = Number(named?.[2]);
    expect(stdout.slice(0, stdout.indexOf('\n[…'))).toBe(expected.subarray(0, offset).toString());
  });

  it('when the server lists resource templates then the output template is there', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toContainEqual(expect.objectContaining({ uriTemplate: 'cli-mcp://output/{id}/{stream}{?offset,length}', name: 'output' }));
  });

  it('when the link is read page by page with resources/read then the pages join to the 5 MB byte for byte', async () => {
    const uri = linksOf(big)[0]?.uri ?? '';
    const { bytes, pages, last } = await readAllPages(client, uri);
    expect(last).toMatchObject({ nextOffset: expected.length, totalBytes: expected.length, complete: true });
    expect(bytes.length).toBe(expected.length);
    expect(bytes.equals(expected)).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / BUDGET));
  });

  it('when a page is asked with a length then no more than that many bytes come back, on a character boundary', async () => {
    const uri = linksOf(big)[0]?.uri ?? '';
    const read = await client.readResource(`${uri}?offset=1000001&length=1000`);
    const page = read.contents[0]?._meta?.['cli-mcp/page'] as PagePosition;
    const text = read.contents[0]?.text ?? '';
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000);
    expect(page.offset).toBeGreaterThanOrEqual(1_000_001);
    expect(Buffer.from(text).equals(expected.subarray(page.offset, page.nextOffset))).toBe(true);
  });

  it('when the read tool is called at the offset the marker names then its pages go on from the head, exactly, to the end', async () => {
    const stdout = String(big.structuredContent?.stdout);
    const [, uri = '', start = '0'] = /printer_read_output \{"uri": "([^"]+)", "offset": (\d+)\}/.exec(stdout) ?? [];
    let offset = Number(start);
    for (let i = 0; i < 3; i += 1) {
      const page = await client.callTool('printer_read_output', { uri, offset });
      expect(page.isError).toBe(false);
      const position = page.structuredContent as unknown as PagePosition & { done: boolean };
      expect(position).toMatchObject({ offset, totalBytes: expected.length, complete: true, done: false });
      const text = textOf(page);
      const body = text.slice(0, text.lastIndexOf('\n['));
      expect(Buffer.from(body).equals(expected.subarray(offset, position.nextOffset))).toBe(true);
      expect(text).toContain(`go on with printer_read_output {"uri": "${uri}", "offset": ${position.nextOffset}}`);
      expect(estimatedTokens(page)).toBeLessThanOrEqual(20_000);
      offset = position.nextOffset;
    }
    const last = await client.callTool('printer_read_output', { uri, offset: expected.length - 100 });
    expect(last.structuredContent).toMatchObject({ nextOffset: expected.length, done: true });
    const lastLine = expected.toString('utf8', expected.lastIndexOf('\n', expected.length - 2) + 1);
    expect(textOf(last)).toContain(lastLine);
  });

  it('when a URI names output the server does not keep then resources/read fails and the read tool says so', async () => {
    const unknown = `cli-mcp://output/${'0'.repeat(32)}/stdout`;
    await expect(client.readResource(unknown)).rejects.toThrow(/no longer kept/);
    const result = await client.callTool('printer_read_output', { uri: unknown });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no longer kept/);
  });

  it('when stdout is a JSON object then structuredContent.json holds it parsed, without stdout, and the client accepts it against the advertised outputSchema', async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((tool) => tool.name === 'printer_json')?.outputSchema as { properties?: object; required?: string[] } | undefined;
    expect(schema?.properties).toHaveProperty('json');
    expect(schema?.required).not.toContain('stdout');
    // Both SDK lines check structuredContent against the schema listed above (ajv) and throw on a mismatch.
    const result = await client.callTool('printer_json', {});
    expect(result.isError).toBe(false);
    const parsed = { name: 'café 漢字', count: 3, items: [1, 'two', { three: null }], ok: true };
    expect(result.structuredContent?.json).toEqual(parsed);
    // The text is there once for a client that reads content, the parsed value once for one that reads structuredContent.
    expect(result.structuredContent).not.toHaveProperty('stdout');
    expect(JSON.parse(textOf(result))).toEqual(parsed);
    expect(linksOf(result)).toEqual([]);
  });

  it('when JSON stdout is too big to show whole then it is cut and linked, not parsed', async () => {
    const result = await client.callTool('printer_json-big', { args: ['200000'] });
    expect(result.structuredContent).toMatchObject({ truncated: true });
    expect(result.structuredContent).not.toHaveProperty('json');
    expect(linksOf(result)).toHaveLength(1);
  });

  it('when stdout only starts like JSON then nothing is parsed', async () => {
    const result = await client.callTool('printer_not-json', {});
    expect(result.structuredContent).toMatchObject({ stdout: '[1, 2, oops\n' });
    expect(result.structuredContent).not.toHaveProperty('json');
  });

  it('when output is dense in characters JSON escapes (escaped JSON in JSON) then the result still stays within 20,000 estimated tokens', async () => {
    const result = await client.callTool('printer_escaped', { args: ['1000000'] });
    expect(result.structuredContent).toMatchObject({ truncated: true });
    expect(estimatedTokens(result)).toBeLessThanOrEqual(20_000);
  });
});

describe.each(['v2 (2026-07-28)', 'v1 sdk'] as const)('a command that prints forever (%s)', (kind) => {
  it.each(['y', 'text'])('when it prints %s lines without end then the default ceiling stops it, not the timeout, and the result says why', async (lines) => {
    const client = await serve(kind);
    try {
      const started = performance.now();
      const result = await client.callTool('printer_forever', { flags: { kind: lines } });
      const seconds = (performance.now() - started) / 1000;
      console.info(`flood of ${lines} lines (${kind}): ${seconds.toFixed(2)} s`);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ outputExceeded: true, truncated: true, timedOut: false });
      expect(textOf(result).split('\n')[0]).toBe('The command printed more than the output ceiling allows; its process tree was stopped.');
      expect(estimatedTokens(result)).toBeLessThanOrEqual(20_000);
      // The spool keeps what its per-call cap allows, and says it is not the whole.
      expect(linksOf(result)[0]?.description).toMatch(/up to the spool's cap/);
      expect(String(result.structuredContent?.stdout)).toMatch(/the first [\d,]+ bytes are kept/);
    } finally {
      await client.close();
    }
  });
});

describe('the spool cap across many calls (library, real spawns)', () => {
  const MB = 1_000_000;
  const spec: CommandSpec = {
    name: 'printer',
    runnable: false,
    options: [],
    positionals: [],
    subcommands: [{ name: 'big', runnable: true, options: [], positionals: [{ name: 'bytes', type: 'string', required: true, variadic: false }], subcommands: [] }],
  };
  const toolsWith = (dir: string) =>
    createCliTools(spec, { launcher: { file: process.execPath, prefixArgs: [printer] }, spool: { dir, maxTotalBytes: 12 * MB, maxCallBytes: 6 * MB }, callLog: false, rateLimit: false });
  const uriOf = (result: ToolResult) => result.links?.[0]?.uri ?? '';

  it('when 12 calls print 5 MB each, one after another, then the disk never holds more than the cap and the newest outputs stay readable whole', async () => {
    const dir = scratch();
    const tools = toolsWith(dir);
    const uris: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const result = await tools.call('printer_big', { args: [String(5 * MB)] });
      expect(result.isError).toBe(false);
      expect(bytesUnder(dir)).toBeLessThanOrEqual(12 * MB);
      uris.push(uriOf(result));
    }
    expect(bytesUnder(dir)).toBeGreaterThan(5 * MB); // the check above saw real files
    const newest = tools.outputPage(`${uris[11]}?offset=${expected.length - 10}`);
    expect(newest).toMatchObject({ page: { totalBytes: expected.length, complete: true } });
    expect(tools.outputPage(uris[0] ?? '')).toMatchObject({ isError: true, message: expect.stringMatching(/no longer kept/) });
  }, 120_000);

  it('when 12 calls of 5 MB run at once then the disk never holds more than the cap while they run', async () => {
    const dir = scratch();
    const tools = toolsWith(dir);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, bytesUnder(dir));
    }, 5);
    try {
      const results = await Promise.all(Array.from({ length: 12 }, () => tools.call('printer_big', { args: [String(5 * MB)] })));
      expect(results.every((result) => !result.isError)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, bytesUnder(dir));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(12 * MB);
  }, 120_000);
});

describe('the result budget flags and the spool against the result (v2 (2026-07-28))', () => {
  it('when --max-result is smaller then the result shows no more than that and the read tool pages no more than that', async () => {
    const client = await serve('v2 (2026-07-28)', ['--max-result', '4096']);
    try {
      const result = await client.callTool('printer_big', { args: ['100000'] });
      const stdout = String(result.structuredContent?.stdout);
      const marker = /\n\[… [^\n]*…\]\n/.exec(stdout)?.[0] ?? '';
      // Counted as the result carries it, JSON-escaped (each line feed is two bytes).
      const shown = stdout.replace(marker, '');
      expect(Buffer.byteLength(JSON.stringify(shown)) - 2).toBeLessThanOrEqual(4096);
      expect(Buffer.byteLength(JSON.stringify(shown)) - 2).toBeGreaterThan(4096 - 16);
      const page = await client.callTool('printer_read_output', { uri: linksOf(result)[0]?.uri ?? '', offset: 0, length: 100_000 });
      expect((page.structuredContent as unknown as PagePosition).nextOffset).toBeLessThanOrEqual(4096);
    } finally {
      await client.close();
    }
  });

  it('when a private key arrives in two writes before a long output then the spool from 0 to the marker offset is the head the result shows', async () => {
    const client = await serve('v2 (2026-07-28)');
    try {
      const result = await client.callTool('printer_key-then-big', { args: ['100000'] });
      const stdout = String(result.structuredContent?.stdout);
      expect(stdout.startsWith('fetching\n[REDACTED]\nafter the key\n')).toBe(true);
      const [, uri = '', offset = '0'] = /printer_read_output \{"uri": "([^"]+)", "offset": (\d+)\}/.exec(stdout) ?? [];
      const head = stdout.slice(0, stdout.indexOf('\n[…'));
      const read = await client.readResource(`${uri}?offset=0&length=${offset}`);
      expect(read.contents[0]?.text).toBe(head);
    } finally {
      await client.close();
    }
  });
});
