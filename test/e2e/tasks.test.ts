import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { errorOf, notFound, stillAlive, tickerServing, treeFrom, withoutTiming } from '../helpers/ticker-tasks.js';
import { serveHttp, type HttpServer } from './clients.js';
import { callTool, cancelTask, getTask, httpTaskClient, pollUntilDone, stdioTaskClient, taskOf } from './task-client.js';

// MCP tasks where the server's own process matters: it exits when the client hangs up, and serves HTTP.
// Calls detach after 3 s, by when the ticker has printed the pids the tests read (see treeFrom).
// The rest is in test/protocol/tasks.test.ts, in process.
const dir = scratchMaker('cli-mcp-tasks-')();
const tickerArgs = tickerServing(dir);

describe.concurrent('MCP task lifetimes over stdio', { timeout: 30_000 }, () => {
  it('when the client hangs up with tasks in flight then every process of their trees is gone and the server exits', async ({ expect }) => {
    const client = await stdioTaskClient(tickerArgs('--detach-after', '3s'));
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
});

describe.concurrent('MCP tasks over Streamable HTTP', { timeout: 30_000 }, () => {
  const tokens = { alice: `alice-${'a'.repeat(40)}`, bob: `bob-${'b'.repeat(40)}` };
  const as = (who: keyof typeof tokens) => httpTaskClient(served.url, { authorization: `Bearer ${tokens[who]}` });
  let served: HttpServer;
  beforeAll(async () => {
    const tokenFile = join(dir, 'tokens.json');
    writeFileSync(tokenFile, JSON.stringify({ tokens: Object.entries(tokens).map(([principal, token]) => ({ principal, token })) }));
    served = await serveHttp(tickerArgs('--token-file', tokenFile, '--detach-after', '3s'), dir);
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
    const server = await serveHttp(tickerArgs('--detach-after', '3s'), dir);
    const client = httpTaskClient(server.url);
    taskOf(await callTool(client, 'ticker_run', { flags: { count: 100_000, interval: 100, pid: true, tree: true } }, { progressToken: 'sigterm' }));
    const tree = await treeFrom(client, 'sigterm');
    expect(await stillAlive(tree)).toEqual(tree);
    server.server.kill('SIGTERM');
    await server.server;
    expect(await stillAlive(tree, 2_000)).toEqual([]);
  });
});
