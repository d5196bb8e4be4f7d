import { readdirSync, readFileSync } from 'node:fs';
import { isProcessAlive } from '../../src/exec/kill-tree.js';

/** Host pids of live warm workers of a program: processes running the warm-worker preload with that script. */
export function warmWorkersOf(program: string): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return words.some((word) => word.endsWith('warm-worker.js')) && words.includes(program) && isProcessAlive(Number(pid)) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}
