import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { runCommand, stopAllRuns } from '../../src/exec/run.js';
import type { RunOutcome } from '../../src/exec/run.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/exec/${name}`, import.meta.url));

function ran(outcome: RunOutcome) {
  if (outcome.kind !== 'ran') throw new Error(`expected the command to run, got ${outcome.code}: ${outcome.message}`);
  return outcome;
}

/** The `{ parent, child }` pids a fixture reports on the first line of a stream. */
function pidsFrom(text: string): { parent: number; child: number } {
  return JSON.parse(text.split('\n')[0] ?? '') as { parent: number; child: number };
}

describe('runCommand stopping the process tree', () => {
  // Timeouts leave room for a loaded machine to start node and print the pids.
  it('when the timeout passes then timedOut is set and neither the child nor its grandchild is alive', async () => {
    const outcome = ran(await runCommand({ file: fixture('grandchild'), args: [], timeoutMs: 1_000, killGraceMs: 200 }));
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
    const outcome = ran(await runCommand({ file: fixture('grandchild'), args: [], signal: controller.signal, killGraceMs: 200 }));
    const { parent, child } = pidsFrom(outcome.output.stdout);
    expect(outcome.aborted).toBe(true);
    expect(outcome.output.timedOut).toBe(false);
    expect(isProcessAlive(parent)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('when a stream passes the byte cap then it is cut, truncated is set and the group is stopped', async () => {
    const cap = 64 * 1024;
    const outcome = ran(await runCommand({ file: fixture('print-forever'), args: [], maxOutputBytes: cap, killGraceMs: 200, timeoutMs: 10_000 }));
    const { parent, child } = pidsFrom(outcome.output.stderr);
    expect(outcome.output.truncated).toBe(true);
    expect(outcome.output.timedOut).toBe(false);
    expect(Buffer.byteLength(outcome.output.stdout)).toBeLessThanOrEqual(cap);
    expect(Buffer.byteLength(outcome.output.stdout)).toBeGreaterThan(cap / 2);
    expect(isProcessAlive(parent)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('when the cap cuts a multi-byte character then the partial character is dropped', async () => {
    const script = "process.stdout.write('é'.repeat(100))"; // 2 bytes each
    const outcome = ran(await runCommand({ file: process.execPath, args: ['-e', script], maxOutputBytes: 51 }));
    expect(outcome.output.truncated).toBe(true);
    expect(outcome.output.stdout).toBe('é'.repeat(25));
  });

  it('when the output is exactly at the cap then it is not truncated', async () => {
    const script = "process.stdout.write('a'.repeat(100))";
    const outcome = ran(await runCommand({ file: process.execPath, args: ['-e', script], maxOutputBytes: 100 }));
    expect(outcome.output).toMatchObject({ truncated: false, stdout: 'a'.repeat(100), exitCode: 0 });
  });

  it('when a process that left the group holds stdout open then the timeout still ends the call', async () => {
    const started = Date.now();
    const outcome = ran(await runCommand({ file: fixture('grandchild'), args: ['escape'], timeoutMs: 1_000, killGraceMs: 200 }));
    const { child } = pidsFrom(outcome.output.stdout);
    try {
      expect(outcome.output.timedOut).toBe(true);
      expect(Date.now() - started).toBeLessThan(4_000); // the escaped child lives 6 s
    } finally {
      spawnSync('kill', ['-9', String(child)]);
    }
  });

  it('when stopAllRuns is called then every live run is SIGKILLed at once', async () => {
    const running = runCommand({ file: fixture('ignores-term'), args: [], killGraceMs: 10_000 });
    await sleep(1_000);
    stopAllRuns();
    const outcome = ran(await running);
    expect(outcome.output).toMatchObject({ signal: 'SIGKILL', exitCode: null, timedOut: false });
    expect(outcome.output.stdout).toMatch(/^\d+\n$/);
    expect(isProcessAlive(Number(outcome.output.stdout.trim()))).toBe(false);
  });
});
