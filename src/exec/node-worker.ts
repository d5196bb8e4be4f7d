/**
 * Runs a Node script in a separate process and takes the one IPC message it answers with: a way to
 * load untrusted code (a user's CLI program) without letting it touch the server process.
 */
import type { Readable } from 'node:stream';
import { execaNode } from 'execa';
import { killProcessGroup, trackProcessGroup } from './kill-tree.js';
import { defaultNode } from './launcher.js';
import { CliMcpError } from '../errors.js';

/** How much of the worker's stderr is kept for error messages. */
const STDERR_TAIL_BYTES = 16 * 1024;
/** The worker has answered or failed; it gets this long to exit after SIGTERM. */
const WORKER_GRACE_MS = 500;

/** Options of {@link spawnNodeWorker}. */
export interface NodeWorkerOptions {
  /** Reject when no message arrived within this many milliseconds. */
  readonly timeoutMs: number;
  /** @default process.cwd() */
  readonly cwd?: string;
  /** Node flags for the worker (not inherited from this process). @default [] */
  readonly execArgv?: readonly string[];
  /** The Node executable the worker runs under. @default this process's Node ({@link defaultNode}) */
  readonly nodePath?: string;
  /** The worker's complete environment. @default process.env */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Spawns `node script ...args` with an IPC channel and resolves with the first message the script
 * sends (`process.send(value)`). Rejects, with the tail of the script's stderr in the message, when it
 * exits without sending or times out. The worker's process group is always killed before settling.
 * Its stdout is discarded, so the script may print freely.
 * @example const spec = await spawnNodeWorker<CommandSpec>(loaderPath, [programPath], { timeoutMs: 10_000 });
 */
export async function spawnNodeWorker<T>(script: string, args: readonly string[], options: NodeWorkerOptions): Promise<T> {
  const subprocess = execaNode(script, args, {
    nodePath: options.nodePath ?? defaultNode() ?? 'node',
    nodeOptions: [...(options.execArgv ?? [])],
    cwd: options.cwd ?? process.cwd(),
    ...(options.env ? { env: options.env, extendEnv: false } : {}),
    ipc: true,
    serialization: 'advanced',
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    buffer: false, // stderr is tailed below; nothing else is collected
    detached: true, // own process group, so whatever the script starts is killed with it
    reject: false,
    forceKillAfterDelay: false,
  });
  const stderr = tailOf(subprocess.stderr, STDERR_TAIL_BYTES);
  const pid = subprocess.pid;
  const untrack = pid === undefined ? () => {} : trackProcessGroup(pid);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<{ timedOut: true }>((resolve) => {
      timer = setTimeout(() => resolve({ timedOut: true }), options.timeoutMs);
    });
    // getOneMessage rejects once the worker exits or disconnects without sending anything.
    const answer = subprocess.getOneMessage().then((message) => ({ message }), () => ({ noAnswer: true as const }));
    const first = await Promise.race([answer, timeout]);
    if ('message' in first) return first.message as T;
    // Without an answer, wait for the exit too (it also drains stderr), still within the time limit.
    const end = 'timedOut' in first ? first : await Promise.race([subprocess.then((result) => ({ result })), timeout]);
    if ('timedOut' in end) {
      throw new CliMcpError('cli-mcp.reflection-failed', `Node worker ${script} did not answer within ${options.timeoutMs} ms.${stderrSuffix(stderr())}`);
    }
    const { result } = end;
    if (result.code !== undefined) throw new CliMcpError('cli-mcp.reflection-failed', `Node worker ${script} could not start (${result.code}).`);
    const how = result.signal === undefined ? `exit code ${String(result.exitCode)}` : `signal ${result.signal}`;
    throw new CliMcpError('cli-mcp.reflection-failed', `Node worker ${script} exited (${how}) without answering.${stderrSuffix(stderr())}`);
  } finally {
    clearTimeout(timer);
    if (pid !== undefined) await killProcessGroup(pid, WORKER_GRACE_MS);
    untrack();
    subprocess.stderr?.destroy(); // a process that left the group may still hold it open
    await subprocess.catch(() => undefined);
  }
}

/** Keeps the last `max` bytes that pass through a stream; returns a getter for them as text. */
function tailOf(stream: Readable | null, max: number): () => string {
  let chunks: Buffer[] = [];
  let size = 0;
  stream?.on('data', (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    size += bytes.length;
    if (size > 2 * max) {
      const joined = Buffer.concat(chunks).subarray(-max);
      chunks = [joined];
      size = joined.length;
    }
  });
  return () => Buffer.concat(chunks).subarray(-max).toString('utf8');
}

function stderrSuffix(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' ? ' It wrote nothing to stderr.' : `\nstderr:\n${trimmed}`;
}
