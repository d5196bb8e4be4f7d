import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// Output, rate, concurrency and selection limits, each through a real MCP client and real spawns.
const gitlike = fixture('secure/gitlike.js');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-limits-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts and ends recorded by the fixture's `slow` command, in the order they happened. */
function events(file: string): Array<'start' | 'end'> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' ')[0] as 'start' | 'end');
}

describe('output', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectInProcess('v2 (2026-07-28)', [gitlike, '--max-output', '65536'], { cwd: dir });
  });
  afterAll(() => client?.close());

  /** What `gitlike flood 8` prints: 8 MiB of these lines, then `THE END`. */
  const FLOOD_LINE = `${'x'.repeat(1023)}\n`;
  const FLOOD_BYTES = 8 * 1024 * 1024 + 'THE END\n'.length;

  it('when the CLI prints terminal escapes, bidi controls and zero-width characters then they are stripped', async () => {
    const result = await client.callTool('gitlike_color', {});
    expect(result.structuredContent?.stdout).toBe('red evil zerowidth link\n');
  });

  it('when the CLI prints far past the result budget then head and tail come back around a marker naming the read tool, the whole is linked, and the CLI ran to its end', async () => {
    const result = await client.callTool('gitlike_flood', { args: ['8'] });
    const stdout = result.structuredContent?.stdout ?? '';
    expect(result.structuredContent).toMatchObject({ truncated: true, exitCode: 0 });
    const marker = /\n\[… ([\d,]+) bytes of stdout not shown; all ([\d,]+) bytes are kept while this server runs: gitlike_read_output \{"uri": "(cli-mcp:\/\/output\/[0-9a-f]{32}\/stdout)", "offset": (\d+)\} …\]\n/;
    const found = marker.exec(stdout);
    if (!found) throw new Error(`no marker in ${stdout.length} characters of stdout`);
    const [, notShown, kept, uri, offset] = found;
    const head = stdout.slice(0, found.index);
    const tail = stdout.slice(found.index + found[0].length);
    // The head is the stream's first bytes, the offset where the rest starts; the tail is its last bytes.
    expect(head).toBe(FLOOD_LINE.repeat(24).slice(0, Buffer.byteLength(head)));
    expect(Number(offset)).toBe(Buffer.byteLength(head));
    expect(tail).toBe((FLOOD_LINE.repeat(24) + 'THE END\n').slice(-Buffer.byteLength(tail)));
    expect(kept).toBe(FLOOD_BYTES.toLocaleString('en-US'));
    expect(notShown).toBe((FLOOD_BYTES - Buffer.byteLength(head) - Buffer.byteLength(tail)).toLocaleString('en-US'));
    // Together within the 24 KiB budget, counted as the result carries them (JSON-escaped), and most of it used.
    const escaped = JSON.stringify(head + tail).length - 2;
    expect(escaped).toBeLessThanOrEqual(24 * 1024);
    expect(escaped).toBeGreaterThan(23 * 1024);
    expect(result.content).toContainEqual(expect.objectContaining({ type: 'resource_link', uri, size: FLOOD_BYTES }));
  });

  it('when the result budget is above the in-memory cap then the capture keeps head and tail around its own marker, and the CLI ran to its end', async () => {
    const capped = await connectInProcess('v2 (2026-07-28)', [gitlike, '--max-output', '65536', '--max-result', String(2 * FLOOD_BYTES)], { cwd: dir });
    try {
      const result = await capped.callTool('gitlike_flood', { args: ['8'] });
      const stdout = result.structuredContent?.stdout ?? '';
      expect(result.structuredContent).toMatchObject({ truncated: true, exitCode: 0 });
      expect(stdout.length).toBeLessThan(65_536 + 200);
      expect(stdout.startsWith('xxxx')).toBe(true);
      expect(stdout.endsWith('THE END\n')).toBe(true);
      expect(stdout).toContain(`\n[… ${(FLOOD_BYTES - 65_536).toLocaleString('en-US')} bytes cut from the middle of stdout …]\n`);
    } finally {
      await capped.close();
    }
  });
});

describe('rate and concurrency', () => {
  it('when 100 calls come in a burst then the ones over the limit are refused with a retry time and spawn nothing', async () => {
    const record = join(dir, 'burst.log');
    const client = await connectInProcess('v1 sdk', [gitlike, '--rate-limit', '5'], { cwd: dir });
    try {
      const results = await Promise.all(Array.from({ length: 100 }, () => client.callTool('gitlike_slow', { flags: { record } })));
      const refused = results.filter((result) => result.isError);
      const ran = results.length - refused.length;
      expect(ran).toBeGreaterThanOrEqual(10);
      expect(ran).toBeLessThan(40); // 10 at once, then 5 a second while the burst arrives
      expect(textOf(refused[0] ?? { content: [] })).toMatch(/Rate limit reached for gitlike_slow: nothing was run\. Retry after [\d.]+ s\./);
      expect(refused.every((result) => result.structuredContent === undefined)).toBe(true);
      expect(events(record).filter((event) => event === 'start')).toHaveLength(ran);
    } finally {
      await client.close();
    }
  });

  it('when 50 calls run in parallel then no more than the cap of processes ever run at once, and all complete', async () => {
    const record = join(dir, 'parallel.log');
    const client = await connectInProcess('v2 (2025-11-25)', [gitlike, '--max-concurrent', '3', '--max-queued', '100', '--no-rate-limit'], { cwd: dir });
    try {
      const results = await Promise.all(Array.from({ length: 50 }, () => client.callTool('gitlike_slow', { flags: { record } })));
      expect(results.every((result) => !result.isError)).toBe(true);
      let running = 0;
      let peak = 0;
      for (const event of events(record)) {
        running += event === 'start' ? 1 : -1;
        peak = Math.max(peak, running);
      }
      expect(events(record)).toHaveLength(100);
      expect(peak).toBeLessThanOrEqual(3);
      expect(peak).toBeGreaterThan(1);
    } finally {
      await client.close();
    }
  });
});

describe('selection', () => {
  it('when a command is excluded then it is not listed, and calling it directly (even by a dotted name) is refused', async () => {
    const client = await connectInProcess('v2 (2026-07-28)', [gitlike, '--exclude', 'env', 'flood'], { cwd: dir });
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('gitlike_env');
      expect(names).toContain('gitlike_log');
      await expect(client.callTool('gitlike_env', {})).rejects.toThrow(/Unknown tool "gitlike_env"/);
      await expect(client.callTool('gitlike.env', {})).rejects.toThrow(/Unknown tool/);
    } finally {
      await client.close();
    }
  });
});
