/**
 * Runs one command: never through a shell, stdin closed, output captured as bounded UTF-8 text, and
 * the whole process group stopped on abort, timeout or output overflow.
 */
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import type { ExecOutput } from '../types.js';
import { killAllProcessGroups, killProcessGroup, trackProcessGroup } from './kill-tree.js';

/** @default 1 MiB */
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
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
  /** Cap per stream, in bytes; past it the stream is cut, `truncated` is set and the tree is stopped. @default 1048576 */
  readonly maxOutputBytes?: number;
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
  const cap = request.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const graceMs = request.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const started = performance.now();
  const subprocess = execa(file, request.args, {
    cwd: request.cwd ?? process.cwd(),
    env: request.env ?? process.env,
    extendEnv: false,
    shell: false,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    detached: true, // the child leads its own process group, so the whole tree can be signalled
    reject: false,
    stripFinalNewline: false,
    encoding: 'buffer', // so maxBuffer counts bytes; decoded to UTF-8 below
    maxBuffer: cap,
    forceKillAfterDelay: false, // killing is ours (the group), not execa's (the direct child only)
  });
  const pid = subprocess.pid;
  if (pid === undefined) {
    const failed = await subprocess;
    const code = failed.code ?? 'ESPAWN';
    return { kind: 'not-started', code, message: notStartedMessage(file, code, request.cwd) };
  }

  const untrack = trackProcessGroup(pid);
  let timedOut = false;
  let aborted = false;
  let stopping: Promise<void> | undefined;
  let onStopRequested = (): void => {};
  const stopRequested = new Promise<void>((resolve) => { onStopRequested = resolve; });
  const stop = (): void => {
    if (stopping !== undefined) return;
    stopping = killProcessGroup(pid, graceMs);
    onStopRequested();
  };
  const timer = request.timeoutMs === undefined ? undefined : setTimeout(() => { timedOut = true; stop(); }, request.timeoutMs);
  const onAbort = (): void => { aborted = true; stop(); };
  signal?.addEventListener('abort', onAbort, { once: true });
  // execa's maxBuffer cuts the stream and leaves the processes running: stop the group as well.
  const stdoutCut = watchBytes(subprocess.stdout, cap, stop);
  const stderrCut = watchBytes(subprocess.stderr, cap, stop);

  try {
    const afterStop = stopRequested.then(() => releasePipes(stopping, subprocess.stdout, subprocess.stderr));
    await Promise.race([subprocess, afterStop]);
    const result = await subprocess;
    if (stopping !== undefined) await stopping;
    const output: ExecOutput = {
      stdout: decode(result.stdout, cap, stdoutCut()),
      stderr: decode(result.stderr, cap, stderrCut()),
      exitCode: result.signal === undefined ? (result.exitCode ?? null) : null,
      ...(result.signal === undefined ? {} : { signal: result.signal }),
      timedOut,
      truncated: stdoutCut() || stderrCut() || result.isMaxBuffer,
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

/** Calls `onOverflow` once more than `cap` bytes have passed through the stream; returns whether they have. */
function watchBytes(stream: Readable | null, cap: number, onOverflow: () => void): () => boolean {
  let seen = 0;
  const onData = (chunk: Uint8Array | string): void => {
    seen += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (seen > cap) {
      stream?.off('data', onData);
      onOverflow();
    }
  };
  stream?.on('data', onData);
  return () => seen > cap;
}

/** UTF-8 text of at most `cap` bytes; a multi-byte character split by the cut is dropped, not garbled. */
function decode(bytes: Uint8Array | undefined, cap: number, cut: boolean): string {
  if (bytes === undefined) return '';
  return new TextDecoder().decode(bytes.subarray(0, cap), { stream: cut });
}

const SPAWN_HINTS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file, or not found on PATH',
  EACCES: 'permission denied (is it an executable file?)',
  ENOTDIR: 'a component of the path is not a directory',
  ENOEXEC: 'not a valid executable format',
};

function notStartedMessage(file: string, code: string, cwd: string | undefined): string {
  if (code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
    return `Could not start "${file}": the working directory "${cwd}" does not exist (ENOENT).`;
  }
  return `Could not start "${file}": ${SPAWN_HINTS[code] ?? 'the system refused to run it'} (${code}).`;
}

/**
 * SIGKILLs every process group started by {@link runCommand} (and the node workers) that is still
 * live, synchronously. Also runs from a `process.on('exit')` hook installed with the first run.
 */
export function stopAllRuns(): void {
  killAllProcessGroups();
}
