import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { binPath, clientKinds, connect, repoRoot } from './clients.js';

const kubectlLike = join(repoRoot, 'examples/kubectl-like/kubectl.js');
const tree = join(repoRoot, 'test/fixtures/tree/tree.js');

interface Reply {
  readonly id?: string | number | null;
  readonly result?: { isError?: boolean; structuredContent?: { exitCode: number | null } };
  readonly error?: { code: number; message: string };
}

/** `cli-mcp wrap` on a raw pipe: whole JSON-RPC lines in, replies read back by id. */
function rawServer(args: readonly string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [binPath, 'wrap', ...args], { cwd: repoRoot, stdio: 'pipe' });
  const replies: Reply[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    pending += text;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      replies.push(JSON.parse(pending.slice(0, end)) as Reply);
      pending = pending.slice(end + 1);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const send = (message: string): boolean => child.stdin.write(`${message}\n`);
  const reply = async (id: string | number | null): Promise<Reply> => {
    for (let waited = 0; waited < 20_000; waited += 20) {
      const found = replies.find((candidate) => candidate.id === id);
      if (found) return found;
      await sleep(20);
    }
    throw new Error(`no reply with id ${String(id)}; stderr: ${stderr}`);
  };
  const open = async (): Promise<void> => {
    send(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    await reply('init');
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  };
  const call = (id: number, name: string, input: unknown): boolean => send(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: input } }));
  return { child, send, reply, open, call, exited, stderr: () => stderr };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-stdio-bounds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the stdio edge under hostile input', () => {
  it('when a 12 MiB message arrives then it is refused with an error for its id and the next call still runs', async () => {
    const server = rawServer([kubectlLike]);
    try {
      await server.open();
      const huge = 'A'.repeat(12 * 1024 * 1024);
      const written = server.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'kubectl_version', arguments: { flags: { output: huge } } } }));
      if (!written) await new Promise((resolve) => server.child.stdin.once('drain', resolve));
      const refused = await server.reply(7);
      expect(refused.error?.code).toBe(-32600);
      expect(refused.error?.message).toMatch(/over the limit of 4194304/);
      server.call(8, 'kubectl_version', { flags: { client: true } });
      const answered = await server.reply(8);
      expect(answered.result?.isError).toBe(false);
      expect(server.stderr()).toMatch(/refused a message of \d+ bytes/);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('when --max-frame-bytes lowers the limit then a message over it is refused and the next call still runs', async () => {
    const server = rawServer([kubectlLike, '--max-frame-bytes', '65536']);
    try {
      await server.open();
      server.call(3, 'kubectl_version', { flags: { output: 'A'.repeat(70_000) } });
      expect((await server.reply(3)).error?.message).toMatch(/over the limit of 65536/);
      server.call(4, 'kubectl_version', { flags: { client: true } });
      expect((await server.reply(4)).result?.isError).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('when an oversized message puts its id last then the error still carries that id', async () => {
    const server = rawServer([kubectlLike]);
    try {
      await server.open();
      server.send(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{"args":["${'B'.repeat(5 * 1024 * 1024)}"],"id":3}},"id":9}`);
      const refused = await server.reply(9);
      expect(refused.error?.code).toBe(-32600);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('when an oversized message has no id anywhere then the error says id null', async () => {
    const server = rawServer([kubectlLike]);
    try {
      await server.open();
      server.send(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{"args":["${'B'.repeat(5 * 1024 * 1024)}"]}}}`);
      expect((await server.reply(null)).error?.code).toBe(-32600);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it.each(clientKinds)('when the official %s client sends an oversized call then it is refused at once, and its next call runs', async (kind) => {
    const client = await connect(kind, [kubectlLike, '--max-frame-bytes', '1048576']);
    try {
      const started = Date.now();
      // The SDK writes the request's id after its params: the refusal must still find it.
      await expect(client.callTool('kubectl_version', { flags: { output: 'A'.repeat(2 * 1024 * 1024) } })).rejects.toThrow(/over the limit of 1048576/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await client.callTool('kubectl_version', { flags: { client: true } })).isError).toBe(false);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('when the server gets SIGHUP during a call then it exits and no process of the call tree is alive', async () => {
    // The tree fixture reports host pids only outside a PID namespace; test/e2e/sandbox-sigkill.test.ts covers the sandbox.
    const server = rawServer([tree, '--kill-grace', '300', '--sandbox', 'off']);
    const file = join(dir, 'hup.json');
    await server.open();
    server.call(1, 'tree_hang', { flags: { pids: file } });
    let pids: { child: number; grandchild: number } | undefined;
    for (let waited = 0; waited < 10_000 && pids === undefined; waited += 25) {
      if (existsSync(file) && readFileSync(file, 'utf8') !== '') pids = JSON.parse(readFileSync(file, 'utf8')) as { child: number; grandchild: number };
      else await sleep(25);
    }
    if (pids === undefined) throw new Error(`the fixture never wrote its pids; stderr: ${server.stderr()}`);
    expect(isProcessAlive(pids.child) && isProcessAlive(pids.grandchild)).toBe(true);
    server.child.kill('SIGHUP');
    await server.exited;
    for (let waited = 0; waited < 3_000 && (isProcessAlive(pids.child) || isProcessAlive(pids.grandchild)); waited += 50) await sleep(50);
    expect(isProcessAlive(pids.child)).toBe(false);
    expect(isProcessAlive(pids.grandchild)).toBe(false);
  }, 30_000);
});
