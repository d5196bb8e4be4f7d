/**
 * Stopping a whole process group, and a registry of the groups cli-mcp has started so they can all be
 * killed when the server exits. Processes are spawned `detached`, so each child leads its own group
 * (pgid = its pid) and everything it starts stays in that group unless it calls setsid itself.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 20;
/** How long to wait for a SIGKILLed group to disappear before giving up. */
const KILL_WAIT_MS = 5_000;

/** State letter and process group of one process, read from `/proc/<pid>/stat`; undefined when unreadable. */
function readStat(pid: number | string): { state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may contain spaces and parentheses: parse from the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const pgrp = Number(fields[2]);
  return state === undefined || !Number.isInteger(pgrp) ? undefined : { state, pgrp };
}

const isDeadState = (state: string): boolean => state === 'Z' || state === 'X';

/** Whether /proc lists live (non-zombie) members of the group; undefined when /proc cannot be read. */
function procGroupHasLiveMember(pgid: number): boolean | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat !== undefined && stat.pgrp === pgid && !isDeadState(stat.state)) return true;
  }
  return false;
}

/** Sends a signal to a process (or, with a negative id, a group); false when it no longer exists. */
function signalExists(id: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(id, signal);
    return true;
  } catch (error) {
    // EPERM: the id now belongs to someone else's process, so ours is gone.
    return !(isErrnoCode(error, 'ESRCH') || isErrnoCode(error, 'EPERM'));
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** Whether any member of the group is still running; zombies (exited, not yet reaped) do not count. */
export function isProcessGroupAlive(pgid: number): boolean {
  if (!signalExists(-pgid, 0)) return false;
  return procGroupHasLiveMember(pgid) ?? true;
}

/**
 * Whether a process is running. A zombie (exited but not yet reaped by its parent) counts as dead.
 * @example isProcessAlive(child.pid) // false once the child was killed
 */
export function isProcessAlive(pid: number): boolean {
  if (!signalExists(pid, 0)) return false;
  const stat = readStat(pid);
  return stat === undefined ? !procReadable() : !isDeadState(stat.state);
}

function procReadable(): boolean {
  try {
    readdirSync('/proc');
    return true;
  } catch {
    return false;
  }
}

/** Polls until the group is gone; true when it went away before `ms` passed. */
async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!isProcessGroupAlive(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

/**
 * Stops every process in a group: SIGTERM, then SIGKILL once `graceMs` has passed, then waits (a few
 * seconds at most) until no member is left. Never rejects; a group that is already gone is fine.
 * @param pgid the group id, which is the pid of the detached child that leads it
 * @param graceMs how long the group may take to exit after SIGTERM before it is SIGKILLed
 */
export async function killProcessGroup(pgid: number, graceMs: number): Promise<void> {
  if (!Number.isInteger(pgid) || pgid <= 1) return; // -1 or 0 would signal far more than one group
  if (!signalExists(-pgid, 'SIGTERM')) return;
  if (await waitGroupGone(pgid, Math.max(0, graceMs))) return;
  if (!signalExists(-pgid, 'SIGKILL')) return;
  await waitGroupGone(pgid, KILL_WAIT_MS);
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Records a group as live until the returned function is called, so {@link killAllProcessGroups}
 * can reach it; installs a `process.on('exit')` hook the first time.
 */
export function trackProcessGroup(pgid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killAllProcessGroups);
  }
  liveGroups.add(pgid);
  return () => {
    liveGroups.delete(pgid);
  };
}

/** SIGKILLs every tracked live group, synchronously (safe inside an `exit` handler). */
export function killAllProcessGroups(): void {
  for (const pgid of liveGroups) signalExists(-pgid, 'SIGKILL');
  liveGroups.clear();
}
