import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { roundRobin, type Balancer } from '../helpers/balancer.js';
import { hasRedis, RedisServer } from '../helpers/redis.js';
import { connectHttp, repoRoot, serveHttp, type HttpServer, type TestClient } from './clients.js';
import { callTool, cancelTask, getTask, httpTaskClient, pollUntilDone, taskOf } from './task-client.js';

// Two stateless replicas of one server on one real redis-server: a run or task started on one is polled and cancelled on the other.
const ticker = join(repoRoot, 'test/fixtures/runs/ticker.js');
const manifest = {
  manifestVersion: 1,
  program: {
    name: 'ticker',
    runnable: true,
    annotations: { readOnlyHint: true },
    options: ['count', 'interval'].map((name) => ({ name, type: 'integer', flag: `--${name}` })).concat(['pid', 'tree'].map((name) => ({ name, type: 'boolean', flag: `--${name}` }))),
    positionals: [],
    subcommands: [],
  },
};
const tokens = { alice: `alice-${'a'.repeat(40)}`, bob: `bob-${'b'.repeat(40)}` };
const auth = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
const tree = { flags: { count: 100_000, interval: 100, pid: true, tree: true } };

let redis: RedisServer;
let dir: string;
let replicas: HttpServer[] = [];
const clients: TestClient[] = [];
let balancer: Balancer | undefined;

beforeAll(async () => {
  if (!hasRedis) return;
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-replica-runs-'));
  writeFileSync(join(dir, 'ticker.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'tokens.json'), JSON.stringify({ tokens: Object.entries(tokens).map(([principal, token]) => ({ principal, token })) }));
  redis = await RedisServer.start();
  // Process groups alone, so the pids the ticker prints are this host's.
  const args = ['--manifest', 'ticker.json', '--exec', ticker, '--sandbox', 'off', '--kill-grace', '300', '--token-file', 'tokens.json', '--redis', `${redis.url}/3`, '--detach-after', '300ms'];
  replicas = await Promise.all([serveHttp(args, dir), serveHttp(args, dir)]);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await balancer?.close();
  for (const replica of replicas) replica.server.kill('SIGTERM');
  await Promise.allSettled(replicas.map((replica) => replica.server));
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The pids a tree-printing ticker reported. */
function pidsIn(output: string): number[] {
  return ['pid', 'grandchild'].map((word) => Number(new RegExp(`^${word} (\\d+)$`, 'm').exec(output)?.[1] ?? Number.NaN));
}

async function gone(pids: readonly number[], ms = 5_000): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline && pids.some(isProcessAlive); ) await sleep(50);
  return pids.filter(isProcessAlive);
}

async function client(url: string, kind: Parameters<typeof connectHttp>[0] = 'v2 (2025-11-25)'): Promise<TestClient> {
  const connected = await connectHttp(kind, url, { headers: auth('alice') });
  clients.push(connected);
  return connected;
}

type Structured = { runId: string; state: string; newOutput: string; nextCursor: number; result?: { isError: boolean; text: string } };
const structured = (result: unknown): Structured => (result as { structuredContent: Structured }).structuredContent;

describe.skipIf(!hasRedis)('background runs on two replicas sharing Redis', { timeout: 60_000 }, () => {
  it('when a run started on replica A is polled on replica B then B streams its output, and a cancel on B ends the tree A holds', async () => {
    const [a, b] = replicas as [HttpServer, HttpServer];
    const [onA, onB] = [await client(a.url, 'v1 sdk'), await client(b.url)];
    const run = structured(await onA.callTool('ticker_run_start', { command: 'ticker', ...tree }));
    expect(run.state).toBe('running');

    let seen = run.newOutput;
    let cursor = run.nextCursor;
    for (const deadline = Date.now() + 20_000; !/^grandchild \d+$/m.test(seen) && Date.now() < deadline; await sleep(200)) {
      const poll = structured(await onB.callTool('ticker_run_status', { runId: run.runId, cursor }));
      seen += `\n${poll.newOutput}`;
      cursor = poll.nextCursor;
    }
    const pids = pidsIn(seen);
    expect(pids.every(isProcessAlive)).toBe(true);
    // A stranger asking B learns nothing.
    const stranger = await connectHttp('v2 (2025-11-25)', b.url, { headers: auth('bob') });
    clients.push(stranger);
    expect((await stranger.callTool('ticker_run_status', { runId: run.runId })).isError).toBe(true);

    const cancelled = structured(await onB.callTool('ticker_run_cancel', { runId: run.runId }));
    expect(cancelled.state).toBe('cancelled');
    expect(await gone(pids)).toEqual([]);
    expect(structured(await onA.callTool('ticker_run_status', { runId: run.runId })).state).toBe('cancelled');
  });

  it('when a task is created on replica A then replica B answers tasks/get until it completes with the direct call\'s result', async () => {
    const [a, b] = replicas as [HttpServer, HttpServer];
    const input = { flags: { count: 10, interval: 150 } };
    const task = taskOf(await callTool(httpTaskClient(a.url, auth('alice')), 'ticker', input));
    expect(task.status).toBe('working');
    const onB = httpTaskClient(b.url, auth('alice'));
    const { task: done, polls } = await pollUntilDone(onB, task.taskId);
    expect(polls.some((poll) => poll.status === 'working')).toBe(true);
    const direct = await callTool(onB, 'ticker', input, { tasks: false });
    const withoutTiming = (result: Record<string, unknown> | undefined) => {
      const { structuredContent, resultType: _type, _meta, ...rest } = result ?? {};
      const { durationMs: _duration, ...kept } = structuredContent as Record<string, unknown>;
      return { ...rest, structuredContent: kept };
    };
    expect(done.status).toBe('completed');
    expect(withoutTiming(done.result as Record<string, unknown>)).toEqual(withoutTiming(direct));
  });

  it('when a task created on replica A is read through a load balancer and cancelled on replica B then no process is left', async () => {
    const [a, b] = replicas as [HttpServer, HttpServer];
    balancer = await roundRobin(replicas.map((replica) => replica.url));
    const viaBalancer = httpTaskClient(balancer.url, auth('alice'));
    const task = taskOf(await callTool(httpTaskClient(a.url, auth('alice')), 'ticker', tree));
    // A task is a background run: the run tools read its whole output by the same id, on either replica.
    let output = '';
    for (const deadline = Date.now() + 20_000; !/^grandchild \d+$/m.test(output) && Date.now() < deadline; await sleep(200)) {
      output = (structured(await callTool(viaBalancer, 'ticker_run_status', { runId: task.taskId }, { tasks: false })) as Structured).newOutput;
    }
    const pids = pidsIn(output);
    expect(pids.every(isProcessAlive)).toBe(true);
    // B holds no process: the cancel is published to A, and B answers once A's record says it has ended.
    expect(await cancelTask(httpTaskClient(b.url, auth('alice')), task.taskId)).toMatchObject({ resultType: 'complete' });
    expect(await gone(pids)).toEqual([]);
    expect(await getTask(viaBalancer, task.taskId)).toMatchObject({ status: 'cancelled' });
    expect(new Set(balancer.served).size).toBe(2);
  });
});
