import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../../src/exec/kill-tree.js';

/** Host pids of live processes whose command line contains `marker` (pids inside a sandbox are not host pids). */
export function pidsWithMarker(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.includes(marker) && isProcessAlive(Number(entry))) pids.push(Number(entry));
  }
  return pids;
}

/** Waits until at least `count` processes carry the marker; returns their pids. */
export async function waitForMarked(marker: string, count: number, ms = 10_000): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(10)) {
    const pids = pidsWithMarker(marker);
    if (pids.length >= count) return pids;
  }
  throw new Error(`fewer than ${count} processes named ${marker} appeared within ${ms} ms`);
}

/** Waits until every pid is gone; returns the survivors. */
export async function survivorsAfter(pids: readonly number[], ms: number): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(25)) {
    if (!pids.some(isProcessAlive)) return [];
  }
  return pids.filter(isProcessAlive);
}

/** SIGKILLs whatever still carries the marker, so a failing test leaves nothing behind. */
export function killMarked(marker: string): void {
  for (const pid of pidsWithMarker(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
