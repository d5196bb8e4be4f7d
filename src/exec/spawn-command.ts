/**
 * Runs one command: never through a shell, stdin closed, output drained to the end and kept as
 * bounded UTF-8 text (head and tail), and the whole process group stopped on abort, timeout, or once
 * its output passes a total ceiling.
 */
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ExecOutput } from '../types.js';
import { createCapture, type Capture } from './capture.js';
import { killAllProcessGroups, killProcessGroup, trackProcessGroup } from './kill-tree.js';
import { sandboxFailure, type Sandbox } from './sandbox.js';
import { killSandbox } from './sandbox-stop.js';
import { backgroundStoppedLine, watchBackground } from './sandbox-watch.js';
import { spawnChild } from './spawn-child.js';
import type { WarmPool } from './warm-pool.js';
import { DEFAULTS, wholeNumber } from '../options.js';

/** After the group is dead, how long the pipes may take to close before they are destroyed. */
const PIPE_SETTLE_MS = 250;

/** One command to run. */
export interface CommandRequest {
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
  /** Workers that have imported the program already (a Node CLI's); a call they cannot take starts cold. */
  readonly warm?: WarmPool;
}

/** The command ran (whatever its exit), or it could not be started at all. */
export type CommandOutcome =
  | { readonly kind: 'ran'; readonly output: ExecOutput; readonly aborted: boolean }
  | { readonly kind: 'not-started'; readonly code: string; readonly message: string };

/**
 * Runs a command and resolves once it and every process of its group are gone. A non-zero exit is
 * data (`kind: 'ran'`); a file that cannot be started (ENOENT, EACCES, ...) is `kind: 'not-started'`.
 * Never rejects for anything the command does.
 * @example
 * const outcome = await spawnCommand({ file: 'git', args: ['status'], timeoutMs: 10_000 });
 * const exitCode = outcome.kind === 'ran' ? outcome.output.exitCode : undefined;
 */
export async function spawnCommand(request: CommandRequest): Promise<CommandOutcome> {
  const { file, signal } = request;
  if (signal?.aborted) {
    return { kind: 'not-started', code: 'ABORT_ERR', message: `Did not start "${file}": the call was aborted before it began.` };
  }
  const cap = Math.floor(request.maxOutputBytes ?? DEFAULTS.maxOutputBytes);
  const graceMs = request.killGraceMs ?? DEFAULTS.killGraceMs;
  const ceiling = totalCeiling(request.maxTotalOutputBytes);
  // Made before the spawn so a bad cap throws while nothing is running yet.
  const stdoutCapture = createCapture(cap, 'stdout');
  const stderrCapture = createCapture(cap, 'stderr');
  const cwd = request.cwd ?? process.cwd();
  const env = request.env ?? process.env;
  // A warm worker has imported the program already and takes these args; else a cold start.
  const warm = await request.warm?.take(request.args);
  const spawned = warm?.child ?? (await spawnChild({ file, args: request.args, cwd, env, sandbox: request.sandbox }));
  if ('code' in spawned) {
    request.warm?.callEnded();
    return { kind: 'not-started', code: spawned.code, message: notStartedMessage(file, spawned.code, request.cwd) };
  }
  const child = spawned;
  const started = performance.now();
  const pid = child.pid;
  const untrack = trackProcessGroup(pid);
  const info = child.info;
  const watched = info ? watchBackground(info) : undefined;
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
    watched?.sample();
    totalBytes += bytes;
    if (totalBytes <= ceiling || outputExceeded) return;
    outputExceeded = true;
    clearTimeout(timer); // the ceiling, not the clock, stopped it: timedOut stays false
    stop();
  };
  drain(child.stdout, warm?.early.stdout, stdoutCapture, count, request.onOutput && ((chunk) => request.onOutput?.(chunk, 'stdout')));
  drain(child.stderr, warm?.early.stderr, stderrCapture, count, request.onOutput && ((chunk) => request.onOutput?.(chunk, 'stderr')));

  try {
    const afterStop = stopRequested.then(() => releasePipes(stopping, child.pipes));
    await Promise.race([child.closed, afterStop]);
    const result = await child.closed;
    if (stopping !== undefined) await stopping;
    // The command exited on its own while processes it left running were still there: they ended with it, and the result says so.
    const left = watched?.stop() ?? [];
    const said = stderrCapture.result().text;
    if (left.length > 0 && stopping === undefined) stderrCapture.write(Buffer.from(`${said === '' || said.endsWith('\n') ? '' : '\n'}${backgroundStoppedLine(left)}\n`));
    const out = stdoutCapture.result();
    const err = stderrCapture.result();
    const refused = request.sandbox && stopping === undefined ? sandboxFailure(result.exitCode ?? undefined, out.text, err.text) : undefined;
    if (refused) return { kind: 'not-started', code: refused.code, message: notStartedMessage(file, refused.code, request.cwd, refused.line) };
    // bwrap reports a command killed by a signal as exit 128+n, as a shell does.
    const signalName = result.signal ?? (request.sandbox && stopping !== undefined ? signalOfStatus(result.exitCode ?? undefined) : undefined);
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
    watched?.stop();
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    untrack();
    request.warm?.callEnded();
  }
}

/**
 * Once the group is dead, gives the pipes a moment to close and then destroys them: a process that
 * left the group (setsid) may still hold them open, and execa would wait for it forever.
 */
async function releasePipes(stopping: Promise<void> | undefined, pipes: readonly (Readable | null)[]): Promise<void> {
  await stopping;
  await sleep(PIPE_SETTLE_MS, undefined, { ref: false });
  for (const pipe of pipes) pipe?.destroy();
}

/**
 * Feeds every chunk of the stream into the capture as it arrives, so the pipe never backs up: first
 * what a warm worker wrote while it imported the program (as a cold start would have), then the rest.
 */
function drain(stream: Readable, early: readonly Uint8Array[] | undefined, capture: Capture, count: (bytes: number) => void, watch?: (chunk: Uint8Array) => void): void {
  const take = (chunk: Uint8Array): void => {
    capture.write(chunk);
    watch?.(chunk);
    count(chunk.byteLength);
  };
  for (const chunk of early ?? []) take(chunk);
  stream.on('data', take);
  stream.resume(); // a warm worker's pipes were paused when it was taken
}

/** The total-output ceiling, checked before the spawn so a bad value throws while nothing runs. */
function totalCeiling(value: number | undefined): number {
  return wholeNumber('maxTotalOutputBytes', value, DEFAULTS.maxTotalOutputBytes);
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
 * SIGKILLs every process group started by {@link spawnCommand} (and the node workers) that is still
 * live, synchronously. Also runs from a `process.on('exit')` hook installed with the first run.
 */
export function stopAllRuns(): void {
  killAllProcessGroups();
}
