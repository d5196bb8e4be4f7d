import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive, isProcessGroupAlive, killProcessGroup } from '../../src/exec/kill-tree.js';
import { fixture } from '../helpers/fixture.js';

const started: ChildProcess[] = [];

/** Spawns a detached child (its own group) and waits for the first line it prints. */
async function startGroup(file: string, args: readonly string[]): Promise<{ pid: number; firstLine: string }> {
  const child = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { pid: child.pid!, firstLine: chunk.toString().split('\n')[0] ?? '' };
}

const procState = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
};

afterEach(() => {
  for (const child of started.splice(0)) if (child.pid !== undefined) killQuietly(-child.pid);
});

function killQuietly(id: number): void {
  try {
    process.kill(id, 'SIGKILL');
  } catch {
    // already gone
  }
}

describe('killProcessGroup', () => {
  it('when a member ignores SIGTERM then it is SIGKILLed after the grace period', async () => {
    const { pid } = await startGroup(fixture('exec', 'ignores-term'), []);
    const before = Date.now();
    await killProcessGroup(pid, 200);
    expect(Date.now() - before).toBeGreaterThanOrEqual(190);
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessGroupAlive(pid)).toBe(false);
  });

  it('when every member exits on SIGTERM then it returns without waiting out the grace period', async () => {
    const { pid } = await startGroup(process.execPath, ['-e', 'console.log(process.pid); setInterval(() => {}, 1e9)']);
    const before = Date.now();
    await killProcessGroup(pid, 5_000);
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('when the grandchild ignores SIGTERM then the whole group is gone afterwards', async () => {
    const { pid, firstLine } = await startGroup(fixture('exec', 'grandchild'), []);
    const { child } = JSON.parse(firstLine) as { child: number };
    expect(isProcessAlive(child)).toBe(true);
    await killProcessGroup(pid, 200);
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('when the group no longer exists then it returns at once', async () => {
    const { pid } = await startGroup(process.execPath, ['-e', 'console.log(1)']);
    await sleep(200);
    await expect(killProcessGroup(pid, 1_000)).resolves.toBeUndefined();
  });
});

describe('isProcessAlive', () => {
  it('when a process has exited but is not reaped then it counts as dead', async () => {
    // sh starts a short sleep in the background, then becomes `sleep 5`, which never reaps it: a zombie.
    const { pid, firstLine } = await startGroup('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 5']);
    const zombie = Number(firstLine);
    for (let i = 0; i < 150 && procState(zombie) !== 'Z'; i += 1) await sleep(20);
    expect(procState(zombie)).toBe('Z');
    expect(isProcessAlive(zombie)).toBe(false);
    expect(isProcessAlive(pid)).toBe(true);
    await killProcessGroup(pid, 200);
    expect(isProcessGroupAlive(pid)).toBe(false);
  });

  it('when no process has the pid then it is false', () => {
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });
});
