import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { execa, type ResultPromise } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSandbox } from '../../src/exec/sandbox.js';
import { killMarked, pidsWithMarker, survivorsAfter } from '../exec/sandbox-pids.js';
import { roundRobin } from '../helpers/balancer.js';
import { hasRedis, RedisServer } from '../helpers/redis.js';
import { binPath, connectHttp, repoRoot, serveHttp, textOf, type CallResult, type TestClient } from './clients.js';

// Stateless replicas of one server behind a load balancer, sharing one real redis-server: real processes, real clients.
const todo = join(repoRoot, 'examples/todo/todo.js');
const worker = join(repoRoot, 'test/fixtures/replicas/worker.js');
const token = `alice-${'a'.repeat(40)}`;
const headers = { authorization: `Bearer ${token}` };
const marker = `cli-mcp-replica-${process.pid}`;
const answer = { 'cli-mcp-approval': { action: 'accept', content: { approve: true } } };

/** One `cli-mcp wrap … --http 127.0.0.1:0 --redis …` process, its URL, and what it wrote on stderr. */
interface Replica {
  readonly url: string;
  readonly cwd: string;
  readonly base: string;
  readonly process: ResultPromise;
  stderr(): string;
  /** The decisions of its call log for `tool`, in order. */
  decisions(tool: string): string[];
}

let redis: RedisServer;
let dir: string;
let tokenFile: string;
const started: Replica[] = [];
const clients: TestClient[] = [];

/** Starts a replica; resolves once it listens. */
async function replica(target: string, cwd: string, redisUrl: string, args: readonly string[]): Promise<Replica> {
  const { url, server: child, stderr: stderrOf } = await serveHttp([target, '--redis', redisUrl, '--token-file', tokenFile, ...args], cwd);
  const stderr = (): string => stderrOf();
  const decisions = (tool: string): string[] =>
    stderr()
      .split('\n')
      .slice(0, -1) // the last piece may be a line still being written
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { tool: string; decision: string })
      .filter((record) => record.tool === tool)
      .map((record) => record.decision);
  const running = { url, cwd, base: url.replace(/\/mcp$/, ''), process: child, stderr, decisions };
  started.push(running);
  return running;
}

/** Two replicas of the same server, as a deployment runs them: same target, flags and working directory; Redis database `db` keeps each pair's state apart. */
async function pair(target: string, db: number, args: readonly string[] = []): Promise<[Replica, Replica]> {
  const cwd = mkdtempSync(join(dir, 'pair-'));
  const url = `${redis.url}/${db}`;
  const [a, b] = await Promise.all([replica(target, cwd, url, args), replica(target, cwd, url, args)]);
  return [a, b];
}

/** A 2026-07-28 client for alice at `url` (a replica, or the balancer); its user approves every question, which are kept. */
async function client(url: string): Promise<TestClient & { asked: string[] }> {
  const asked: string[] = [];
  const connected = await connectHttp('v2 (2026-07-28)', url, { headers, elicit: (message) => (asked.push(message), 'accept') });
  clients.push(connected);
  return Object.assign(connected, { asked });
}

/** A 2026-07-28 client that answers questions by hand, so a test can send an answer to a replica of its choosing. */
async function manualClient(url: string) {
  const manual = new Client({ name: 'e2e-replicas', version: '1.0.0' }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } }, inputRequired: { autoFulfill: false } });
  await manual.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push({ close: () => manual.close() } as TestClient);
  return (params: Record<string, unknown>) => manual.request({ method: 'tools/call', params } as never, { allowInputRequired: true } as never) as Promise<Record<string, unknown>>;
}

const readiness = async (replica: Replica): Promise<number> => (await fetch(`${replica.base}/readyz`)).status;
const ran = (result: CallResult): boolean => !result.isError;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-replicas-'));
  tokenFile = join(dir, 'tokens.json');
  writeFileSync(tokenFile, JSON.stringify({ tokens: [{ principal: 'alice', token }] }));
  if (hasRedis) redis = await RedisServer.start();
});

afterAll(async () => {
  await Promise.allSettled(clients.map((connected) => connected.close()));
  for (const running of started) running.process.kill('SIGTERM');
  await Promise.allSettled(started.map((running) => running.process));
  killMarked(marker);
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasRedis)('replicas sharing one Redis', () => {
  it('when calls alternate between two replicas with --rate-limit 1 then refusals come as if one server counted them', async () => {
    const [a, b] = await pair(todo, 1, ['--rate-limit', '1']);
    const [onA, onB] = await Promise.all([client(a.url), client(b.url)]);
    const results: CallResult[] = [];
    // One server allows a burst of 2 and then refuses; two unshared servers would allow 2 each.
    for (const replicaClient of [onA, onB, onA, onB, onA, onB]) results.push(await replicaClient.callTool('todo_list', {}));
    expect(results.map(ran)).toEqual([true, true, false, false, false, false]);
    for (const refused of results.slice(2)) expect(textOf(refused)).toMatch(/^Rate limit reached for todo_list: nothing was run\. Retry after [\d.]+ s\.$/);
    await expect.poll(() => a.decisions('todo_list')[1]).toMatch(/^rate-limited/);
  });

  describe('approval grants', () => {
    let a: Replica;
    let b: Replica;
    beforeAll(async () => {
      [a, b] = await pair(todo, 2);
      const setup = await client(a.url);
      for (const title of ['first', 'second', 'third']) await setup.callTool('todo_add', { args: [title] });
    });

    it('when the user approves a destructive call on replica A then the same call on replica B runs without asking', async () => {
      const [onA, onB] = await Promise.all([client(a.url), client(b.url)]);
      const removed = await onA.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      expect(textOf(removed)).toBe('Removed 1\n');
      expect(onA.asked).toEqual(['Allow the assistant to run this destructive command?\n\ntodo remove --force 1']);
      const again = await onB.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      // It ran (the task is already gone, so the CLI says so) and nobody was asked.
      expect(textOf(again)).toContain('todo: no task 1');
      expect(onB.asked).toEqual([]);
      await expect.poll(() => b.decisions('todo_remove')).toEqual(['approved (earlier grant)']);
    });

    it('when a load balancer alternates requests then a question asked by one replica is answered on the other', async () => {
      const balancer = await roundRobin([a.url, b.url]);
      try {
        const viaBalancer = await client(balancer.url);
        const before = [a.decisions('todo_remove').length, b.decisions('todo_remove').length] as const;
        const removed = await viaBalancer.callTool('todo_remove', { flags: { force: true }, args: ['2'] });
        expect(textOf(removed)).toBe('Removed 1\n');
        expect(viaBalancer.asked).toHaveLength(1);
        // One replica asked, the other took the answer and ran the call.
        const rounds = () => [a.decisions('todo_remove').slice(before[0]).join(), b.decisions('todo_remove').slice(before[1]).join()].sort();
        await expect.poll(rounds).toEqual(['approved by the user', 'asked the user']);
      } finally {
        await balancer.close();
      }
    });
  });

  it('when grants are one-time then an approval answered on one replica runs once, and its answer is refused on both afterwards', async () => {
    const [a, b] = await pair(todo, 3, ['--one-time-grants']);
    await (await client(a.url)).callTool('todo_add', { args: ['only'] });
    const [onA, onB] = await Promise.all([manualClient(a.url), manualClient(b.url)]);
    const params = { name: 'todo_remove', arguments: { flags: { force: true }, args: ['1'] } };
    const asked = await onA(params);
    expect(asked.resultType).toBe('input_required');
    const retry = { ...params, requestState: asked.requestState, inputResponses: answer };
    expect(JSON.stringify(await onB(retry))).toContain('Removed 1');
    await expect(onA(retry)).rejects.toThrow(/Invalid or expired requestState/);
    await expect(onB(retry)).rejects.toThrow(/Invalid or expired requestState/);
    expect((await onB(params)).resultType).toBe('input_required');
  });

  it.runIf(resolveSandbox({ level: 'contain' }) !== undefined)(
    'when a replica is SIGKILLed mid-call then its CLI process is gone, and the other replica serves, its queued call running once the dead lease runs out',
    async () => {
      // Cold starts: the hung CLI is found by the marker in its command line, which a warm worker's does not show.
      const [a, b] = await pair(worker, 4, ['--max-concurrent', '1', '--max-queued', '4', '--slot-lease', '2', '--no-warm']);
      const [onA, onB] = await Promise.all([client(a.url), client(b.url)]);
      void onA.callTool('worker_hang', { flags: { marker } }).catch(() => {});
      const cli = await cliProcessOf(marker);
      // A holds the only slot: B's call waits for it.
      const queued = onB.callTool('worker_hello', {});
      await sleep(500);
      expect(b.decisions('worker_hello')).toEqual([]);
      a.process.kill('SIGKILL');
      const killedAt = performance.now();
      expect(await survivorsAfter(cli, 5_000)).toEqual([]);
      expect(textOf(await queued)).toBe('hello\n');
      expect(performance.now() - killedAt).toBeLessThan(5_000);
      expect(await readiness(b)).toBe(200);
      expect(textOf(await onB.callTool('worker_hello', {}))).toBe('hello\n');
    },
    60_000,
  );

  it('when Redis stops then calls on every replica are refused naming the store and /readyz is 503; when it restarts they serve again, without restarting the replicas', async () => {
    const [a, b] = await pair(todo, 5);
    const [onA, onB] = await Promise.all([client(a.url), client(b.url)]);
    for (const title of ['before', 'after']) await onA.callTool('todo_add', { args: [title] });
    const [askOnA, answerOnB] = await Promise.all([manualClient(a.url), manualClient(b.url)]);
    const removal = (id: string) => ({ name: 'todo_remove', arguments: { flags: { force: true }, args: [id] } });
    const before = await askOnA(removal('1'));
    expect(JSON.stringify(await answerOnB({ ...removal('1'), requestState: before.requestState, inputResponses: answer }))).toContain('Removed 1');
    await redis.stop();
    for (const replicaClient of [onA, onB]) {
      const refused = await replicaClient.callTool('todo_list', {});
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^The shared store at redis:\/\/127\.0\.0\.1:\d+\/5 is unreachable: .+; nothing was run\. Retry in a moment\.$/);
    }
    const destructive = await onA.callTool('todo_remove', { flags: { force: true }, args: ['2'] });
    expect(textOf(destructive)).toMatch(/^The shared store .* is unreachable/);
    expect(onA.asked).toEqual([]);
    expect([await readiness(a), await readiness(b)]).toEqual([503, 503]);

    await redis.restart();
    for (const deadline = Date.now() + 10_000; !(ran(await onA.callTool('todo_list', {})) && ran(await onB.callTool('todo_list', {}))); await sleep(200)) {
      if (Date.now() > deadline) throw new Error('the replicas did not serve again within 10 s of Redis restarting');
    }
    expect([await readiness(a), await readiness(b)]).toEqual([200, 200]);
    // Redis came back empty, with a new sealing secret: a replica started now and the ones that lived through it agree on it.
    const c = await replica(todo, a.cwd, `${redis.url}/5`, []);
    const answerOnC = await manualClient(c.url);
    const after = await askOnA(removal('2'));
    expect(JSON.stringify(await answerOnC({ ...removal('2'), requestState: after.requestState, inputResponses: answer }))).toContain('Removed 1');
  }, 60_000);
});

describe.skipIf(!hasRedis)('the cross-replica concurrency cap through a Redis pause', () => {
  it('when Redis hangs for longer than the slot lease then the running call takes its slot again and a call on the other replica waits for it to end', async () => {
    const [a, b] = await pair(worker, 7, ['--max-concurrent', '1', '--slot-lease', '1']);
    const [onA, onB] = await Promise.all([client(a.url), client(b.url)]);
    const first = onA.callTool('worker_sleep', { args: ['6000'] });
    await sleep(300);
    redis.pause();
    await sleep(2200);
    redis.resume();
    const second = await onB.callTool('worker_sleep', { args: ['100'] });
    const [firstStart, firstEnd] = textOf(await first).trim().split(' ').map(Number);
    const [secondStart] = textOf(second).trim().split(' ').map(Number);
    expect(firstStart).toBeGreaterThan(0);
    // One process at a time across both replicas: the second started only once the first had ended.
    expect(secondStart).toBeGreaterThanOrEqual(firstEnd ?? Infinity);
  }, 30_000);
});

describe('a store that answers garbage', () => {
  it('when the Redis URL reaches a server that answers +OK to everything then a read-only call is refused at once, naming the store', async () => {
    const { createServer } = await import('node:net');
    // Answers each RESP command (an array of bulk strings) with +OK, as a misconfigured proxy might.
    const fake = createServer((socket) => {
      let pending = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        for (let used = commandLength(pending); used > 0; used = commandLength(pending)) {
          pending = pending.subarray(used);
          socket.write('+OK\r\n');
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as { port: number }).port;
    try {
      const cwd = mkdtempSync(join(dir, 'fake-'));
      const served = await replica(worker, cwd, `redis://127.0.0.1:${port}`, []);
      const onIt = await client(served.url);
      const started = Date.now();
      const result = await onIt.callTool('worker_hello', {});
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(new RegExp(`^The shared store at redis://127\\.0\\.0\\.1:${port}/? answered .*: it is not a Redis cli-mcp can use; nothing was run`));
    } finally {
      fake.close();
    }
  });
});

/** Bytes of the first whole RESP command in `buffer`, or 0 when it is not all there yet. */
function commandLength(buffer: Buffer): number {
  const text = buffer.toString('latin1');
  const header = /^\*(\d+)\r\n/.exec(text);
  if (!header) return text.includes('\r\n') ? text.indexOf('\r\n') + 2 : 0; // an inline command
  let at = header[0].length;
  for (let index = 0; index < Number(header[1]); index += 1) {
    const bulk = /^\$(\d+)\r\n/.exec(text.slice(at));
    if (!bulk) return 0;
    at += bulk[0].length + Number(bulk[1]) + 2;
    if (at > text.length) return 0;
  }
  return at;
}

describe('the --redis option', () => {
  const wrap = (args: readonly string[], env: Record<string, string> = {}) =>
    execa(process.execPath, [binPath, 'wrap', todo, ...args], { cwd: dir, reject: false, timeout: 20_000, env: { ...process.env, ...env } });

  it.each([
    [['--redis', 'redis://127.0.0.1:6379'], '--redis needs --http'],
    [['--http', '127.0.0.1:0', '--slot-lease', '5'], '--slot-lease needs --redis'],
    [['--http', '127.0.0.1:0', '--redis', 'http://127.0.0.1:6379'], 'the Redis URL must start with redis:// or rediss://, got "http:"'],
  ])('when wrap is given %j then it refuses to start, saying why', async (args, reason) => {
    const result = await wrap(args);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(reason);
  });

  it('when the URL comes from $CLI_MCP_REDIS and Redis is not there then the replica starts unready, refuses calls naming the store with its password masked', async () => {
    const port = await closedPort();
    const server = execa(process.execPath, [binPath, 'wrap', todo, '--http', '127.0.0.1:0'], { cwd: dir, reject: false, buffer: false, stdin: 'ignore', env: { ...process.env, CLI_MCP_REDIS: `redis://:hunter2@127.0.0.1:${port}` } });
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        server.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /serving (http:\/\/\S+\/mcp)/.exec(stderr);
          if (match?.[1]) resolve(match[1]);
        });
        void server.then(() => reject(new Error(`the server exited: ${stderr}`)));
      });
      expect(stderr).toContain('limits and approvals shared through Redis');
      expect((await fetch(url.replace(/\/mcp$/, '/readyz'))).status).toBe(503);
      const onIt = await connectHttp('v2 (2026-07-28)', url);
      try {
        const refused = await onIt.callTool('todo_list', {});
        expect(textOf(refused)).toMatch(new RegExp(`^The shared store at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} is unreachable: .+; nothing was run\\. Retry in a moment\\.$`));
        expect(JSON.stringify(refused)).not.toContain('hunter2');
      } finally {
        await onIt.close();
      }
    } finally {
      server.kill('SIGTERM');
      await server;
    }
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The host pids of the CLI process (and its sandbox) carrying `mark`, once the CLI itself (node) runs. */
async function cliProcessOf(mark: string): Promise<number[]> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(20)) {
    const pids = pidsWithMarker(mark);
    if (pids.some((pid) => commandName(pid) === 'node')) return pids;
  }
  throw new Error(`no CLI process named ${mark} appeared`);
}

function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}
