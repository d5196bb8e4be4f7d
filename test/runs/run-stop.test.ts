import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import type { RunRegistry } from '../../src/runs/run-registry.js';
import { killMarked, survivorsAfter, waitForMarked } from '../exec/sandbox-pids.js';
import { alice, bob, numberAfter, pollUntil, registries, started, statusOf } from './ticker.js';

const setup = registries();
const pids: number[] = [];
const markers: string[] = [];
afterEach(async () => {
  // A failing test leaves nothing behind.
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  for (const marker of markers.splice(0)) killMarked(marker);
});

const tree = { flags: { count: 10_000, interval: 50, pid: true, tree: true } };

/** Waits for the run to print its pid and its grandchild's; both are recorded for clean-up. */
async function treeOf(runs: RunRegistry, runId: string, principal = alice): Promise<{ pid: number; grandchild: number }> {
  const { seen } = await pollUntil(runs, runId, principal, (_status, output) => /^grandchild \d+$/m.test(output));
  const found = { pid: numberAfter(seen, 'pid'), grandchild: numberAfter(seen, 'grandchild') };
  pids.push(found.pid, found.grandchild);
  return found;
}

describe('createRunRegistry: stopping runs', () => {
  it('when a run is cancelled mid-run then its process and the grandchild that ignores SIGTERM are gone once cancel resolves', async () => {
    const { runs, begin } = setup();
    const runId = await started(begin(tree, { principal: alice }));
    const { pid, grandchild } = await treeOf(runs, runId);
    expect(isProcessAlive(pid) && isProcessAlive(grandchild)).toBe(true);

    const cancelled = await runs.cancel(runId, alice);
    expect(cancelled).toMatchObject({ ok: true, state: 'cancelled', reason: 'cancelled by the caller', result: { isError: true, output: { exitCode: null } } });
    // isProcessAlive counts a zombie as dead; kill(pid, 0) alone would not.
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
    // A second cancel answers the same finished run.
    expect(await runs.cancel(runId, alice)).toMatchObject({ ok: true, state: 'cancelled' });
  });

  it('when a run passes maxRunMs then it is cancelled with the reason and its tree is gone', async () => {
    const { runs, begin } = setup({ maxRunMs: 1_500 });
    const runId = await started(begin(tree, { principal: alice }));
    const { pid, grandchild } = await treeOf(runs, runId);
    const { statuses } = await pollUntil(runs, runId, alice, (status) => status.state !== 'running');
    expect(statuses.at(-1)).toMatchObject({ state: 'cancelled', reason: 'it ran past the maximum run time of 1500 ms' });
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('when stopAll is called then every run of every principal is cancelled for shutdown and no process is left', async () => {
    const { runs, begin } = setup();
    const ids = [await started(begin(tree, { principal: alice })), await started(begin(tree, { principal: bob })), await started(begin(tree, { principal: alice }))];
    const trees = await Promise.all(ids.map((runId, i) => treeOf(runs, runId, i === 1 ? bob : alice)));
    await runs.stopAll();
    for (const [i, runId] of ids.entries()) expect(await statusOf(runs, runId, i === 1 ? bob : alice)).toMatchObject({ state: 'cancelled', reason: 'the server is shutting down' });
    for (const { pid, grandchild } of trees) expect([isProcessAlive(pid), isProcessAlive(grandchild)]).toEqual([false, false]);
  });

  it('when the registry is closed then its runs are stopped, forgotten, and new starts are refused', async () => {
    const { runs, begin } = setup();
    const runId = await started(begin(tree, { principal: alice }));
    const { pid, grandchild } = await treeOf(runs, runId);
    await runs.close();
    expect([isProcessAlive(pid), isProcessAlive(grandchild)]).toEqual([false, false]);
    expect(await runs.status(runId, alice)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    expect(await begin(tree, { principal: alice })).toEqual({ ok: false, kind: 'refused', code: 'cli-mcp.runs-closed', message: 'Refused: the server is shutting down and starts no more background runs.' });
  });

  it('when the run is inside the default PID-namespace sandbox then a cancel still leaves none of its processes alive', async () => {
    const { runs, begin } = setup({}, { sandbox: 'contain' });
    const marker = `--marker=runs-${randomBytes(6).toString('hex')}`;
    markers.push(marker);
    const runId = await started(begin({ flags: { ...tree.flags, marker: marker.slice('--marker='.length) } }, { principal: alice }));
    // The ticker and its grandchild carry the marker in their command lines (and bwrap too, where it runs).
    const marked = await waitForMarked(marker, 2);
    expect((await statusOf(runs, runId, alice)).state).toBe('running');
    await runs.cancel(runId, alice);
    expect(await survivorsAfter(marked, 1_000)).toEqual([]);
  });
});
