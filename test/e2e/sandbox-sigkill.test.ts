import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSandbox } from '../../src/exec/sandbox.js';
import { killMarked, survivorsAfter, waitForMarked } from '../exec/sandbox-pids.js';
import { binPath, repoRoot } from './clients.js';
import { fixture } from '../helpers/fixture.js';

const daemonCli = fixture('sandbox/daemon-cli.js');
const marker = `cli-mcp-sigkill-${process.pid}`;
afterAll(() => killMarked(marker));

/** `cli-mcp wrap` driven over a raw pipe: newline-delimited JSON-RPC on stdin, stderr collected. */
function startServer(env: NodeJS.ProcessEnv, args: readonly string[] = []): { server: ChildProcess; send: (message: object) => void; stderr: () => string } {
  const server = spawn(process.execPath, [binPath, 'wrap', daemonCli, ...args], { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  const send = (message: object) => server.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  send({ method: 'notifications/initialized' });
  return { server, send, stderr: () => errors };
}

/** The marked processes once one of them is the daemon (`sh`), not only bwrap starting up. */
async function waitForDaemon(mark: string, ms: number): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
    const pids = await waitForMarked(mark, 1, Math.max(1, deadline - Date.now()));
    if (pids.some((pid) => commandName(pid) === 'sh')) return pids;
  }
  throw new Error(`the daemon named ${mark} did not appear within ${ms} ms`);
}

function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

describe.runIf(resolveSandbox({ level: 'contain' }) !== undefined)('a server killed mid-call', () => {
  it('when the server is SIGKILLed during a call then the setsid daemon of that call dies within seconds', async () => {
    const { server, send } = startServer(process.env);
    send({ id: 2, method: 'tools/call', params: { name: 'daemon_start', arguments: { flags: { marker } } } });
    // The marker is in bwrap's own command line from the start: wait for the daemon itself (`sh`), so the kill comes mid-call.
    const daemons = await waitForDaemon(marker, 15_000);
    server.kill('SIGKILL');
    expect(await survivorsAfter(daemons, 5_000)).toEqual([]);
  }, 30_000);
});

describe('a server without bwrap', () => {
  it('when bwrap is not on PATH then the server says once on stderr that calls run in process groups only', async () => {
    const { server, send, stderr } = startServer({ ...process.env, PATH: '/nonexistent' });
    send({ id: 2, method: 'tools/list', params: {} });
    for (let waited = 0; waited < 10_000 && !stderr().includes('sandbox unavailable'); waited += 50) await new Promise((r) => setTimeout(r, 50));
    server.kill('SIGKILL');
    expect(stderr().match(/cli-mcp: sandbox unavailable \(bwrap not found\): calls run in process groups only\n/g)).toHaveLength(1);
  }, 20_000);
});
