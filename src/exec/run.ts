/**
 * Runs one command: never through a shell, stdin closed, output drained to the end and kept as
 * bounded UTF-8 text (head and tail), and the whole process group stopped on abort, timeout, or once
 * its output passes a total ceiling.
 */
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import type { ExecOutput } from '../types.js';
import { createCapture, type Capture } from './capture.js';
import { killAllProcessGroups, killProcessGroup, trackProcessGroup } from './kill-tree.js';
import { sandboxFailure, sandboxSpawn, type Sandbox } from './sandbox.js';
import { killSandbox, readSandboxInfo } from './sandbox-stop.js';

/** @default 1 MiB */
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
/** @default 268435456 (256 MiB) */
export const DEFAULT_MAX_TOTAL_OUTPUT_BYTES = 256 * 1024 * 1024;
/** @default 2000 ms */
export const DEFAULT_KILL_GRACE_MS = 2_000;
/** After the group is dead, how long the pipes may take to close before they are destroyed. */
const PIPE_SETTLE_MS = 250;

/** One command to run. */
export interface RunRequest {
  /** The executable: a path, or a bare name looked up on PATH. */
  readonly file: string;
  /** Passed verbatim; no shell ever sees them. */
  readonly args: readonly string[];
  /** @default process.cwd() */
  readonly cwd?: string;
  /** The complete environment of the child (nothing is merged in). @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Aborting stops the whole process tree; the outcome then has `aborted: true`. */
  readonly signal?: AbortSignal;
  /** Stop the tree after this many milliseconds; the output then has `timedOut: true`. */
  readonly timeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when the tree is stopped. @default 2000 */
  readonly killGraceMs?: number;
  /**
   * Bytes kept per stream: the first half and the last half. The CLI still runs to its end (or to
   * `maxTotalOutputBytes`) and its output is read in full; past the cap the middle is replaced by a
   * marker line and `truncated` is set.
   * @default 1048576
   */
  readonly maxOutputBytes?: number;
  /**
   * Bytes of stdout and stderr together after which the process tree is stopped, as on timeout; the
   * output then has `outputExceeded: true` and `truncated: true`.
   * @default 268435456 (256 MiB)
   */
  readonly maxTotalOutputBytes?: number;
  /** Sees every chunk of output as it arrives (for progress); it must not throw or block. */
  readonly onOutput?: (chunk: Uint8Array, stream: 'stdout' | 'stderr') => void;
  /** Run inside this bubblewrap sandbox (from `resolveSandbox`); without it, in a process group only. */
  readonly sandbox?: Sandbox;
}

/** The command ran (whatever its exit), or it could not be started at all. */
export type RunOutcome =
  | { readonly kind: 'ran'; readonly output: ExecOutput; readonly aborted: boolean }
  | { readonly kind: 'not-started'; readonly code: string; readonly message: string };

/**
 * Runs a command and resolves once it and every process of its group are gone. A non-zero exit is
 * data (`kind: 'ran'`); a file that cannot be started (ENOENT, EACCES, ...) is `kind: 'not-started'`.
 * Never rejects for anything the command does.
 * @example
 * const outcome = await runCommand({ file: 'git', args: ['status'], timeoutMs: 10_000 });
 * const exitCode = outcome.kind === 'ran' ? outcome.output.exitCode : undefined;
 */
export async function runCommand(request: RunRequest): Promise<RunOutcome> {
  const { file, signal } = request;
  if (signal?.aborted) {
    return { kind: 'not-started', code: 'ABORT_ERR', message: `Did not start "${file}": the call was aborted before it began.` };
  }
  const cap = Math.floor(request.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
  const graceMs = request.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const ceiling = totalCeiling(request.maxTotalOutputBytes);
  // Made before the spawn so a bad cap throws while nothing is running yet.
  const stdoutCapture = createCapture(cap, 'stdout');
  const stderrCapture = createCapture(cap, 'stderr');
  const cwd = request.cwd ?? process.cwd();
  const env = request.env ?? process.env;
  const spawn = request.sandbox ? sandboxSpawn(request.sandbox, { file, args: request.args, cwd, env }) : { file, args: [...request.args] };
  if ('code' in spawn) return { kind: 'not-started', code: spawn.code, message: notStartedMessage(file, spawn.code, request.cwd) };
  const started = performance.now();
  const subprocess = execa(spawn.file, spawn.args, {
    cwd,
    env,
    extendEnv: false,
    shell: false,
    // Fd 3 carries bwrap's info (the namespace), which the stop needs.
    stdio: request.sandbox ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    detached: true, // the child leads its own process group, so the whole tree can be signalled
    reject: false,
    stripFinalNewline: false,
    buffer: false, // execa would hold all of it in memory: the pipes are drained into bounded captures below
    forceKillAfterDelay: false, // killing is ours (the group), not execa's (the direct child only)
  });
  const pid = subprocess.pid;
  if (pid === undefined) {
    const failed = await subprocess;
    const code = failed.code ?? 'ESPAWN';
    return { kind: 'not-started', code, message: notStartedMessage(file, code, request.cwd) };
  }

  const untrack = trackProcessGroup(pid);
  const info = request.sandbox ? readSandboxInfo(subprocess.stdio[3] as Readable | undefined) : undefined;
  let timedOut = false;
  let outputExceeded = false;
  let totalBytes = 0;
  let aborted = false;
  let stopping: Promise<void> | undefined;
  let onStopRequested = (): void => {};
  const stopRequested = new Promise<void>((resolve) => { onStopRequested = resolve; });
  const stop = (): void => {
    if (stopping !== undefined) return;
    stopping = info ? info.then((known) => killSandbox(pid, known, graceMs)) : killProcessGroup(pid, graceMs);
    onStopRequested();
  };
  const timer = request.timeoutMs === undefined ? undefined : setTimeout(() => { timedOut = true; stop(); }, request.timeoutMs);
  const onAbort = (): void => { aborted = true; stop(); };
  signal?.addEventListener('abort', onAbort, { once: true });
  const count = (bytes: number): void => {
    totalBytes += bytes;
    if (totalBytes <= ceiling || outputExceeded) return;
    outputExceeded = true;
    clearTimeout(timer); // the ceiling, not the clock, stopped it: timedOut stays false
    stop();
  };
  drain(subprocess.stdout, stdoutCapture, count, request.onOutput && ((chunk) => request.onOutput?.(chunk, 'stdout')));
  drain(subprocess.stderr, stderrCapture, count, request.onOutput && ((chunk) => request.onOutput?.(chunk, 'stderr')));

  try {
    const afterStop = stopRequested.then(() => releasePipes(stopping, subprocess.stdout, subprocess.stderr, subprocess.stdio[3] as Readable | undefined ?? null));
    await Promise.race([subprocess, afterStop]);
    const result = await subprocess;
    if (stopping !== undefined) await stopping;
    const out = stdoutCapture.result();
    const err = stderrCapture.result();
    const refused = request.sandbox && stopping === undefined ? sandboxFailure(result.exitCode, out.text, err.text) : undefined;
    if (refused) return { kind: 'not-started', code: refused.code, message: notStartedMessage(file, refused.code, request.cwd, refused.line) };
    // bwrap reports a command killed by a signal as exit 128+n, as a shell does.
    const signalName = result.signal ?? (request.sandbox && stopping !== undefined ? signalOfStatus(result.exitCode) : undefined);
    const output: ExecOutput = {
      stdout: out.text,
      stderr: err.text,
      exitCode: signalName === undefined ? (result.exitCode ?? null) : null,
      ...(signalName === undefined ? {} : { signal: signalName }),
      timedOut,
      truncated: outputExceeded || out.truncated || err.truncated,
      ...(outputExceeded ? { outputExceeded } : {}),
      durationMs: Math.round(performance.now() - started),
    };
    return { kind: 'ran', output, aborted };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    untrack();
  }
}

/**
 * Once the group is dead, gives the pipes a moment to close and then destroys them: a process that
 * left the group (setsid) may still hold them open, and execa would wait for it forever.
 */
async function releasePipes(stopping: Promise<void> | undefined, ...pipes: (Readable | null)[]): Promise<void> {
  await stopping;
  await sleep(PIPE_SETTLE_MS, undefined, { ref: false });
  for (const pipe of pipes) pipe?.destroy();
}

/** Feeds every chunk of the stream into the capture as it arrives, so the pipe never backs up. */
function drain(stream: Readable | null, capture: Capture, count: (bytes: number) => void, watch?: (chunk: Uint8Array) => void): void {
  stream?.on('data', (chunk: Uint8Array) => {
    capture.write(chunk);
    watch?.(chunk);
    count(chunk.byteLength);
  });
}

/** The total-output ceiling, checked before the spawn so a bad value throws while nothing runs. */
function totalCeiling(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_TOTAL_OUTPUT_BYTES;
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`maxTotalOutputBytes must be a positive integer, got ${value}`);
  return value;
}

const SPAWN_HINTS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file, or not found on PATH',
  EACCES: 'permission denied (is it an executable file?)',
  ENOTDIR: 'a component of the path is not a directory',
  ENOEXEC: 'not a valid executable format',
};

function notStartedMessage(file: string, code: string, cwd: string | undefined, detail?: string): string {
  if (code === 'ESANDBOX') return `Could not start "${file}": the sandbox refused it: ${detail ?? 'bwrap failed'} (${code}).`;
  if (code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
    return `Could not start "${file}": the working directory "${cwd}" does not exist (ENOENT).`;
  }
  return `Could not start "${file}": ${SPAWN_HINTS[code] ?? 'the system refused to run it'} (${code}).`;
}

const STOP_SIGNALS: Readonly<Record<number, NodeJS.Signals>> = { 1: 'SIGHUP', 2: 'SIGINT', 9: 'SIGKILL', 15: 'SIGTERM' };

function signalOfStatus(exitCode: number | undefined): NodeJS.Signals | undefined {
  return exitCode === undefined || exitCode <= 128 ? undefined : STOP_SIGNALS[exitCode - 128];
}

/**
 * SIGKILLs every process group started by {@link runCommand} (and the node workers) that is still
 * live, synchronously. Also runs from a `process.on('exit')` hook installed with the first run.
 */
export function stopAllRuns(): void {
  killAllProcessGroups();
}
