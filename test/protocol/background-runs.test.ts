/**
 * Background runs through the run tools, for clients that do not declare tasks: every client kind starts
 * a 10 s command with run_start, polls it to its end and cancels another mid-run; and GNU `tail -f`, a
 * real program that runs until stopped, is followed while the test appends to its file. The long cases
 * run concurrently, so the file takes about as long as one of them.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { pidsWithMarker } from '../exec/sandbox-pids.js';
import { scratchMaker } from '../helpers/scratch.js';
import { clientKinds, textOf, type CallResult, type ClientKind, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

const scratch = scratchMaker('cli-mcp-runs-');
const ticker = fixture('runs/ticker.js');

/** The ticker fixture as a manifest: `--count`, `--interval`, `--pid`, `--tree`, `--marker`. */
const manifest = {
  manifestVersion: 1,
  program: {
    name: 'ticker',
    description: 'Prints a tick every interval, count times.',
    runnable: true,
    options: [
      { name: 'count', type: 'integer', flag: '--count' },
      { name: 'interval', type: 'integer', flag: '--interval' },
      { name: 'pid', type: 'boolean', flag: '--pid' },
      { name: 'tree', type: 'boolean', flag: '--tree' },
      { name: 'marker', type: 'string', flag: '--marker' },
    ],
    positionals: [],
    subcommands: [],
  },
};

interface RunView {
  runId: string;
  state: string;
  newOutput: string;
  nextCursor: number;
  reason?: string;
  result?: { isError: boolean; text: string; structuredContent?: Record<string, unknown> };
}
const view = (result: CallResult): RunView => result.structuredContent as unknown as RunView;
const withoutDuration = (structured: object | undefined): Record<string, unknown> => {
  const { durationMs: _ignored, ...rest } = (structured ?? {}) as Record<string, unknown>;
  return rest;
};

const servers = new Map<ClientKind, { ticker: TestClient; tail: TestClient; dir: string }>();
const pids: number[] = [];

beforeAll(async () => {
  const manifestFile = join(scratch(), 'ticker.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  await Promise.all(
    clientKinds.map(async (kind) => {
      const dir = scratch();
      // Process groups alone for the ticker: it prints host pids only outside a PID namespace; tail runs in the default sandbox.
      // tail's help is read into the cache test/helpers/hermetic.ts gives this file alone.
      const [tickerClient, tailClient] = await Promise.all([connectInProcess(kind, ['--manifest', manifestFile, '--exec', ticker, '--sandbox', 'off'], { cwd: dir }), connectInProcess(kind, ['tail'], { cwd: dir })]);
      servers.set(kind, { ticker: tickerClient, tail: tailClient, dir });
    }),
  );
}, 60_000);

afterAll(async () => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  await Promise.all([...servers.values()].flatMap(({ ticker: one, tail }) => [one.close(), tail.close()]));
});

const serversOf = (kind: ClientKind) => servers.get(kind) as { ticker: TestClient; tail: TestClient; dir: string };

/** Polls `<p>_run_status` with each nextCursor until `done`; the answers in order, and the new output of each. */
async function pollUntil(client: TestClient, prefix: string, start: RunView, done: (run: RunView, seen: string[]) => boolean, everyMs = 500, ms = 40_000): Promise<{ polls: CallResult[]; outputs: string[] }> {
  const polls: CallResult[] = [];
  const outputs: string[] = [];
  let cursor = start.nextCursor;
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(everyMs)) {
    const poll = await client.callTool(`${prefix}_run_status`, { runId: start.runId, cursor });
    if (!poll.structuredContent) throw new Error(`the poll failed: ${textOf(poll)}`);
    polls.push(poll);
    const run = view(poll);
    if (run.newOutput !== '') outputs.push(run.newOutput);
    cursor = run.nextCursor;
    if (done(run, outputs)) return { polls, outputs };
  }
  throw new Error(`run ${start.runId} did not get there within ${ms} ms; seen: ${outputs.join('\n')}`);
}

describe.concurrent('background runs through the run tools, for clients without tasks', () => {
  it.for(clientKinds)('when the %s client starts a 10 s command with run_start then each poll shows only new lines, and the last the result a direct call gives', { timeout: 60_000 }, async (kind, { expect }) => {
    const { ticker: client } = serversOf(kind);
    const input = { flags: { count: 40, interval: 250 } };
    // The direct call runs alongside, to compare with at the end.
    const direct = client.callTool('ticker', input);
    const started = await client.callTool('ticker_run_start', { command: 'ticker', ...input });
    const run = view(started);
    expect(started.isError).toBe(false);
    expect(run).toMatchObject({ runId: expect.stringMatching(/^[0-9a-f]{32}$/), state: 'running' });
    expect(textOf(started)).toContain(`ticker_run_status {"runId":"${run.runId}","cursor":${run.nextCursor}}`);

    const { polls, outputs } = await pollUntil(client, 'ticker', run, (status) => status.state !== 'running', 1_000);
    // Every tick once, in order: the start's lines, then each poll's.
    const lines = [run.newOutput, ...outputs].join('\n').split('\n').filter(Boolean);
    expect(lines).toEqual(Array.from({ length: 40 }, (_, tick) => `tick ${tick}`));
    expect(outputs.length).toBeGreaterThan(5);

    const last = polls.at(-1) as CallResult;
    const directResult = await direct;
    const final = view(last).result;
    expect(last.isError).toBeFalsy();
    expect(view(last).state).toBe('done');
    expect(final?.isError).toBe(false);
    expect(final?.text).toBe(textOf(directResult));
    expect(withoutDuration(final?.structuredContent)).toEqual(withoutDuration(directResult.structuredContent));
    expect(textOf(last)).toContain(`Its result, as ticker gives it directly:\n${textOf(directResult)}`);
  });

  it.for(clientKinds)('when the %s client cancels a run mid-way then the run ends cancelled and no process of it is left, grandchild included', { timeout: 60_000 }, async (kind, { expect }) => {
    const { ticker: client } = serversOf(kind);
    const started = await client.callTool('ticker_run_start', { command: 'ticker', flags: { count: 100_000, interval: 100, pid: true, tree: true } });
    const run = view(started);
    const { outputs } = await pollUntil(client, 'ticker', run, (_status, seen) => /^grandchild \d+$/m.test([run.newOutput, ...seen].join('\n')), 100);
    const output = [run.newOutput, ...outputs].join('\n');
    const pid = Number(/^pid (\d+)$/m.exec(output)?.[1]);
    const grandchild = Number(/^grandchild (\d+)$/m.exec(output)?.[1]);
    pids.push(pid, grandchild);
    expect(isProcessAlive(pid) && isProcessAlive(grandchild)).toBe(true);

    const cancelled = await client.callTool('ticker_run_cancel', { runId: run.runId });
    expect(cancelled.isError).toBeFalsy();
    expect(textOf(cancelled)).toMatch(new RegExp(`^Run ${run.runId} \\(ticker\\) is cancelled; its processes are gone\\.`));
    expect(view(cancelled)).toMatchObject({ state: 'cancelled', reason: 'cancelled by the caller' });
    // The grandchild ignores SIGTERM: it is gone because the whole tree was stopped.
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
    expect(view(await client.callTool('ticker_run_status', { runId: run.runId }))).toMatchObject({ state: 'cancelled' });
  });

  it.for(clientKinds)('when the %s client follows a growing file with tail -f through run_start then each poll shows only the lines appended since the last, until it is cancelled', { timeout: 60_000 }, async (kind, { expect }) => {
    const { tail: client, dir } = serversOf(kind);
    const file = join(dir, `app-${kind.replace(/\W+/g, '-')}.log`);
    writeFileSync(file, 'line 1\nline 2\n');

    // A direct call may not follow: it could only end at its timeout. The refusal names the run_start call that serves it, and that call is used.
    const direct = await client.callTool('tail', { flags: { follow: true }, args: [file] });
    expect(direct.isError).toBe(true);
    const pointer = /tail_run_start (\{.*?\}); then/.exec(textOf(direct))?.[1];
    const input: unknown = JSON.parse(pointer ?? 'null');
    expect(input).toEqual({ command: 'tail', flags: { follow: true }, args: [file] });

    const started = await client.callTool('tail_run_start', input);
    const run = view(started);
    expect(started.isError, textOf(started)).toBeFalsy();
    expect(run).toMatchObject({ state: 'running', newOutput: 'line 1\nline 2' });
    const running = pidsWithMarker(file);
    expect(running.length).toBeGreaterThan(0);

    appendFileSync(file, 'line 3\n');
    const first = await pollUntil(client, 'tail', run, (_status, seen) => seen.length > 0, 100, 10_000);
    expect(first.outputs).toEqual(['line 3']);
    const after = view(first.polls.at(-1) as CallResult);

    appendFileSync(file, 'line 4\n');
    await sleep(300);
    appendFileSync(file, 'line 5\n');
    const second = await pollUntil(client, 'tail', after, (_status, seen) => seen.join('\n').includes('line 5'), 100, 10_000);
    expect(second.outputs.join('\n')).toBe('line 4\nline 5');

    const cancelled = await client.callTool('tail_run_cancel', { runId: run.runId });
    expect(view(cancelled)).toMatchObject({ state: 'cancelled' });
    expect(view(cancelled).result?.structuredContent).toMatchObject({ stdout: 'line 1\nline 2\nline 3\nline 4\nline 5\n' });
    expect(running.filter(isProcessAlive)).toEqual([]);
  });
});
