import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { callTool, cancelTask, getTask, pollUntilDone, taskClientOver, taskOf, TASKS, textOf, updateTask, type RpcError, type TaskClient } from '../e2e/task-client.js';
import { serveInProcess } from '../helpers/in-process.js';
import { scratchMaker } from '../helpers/scratch.js';
import { approve, errorOf, notFound, stillAlive, tickerServing, treeFrom, withoutTiming } from '../helpers/ticker-tasks.js';

// MCP tasks through one client connection to a server in process; the ticker runs as a real process.
// What needs the server's own process (its exit when the client hangs up) or HTTP is in test/e2e/tasks.test.ts.
const tickerArgs = tickerServing(scratchMaker('cli-mcp-tasks-')());

/** The tasks client over an in-process server's wire; closing it closes the server. */
async function inProcessTaskClient(args: readonly string[]): Promise<TaskClient> {
  const served = await serveInProcess(args);
  const client = await taskClientOver(served.transport);
  return {
    ...client,
    close: async () => {
      await client.close();
      await served.close();
    },
  };
}

describe.concurrent('MCP tasks over one connection', { timeout: 60_000 }, () => {
  let client: TaskClient;
  beforeAll(async () => {
    client = await inProcessTaskClient(tickerArgs('--detach-after', '3s'));
  });
  afterAll(() => client?.close());

  it('when a 12 s command is called by a task-capable client then it becomes a task that, polled at its interval, completes with the direct call\'s result', async ({ expect }) => {
    const args = { flags: { count: 40, interval: 300 } };
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

describe.concurrent('MCP task lifetimes over one connection', { timeout: 30_000 }, () => {
  it('when a finished task outlives --run-ttl then tasks/get answers -32602 Task has expired, and later Task not found', async ({ expect }) => {
    const client = await inProcessTaskClient(tickerArgs('--run-ttl', '2s'));
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

  it('when background runs are off then the extension is not declared and a long-running command answers with its result', async ({ expect }) => {
    const client = await inProcessTaskClient(tickerArgs('--no-runs'));
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
    const client = await inProcessTaskClient(tickerArgs('--max-runs', '1'));
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
