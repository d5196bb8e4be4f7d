import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { connect, repoRoot, type TestClient } from './clients.js';

const tree = join(repoRoot, 'test/fixtures/tree/tree.js');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-tree-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pidsWhenWritten(file: string): Promise<{ child: number; grandchild: number }> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      if (text) return JSON.parse(text) as { child: number; grandchild: number };
    }
    await sleep(25);
  }
  throw new Error(`the fixture never wrote ${file}`);
}

describe.each(['v2 (2026-07-28)', 'v1 sdk'] as const)('process trees, with the %s client', (kind) => {
  let client: TestClient;
  beforeAll(async () => {
    // Process groups alone (the fallback where bwrap is missing): the fixture reports host pids only outside a PID namespace. test/exec/sandbox-contain.test.ts covers the default.
    client = await connect(kind, [tree, '--timeout', '1500', '--kill-grace', '300', '--sandbox', 'off']);
  });
  afterAll(() => client?.close());

  it('when the timeout passes then the call says so and no process of the tree is alive', async () => {
    const file = join(dir, `timeout-${kind.replace(/\W/g, '')}.json`);
    const result = await client.callTool('tree_hang', { flags: { pids: file } });
    const { child, grandchild } = await pidsWhenWritten(file);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' });
    expect(isProcessAlive(child)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('when the client cancels then no process of the tree is alive', async () => {
    const file = join(dir, `cancel-${kind.replace(/\W/g, '')}.json`);
    const abort = new AbortController();
    const call = client.callTool('tree_hang', { flags: { pids: file } }, { signal: abort.signal });
    const { child, grandchild } = await pidsWhenWritten(file);
    expect(isProcessAlive(child) && isProcessAlive(grandchild)).toBe(true);
    abort.abort();
    await expect(call).rejects.toThrow(/abort/i);
    // SIGTERM is ignored by both, so the tree goes at SIGKILL after the 300 ms grace.
    for (let waited = 0; waited < 3_000 && (isProcessAlive(child) || isProcessAlive(grandchild)); waited += 50) await sleep(50);
    expect(isProcessAlive(child)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  });
});
