import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { resolveSandbox } from '../../src/exec/sandbox.js';
import { killMarked, pidsWithMarker, waitForMarked } from './sandbox-pids.js';

const daemons = fileURLToPath(new URL('../fixtures/sandbox/daemons.sh', import.meta.url));
// SANDBOX_STRESS_N=1000 for the figure; npm test runs a smaller count.
const N = Number(process.env.SANDBOX_STRESS_N ?? 50);
const BATCH = 10;
const run = `cli-mcp-contain-${process.pid}`;
const sandbox = resolveSandbox({ level: 'contain' });

afterAll(() => killMarked(run));

/** One call of the daemon fixture, stopped by timeout or abort once its daemons run; the pids it started and those alive right after it returned. */
async function stoppedCall(index: number, how: 'timeout' | 'abort'): Promise<{ started: number[]; alive: number[]; timedOut: boolean; aborted: boolean }> {
  const marker = `${run}-${how}-${index}-`;
  const controller = new AbortController();
  const running = spawnCommand({ file: daemons, args: [marker], sandbox, killGraceMs: 100, signal: controller.signal, ...(how === 'timeout' ? { timeoutMs: 1_500 } : {}) });
  const started = await waitForMarked(marker, 2);
  if (how === 'abort') controller.abort();
  const outcome = await running;
  if (outcome.kind !== 'ran') throw new Error(outcome.message);
  return { started, alive: [...started.filter(isProcessAlive), ...pidsWithMarker(marker)], timedOut: outcome.output.timedOut, aborted: outcome.aborted };
}

async function stress(how: 'timeout' | 'abort'): Promise<{ started: number; survivors: number[] }> {
  let started = 0;
  const survivors: number[] = [];
  for (let first = 0; first < N; first += BATCH) {
    const batch = await Promise.all(Array.from({ length: Math.min(BATCH, N - first) }, (_, i) => stoppedCall(first + i, how)));
    for (const call of batch) {
      expect(how === 'timeout' ? call.timedOut : call.aborted).toBe(true);
      started += call.started.length;
      survivors.push(...call.alive);
    }
  }
  process.stderr.write(`sandbox contain: ${N} ${how}s, ${started} processes of the tree seen (the fixture and its setsid daemons), ${survivors.length} alive after their call returned\n`);
  return { started, survivors };
}

describe.runIf(sandbox !== undefined)('the contain sandbox', () => {
  it(`when ${N} calls with setsid daemons time out then no daemon is alive once each call returns`, async () => {
    const { started, survivors } = await stress('timeout');
    expect(started).toBeGreaterThanOrEqual(2 * N);
    expect(survivors).toEqual([]);
  }, 60_000 + N * 500);

  it(`when ${N} calls with setsid daemons are cancelled then no daemon is alive once each call returns`, async () => {
    const { started, survivors } = await stress('abort');
    expect(started).toBeGreaterThanOrEqual(2 * N);
    expect(survivors).toEqual([]);
  }, 60_000 + N * 500);

  it('when a command exits on its own then the daemons it started are gone too', async () => {
    const marker = `${run}-exit-`;
    const outcome = await spawnCommand({ file: 'sh', args: ['-c', `setsid sh -c 'sleep 300' ${marker}d & echo started`], sandbox });
    expect(outcome.kind === 'ran' && outcome.output).toMatchObject({ stdout: 'started\n', exitCode: 0 });
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('when a command is not on PATH then the call says not found, as without the sandbox', async () => {
    const outcome = await spawnCommand({ file: 'cli-mcp-no-such-command', args: [], sandbox });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT', message: 'Could not start "cli-mcp-no-such-command": no such file, or not found on PATH (ENOENT).' });
  });

  it('when the environment and cwd are given then the command sees them', async () => {
    const outcome = await spawnCommand({ file: 'sh', args: ['-c', 'echo "$GREETING $(pwd)"'], cwd: '/usr', env: { PATH: '/usr/bin:/bin', GREETING: 'hello' }, sandbox });
    expect(outcome.kind === 'ran' && outcome.output.stdout).toBe('hello /usr\n');
  });
});
