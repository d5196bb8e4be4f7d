/**
 * Starts one command's process: never through a shell, stdin closed, stdout and stderr piped, leading
 * its own process group, inside the sandbox when there is one. Plain `child_process.spawn`, not execa:
 * the bounded capture, the group kill and the sandbox stop are ours, and execa's pipeline around them
 * (stream transforms, its result object) cost about a millisecond a call for nothing we use.
 */
import { spawn, type ChildProcess, type IOType } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { sandboxSpawn, type Sandbox } from './sandbox.js';
import { readSandboxInfo, type SandboxInfo } from './sandbox-stop.js';
import { CONTROL_FD } from './control-fd.js';

/** What to start. */
export interface SpawnRequest {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly sandbox?: Sandbox;
  /** Open a two-way pipe on {@link CONTROL_FD} (a warm worker's). */
  readonly control?: boolean;
  /** More directories the sandbox shows read-only (a warm worker's own code). */
  readonly readOnly?: readonly string[];
}

/** A started process. */
export interface Child {
  readonly pid: number;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly control?: Readable & Writable;
  /** Resolves with bwrap's info once it is read; undefined when not sandboxed. */
  readonly info?: Promise<SandboxInfo | undefined>;
  /** Every pipe of the child, for destroying after its group is dead. */
  readonly pipes: readonly (Readable | null)[];
  /** Settles once the process exited and its pipes closed. */
  readonly closed: Promise<{ readonly exitCode: number | null; readonly signal: NodeJS.Signals | null }>;
  /** Whether the process and its pipes keep this one alive (as a call's do; a waiting warm worker's do not). */
  keepsAlive(on: boolean): void;
}

/** Starts the process, or says with an errno why it could not be (ENOENT, EACCES, …). */
export async function spawnChild(request: SpawnRequest): Promise<Child | { readonly code: string }> {
  const { cwd, env } = request;
  const target = request.sandbox ? sandboxSpawn(request.sandbox, request, request.readOnly) : { file: request.file, args: [...request.args] };
  if ('code' in target) return target;
  // Fd 3 carries bwrap's info (the namespace), which the stop needs; fd 4 a warm worker's call.
  const fd3: IOType = request.sandbox ? 'pipe' : 'ignore';
  const streams: IOType[] = ['ignore', 'pipe', 'pipe', ...(request.control ? [fd3, 'pipe' as const] : request.sandbox ? [fd3] : [])];
  let child: ChildProcess;
  try {
    child = spawn(target.file, target.args, {
      cwd,
      env: env as NodeJS.ProcessEnv,
      shell: false,
      stdio: streams,
      detached: true, // the child leads its own process group, so the whole tree can be signalled
    });
  } catch (error) {
    return { code: (error as { code?: string }).code ?? 'ESPAWN' };
  }
  const closed = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
  });
  // Kept for the child's life: an error after a successful start (a kill that failed) changes nothing the caller sees.
  const failed = new Promise<{ code: string }>((resolve) => child.on('error', (error) => resolve({ code: (error as { code?: string }).code ?? 'ESPAWN' })));
  if (child.pid === undefined) return await failed;
  const pid = child.pid;
  const stdio = child.stdio as (Readable | null)[];
  return {
    pid,
    stdout: child.stdout as Readable,
    stderr: child.stderr as Readable,
    ...(request.control ? { control: stdio[CONTROL_FD] as Readable & Writable } : {}),
    ...(request.sandbox ? { info: readSandboxInfo(stdio[3]) } : {}),
    pipes: stdio.slice(1),
    closed,
    keepsAlive(on) {
      for (const handle of [child, ...stdio] as ({ ref?: () => void; unref?: () => void } | null)[]) (on ? handle?.ref : handle?.unref)?.call(handle);
    },
  };
}
