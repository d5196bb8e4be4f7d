import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/server/create-mcp-server.js';
import type { HttpHandle } from '../../src/server/http.js';
import type { CommandSpec } from '../../src/types.js';

const spec: CommandSpec = { name: 'app', runnable: true, options: [], positionals: [], subcommands: [] };
let handle: HttpHandle;
let port: number;
beforeAll(async () => {
  handle = await createMcpServer(spec, { launcher: 'true' }).serveHttp({ port: 0, requestTimeoutMs: 600, shutdownGraceMs: 100 });
  port = Number(new URL(handle.url).port);
});
afterAll(() => handle.close());

/** Writes `text` on a raw connection and resolves with what comes back and how long until the server closed it. */
function raw(text: string): Promise<{ reply: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ reply, ms: performance.now() - started }));
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

describe('HTTP request limits', () => {
  it('when a client sends its headers too slowly then the server answers 408 and closes, close to the limit', async () => {
    const { reply, ms } = await raw('POST /mcp HTTP/1.1\r\nHost: localhost\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThan(500);
    expect(ms).toBeLessThan(3_000);
  });

  it('when the headers are over 16 KiB then the server answers 431 without reading on', async () => {
    const { reply } = await raw(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Pad: ${'x'.repeat(20 * 1024)}\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 431/);
  });

  it('when a well-formed request comes in time then it is answered', async () => {
    const { reply } = await raw('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
  });
});
