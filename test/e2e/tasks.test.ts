import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { repoRoot, serveHttp, type HttpServer } from './clients.js';
import { callTool, cancelTask, getTask, httpTaskClient, pollUntilDone, progressText, RpcError, stdioTaskClient, taskOf, TASKS, textOf, updateTask, type TaskClient } from './task-client.js';

// The ticker prints "tick <i>" every --interval ms, --count times; with --pid and --tree it prints its pid and a grandchild's that ignores SIGTERM.
const ticker = join(repoRoot, 'test/fixtures/runs/ticker.js');
const leaf = (name: string, extra: Record<string, unknown>) => ({ name, runnable: true, options: [], positionals: [], subcommands: [], ...extra });
const manifest = {
  manifestVersion: 1,
  program: {
    name: 'ticker',
    runnable: false,
    options: ['count', 'interval'].map((name) => ({ name, type: 'integer', flag: `--${name}` })).concat(['pid', 'tree'].map((name) => ({ name, type: 'boolean', flag: `--${name}` }))),
    positionals: [],
    subcommands: [
      leaf('run', { annotations: { readOnlyHint: true } }),
      leaf('slow', { longRunning: true, annotations: { readOnlyHint: true } }),
      leaf('wipe', { longRunning: true, annotations: { destructiveHint: true } }),
    ],
  },
};
const approve = { 'cli-mcp-approval': { action: 'accept', content: { approve: true } } };
const notFound = { code: -32602, message: 'Failed to retrieve task: Task not found' };

let dir: string;
let manifestFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-tasks-'));
  manifestFile = join(dir, 'ticker.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `wrap`'s arguments for the ticker: process groups alone, since the pid checks need host pids; a short kill grace. */
const tickerArgs = (...extra: string[]) => ['--manifest', manifestFile, '--exec', ticker, '--sandbox', 'off', '--kill-grace', '300', ...extra];

/** The pids a tree-printing ticker reports in its progress, waiting for them: under load they may come after the task does. */
async function treeFrom(client: TaskClient, token: string, ms = 10_000): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline && !/^grandchild \d+$/m.test(progressText(client, token)); ) await sleep(50);
  return treeOf(progressText(client, token));
}

/** The pids a tree-printing ticker reported in its progress. */
function treeOf(output: string): number[] {
  return ['pid', 'grandchild'].map((word) => {
    const found = new RegExp(`^${word} (\\d+)$`, 'm').exec(output);
    if (!found) throw new Error(`no "${word} <n>" line in ${JSON.stringify(output)}`);
    return Number(found[1]);
  });
}

/** The pids still alive after waiting up to `ms` for them to go. */
async function stillAlive(pids: readonly number[], ms = 0): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline && pids.some(isProcessAlive); ) await sleep(50);
  return pids.filter(isProcessAlive);
}

/** The error a request ended with, as code, message and data. */
async function errorOf(request: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown }> {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof RpcError)) throw new Error(`expected a JSON-RPC error, got ${error === undefined ? 'a result' : String(error)}`);
  return { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
}

/** A call result without what differs from run to run. */
function withoutTiming(result: Record<string, unknown> | undefined): unknown {
  const { resultType: _type, _meta, structuredContent, ...rest } = result ?? {};
  const { durationMs: _duration, ...structured } = (structuredContent ?? {}) as Record<string, unknown>;
  return { ...rest, structuredContent: structured };
}

describe.concurrent('MCP tasks over stdio', { timeout: 60_000 }, () => {
  let client: TaskClient;
  beforeAll(async () => {
    client = await stdioTaskClient(tickerArgs('--detach-after', '1s'));
  });
  afterAll(() => client?.close());

  it('when a 20 s command is called by a task-capable client then it becomes a task that, polled at its interval, completes with the direct call\'s result', async ({ expect }) => {
    const args = { flags: { count: 40, interval: 500 } };
    const direct = callTool(client, 'ticker_run', args, { tasks: false });
    const task = taskOf(await callTool(client, 'ticker_run', args));
    expect(task).toMatchObject({ status: 'working', pollIntervalMs: 1000, ttlMs: (30 + 15) * 60_000 });
    expect(task.taskId).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(task.createdAt)).toBeLessThanOrEqual(Date.now());
    const { task: done, polls, gapsMs } = await pollUntilDone(client, task.taskId);
    expect(polls.length).toBeGreaterThan(10);
    expect(Math.min(...gapsMs)).toBeGreaterThanOrEqual(990);
    expect(polls.filter((poll) => poll.status === 'working').map((poll) => poll.statusMessage)).toContainEqual(expect.stringMatching(/^tick \d+$/));
    expect(done).toMatchObject({ resultType: 'complete', taskId: task.taskId, status: 'completed', createdAt: task.createdAt, pollIntervalMs: 1000 });
    // Once ended, the TTL counts from creation to when the result is dropped: 15 min after the end.
    expect(Date.parse(done.createdAt) + (done.ttlMs as number)).toBe(Date.parse(done.lastUpdatedAt) + 15 * 60_000);
    expect(textOf(done.result)).toContain('tick 39');
    expect(withoutTiming(done.result)).toEqual(withoutTiming(await direct));
  });

  it('when a task is cancelled mid-run then its whole process tree is gone once tasks/cancel answers, and the task says cancelled', async ({ expect }) => {
    const started = taskOf(await callTool(client, 'ticker_run', { flags: { count: 100_000, interval: 100, pid: true, tree: true } }, { progressToken: 'cancel-me' }));
    const tree = await treeFrom(client, 'cancel-me');
    expect(await stillAlive(tree)).toEqual(tree);
    expect(await getTask(client, started.taskId)).toMatchObject({ status: 'working', statusMessage: expect.stringMatching(/^tick \d+$/) });
    expect(await cancelTask(client, started.taskId)).toMatchObject({ resultType: 'complete' });
    expect(await stillAlive(tree)).toEqual([]);
    const cancelled = await getTask(client, started.taskId);
    expect(cancelled).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled by the caller' });
    expect(cancelled.result).toBeUndefined();
  });

  it('when a client discovers the server then it declares the tasks extension', async ({ expect }) => {
    const discovered = await client.request('server/discover', {});
    expect(discovered.capabilities).toMatchObject({ extensions: { [TASKS]: {} } });
  });

  it('when a call ends before the detach time then a task-capable client gets a plain result', async ({ expect }) => {
    const result = await callTool(client, 'ticker_run', { flags: { count: 2, interval: 10 } });
    expect(result).toMatchObject({ resultType: 'complete', isError: false });
    expect(result.taskId).toBeUndefined();
    expect(textOf(result)).toBe('tick 0\ntick 1\n');
  });

  it('when the input is invalid then the error comes back directly, even from a long-running command', async ({ expect }) => {
    const result = await callTool(client, 'ticker_slow', { flags: { count: 'many' } });
    expect(result).toMatchObject({ resultType: 'complete', isError: true });
    expect(textOf(result)).toContain('flags.count');
  });

  it('when a long-running command is called then it is a task at once, and tasks/update on it is acknowledged with nothing to wait for', async ({ expect }) => {
    const task = taskOf(await callTool(client, 'ticker_slow', { flags: { count: 3, interval: 100 } }));
    expect(await updateTask(client, task.taskId, { unasked: { action: 'accept', content: {} } })).toMatchObject({ resultType: 'complete' });
    const { task: done } = await pollUntilDone(client, task.taskId);
    expect(done.status).toBe('completed');
    expect(textOf(done.result)).toBe('tick 0\ntick 1\ntick 2\n');
  });

  it('when a task id is unknown then tasks/get, tasks/update and tasks/cancel answer -32602 Task not found', async ({ expect }) => {
    const unknown = 'f'.repeat(32);
    expect(await errorOf(getTask(client, unknown))).toEqual(notFound);
    expect(await errorOf(updateTask(client, unknown, {}))).toEqual(notFound);
    expect(await errorOf(cancelTask(client, unknown))).toEqual(notFound);
  });

  it('when a request does not declare the extension then a long-running command answers with its result, and tasks/get is refused with -32021 naming the extension', async ({ expect }) => {
    const result = await callTool(client, 'ticker_slow', { flags: { count: 3, interval: 100 } }, { tasks: false });
    expect(result).toMatchObject({ resultType: 'complete', isError: false });
    expect(textOf(result)).toBe('tick 0\ntick 1\ntick 2\n');
    const task = taskOf(await callTool(client, 'ticker_slow', { flags: { count: 3, interval: 100 } }));
    const refused = await errorOf(getTask(client, task.taskId, { tasks: false }));
    expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } });
  });

  it('when a command needs approval then the question comes on tools/call, and only the answered retry becomes a task', async ({ expect }) => {
    const params = { name: 'ticker_wipe', arguments: { flags: { count: 3, interval: 100 } } };
    const asked = await client.request('tools/call', params, { elicitation: true });
    expect(asked.resultType).toBe('input_required');
    const retry = await client.request('tools/call', { ...params, requestState: asked.requestState, inputResponses: approve }, { elicitation: true });
    const { task: done } = await pollUntilDone(client, taskOf(retry).taskId);
    expect(done.status).toBe('completed');
    expect(textOf(done.result)).toBe('tick 0\ntick 1\ntick 2\n');
  });
});

describe.concurrent('MCP task lifetimes over stdio', { timeout: 30_000 }, () => {
  it('when a finished task outlives --run-ttl then tasks/get answers -32602 Task has expired, and later Task not found', async ({ expect }) => {
    const client = await stdioTaskClient(tickerArgs('--run-ttl', '2s'));
    try {
      const task = taskOf(await callTool(client, 'ticker_slow', { flags: { count: 1, interval: 10 } }));
      const answers: string[] = [];
      for (const deadline = Date.now() + 10_000; Date.now() < deadline && answers.at(-1) !== notFound.message; await sleep(100)) {
        const answer = await getTask(client, task.taskId).then(
          (seen) => seen.status,
          (error: RpcError) => (error.code === -32602 ? error.message : `${error.code} ${error.message}`),
        );
        if (answer !== answers.at(-1)) answers.push(answer);
      }
      expect(answers.filter((answer) => answer !== 'working')).toEqual(['completed', 'Failed to retrieve task: Task has expired', notFound.message]);
    } finally {
      await client.close();
    }
  });

  it('when the client hangs up with tasks in flight then every process of their trees is gone and the server exits', async ({ expect }) => {
    const client = await stdioTaskClient(tickerArgs('--detach-after', '500ms'));
    const trees = await Promise.all(
      ['first', 'second'].map(async (token) => {
        taskOf(await callTool(client, 'ticker_run', { flags: { count: 100_000, interval: 100, pid: true, tree: true } }, { progressToken: token }));
        return treeFrom(client, token);
      }),
    );
    const pids = [client.pid as number, ...trees.flat()];
    expect(await stillAlive(pids)).toEqual(pids);
    await client.close();
    expect(await stillAlive(pids, 5_000)).toEqual([]);
  });

  it('when background runs are off then the extension is not declared and a long-running command answers with its result', async ({ expect }) => {
    const client = await stdioTaskClient(tickerArgs('--no-runs'));
    try {
      expect((await client.request('server/discover', {})).capabilities).not.toHaveProperty(['extensions', TASKS]);
      const result = await callTool(client, 'ticker_slow', { flags: { count: 2, interval: 10 } });
      expect(result).toMatchObject({ resultType: 'complete', isError: false });
      expect(textOf(result)).toBe('tick 0\ntick 1\n');
    } finally {
      await client.close();
    }
  });

  it('when a caller already has --max-runs tasks going then its next call runs directly, and a log message says so', async ({ expect }) => {
    const client = await stdioTaskClient(tickerArgs('--max-runs', '1'));
    try {
      const going = taskOf(await callTool(client, 'ticker_slow', { flags: { count: 100_000, interval: 100 } }));
      const direct = await callTool(client, 'ticker_slow', { flags: { count: 2, interval: 10 } }, { logLevel: 'warning' });
      expect(direct).toMatchObject({ resultType: 'complete', isError: false });
      expect(textOf(direct)).toBe('tick 0\ntick 1\n');
      const logged = client.notifications.filter((notification) => notification.method === 'notifications/message').map((notification) => JSON.stringify(notification.params));
      expect(logged).toContainEqual(expect.stringContaining('This call runs directly instead, not as a task.'));
      await cancelTask(client, going.taskId);
    } finally {
      await client.close();
    }
  });
});

describe.concurrent('MCP tasks over Streamable HTTP', { timeout: 30_000 }, () => {
  const tokens = { alice: `alice-${'a'.repeat(40)}`, bob: `bob-${'b'.repeat(40)}` };
  const as = (who: keyof typeof tokens) => httpTaskClient(served.url, { authorization: `Bearer ${tokens[who]}` });
  let served: HttpServer;
  beforeAll(async () => {
    const tokenFile = join(dir, 'tokens.json');
    writeFileSync(tokenFile, JSON.stringify({ tokens: Object.entries(tokens).map(([principal, token]) => ({ principal, token })) }));
    served = await serveHttp(tickerArgs('--token-file', tokenFile, '--detach-after', '500ms'), dir);
  });
  afterAll(async () => {
    served?.server.kill('SIGTERM');
    await served?.server;
  });

  it('when a task is started, polled and completed over HTTP then its result is the direct call\'s', async ({ expect }) => {
    const alice = as('alice');
    const task = taskOf(await callTool(alice, 'ticker_slow', { flags: { count: 3, interval: 100 } }));
    const { task: done } = await pollUntilDone(alice, task.taskId);
    const direct = await callTool(alice, 'ticker_slow', { flags: { count: 3, interval: 100 } }, { tasks: false });
    expect(withoutTiming(done.result)).toEqual(withoutTiming(direct));
  });

  it('when another principal asks for a task then it is not found for them, and its owner cancels it with its whole process tree', async ({ expect }) => {
    const [alice, bob] = [as('alice'), as('bob')];
    const task = taskOf(await callTool(alice, 'ticker_run', { flags: { count: 100_000, interval: 100, pid: true, tree: true } }, { progressToken: 'http' }));
    const tree = await treeFrom(alice, 'http');
    expect(await getTask(alice, task.taskId)).toMatchObject({ status: 'working' });
    expect(await errorOf(getTask(bob, task.taskId))).toEqual(notFound);
    expect(await errorOf(cancelTask(bob, task.taskId))).toEqual(notFound);
    expect(await stillAlive(tree)).toEqual(tree);
    await cancelTask(alice, task.taskId);
    expect(await stillAlive(tree)).toEqual([]);
    expect(await getTask(alice, task.taskId)).toMatchObject({ status: 'cancelled' });
  });
});

describe('stopping an HTTP server with tasks in flight', () => {
  it('when the server gets SIGTERM then every process of the tasks\' trees is gone', { timeout: 30_000 }, async () => {
    const server = await serveHttp(tickerArgs('--detach-after', '500ms'), dir);
    const client = httpTaskClient(server.url);
    taskOf(await callTool(client, 'ticker_run', { flags: { count: 100_000, interval: 100, pid: true, tree: true } }, { progressToken: 'sigterm' }));
    const tree = await treeFrom(client, 'sigterm');
    expect(await stillAlive(tree)).toEqual(tree);
    server.server.kill('SIGTERM');
    await server.server;
    expect(await stillAlive(tree, 2_000)).toEqual([]);
  });
});
