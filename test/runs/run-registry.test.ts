import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { createRunRegistry, type RunRegistry } from '../../src/runs/run-registry.js';
import type { ExecOutput } from '../../src/types.js';
import { alice, bob, pollUntil, registries, started, statusOf } from './ticker.js';

const setup = registries();
const withoutDuration = (output: ExecOutput | undefined): Omit<ExecOutput, 'durationMs'> | undefined => {
  if (!output) return undefined;
  const { durationMs: _ignored, ...rest } = output;
  return rest;
};
const long = { flags: { count: 10_000, interval: 50 } };

describe('createRunRegistry: starting', () => {
  it('when the call ends within detachAfterMs of its spawn then the start answers its result directly and keeps nothing', async () => {
    const { runs, begin, tools, ticker } = setup();
    const input = { flags: { count: 2, interval: 10 } };
    const begun = await begin(input, { principal: alice, detachAfterMs: 10_000 });
    const direct = await tools.run(ticker, input, { principal: alice });
    expect(begun.kind).toBe('finished');
    expect(begun.kind === 'finished' && withoutDuration(begun.result.output)).toEqual(withoutDuration(direct.output));
    expect(await runs.list(alice)).toEqual([]);
  });

  it('when the call is still going detachAfterMs after its spawn then the start answers a running run with the first output', async () => {
    const { begin } = setup();
    const begun = await begin({ flags: { count: 10_000, interval: 20 } }, { detachAfterMs: 1_200 });
    expect(begun).toMatchObject({ kind: 'running', status: { ok: true, state: 'running', tool: 'ticker' } });
    expect(begun.kind === 'running' && begun.status.runId).toMatch(/^[0-9a-f]{32}$/);
    // Lines printed before the detach come with the answer; the cursor points past them.
    expect(begun.kind === 'running' && begun.status.newOutput).toMatch(/^tick 0\ntick 1/);
    expect(begun.kind === 'running' && begun.status.nextCursor).toBeGreaterThan(1);
  });

  it('when the input is invalid then the start answers the validation message directly and nothing is spawned or kept', async () => {
    const { runs, begin, tools, ticker } = setup();
    let spawned = false;
    const begun = await begin({}, { detachAfterMs: 0, call: async (hooks) => tools.run(ticker, { flags: { count: 'many' } }, { ...hooks, onSpawn: () => (spawned = true) }) });
    expect(begun.kind === 'finished' && begun.result.message).toMatch(/^Invalid arguments for ticker:/);
    expect(spawned).toBe(false);
    expect(await runs.list(undefined)).toEqual([]);
  });

  it('when the call function throws before spawning then the start answers a failed result inside cli-mcp', async () => {
    const { begin } = setup();
    const begun = await begin({}, { call: () => Promise.reject(new Error('boom')) });
    expect(begun).toEqual({ kind: 'finished', result: { isError: true, message: 'The run failed inside cli-mcp: boom' } });
  });

  it('when the starting request is cancelled before the call detaches then the call is stopped and answered directly', async () => {
    const { begin } = setup();
    const request = new AbortController();
    setTimeout(() => request.abort(), 200);
    const begun = await begin(long, { detachAfterMs: 60_000, signal: request.signal });
    expect(begun).toMatchObject({ kind: 'finished', result: { isError: true } });
  });

  it('when the starting request is cancelled after the call detached then the run goes on', async () => {
    const { runs, begin } = setup();
    const request = new AbortController();
    const runId = await started(begin(long, { signal: request.signal }));
    request.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await statusOf(runs, runId, undefined)).state).toBe('running');
  });

  it('when a call runs in the background then its process limit is the maximum run time, not the server timeout', async () => {
    const { runs, begin } = setup({ maxRunMs: 120_000 }, { timeoutMs: 300 });
    const runId = await started(begin(long));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await statusOf(runs, runId, undefined)).state).toBe('running');
    expect(runs.limits).toEqual({ maxRunsPerPrincipal: 4, maxRunMs: 120_000, ttlMs: 900_000, detachAfterMs: 3_000 });
  });
});

describe('createRunRegistry: polling', () => {
  it('when a run is polled with the cursor then each poll returns only new lines and the end brings the same result as a direct call', async () => {
    const { tools, ticker, runs, begin } = setup();
    const input = { flags: { count: 8, interval: 120 } };
    const runId = await started(begin(input, { principal: alice }));

    const { statuses, seen } = await pollUntil(runs, runId, alice, (status) => status.state !== 'running');
    // Every line once, in order, spread over several polls: nothing repeated, nothing lost.
    expect(seen).toBe(`${Array.from({ length: 8 }, (_, i) => `tick ${i}`).join('\n')}\n`);
    expect(statuses.filter((status) => status.newOutput !== '').length).toBeGreaterThan(1);
    expect(statuses.filter((status) => status.state === 'running').length).toBeGreaterThan(0);

    const last = statuses.at(-1);
    expect(last).toMatchObject({ state: 'done', tool: 'ticker', omittedLines: 0 });
    const direct = await tools.run(ticker, input, { principal: alice });
    expect(withoutDuration(last?.result?.output)).toEqual(withoutDuration(direct.output));
    expect({ ...last?.result, output: undefined }).toEqual({ ...direct, output: undefined });
  });

  it('when a poll comes after the end with an old cursor then the lines after it are still there', async () => {
    const { runs, begin } = setup();
    const runId = await started(begin({ flags: { count: 3, interval: 40 } }));
    await pollUntil(runs, runId, undefined, (status) => status.state === 'done');
    expect(await page(runs, runId, 1)).toEqual({ newOutput: 'tick 1\ntick 2', nextCursor: 3 });
    expect(await page(runs, runId, 3)).toEqual({ newOutput: '', nextCursor: 3 });
  });

  it('when the command fails then the state is failed and the result is the isError one', async () => {
    const { runs, begin, tools, ticker } = setup({ maxRunMs: 60_000 });
    const runId = await started(begin({}, { call: (hooks) => tools.run(ticker, long, { ...hooks, timeoutMs: 400 }) }));
    const { statuses: seen } = await pollUntil(runs, runId, undefined, (status) => status.state !== 'running');
    expect(seen.at(-1)).toMatchObject({ state: 'failed', result: { isError: true, output: { timedOut: true } } });
  });

  it('when the caller passes progress then every message it gets before the detach is also kept for polling', async () => {
    const { runs, begin } = setup();
    const messages: string[] = [];
    const runId = await started(begin({ flags: { count: 60, interval: 20 } }, { detachAfterMs: 700, progress: (message) => messages.push(message) }));
    const { seen } = await pollUntil(runs, runId, undefined, (status) => status.state === 'done');
    expect(messages.length).toBeGreaterThan(0);
    // The request's progress stops at the detach: the rest is only polled.
    expect(seen.startsWith(`${messages.join('\n')}\n`)).toBe(true);
    expect(seen.split('\n').length - 1).toBe(60);
  });

  it('when the caller\'s progress throws then the run goes on and its lines are still kept', async () => {
    const { runs, begin } = setup();
    const runId = await started(begin({ flags: { count: 3, interval: 40 } }, { progress: () => { throw new Error('client gone'); } }));
    const { statuses: seen } = await pollUntil(runs, runId, undefined, (status) => status.state !== 'running');
    expect(seen.at(-1)?.state).toBe('done');
    expect((await statusOf(runs, runId, undefined)).newOutput).toBe('tick 0\ntick 1\ntick 2');
  });

  it('when a cursor is not a non-negative integer then status rejects with a RangeError', async () => {
    const { runs, begin } = setup();
    const runId = await started(begin(long));
    await expect(runs.status(runId, undefined, { cursor: -1 })).rejects.toThrow(RangeError);
  });
});

describe('createRunRegistry: principals and limits', () => {
  it('when another principal asks about, cancels or lists a run then it is unknown to them and keeps running', async () => {
    const { runs, begin } = setup();
    const runId = await started(begin(long, { principal: alice }));
    const stranger = await runs.status(runId, bob);
    expect(stranger).toEqual({ ok: false, kind: 'refused', code: 'cli-mcp.unknown-run', message: expect.stringMatching(/^Unknown run "[0-9a-f]{32}": no run by that id is kept for you/) });
    // Told apart from a made-up id only by the id it echoes.
    const madeUp = await runs.status('0'.repeat(32), alice);
    expect(!madeUp.ok && madeUp.message.replace('0'.repeat(32), runId)).toBe(!stranger.ok && stranger.message);
    expect(await runs.cancel(runId, bob)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(await runs.status(runId, undefined)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(await runs.list(bob)).toEqual([]);
    expect(await runs.list(alice)).toEqual([expect.objectContaining({ runId, state: 'running', tool: 'ticker' })]);
    expect((await statusOf(runs, runId, alice)).state).toBe('running');
  });

  it('when a principal has maxRunsPerPrincipal runs going then the next start is refused, others may start, and a cancel frees a place', async () => {
    const { runs, begin } = setup({ maxRunsPerPrincipal: 2 });
    const first = await started(begin(long, { principal: alice }));
    await started(begin(long, { principal: alice }));
    expect(await begin(long, { principal: alice })).toEqual({ ok: false, kind: 'refused', code: 'cli-mcp.run-limit', message: expect.stringMatching(/^Refused: 2 background runs are already going for you \(at most 2\); wait for one to finish or cancel one \([0-9a-f]{32}, [0-9a-f]{32}\)\.$/) });
    expect((await begin(long, { principal: bob })).kind).toBe('running');
    await runs.cancel(first, alice);
    expect((await begin(long, { principal: alice })).kind).toBe('running');
  });

  it('when a limit is not a positive integer then creating the registry throws invalid-option naming it', () => {
    let thrown: unknown;
    try {
      createRunRegistry({ ttlMs: 0 });
    } catch (error) {
      thrown = error;
    }
    expect(isCliMcpError(thrown) && thrown.code).toBe('cli-mcp.invalid-option');
    expect((thrown as Error).message).toBe('ttlMs must be a positive whole number, got 0 (a number)');
    expect(() => createRunRegistry({ detachAfterMs: -1 })).toThrow('detachAfterMs must be a whole number, 0 or more, got -1 (a number)');
  });

  it('when a finished run passes its TTL then status says expired without output or result, and after another TTL the run is unknown', async () => {
    let clock = 1_000_000;
    const { runs, begin } = setup({ ttlMs: 60_000, now: () => clock });
    const runId = await started(begin({ flags: { count: 2, interval: 40 } }));
    await pollUntil(runs, runId, undefined, (status) => status.state === 'done');
    expect(await statusOf(runs, runId, undefined)).toMatchObject({ startedAt: 1_000_000, endedAt: 1_000_000, expiresAt: 1_060_000 });
    clock += 59_999;
    expect((await statusOf(runs, runId, undefined)).result).toBeDefined();
    clock += 1;
    const expired = await statusOf(runs, runId, undefined);
    expect(expired).toMatchObject({ state: 'expired', newOutput: '', nextCursor: 0 });
    expect(expired.result).toBeUndefined();
    expect(await runs.list(undefined)).toEqual([expect.objectContaining({ runId, state: 'expired' })]);
    clock += 60_000;
    expect(await runs.status(runId, undefined)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(await runs.list(undefined)).toEqual([]);
  });

  it('when a principal finishes more runs than are kept then the oldest finished ones are forgotten', async () => {
    const { runs, begin } = setup({ maxKeptRunsPerPrincipal: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await started(begin({ flags: { count: 2, interval: 40 } })));
      await pollUntil(runs, ids[i] as string, undefined, (status) => status.state === 'done');
    }
    expect((await runs.list(undefined)).map((run) => run.runId)).toEqual(ids.slice(1));
  });
});

async function page(runs: RunRegistry, runId: string, cursor: number): Promise<{ newOutput: string; nextCursor: number }> {
  const { newOutput, nextCursor } = await statusOf(runs, runId, undefined, cursor);
  return { newOutput, nextCursor };
}
