import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { createRunRegistry, type RunRegistry, type RunRegistryOptions } from '../../src/runs/run-registry.js';
import type { SharedStore } from '../../src/store/shared-store.js';
import { implementations } from '../store/implementations.js';
import { alice, bob, numberAfter, pollUntil, started, statusOf, tickerTools } from './ticker.js';

const opened: RunRegistry[] = [];
const pids: number[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((runs) => runs.close()));
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

/** One replica: its own tools and registry over its store. */
function replica(store: SharedStore, options: Partial<RunRegistryOptions> = {}) {
  const { tools, ticker } = tickerTools();
  const runs = createRunRegistry({ store, ...options });
  opened.push(runs);
  const begin = (input: unknown, principal = alice) => runs.start({ tool: ticker.name, principal, detachAfterMs: 0 }, (hooks) => tools.run(ticker, input, { ...hooks, principal }));
  return { runs, begin, tools, ticker };
}

const tree = { flags: { count: 10_000, interval: 50, pid: true, tree: true } };

const stores = implementations();

for (const implementation of stores) {
  describe.skipIf(implementation.skipped)(`runs on two replicas sharing a ${implementation.name} store`, () => {
    it('when a run started on one replica is polled on the other then its output streams in and its end brings the owner\'s result', async () => {
      const [storeA, storeB] = implementation.replicas();
      const a = replica(storeA);
      const b = replica(storeB);
      const runId = await started(a.begin({ flags: { count: 12, interval: 150 } }));

      const { statuses, seen } = await pollUntil(b.runs, runId, alice, (status) => status.state !== 'running');
      expect(seen).toBe(`${Array.from({ length: 12 }, (_, i) => `tick ${i}`).join('\n')}\n`);
      // Saved at most once a second while it runs, so the other replica saw it going, in more than one piece.
      expect(statuses.filter((status) => status.state === 'running' && status.newOutput !== '').length).toBeGreaterThan(0);
      const there = await statusOf(b.runs, runId, alice);
      const here = await statusOf(a.runs, runId, alice);
      expect(there).toEqual(here);
      expect(there).toMatchObject({ state: 'done', result: { isError: false } });
    });

    it('when a run is cancelled from the replica that does not hold it then its process tree is gone and both replicas say cancelled', async () => {
      const [storeA, storeB] = implementation.replicas();
      const a = replica(storeA);
      const b = replica(storeB);
      const runId = await started(a.begin(tree));
      const { seen } = await pollUntil(b.runs, runId, alice, (_status, output) => /^grandchild \d+$/m.test(output));
      const pid = numberAfter(seen, 'pid');
      const grandchild = numberAfter(seen, 'grandchild');
      pids.push(pid, grandchild);

      const cancelled = await b.runs.cancel(runId, alice);
      expect(cancelled).toMatchObject({ ok: true, state: 'cancelled', reason: 'cancelled by the caller' });
      expect([isProcessAlive(pid), isProcessAlive(grandchild)]).toEqual([false, false]);
      expect(await statusOf(a.runs, runId, alice)).toMatchObject({ state: 'cancelled' });
    });

    it('when another principal asks either replica about a run then it is unknown there', async () => {
      const [storeA, storeB] = implementation.replicas();
      const a = replica(storeA);
      const b = replica(storeB);
      const runId = await started(a.begin(tree));
      expect(await b.runs.status(runId, bob)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
      expect(await b.runs.cancel(runId, bob)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
      expect((await statusOf(b.runs, runId, alice)).state).toBe('running');
    });

    it('when a principal has its runs going across both replicas then the next start anywhere is refused until one ends', async () => {
      const [storeA, storeB] = implementation.replicas();
      const a = replica(storeA, { maxRunsPerPrincipal: 2 });
      const b = replica(storeB, { maxRunsPerPrincipal: 2 });
      const first = await started(a.begin(tree));
      await started(b.begin(tree));
      const refused = await a.begin(tree);
      expect(refused).toMatchObject({ kind: 'refused', code: 'cli-mcp.run-limit', message: expect.stringMatching(/^Refused: 2 background runs are already going for you \(at most 2\)/) });
      expect((await b.begin(tree, bob)).kind).toBe('running');
      await b.runs.cancel(first, alice);
      expect((await b.begin(tree)).kind).toBe('running');
    });

    it('when a finished run passes its TTL then the other replica says expired, and after another TTL unknown', async () => {
      let clock = 5_000_000;
      const [storeA, storeB] = implementation.replicas();
      const a = replica(storeA, { ttlMs: 60_000, now: () => clock });
      const b = replica(storeB, { ttlMs: 60_000, now: () => clock });
      const runId = await started(a.begin({ flags: { count: 2, interval: 40 } }));
      await pollUntil(a.runs, runId, alice, (status) => status.state === 'done');
      await pollUntil(b.runs, runId, alice, (status) => status.state === 'done');
      clock += 60_000;
      expect(await statusOf(b.runs, runId, alice)).toMatchObject({ state: 'expired', newOutput: '' });
      clock += 60_000;
      expect(await b.runs.status(runId, alice)).toMatchObject({ ok: false, code: 'cli-mcp.unknown-run' });
    });
  });
}

describe('runs on a replica that stops answering', () => {
  it('when the holding replica has not saved a running run for 30 s then the other replica reports it cancelled, saying why', async () => {
    const [storeA, storeB] = stores[0]!.replicas();
    const a = replica(storeA);
    // B's clock runs 31 s ahead: to B, A's last save is 31 s old, as if A had died just after it.
    const b = replica(storeB, { now: () => Date.now() + 31_000 });
    const runId = await started(a.begin(tree));
    const status = await statusOf(b.runs, runId, alice);
    expect(status).toMatchObject({ state: 'cancelled', reason: 'the replica running it stopped answering; its processes ended with it' });
    expect(await b.runs.cancel(runId, alice)).toMatchObject({ ok: true, state: 'cancelled' });
    // A itself still holds it and says so.
    expect((await statusOf(a.runs, runId, alice)).state).toBe('running');
  });
});
