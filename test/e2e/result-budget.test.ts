import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigText } from '../fixtures/output/text.mjs';
import { fixture } from '../helpers/fixture.js';
import { bytesUnder, scratchMaker } from '../helpers/scratch.js';
import { connect, textOf, type CallResult, type ClientKind, type TestClient } from './clients.js';

// The spool's directory on disk: where the server's environment puts it (TMPDIR) and what its exit removes.
// Everything else about output past the result budget is in test/protocol/result-budget.test.ts.
const printer = fixture('output/printer.js');
const scratch = scratchMaker('cli-mcp-result-budget-');

/** Spawns `cli-mcp wrap printer.js …args` with TMPDIR set to `tmp`, and connects a client of the given kind over stdio. */
function serve(kind: ClientKind, args: readonly string[], tmp: string): Promise<TestClient> {
  return connect(kind, [printer, ...args], { env: { ...(process.env as Record<string, string>), TMPDIR: tmp } });
}

const linksOf = (result: CallResult) => (result.content as Array<{ type: string }>).filter((block) => block.type === 'resource_link');
const spoolsIn = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('cli-mcp-spool-'));

/** Whether process `pid` is gone. */
function exited(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) if (condition()) return true;
  return condition();
}

describe.each(['v2 (2026-07-28)', 'v1 sdk'] as const)('the spool on disk (%s)', (kind) => {
  it('when the client closes and the server exits then its spool directory is gone', async () => {
    const tmp = scratch();
    const client = await serve(kind, [], tmp);
    const pid = client.pid;
    let closed = false;
    try {
      const result = await client.callTool('printer_big', { args: ['200000'] });
      expect(linksOf(result)).toHaveLength(1);
      const spools = spoolsIn(tmp);
      expect(spools).toHaveLength(1);
      expect(bytesUnder(join(tmp, spools[0] ?? ''))).toBe(Buffer.from(bigText(200_000)).length);
      await client.close();
      closed = true;
      expect(pid).not.toBeNull();
      expect(await waitFor(() => exited(pid ?? 0), 10_000)).toBe(true);
      expect(spoolsIn(tmp)).toEqual([]);
    } finally {
      if (!closed) await client.close();
    }
  });
});

describe('the result budget flags and the spool against the result (v2 (2026-07-28))', () => {
  it('when --no-spool is given then a cut result has a plain marker, no link, and nothing is written to the temp dir', async () => {
    const tmp = scratch();
    const client = await serve('v2 (2026-07-28)', ['--no-spool'], tmp);
    try {
      const result = await client.callTool('printer_big', { args: ['100000'] });
      expect(result.structuredContent).toMatchObject({ truncated: true });
      expect(String(result.structuredContent?.stdout)).toMatch(/\n\[… [\d,]+ bytes cut from the middle of stdout …\]\n/);
      expect(textOf(result)).not.toContain('printer_read_output');
      expect(linksOf(result)).toEqual([]);
      expect(spoolsIn(tmp)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
