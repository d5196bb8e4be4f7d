import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, serveHttp, type HttpServer } from './clients.js';

// The official MCP conformance suite needs Node 22 or newer: the pinned `node@22` dev dependency provides it.
const node22 = join(repoRoot, 'node_modules/node/bin/node');
const suite = join(repoRoot, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const present = existsSync(node22) && existsSync(suite);
if (!present) console.warn('\n!!! node@22 or @modelcontextprotocol/conformance is not installed (npm ci): the MCP conformance suite is SKIPPED !!!\n');

describe.skipIf(!present)('the official MCP conformance suite, server scenarios, against cli-mcp over HTTP', () => {
  let dir: string;
  let server: HttpServer['server'] | undefined;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cli-mcp-conformance-'));
    ({ url, server } = await serveHttp([join(repoRoot, 'test/fixtures/conformance/test.js')], dir));
  });
  afterAll(async () => {
    server?.kill('SIGTERM');
    await server;
    rmSync(dir, { recursive: true, force: true });
  });

  it('when every server scenario runs then all pass but the committed baseline of what a CLI bridge cannot do', async () => {
    const baseline = join(repoRoot, 'test/fixtures/conformance/baseline.yml');
    const run = await execa(node22, [suite, 'server', '--url', url, '--expected-failures', baseline], { cwd: dir, reject: false, timeout: 120_000 });
    const summary = run.stdout.slice(run.stdout.indexOf('=== SUMMARY ==='));
    expect(summary, summary).not.toContain('Unexpected failures');
    expect(run.exitCode, summary).toBe(0);
    for (const passing of ['server-initialize', 'ping', 'tools-list', 'tools-call-simple-text', 'tools-call-error', 'tools-call-with-progress', 'logging-set-level', 'resources-list', 'dns-rebinding-protection']) {
      expect(summary).toMatch(new RegExp(`✓ ${passing}: [1-9]\\d* passed, 0 failed`));
    }
  }, 150_000);
});
