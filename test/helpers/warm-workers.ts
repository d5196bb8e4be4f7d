import { readdirSync, readFileSync } from 'node:fs';
import { isProcessAlive } from '../../src/exec/kill-tree.js';

/**
 * Host pids of live warm workers of a program: processes running the warm-worker preload with that script,
 * and, given `under`, only those descended from that process (one server's, while other test files serve
 * the same program at the same time).
 */
export function warmWorkersOf(program: string, under?: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const worker = words.some((word) => word.endsWith('warm-worker.js')) && words.includes(program) && isProcessAlive(Number(pid));
      return worker && (under === undefined || descendsFrom(Number(pid), under)) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

function descendsFrom(pid: number, ancestor: number): boolean {
  for (let at = pid, steps = 0; at > 1 && steps < 64; steps += 1) {
    if (at === ancestor) return true;
    at = parentOf(at);
  }
  return false;
}

/** The parent pid, from /proc/<pid>/stat (the field after the state, past the command's parentheses). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Host pids of the warm stubs (kind 'exec') waiting under the process `under`: perl running the stub that execs a call. */
export function warmStubsOf(under: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      // perl itself, not the bwrap around it, whose command line holds the same words.
      const stub = (words[0] ?? '').endsWith('perl') && words.some((word) => word.includes('exec { $w[0] } @w')) && isProcessAlive(Number(pid));
      return stub && descendsFrom(Number(pid), under) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}
