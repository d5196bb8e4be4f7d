import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, clientKinds, connectHttp, repoRoot, serveHttp, textOf, type ClientKind } from './clients.js';

const todo = join(repoRoot, 'examples/todo/todo.js');
const streamer = join(repoRoot, 'test/fixtures/stream/keyprinter.js');

const serve = serveHttp;

let dir: string;
let todoServer: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-http-'));
  todoServer = await serve([todo], dir);
});
afterAll(async () => {
  todoServer?.server.kill('SIGTERM');
  await todoServer?.server;
  rmSync(dir, { recursive: true, force: true });
});

describe.each(clientKinds)('Streamable HTTP with the %s client', (kind: ClientKind) => {
  it('when tools are listed and called then they work as over stdio', async () => {
    const client = await connectHttp(kind, todoServer.url);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('todo_add');
      const added = await client.callTool('todo_add', { args: [`over http ${kind}`] });
      expect(added.isError).toBeFalsy();
      const listed = await client.callTool('todo_list', { flags: { json: true } });
      expect(textOf(listed)).toContain(`over http ${kind}`);
      if (kind === 'v2 (2026-07-28)') expect(client.protocolVersion()).toBe('2026-07-28');
    } finally {
      await client.close();
    }
  });

  it('when a destructive call is made then a 2026-07-28 client is asked and it runs on accept; a stateless 2025-era request cannot be asked, so it is refused', async () => {
    const asked: string[] = [];
    const client = await connectHttp(kind, todoServer.url, { elicit: (message) => (asked.push(message), 'accept') });
    try {
      await client.callTool('todo_add', { args: [`to remove ${kind}`] });
      const titles = async () => (await client.callTool('todo_list', { flags: { json: true } })).structuredContent?.json as Array<{ id: number; title: string }>;
      const id = String((await titles()).find((item) => item.title === `to remove ${kind}`)?.id);
      const removed = await client.callTool('todo_remove', { flags: { force: true }, args: [id] });
      if (kind === 'v2 (2026-07-28)') {
        expect(textOf(removed)).toBe('Removed 1\n');
        expect(asked).toEqual([`Allow the assistant to run this destructive command?\n\ntodo remove --force ${id}`]);
        expect((await titles()).map((item) => item.title)).not.toContain(`to remove ${kind}`);
      } else {
        // The 2025 era over HTTP is served per request, without a session to carry a question and its answer.
        expect(removed.isError).toBe(true);
        expect(textOf(removed)).toContain('cannot ask the user');
        expect(asked).toEqual([]);
        expect((await titles()).map((item) => item.title)).toContain(`to remove ${kind}`);
      }
    } finally {
      await client.close();
    }
  });
});

describe('the HTTP edge', () => {
  it('when health and readiness are asked then they answer 200', async () => {
    expect((await fetch(`${todoServer.base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${todoServer.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toContain('ready: 11 tools');
  });

  it.each([
    ['a Host of another site (DNS rebinding)', { host: 'evil.example' }],
    ['an Origin of another site', { origin: 'http://evil.example' }],
  ])('when a request carries %s then it is refused with 403 before anything runs', async (_what, headers) => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(todoServer.url);
      const req = request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    });
    expect(status).toBe(403);
  });

  it('when a body is over the limit then it is refused with 413 before it is read, and the server goes on', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(todoServer.url);
      const req = request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(5 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"');
    });
    expect(status).toBe(413);
    expect((await fetch(`${todoServer.base}/healthz`)).status).toBe(200);
  });

  it('when another path is asked then it is 404', async () => {
    expect((await fetch(`${todoServer.base}/other`)).status).toBe(404);
  });

  it('when asked to listen on a non-loopback address without authentication then it refuses to start, saying why', async () => {
    const result = await execa(process.execPath, [binPath, 'wrap', todo, '--http', '0.0.0.0:0'], { cwd: dir, reject: false, timeout: 20_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('refusing to serve on 0.0.0.0 without authentication');
  });
});

describe('stopping the HTTP server', () => {
  it('when SIGTERM comes during a call then the call finishes with its result and the server exits', async () => {
    const { url, server } = await serve([streamer], dir);
    const client = await connectHttp('v2 (2026-07-28)', url);
    try {
      const call = client.callTool('keyprinter_slow', {});
      await new Promise((resolve) => setTimeout(resolve, 400));
      server.kill('SIGTERM');
      const result = await call;
      expect(result.isError).toBeFalsy();
      const exited = await server;
      expect(exited.exitCode ?? exited.signal).toBeDefined();
    } finally {
      await client.close().catch(() => {});
    }
  });
});

describe('progress and logging over HTTP', () => {
  const gitlike = join(repoRoot, 'test/fixtures/secure/gitlike.js');

  it('when a 2026-07-28 client and a v1 client ask for progress then output lines stream to them over HTTP, cleaned, with log notifications', async () => {
    const { url, server } = await serve([gitlike], dir);
    try {
      const { Client: ClientV2 } = await import('@modelcontextprotocol/client');
      const { StreamableHTTPClientTransport: TransportV2 } = await import('@modelcontextprotocol/client');
      const modern = new ClientV2({ name: 'http-progress', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await modern.connect(new TransportV2(new URL(url)));
      const messages: string[] = [];
      await modern.callTool({ name: 'gitlike_ticker', arguments: {} }, { onprogress: (p) => void messages.push(p.message ?? '') });
      await modern.close();
      expect(messages.join('\n')).toContain('tick 5');
      expect(messages.join('\n')).toContain('tick 3 bold [REDACTED]');

      const { Client: ClientV1 } = await import('@modelcontextprotocol/sdk/client/index.js');
      const { StreamableHTTPClientTransport: TransportV1 } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      const { CallToolResultSchema, LoggingMessageNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
      const legacy = new ClientV1({ name: 'http-progress-v1', version: '1.0.0' });
      const logs: unknown[] = [];
      legacy.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params.data));
      await legacy.connect(new TransportV1(new URL(url)));
      const streamed: string[] = [];
      await legacy.callTool({ name: 'gitlike_ticker', arguments: {} }, CallToolResultSchema, { onprogress: (p) => void streamed.push(p.message ?? '') });
      await legacy.close();
      expect(streamed.join('\n')).toContain('tick 5');
      expect(logs).toContainEqual(expect.objectContaining({ tool: 'gitlike_ticker', decision: 'ran' }));
    } finally {
      server.kill('SIGTERM');
      await server;
    }
  });
});

describe('authentication over HTTP', () => {
  const token = `alice-${'t'.repeat(40)}`;
  let authed: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(dir, 'tokens.json');
    writeFileSync(file, JSON.stringify({ tokens: [{ principal: 'alice', token, scopes: ['todo.read'] }] }));
    authed = await serve([todo, '--token-file', file], dir);
  });
  afterAll(async () => {
    authed?.server.kill('SIGTERM');
    await authed?.server;
  });

  it.each(clientKinds)('when the %s client sends the right bearer token then it lists and calls, and the call log names the principal', async (kind) => {
    const client = await connectHttp(kind, authed.url, { headers: { authorization: `Bearer ${token}` } });
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('todo_list');
      const listed = await client.callTool('todo_list', {});
      expect(listed.isError).toBeFalsy();
      expect(authed.stderr()).toMatch(/"tool":"todo_list","principal":"token:alice"/);
    } finally {
      await client.close();
    }
  });

  it('when a request has no token, an unknown one or a malformed header then it gets 401 with the same body, and the reason goes only to the server log', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(authed.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    const answers = await Promise.all([post({}), post({ authorization: `Bearer ${'x'.repeat(40)}` }), post({ authorization: 'Basic abc' })]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(answers.every((answer) => answer.headers.get('www-authenticate')?.startsWith('Bearer'))).toBe(true);
    expect(authed.stderr()).toContain('refused a request: unknown token');
    expect(authed.stderr()).not.toContain('x'.repeat(40));
  });

  it('when the server has authentication then it may listen beyond loopback, and health needs no token', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(dir, 'tokens-wide.json');
    writeFileSync(file, JSON.stringify({ tokens: [{ principal: 'bob', token: `bob-${'b'.repeat(40)}` }] }));
    const server = execa(process.execPath, [binPath, 'wrap', todo, '--http', '0.0.0.0:0', '--token-file', file], { cwd: dir, reject: false, buffer: false, stdin: 'ignore' });
    let stderr = '';
    const url = await new Promise<string>((resolve) => server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving http:\/\/0\.0\.0\.0:(\d+)\/mcp/.exec(stderr);
      if (match?.[1]) resolve(`http://127.0.0.1:${match[1]}`);
    }));
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/mcp`, { method: 'POST', body: '{}' })).status).toBe(401);
    } finally {
      server.kill('SIGTERM');
      await server;
    }
  });
});

describe('an access policy over HTTP', () => {
  const tokens = { reader: `reader-${'r'.repeat(40)}`, admin: `admin-${'a'.repeat(40)}`, nobody: `nobody-${'n'.repeat(40)}` };
  let served: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const { writeFileSync } = await import('node:fs');
    const tokenFile = join(dir, 'policy-tokens.json');
    writeFileSync(tokenFile, JSON.stringify({ tokens: [{ principal: 'reader', token: tokens.reader, scopes: ['todo.read'] }, { principal: 'admin', token: tokens.admin }, { principal: 'nobody', token: tokens.nobody }] }));
    const policy = join(dir, 'policy.yaml');
    writeFileSync(policy, ['default: none', 'rules:', '  - principals: [admin]', '    approval: yolo', '  - scopes: [todo.read]', '    allow: [list]', '    rateLimit: { perSecond: 1, burst: 2 }', ''].join('\n'));
    served = await serve([todo, '--token-file', tokenFile, '--access-policy', policy], dir);
  });
  afterAll(async () => {
    served?.server.kill('SIGTERM');
    await served?.server;
  });
  const as = (who: keyof typeof tokens, kind: ClientKind = 'v2 (2026-07-28)') => connectHttp(kind, served.url, { headers: { authorization: `Bearer ${tokens[who]}` } });

  it('when a principal may only list then its tools/list holds only that, and other tools are refused when called', async () => {
    const client = await as('reader');
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['todo_list', 'todo_run_start', 'todo_run_status', 'todo_run_cancel', 'todo_read_output']);
      expect((await client.callTool('todo_list', {})).isError).toBeFalsy();
      await expect(client.callTool('todo_add', { args: ['sneaky'] })).rejects.toThrow(/Unknown tool/);
    } finally {
      await client.close();
    }
    expect(served.stderr()).not.toContain('sneaky');
  });

  it('when a principal is past its own rate limit then its call is refused with a retry time', async () => {
    const client = await as('reader', 'v1 sdk');
    try {
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await client.callTool('todo_list', {}));
      expect(results.some((result) => result.isError && textOf(result).includes('Rate limit reached'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('when the admin calls a destructive command then its own approval mode (yolo) runs it without asking', async () => {
    const client = await as('admin');
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('todo_remove');
      await client.callTool('todo_add', { args: ['admin task'] });
      const removed = await client.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      expect(textOf(removed)).toBe('Removed 1\n');
    } finally {
      await client.close();
    }
  });

  it('when no rule matches a principal then the default (none) gives it no tool at all', async () => {
    const client = await as('nobody');
    try {
      expect((await client.listTools()).tools).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('OAuth JWT access tokens over HTTP', () => {
  it('when a client brings a JWT from the configured issuer then it calls; an expired one or one for another audience gets 401; one without a required scope 403; the metadata document is served', async () => {
    const { startLocalIssuer, RESOURCE } = await import('../http/auth/local-issuer.js');
    const issuer = await startLocalIssuer();
    const served = await serve([todo, '--oauth-issuer', issuer.url, '--oauth-resource', RESOURCE], dir);
    try {
      const good = await issuer.sign({ sub: 'carol', scope: 'todo.read' });
      const client = await connectHttp('v2 (2026-07-28)', served.url, { headers: { authorization: `Bearer ${good}` } });
      try {
        expect((await client.callTool('todo_list', {})).isError).toBeFalsy();
      } finally {
        await client.close();
      }
      expect(served.stderr()).toContain(`"tool":"todo_list","principal":"jwt:${issuer.url}#carol"`);
      const post = (token: string) => fetch(served.url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      const expired = await post(await issuer.sign({ sub: 'carol', exp: Math.floor(Date.now() / 1000) - 600 }));
      const elsewhere = await post(await issuer.sign({ sub: 'carol', aud: 'https://other.example/mcp' }));
      expect([expired.status, elsewhere.status]).toEqual([401, 401]);
      expect(expired.headers.get('www-authenticate')).toContain('resource_metadata=');
      const scoped = await serve([todo, '--oauth-issuer', issuer.url, '--oauth-resource', RESOURCE, '--require-scope', 'todo.write'], dir);
      try {
        const answer = await fetch(scoped.url, { method: 'POST', headers: { authorization: `Bearer ${good}`, 'content-type': 'application/json' }, body: '{}' });
        expect(answer.status).toBe(403);
        expect(answer.headers.get('www-authenticate')).toContain('insufficient_scope');
      } finally {
        scoped.server.kill('SIGTERM');
        await scoped.server;
      }
      const metadata = await fetch(`${served.base}/.well-known/oauth-protected-resource/mcp`);
      expect(await metadata.json()).toMatchObject({ resource: RESOURCE, authorization_servers: [issuer.url] });
    } finally {
      served.server.kill('SIGTERM');
      await served.server;
      await issuer.close();
    }
  });
});
