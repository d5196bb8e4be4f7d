import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliTools, CliToolsOptions } from '../../src/call/cli-tools.js';
import { createCliTools } from '../../src/call/cli-tools.js';
import type { CallPrincipal } from '../../src/middleware/context.js';
import { memoryGrants } from '../../src/approval/grants.js';
import type { DiscoveryMode } from '../../src/discovery/budget.js';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import type { ExecOutput, ToolResult } from '../../src/types.js';
import { option, spec } from '../helpers/commands.js';
import { alice, bob, numberAfter, tickerTools } from '../runs/ticker.js';

const opened: CliTools[] = [];
const pids: number[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.runs?.close()));
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

/** The ticker CLI with its run tools; runs go to the background 300 ms after they spawn unless `runs` says otherwise. */
function ticker(extra: Partial<CliToolsOptions> = {}): CliTools {
  const { tools } = tickerTools({ runs: { detachAfterMs: 300 }, ...extra });
  opened.push(tools);
  return tools;
}

const long = { flags: { count: 10_000, interval: 20 } };

interface RunView {
  runId: string;
  tool: string;
  state: string;
  newOutput: string;
  nextCursor: number;
  omittedLines: number;
  result?: { isError: boolean; text: string; structuredContent?: Record<string, unknown> };
}
const view = (result: ToolResult): RunView => result.structured as unknown as RunView;

async function start(tools: CliTools, input: unknown, principal: CallPrincipal | undefined = alice): Promise<RunView> {
  const result = await tools.call('ticker_run_start', { command: 'ticker', ...(input as object) }, { principal });
  expect(result.isError, result.message).toBe(false);
  return view(result);
}

/** Polls with each nextCursor until `done`; every answer is returned in order. */
async function pollUntil(tools: CliTools, runId: string, done: (run: RunView, seen: string) => boolean, principal = alice): Promise<{ polls: ToolResult[]; seen: string }> {
  const polls: ToolResult[] = [];
  let seen = '';
  let cursor = 0;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(50)) {
    const poll = await tools.call('ticker_run_status', { runId, cursor }, { principal });
    polls.push(poll);
    const run = view(poll);
    if (run.newOutput !== '') seen += `${run.newOutput}\n`;
    cursor = run.nextCursor;
    if (done(run, seen)) return { polls, seen };
  }
  throw new Error(`run ${runId} did not get there; seen: ${seen}`);
}

const withoutDuration = (structured: Record<string, unknown> | ExecOutput | undefined): Record<string, unknown> | undefined => {
  if (!structured) return undefined;
  const { durationMs: _ignored, ...rest } = structured as Record<string, unknown>;
  return rest;
};

describe('run tools: listing', () => {
  it.each<DiscoveryMode>(['all', 'search', 'groups'])('when runs are kept then %s mode lists start, status and cancel after its own tools and before read_output', (mode) => {
    const names = ticker({ discovery: { mode } }).catalog.listed.map((tool) => tool.name);
    expect(names.slice(-4)).toEqual(['ticker_run_start', 'ticker_run_status', 'ticker_run_cancel', 'ticker_read_output']);
  });

  it('when a compacted all list is served then the run tools come after describe and before read_output', () => {
    const names = ticker({ discovery: { mode: 'all', budgetTokens: 10 } }).catalog.listed.map((tool) => tool.name);
    expect(names).toEqual(['ticker', 'ticker_describe_command', 'ticker_run_start', 'ticker_run_status', 'ticker_run_cancel', 'ticker_read_output']);
  });

  it('when runs are off then no run tool is listed', () => {
    const { tools } = tickerTools({ runs: false });
    expect(tools.catalog.listed.map((tool) => tool.name)).toEqual(['ticker', 'ticker_read_output']);
  });

  it('when a command is marked longRunning then its own tool\'s description says to start it with run_start, in full and compact lists', () => {
    const root = spec('make', { subcommands: [spec('build', { description: 'Builds everything. Slowly.', longRunning: true }), spec('clean', { description: 'Removes the build.' })] });
    const launcher = { file: 'true', prefixArgs: [] };
    const hint = 'Usually takes minutes: start it with make_run_start to poll its output.';
    for (const budgetTokens of [undefined, 10]) {
      const made = createCliTools(root, { launcher, callLog: false, discovery: { mode: 'all', budgetTokens } });
      opened.push(made);
      expect(made.catalog.find('make_build')?.description).toMatch(new RegExp(`^Builds everything\\..* ${hint}$`));
      expect(made.catalog.find('make_clean')?.description).not.toContain('run_start');
    }
    const off = createCliTools(root, { launcher, callLog: false, runs: false });
    expect(off.catalog.find('make_build')?.description).toBe('Builds everything. Slowly.');
  });

  it('when the run tools are listed then start is destructive like run_command, status is read-only and cancel is not destructive', () => {
    const find = (name: string) => ticker().catalog.find(name)?.annotations;
    expect(find('ticker_run_start')).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(find('ticker_run_status')).toEqual({ readOnlyHint: true, destructiveHint: false });
    expect(find('ticker_run_cancel')).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
  });
});

describe('run tools: starting', () => {
  it('when the command ends before it would detach then run_start answers exactly what a direct call answers', async () => {
    const tools = ticker({ runs: { detachAfterMs: 10_000 } });
    const input = { flags: { count: 2, interval: 10 } };
    const started = await tools.call('ticker_run_start', { command: 'ticker', ...input }, { principal: alice });
    const direct = await tools.call('ticker', input, { principal: alice });
    expect(started.structured).toBeUndefined();
    expect(withoutDuration(started.output)).toEqual(withoutDuration(direct.output));
    expect(started.output?.stdout).toBe('tick 0\ntick 1\n');
    expect(await tools.runs?.list(alice)).toEqual([]);
  });

  it('when the command goes on then run_start answers its run id, the output so far and the exact calls to poll and cancel', async () => {
    // A second to print: a loaded machine may take a few hundred milliseconds to start Node.
    const tools = ticker({ runs: { detachAfterMs: 1_000 } });
    const result = await tools.call('ticker_run_start', { command: 'ticker', ...long }, { principal: alice });
    const run = view(result);
    expect(result.isError).toBe(false);
    expect(run).toMatchObject({ runId: expect.stringMatching(/^[0-9a-f]{32}$/), tool: 'ticker', state: 'running', omittedLines: 0 });
    expect(run.newOutput).toMatch(/^tick 0\n/);
    expect(result.message).toContain(`\`ticker\` goes on in the background as run ${run.runId}.\nOutput so far:\ntick 0\n`);
    expect(result.message).toContain(`ticker_run_status {"runId":"${run.runId}","cursor":${run.nextCursor}}`);
    expect(result.message).toContain(`ticker_run_cancel {"runId":"${run.runId}"}`);
  });

  it('when the command has printed nothing by the time it detaches then run_start says there is no output yet', async () => {
    const tools = ticker({ runs: { detachAfterMs: 0 } });
    const result = await tools.call('ticker_run_start', { command: 'ticker', flags: { count: 1, interval: 60_000 } }, { principal: alice });
    expect(view(result)).toMatchObject({ state: 'running', newOutput: '', nextCursor: 0 });
    expect(result.message).toMatch(/^`ticker` goes on in the background as run [0-9a-f]{32}\.\nNo output yet\.\nPoll with ticker_run_status \{"runId":"[0-9a-f]{32}","cursor":0\}/);
  });

  it('when the input is invalid then run_start answers the validation message directly and keeps no run', async () => {
    const tools = ticker();
    const result = await tools.call('ticker_run_start', { command: 'ticker', flags: { count: 'many' } }, { principal: alice });
    expect(result.isError).toBe(true);
    expect(result.message).toMatch(/^Invalid arguments for ticker:\n- flags\.count: expected an integer/);
    expect(await tools.runs?.list(alice)).toEqual([]);
  });

  it('when run_start names no command or an unknown field then it says so before anything starts', async () => {
    const tools = ticker();
    expect((await tools.call('ticker_run_start', { command: 'tikcer_nope' })).message).toMatch(/^Unknown command "tikcer_nope"/);
    expect((await tools.call('ticker_run_start', { command: 'ticker', flag: {} })).message).toMatch(/^Invalid arguments for ticker_run_start:\n- input: unknown field "flag"/);
  });

  it('when the principal already has as many runs going as allowed then run_start is refused with the registry\'s reason', async () => {
    const tools = ticker({ runs: { detachAfterMs: 0, maxRunsPerPrincipal: 1 } });
    const first = await start(tools, long);
    const second = await tools.call('ticker_run_start', { command: 'ticker', ...long }, { principal: alice });
    expect(second).toEqual({ isError: true, message: `Refused: 1 background runs are already going for you (at most 1); wait for one to finish or cancel one (${first.runId}).` });
  });

  it('when the command needs approval then run_start returns the question unchanged, and the same input with the answer starts it', async () => {
    const root = spec('ticker', { annotations: { destructiveHint: true }, options: [option('count', 'integer'), option('interval', 'integer')] });
    const tools = createCliTools(root, { callLog: false, launcher: { file: process.execPath, prefixArgs: ['test/fixtures/runs/ticker.js'] }, sandbox: 'off', rateLimit: false, runs: { detachAfterMs: 0 } });
    opened.push(tools);
    const grants = memoryGrants();
    const input = { command: 'ticker', ...long };
    const asked = await tools.call('ticker_run_start', input, { approval: { canAsk: true, grants } });
    expect(asked.ask?.message).toContain('ticker --count=10000 --interval=20');
    expect(await tools.runs?.list(undefined)).toEqual([]);
    const answered = await tools.call('ticker_run_start', input, { approval: { canAsk: true, grants, answer: { key: asked.ask?.key ?? '', accepted: true } } });
    expect(view(answered)).toMatchObject({ state: 'running' });
  });
});

describe('run tools: polling', () => {
  it('when a run is polled with each nextCursor then every poll shows only new lines, and the last one the result a direct call gives', async () => {
    const tools = ticker();
    const input = { flags: { count: 30, interval: 40 } };
    const run = await start(tools, input);
    const { polls, seen } = await pollUntil(tools, run.runId, (status) => status.state !== 'running');
    // Each line came once, in order, across the start and the polls.
    const lines = `${run.newOutput}\n${seen}`.split('\n').filter(Boolean);
    expect(lines).toEqual(Array.from({ length: 30 }, (_, tick) => `tick ${tick}`));
    expect(polls.filter((poll) => view(poll).newOutput !== '').length).toBeGreaterThan(2);
    const last = polls.at(-1) as ToolResult;
    const direct = await tools.call('ticker', input);
    expect(last.isError).toBe(false);
    expect(last.message).toMatch(new RegExp(`^Run ${run.runId} \\(ticker\\) ended after \\d+\\.\\d s\\. Its result, as ticker gives it directly:\\ntick 0\\n`));
    expect(view(last)).toMatchObject({ state: 'done', result: { isError: false, text: direct.output?.stdout } });
    expect(withoutDuration(view(last).result?.structuredContent)).toEqual(withoutDuration(direct.output));
  });

  it('when a running run is polled then the text says how long it has run, what is new and the next exact call', async () => {
    const tools = ticker();
    const run = await start(tools, long);
    const { polls } = await pollUntil(tools, run.runId, (status) => status.newOutput !== '');
    const poll = polls.at(-1) as ToolResult;
    expect(poll.message).toMatch(new RegExp(`^Run ${run.runId} \\(ticker\\) is running \\(\\d+\\.\\d s so far\\)\\.\\nNew output:\\ntick \\d+\\n`));
    expect(poll.message).toContain(`Poll with ticker_run_status {"runId":"${run.runId}","cursor":${view(poll).nextCursor}}`);
  });

  it('when the cursor is past the output the run has printed then the poll is an error saying which cursor to pass', async () => {
    const tools = ticker();
    const run = await start(tools, long);
    const poll = await tools.call('ticker_run_status', { runId: run.runId, cursor: 1_000_000 }, { principal: alice });
    expect(poll.isError).toBe(true);
    expect(poll.message).toMatch(new RegExp(`^cursor 1000000 is past the \\d+ lines run ${run.runId} has printed; pass the nextCursor of your last poll, or 0 to read from the start\\.$`));
    const negative = await tools.call('ticker_run_status', { runId: run.runId, cursor: -1 }, { principal: alice });
    expect(negative.message).toMatch(/^Invalid arguments for ticker_run_status:\n- cursor:/);
  });

  it('when the run id is unknown, or another principal\'s, then status and cancel answer the same unknown-run error', async () => {
    const tools = ticker();
    const run = await start(tools, long, alice);
    const unknown = (id: string) => ({ isError: true, message: `Unknown run "${id}": no run by that id is kept for you (it never existed, or was forgotten after it expired).` });
    expect(await tools.call('ticker_run_status', { runId: 'f'.repeat(32) }, { principal: alice })).toEqual(unknown('f'.repeat(32)));
    expect(await tools.call('ticker_run_status', { runId: run.runId }, { principal: bob })).toEqual(unknown(run.runId));
    expect(await tools.call('ticker_run_cancel', { runId: run.runId }, { principal: bob })).toEqual(unknown(run.runId));
    expect(await tools.call('ticker_run_status', { runId: run.runId }, {})).toEqual(unknown(run.runId));
    expect(view(await tools.call('ticker_run_status', { runId: run.runId }, { principal: alice })).state).toBe('running');
  });
});

describe('run tools: cancelling', () => {
  it('when a run is cancelled then its process and grandchild are gone and the answer gives its final state and result', async () => {
    const tools = ticker();
    const run = await start(tools, { flags: { count: 10_000, interval: 50, pid: true, tree: true } });
    const { seen } = await pollUntil(tools, run.runId, (_status, output) => /^grandchild \d+$/m.test(`${run.newOutput}\n${output}`));
    const output = `${run.newOutput}\n${seen}`;
    const pid = numberAfter(output, 'pid');
    const grandchild = numberAfter(output, 'grandchild');
    pids.push(pid, grandchild);
    const cancelled = await tools.call('ticker_run_cancel', { runId: run.runId }, { principal: alice });
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
    expect(cancelled.isError).toBe(false);
    expect(cancelled.message).toMatch(new RegExp(`^Run ${run.runId} \\(ticker\\) is cancelled; its processes are gone\\. Its result \\(an error\\), as ticker gives it directly:\\nThe command was ended by SIG`));
    expect(view(cancelled)).toMatchObject({ state: 'cancelled', reason: 'cancelled by the caller', result: { isError: true } });
    // A later poll answers the same final state; a second cancel has nothing to stop.
    expect(view(await tools.call('ticker_run_status', { runId: run.runId }, { principal: alice }))).toMatchObject({ state: 'cancelled' });
    const again = await tools.call('ticker_run_cancel', { runId: run.runId }, { principal: alice });
    expect(again.message).toMatch(/^Run \w+ \(ticker\) is cancelled/);
  });

  it('when a run has already ended then cancel says there was nothing to cancel and gives its result', async () => {
    const tools = ticker({ runs: { detachAfterMs: 0 } });
    const run = await start(tools, { flags: { count: 3, interval: 20 } });
    await pollUntil(tools, run.runId, (status) => status.state !== 'running');
    const cancelled = await tools.call('ticker_run_cancel', { runId: run.runId }, { principal: alice });
    expect(cancelled.isError).toBe(false);
    expect(cancelled.message).toMatch(new RegExp(`^Run ${run.runId} \\(ticker\\) had already ended after \\d+\\.\\d s; nothing to cancel\\. Its result, as ticker gives it directly:\\ntick 0\\ntick 1\\ntick 2\\n$`));
  });
});
