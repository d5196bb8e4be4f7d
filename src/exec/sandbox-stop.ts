/**
 * Stopping a sandboxed call: SIGTERM to every process of its PID namespace (bwrap's own init aside,
 * since killing it ends the namespace at once), then SIGKILL to the namespace's init and the bwrap group,
 * which makes the kernel kill every process left in the namespace; returns when none is alive.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive, isProcessGroupAlive, killProcessGroup } from './kill-tree.js';

const POLL_MS = 20;
const KILL_WAIT_MS = 5_000;

/** What bwrap's `--info-fd` tells about a running sandbox: the host pid of its init and its namespace. */
export interface SandboxInfo {
  readonly init: number;
  readonly namespace: string;
}

/** Reads bwrap's info JSON from its pipe; undefined when bwrap closed it without one. */
export function readSandboxInfo(stream: Readable | null | undefined): Promise<SandboxInfo | undefined> {
  return new Promise((resolve) => {
    if (!stream) return resolve(undefined);
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      // bwrap may hold the fd until it exits: the first complete JSON is the answer.
      const info = parseInfo(text);
      if (info) resolve(info);
    });
    stream.on('error', () => resolve(undefined));
    stream.on('close', () => resolve(parseInfo(text)));
    stream.on('end', () => resolve(parseInfo(text)));
  });
}

function parseInfo(text: string): SandboxInfo | undefined {
  try {
    const info = JSON.parse(text) as { 'child-pid'?: unknown; 'pid-namespace'?: unknown };
    const init = info['child-pid'];
    const namespace = info['pid-namespace'];
    return typeof init === 'number' && typeof namespace === 'number' ? { init, namespace: `pid:[${namespace}]` } : undefined;
  } catch {
    return undefined;
  }
}

/** Host pids of the live processes in a PID namespace. */
export function namespaceMembers(namespace: string): number[] {
  const members: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return members;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/ns/pid`) !== namespace) continue;
    } catch {
      continue;
    }
    const pid = Number(entry);
    if (isProcessAlive(pid)) members.push(pid);
  }
  return members;
}

async function waitEmpty(namespace: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (namespaceMembers(namespace).length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

/**
 * Stops a sandboxed call whose bwrap leads group `pgid`. Without the info (bwrap had not written it),
 * the group kill alone still ends the namespace: bwrap's death SIGKILLs its init (--die-with-parent).
 */
export async function killSandbox(pgid: number, info: SandboxInfo | undefined, graceMs: number): Promise<void> {
  if (info === undefined) return killProcessGroup(pgid, graceMs);
  for (const pid of namespaceMembers(info.namespace)) if (pid !== info.init) signal(pid, 'SIGTERM');
  // When the command exits, bwrap's init exits and the kernel kills the rest: the namespace empties.
  // Init alone is not empty: a command not started yet when the stop came would still start.
  if (!(await waitEmpty(info.namespace, Math.max(0, graceMs)))) {
    signal(info.init, 'SIGKILL');
    signal(-pgid, 'SIGKILL');
  }
  if (!(await waitEmpty(info.namespace, KILL_WAIT_MS))) signal(info.init, 'SIGKILL');
  // bwrap itself exits right after its namespace; anything else left in its group goes now.
  if (!(await waitGroupGone(pgid, KILL_WAIT_MS))) await killProcessGroup(pgid, 0);
}

async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isProcessGroupAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}
