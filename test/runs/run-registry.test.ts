import { afterEach, describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { createRunRegistry, type RunRegistry } from '../../src/runs/run-registry.js';
import type { ExecOutput } from '../../src/types.js';
import { alice, bob, pollUntil, registries, started, statusOf, tickerTools } from './ticker.js';

const setup = registries();
const withoutDuration = (output: ExecOutput | undefined): Omit<ExecOutput, 'durationMs'> | undefined => {
  if (!output) return undefined;
  const { durationMs: _ignored, ...rest } = output;
  return rest;
};
const long = { flags: { count: 10_000, interval: 50 } };

describe('createRunRegistry: polling', () => {
  it('when a run is polled with the cursor then each poll returns only new lines and the end brings the same result as a direct call', async () => {
    const { tools, ticker, runs } = setup();
    const input = { flags: { count: 8, interval: 120 } };
    const runId = started(runs.start(ticker, input, { principal: alice }));
    expect(runId).toMatch(/^[0-9a-f]{32}$/);

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
    const { runs, ticker } = setup();
    const runId = started(runs.start(ticker, { flags: { count: 3, interval: 20 } }));
    await pollUntil(runs, runId, undefined, (status) => status.state === 'done');
    expect(statuses(runs, runId, 1)).toEqual({ newOutput: 'tick 1\ntick 2', nextCursor: 3 });
    expect(statuses(runs, runId, 3)).toEqual({ newOutput: '', nextCursor: 3 });
  });

  it('when the command fails then the state is failed and the result is the isError one', async () => {
    const { runs, ticker } = setup({}, { timeoutMs: 300 });
    const runId = started(runs.start(ticker, long));
    const { statuses: seen } = await pollUntil(runs, runId, undefined, (status) => status.state !== 'running');
    expect(seen.at(-1)).toMatchObject({ state: 'failed', result: { isError: true, output: { timedOut: true } } });
  });

  it('when the input is invalid then the run fails with the validation message and nothing is spawned', async () => {
    const { runs, ticker } = setup();
    const runId = started(runs.start(ticker, { flags: { count: 'many' } }));
    const { statuses: seen } = await pollUntil(runs, runId, undefined, (status) => status.state !== 'running');
    expect(seen.at(-1)?.state).toBe('failed');
    expect(seen.at(-1)?.result?.message).toMatch(/^Invalid arguments for ticker:/);
    expect(seen.at(-1)?.result?.output).toBeUndefined();
  });

  it('when the caller passes progress then every message it gets is also kept for polling', async () => {
    const { runs, ticker } = setup();
    const messages: string[] = [];
    const runId = started(runs.start(ticker, { flags: { count: 4, interval: 20 } }, { progress: (message) => messages.push(message) }));
    const { seen } = await pollUntil(runs, runId, undefined, (status) => status.state === 'done');
    expect(`${messages.join('\n')}\n`).toBe(seen);
  });

  it('when the run function throws then the run ends failed with the error in its message', async () => {
    const { runs, ticker } = setup({ run: () => { throw new Error('boom'); } });
    const runId = started(runs.start(ticker, {}));
    const { statuses: seen } = await pollUntil(runs, runId, undefined, (status) => status.state !== 'running');
    expect(seen.at(-1)).toMatchObject({ state: 'failed', result: { isError: true, message: 'The run failed inside cli-mcp: boom' } });
  });

  it('when the caller\'s progress throws then the run goes on and its lines are still kept', async () => {
    const { runs, ticker } = setup();
    const runId = started(runs.start(ticker, { flags: { count: 3, interval: 20 } }, { progress: () => { throw new Error('client gone'); } }));
    const { statuses: seen } = await pollUntil(runs, runId, undefined, (status) => status.state !== 'running');
    expect(seen.at(-1)?.state).toBe('done');
    expect(statusOf(runs, runId, undefined).newOutput).toBe('tick 0\ntick 1\ntick 2');
  });

  it('when a cursor is not a non-negative integer then status throws a RangeError', () => {
    const { runs, ticker } = setup();
    const runId = started(runs.start(ticker, { flags: { count: 1 } }));
    expect(() => runs.status(runId, undefined, { cursor: -1 })).toThrow(RangeError);
  });
});

describe('createRunRegistry: principals and limits', () => {
  it('when another principal asks about, cancels or lists a run then it is unknown to them and keeps running', async () => {
    const { runs, ticker } = setup();
    const runId = started(runs.start(ticker, long, { principal: alice }));
    const stranger = runs.status(runId, bob);
    expect(stranger).toEqual({ ok: false, code: 'cli-mcp.unknown-run', message: expect.stringMatching(/^Unknown run "[0-9a-f]{32}": no run by that id is kept for you/) });
    // Told apart from a made-up id only by the id it echoes.
    const madeUp = runs.status('0'.repeat(32), alice);
    expect(!madeUp.ok && madeUp.message.replace('0'.repeat(32), runId)).toBe(!stranger.ok && stranger.message);
    expect(await runs.cancel(runId, bob)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(runs.status(runId, undefined)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(runs.list(bob)).toEqual([]);
    expect(runs.list(alice)).toEqual([expect.objectContaining({ runId, state: 'running', tool: 'ticker' })]);
    expect(statusOf(runs, runId, alice).state).toBe('running');
  });

  it('when a principal has maxRunsPerPrincipal runs going then the next start is refused, others may start, and a cancel frees a place', async () => {
    const { runs, ticker } = setup({ maxRunsPerPrincipal: 2 });
    const first = started(runs.start(ticker, long, { principal: alice }));
    started(runs.start(ticker, long, { principal: alice }));
    const refused = runs.start(ticker, long, { principal: alice });
    expect(refused).toEqual({ ok: false, code: 'cli-mcp.run-limit', message: expect.stringMatching(/^Refused: 2 background runs are already going for you \(at most 2\); wait for one to finish or cancel one \([0-9a-f]{32}, [0-9a-f]{32}\)\.$/) });
    expect(runs.start(ticker, long, { principal: bob }).ok).toBe(true);
    await runs.cancel(first, alice);
    expect(runs.start(ticker, long, { principal: alice }).ok).toBe(true);
  });

  it('when a limit is not a positive integer then creating the registry throws invalid-option naming it', () => {
    const { tools } = tickerTools();
    let thrown: unknown;
    try {
      createRunRegistry({ run: tools.run, ttlMs: 0 });
    } catch (error) {
      thrown = error;
    }
    expect(isCliMcpError(thrown) && thrown.code).toBe('cli-mcp.invalid-option');
    expect((thrown as Error).message).toBe('ttlMs must be a positive integer, got 0');
  });

  it('when a finished run passes its TTL then status says expired without output or result, and after another TTL the run is unknown', async () => {
    let clock = 1_000_000;
    const { runs, ticker } = setup({ ttlMs: 60_000, now: () => clock });
    const runId = started(runs.start(ticker, { flags: { count: 2, interval: 10 } }));
    await pollUntil(runs, runId, undefined, (status) => status.state === 'done');
    expect(statusOf(runs, runId, undefined)).toMatchObject({ startedAt: 1_000_000, endedAt: 1_000_000, expiresAt: 1_060_000 });
    clock += 59_999;
    expect(statusOf(runs, runId, undefined).result).toBeDefined();
    clock += 1;
    const expired = statusOf(runs, runId, undefined);
    expect(expired).toMatchObject({ state: 'expired', newOutput: '', nextCursor: 0 });
    expect(expired.result).toBeUndefined();
    expect(runs.list(undefined)).toEqual([expect.objectContaining({ runId, state: 'expired' })]);
    clock += 60_000;
    expect(runs.status(runId, undefined)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(runs.list(undefined)).toEqual([]);
  });

  it('when a principal finishes more runs than are kept then the oldest finished ones are forgotten', async () => {
    const { runs, ticker } = setup({ maxKeptRunsPerPrincipal: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(started(runs.start(ticker, { flags: { count: 0 } })));
      await pollUntil(runs, ids[i] as string, undefined, (status) => status.state === 'done');
    }
    expect(runs.list(undefined).map((run) => run.runId)).toEqual(ids.slice(1));
  });
});

function statuses(runs: RunRegistry, runId: string, cursor: number): { newOutput: string; nextCursor: number } {
  const { newOutput, nextCursor } = statusOf(runs, runId, undefined, cursor);
  return { newOutput, nextCursor };
}
