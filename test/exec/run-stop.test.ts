import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { spawnCommand, stopAllRuns } from '../../src/exec/spawn-command.js';
import type { CommandOutcome } from '../../src/exec/spawn-command.js';
import { fixture } from '../helpers/fixture.js';


function ran(outcome: CommandOutcome) {
  if (outcome.kind !== 'ran') throw new Error(`expected the command to run, got ${outcome.code}: ${outcome.message}`);
  return outcome;
}

/** The `{ parent, child }` pids a fixture reports on the first line of a stream. */
function pidsFrom(text: string): { parent: number; child: number } {
  return JSON.parse(text.split('\n')[0] ?? '') as { parent: number; child: number };
}

describe('spawnCommand stopping the process tree', () => {
  // Timeouts leave room for a loaded machine to start node and print the pids.
  it('when the timeout passes then timedOut is set and neither the child nor its grandchild is alive', async () => {
    const outcome = ran(await spawnCommand({ file: fixture('exec', 'grandchild'), args: [], timeoutMs: 1_000, killGraceMs: 200 }));
    const { parent, child } = pidsFrom(outcome.output.stdout);
    expect(outcome.aborted).toBe(false);
    expect(outcome.output).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM', truncated: false });
    expect(outcome.output.durationMs).toBeGreaterThanOrEqual(950);
    expect(outcome.output.durationMs).toBeLessThan(3_000); // the grandchild's open stdout did not keep the call waiting
    expect(isProcessAlive(parent)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('when the caller aborts then aborted is set and neither the child nor its grandchild is alive', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_000); // long enough for the fixture to start and print its pids under load
    const outcome = ran(await spawnCommand({ file: fixture('exec', 'grandchild'), args: [], signal: controller.signal, killGraceMs: 200 }));
    const { parent, child } = pidsFrom(outcome.output.stdout);
    expect(outcome.aborted).toBe(true);
    expect(outcome.output.timedOut).toBe(false);
    expect(isProcessAlive(parent)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('when a CLI prints forever then the timeout ends it with capped output and bounded memory', async () => {
    const cap = 64 * 1024;
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
    // Past the default ceiling within the 2 s: lifted, so the timeout is what stops it.
    const outcome = ran(await spawnCommand({ file: fixture('exec', 'print-forever'), args: [], maxOutputBytes: cap, maxTotalOutputBytes: Number.MAX_SAFE_INTEGER, killGraceMs: 200, timeoutMs: 2_000 }))
      .output;
    clearInterval(sampler);
    const { parent, child } = pidsFrom(outcome.stderr);
    expect(outcome).toMatchObject({ timedOut: true, truncated: true, exitCode: null });
    const cut = /\n\[… ([\d,]+) bytes cut from the middle of stdout …\]\n/.exec(outcome.stdout);
    const cutBytes = Number(cut?.[1]?.replaceAll(',', ''));
    expect(cutBytes).toBeGreaterThan(10 * cap); // the pipe was drained all along, not left to back up
    expect(Buffer.byteLength(outcome.stdout)).toBeLessThanOrEqual(cap + Buffer.byteLength(cut?.[0] ?? ''));
    expect(outcome.stdout.slice(0, cut?.index)).toMatch(/^(x{1023}\n)+$/);
    expect(outcome.stdout.slice((cut?.index ?? 0) + (cut?.[0].length ?? 0))).toMatch(/^[x\n]+$/);
    expect(peak - baseline).toBeLessThan(150 * 1024 * 1024); // hundreds of MB pass through in 2 s
    expect(isProcessAlive(parent)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('when a process that left the group holds stdout open then the timeout still ends the call', async () => {
    const started = Date.now();
    const outcome = ran(await spawnCommand({ file: fixture('exec', 'grandchild'), args: ['escape'], timeoutMs: 1_000, killGraceMs: 200 }));
    const { child } = pidsFrom(outcome.output.stdout);
    try {
      expect(outcome.output.timedOut).toBe(true);
      expect(Date.now() - started).toBeLessThan(4_000); // the escaped child lives 6 s
    } finally {
      spawnSync('kill', ['-9', String(child)]);
    }
  });

  it('when stopAllRuns is called then every live run is SIGKILLed at once', async () => {
    const running = spawnCommand({ file: fixture('exec', 'ignores-term'), args: [], killGraceMs: 10_000 });
    await sleep(1_000);
    stopAllRuns();
    const outcome = ran(await running);
    expect(outcome.output).toMatchObject({ signal: 'SIGKILL', exitCode: null, timedOut: false });
    expect(outcome.output.stdout).toMatch(/^\d+\n$/);
    expect(isProcessAlive(Number(outcome.output.stdout.trim()))).toBe(false);
  });
});
