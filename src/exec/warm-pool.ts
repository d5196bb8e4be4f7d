/**
 * Warm workers: processes started ahead of a call, exactly as a cold call starts (same cwd, environment,
 * sandbox, pipes), that wait for a call's arguments: a Node CLI imported and held in its parse(), or any
 * other program's stub that execs the call (warm-kind.ts). Each takes one call and exits, as a cold start
 * does; the pool starts the next as a call takes one, and drops it when taken if it no longer stands for a
 * cold start (a file it imported changed since, or the sandbox a cold start would get now differs). A call
 * that finds none ready waits for one on its way rather than start another. Where a worker could not stand
 * for a cold start (see warm-worker.ts), the pool turns itself off and says why.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { statSync } from 'node:fs';
import { killProcessGroup, trackProcessGroup } from './kill-tree.js';
import { sandboxArgv } from './sandbox.js';
import { killSandbox } from './sandbox-stop.js';
import { spawnChild, type Child } from './spawn-child.js';
import { workerKind, type Readiness, type WarmTarget } from './warm-kind.js';
import { DEFAULTS } from '../options.js';

export type { WarmTarget };

/** How the pool behaves. */
export interface WarmOptions {
  /** Workers kept ready; while calls come faster than they keep up, the pool grows to 4 (importing no more at once than the machine has cores), and shrinks back as workers idle. @default 1 */
  readonly size?: number;
  /** A worker idle this long is stopped; the call after that starts cold and the pool refills after it. @default 120000 */
  readonly idleMs?: number;
  /** A worker using more memory than this once it has imported the program is not kept, and the pool turns off. @default 268435456 (256 MiB) */
  readonly maxMemoryBytes?: number;
  /** How long a worker may take to reach the program's parse(). @default 10000 */
  readonly readyTimeoutMs?: number;
  /**
   * When the first worker starts, in milliseconds from now. By default with the first call (which starts cold): a server no
   * model calls, as most of those a client starts at once, runs no program's import and holds no worker. @default the first call
   */
  readonly startAfterMs?: number;
  /**
   * What a worker waits in: `parse`, a Node CLI imported and held in its parse() call (commander's or yargs');
   * `exec`, a stub already in the call's sandbox that execs the call's argv (any program). @default 'parse'
   */
  readonly kind?: 'parse' | 'exec';
  /** Where the pool says it turned off, and why. @default stderr */
  readonly note?: (line: string) => void;
}

/** A worker given its call: the process, and what it wrote while importing (part of the call's output). */
export interface WarmChild {
  readonly child: Child;
  readonly early: { readonly stdout: readonly Uint8Array[]; readonly stderr: readonly Uint8Array[] };
}

export interface WarmPool {
  /** A ready worker running `args` (the launcher's prefix, then the call's argv), or undefined: start cold. Waits for a worker on its way that no other call waits for. */
  take(args: readonly string[]): Promise<WarmChild | undefined>;
  /** A call ended (warm or cold): refill. */
  callEnded(): void;
  /** Resolves once a worker is ready, or the pool is off and its workers are gone. */
  ready(): Promise<void>;
  /** Stops the idle workers (the program changed); the next call starts cold. */
  recycle(): void;
  /** Stops every idle worker; no more are started. */
  close(): Promise<void>;
  /** Why warm starts are off; undefined while they are on. */
  readonly off: string | undefined;
  /** Calls that took a warm worker, and calls that started cold, so far. */
  readonly counts: { readonly warm: number; readonly cold: number };
}

const EARLY_OUTPUT_MAX = 1024 * 1024;
/** A spare worker has run no call: nothing of it needs time to finish. */
const RETIRE_GRACE_MS = 0;

interface Worker {
  readonly child: Child;
  readonly early: { stdout: Uint8Array[]; stderr: Uint8Array[] };
  earlyBytes: number;
  /** Set once it is ready. */
  ready?: Readiness;
  /** The sandbox it was started in, as {@link setupNow} tells it. */
  readonly setup: string;
  timer?: NodeJS.Timeout;
  readonly untrack: () => void;
}

/** Starts the pool; its first worker starts with the first call, after `startAfterMs` if given, or when `ready()` is awaited. */
export function createWarmPool(target: WarmTarget, options: WarmOptions = {}): WarmPool {
  const size = options.size ?? DEFAULTS.warmWorkers;
  /** While calls wait, the pool grows to this many workers; more importing at once than cores would only slow each. */
  const most = Math.max(size, 4);
  const importingAtOnce = Math.min(most, availableParallelism());
  let wanted = size;
  const idleMs = options.idleMs ?? DEFAULTS.warmIdleMs;
  const maxMemory = options.maxMemoryBytes ?? DEFAULTS.warmMaxMemoryBytes;
  const readyTimeoutMs = options.readyTimeoutMs ?? 10_000;
  const note = options.note ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const kind = workerKind(target, maxMemory);
  /** Where a worker started now would run: its working directory, and the sandbox a cold start would get. */
  const setupNow = (): string => {
    if ('off' in kind) return '';
    const sandbox = target.sandbox ? sandboxArgv(target.sandbox, kind.file, [], resolve(target.cwd), kind.env.HOME, kind.readOnly) : [];
    return JSON.stringify([identity(target.cwd), sandbox]);
  };
  const workers = new Set<Worker>();
  const stopping = new Set<Promise<void>>();
  const counts = { warm: 0, cold: 0 };
  let starting = 0;
  let off: string | undefined;
  let closed = false;
  const waiters: (() => void)[] = [];
  /** Calls waiting for a worker on its way, one worker each. */
  const claimants: (() => void)[] = [];
  /** A worker is ready: whoever awaits ready(), and the first call waiting for one. Off or closed: every call too. */
  const wake = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
    if (off !== undefined || closed) for (const claimant of claimants.splice(0)) claimant();
    else claimants.shift()?.();
  };

  const retire = (worker: Worker): void => {
    if (!workers.delete(worker)) return;
    clearTimeout(worker.timer);
    // A call waiting for this one looks again.
    if (worker.ready === undefined) claimants.shift()?.();
    worker.child.keepsAlive(true); // until it is gone: bwrap's info may still be on its way
    const { pid, info } = worker.child;
    const stop = (info ? info.then((known) => killSandbox(pid, known, RETIRE_GRACE_MS)) : killProcessGroup(pid, RETIRE_GRACE_MS)).finally(() => {
      worker.untrack();
      for (const pipe of worker.child.pipes) pipe?.destroy();
      stopping.delete(stop);
    });
    stopping.add(stop);
  };
  const turnOff = (reason: string): void => {
    if (off !== undefined || closed) return;
    off = reason;
    note(`cli-mcp: warm workers are off for ${target.launcher.prefixArgs.at(-1) ?? target.launcher.file}: ${reason}; each call starts it cold`);
    for (const worker of [...workers]) retire(worker);
    wake();
  };

  /** Starts a worker, counted as on its way at once; the spawn itself (a couple of milliseconds of this process) runs after the current call is under way. */
  const launch = (): void => {
    starting += 1;
    setImmediate(() => {
      if (off === undefined && !closed) return void start();
      starting -= 1;
    });
  };
  const start = async (): Promise<void> => {
    if ('off' in kind) return void (starting -= 1);
    const setup = setupNow();
    const spawned = await spawnChild({ file: kind.file, args: kind.args, cwd: target.cwd, env: kind.env, sandbox: target.sandbox, control: true, readOnly: kind.readOnly });
    starting -= 1;
    if ('code' in spawned) return turnOff(`a worker could not start (${spawned.code})`);
    spawned.keepsAlive(false); // a server that is done must not wait for its spare workers
    const worker: Worker = { child: spawned, early: { stdout: [], stderr: [] }, earlyBytes: 0, setup, untrack: trackProcessGroup(spawned.pid) };
    workers.add(worker);
    if (off !== undefined || closed) return retire(worker);
    const keep = (stream: 'stdout' | 'stderr') => (chunk: Uint8Array) => {
      worker.early[stream].push(chunk);
      worker.earlyBytes += chunk.byteLength;
      if (worker.earlyBytes > EARLY_OUTPUT_MAX) turnOff('it writes more than 1 MiB while it imports');
    };
    spawned.stdout.on('data', keep('stdout'));
    spawned.stderr.on('data', keep('stderr'));
    const readyTimer = setTimeout(() => turnOff(`it was not waiting ${kind.waits} within ${readyTimeoutMs} ms`), readyTimeoutMs);
    readyTimer.unref();
    let text = '';
    spawned.control?.setEncoding('utf8');
    spawned.control?.on('data', (chunk: string) => {
      text += chunk;
      if (!text.endsWith('\n')) return;
      clearTimeout(readyTimer);
      const ready = kind.ready(text);
      if ('off' in ready) return turnOff(ready.off);
      worker.ready = ready;
      worker.timer = setTimeout(() => {
        wanted = Math.max(size, wanted - 1);
        retire(worker);
      }, idleMs);
      worker.timer.unref();
      wake();
      refill(); // the next, if more are wanted than were let import at once
    });
    spawned.control?.on('error', () => {});
    void spawned.closed.then(({ exitCode, signal }) => {
      clearTimeout(readyTimer);
      if (!workers.has(worker)) return;
      retire(worker);
      turnOff(`it exited while it started (${signal ?? `exit code ${exitCode}`}) instead of waiting ${kind.waits}`);
    });
  };

  /** A ready worker that stands for a cold start of `args`, given them; undefined when none does. */
  const handOut = (args: readonly string[]): WarmChild | undefined => {
    if ('off' in kind) return undefined;
    const order = kind.order(args);
    if (order === undefined) return undefined;
    const callArgs = args.slice(target.launcher.prefixArgs.length);
    const setup = workers.size > 0 ? setupNow() : '';
    let stale = false;
    for (const worker of workers) {
      if (worker.ready === undefined || !worker.ready.accepts(callArgs)) continue;
      // A file the program read while importing changed (a call wrote it), or a cold start would now get another sandbox (an output spool made since).
      if (worker.setup !== setup || !worker.ready.fresh()) {
        retire(worker);
        stale = true;
        continue;
      }
      workers.delete(worker);
      clearTimeout(worker.timer);
      worker.untrack(); // the run tracks it from here
      const { child } = worker;
      child.keepsAlive(true);
      child.stdout.pause();
      child.stderr.pause();
      child.stdout.removeAllListeners('data');
      child.stderr.removeAllListeners('data');
      child.control?.removeAllListeners('data');
      child.control?.end(order);
      return { child, early: worker.early };
    }
    // Its replacement starts now: this call may wait for it, as it would for a cold start.
    if (stale) refill();
    return undefined;
  };
  /** Workers started that are not ready yet. */
  const onTheirWay = (): number => starting + [...workers].filter((worker) => worker.ready === undefined).length;

  let first: NodeJS.Timeout | undefined;
  const refill = (): void => {
    clearTimeout(first); // once anything has asked for a worker, the first start is no longer pending
    while (off === undefined && !closed && workers.size + starting < wanted && onTheirWay() < importingAtOnce) launch();
  };

  if ('off' in kind) turnOff(kind.off);
  if (options.startAfterMs !== undefined) {
    first = setTimeout(refill, options.startAfterMs);
    first.unref();
  }
  return {
    async take(args) {
      const prefix = target.launcher.prefixArgs;
      const usable = off === undefined && !closed && prefix.every((word, index) => args[index] === word);
      const importing = onTheirWay() > 0;
      let taken = usable ? handOut(args) : undefined;
      // None ready while one is still importing: calls come faster than a worker imports, so one more is kept, up to the cap.
      if (usable && taken === undefined && importing) wanted = Math.min(most, wanted + 1);
      // A worker on its way when the call came is a cold start already under way: waiting for it beats starting
      // another beside it. Once: a worker found stale again (a file it reads keeps changing) must not hold the call.
      if (usable && taken === undefined && importing && off === undefined && !closed && onTheirWay() > claimants.length) {
        await new Promise<void>((resolve) => claimants.push(resolve));
        taken = handOut(args);
      }
      if (taken === undefined) {
        counts.cold += 1;
        return undefined;
      }
      counts.warm += 1;
      // A Node worker's import is slow: the next starts as this call begins (one whose files the call writes meanwhile is
      // dropped when taken). A stub is ready in milliseconds: the next starts once this call has ended, off its way.
      if (!('off' in kind) && kind.slow) refill();
      return taken;
    },
    callEnded: refill,
    ready: () => new Promise<void>((resolve) => {
      // Off: once its workers are gone too.
      const settle = (): void => void (off !== undefined || closed ? Promise.all([...stopping]).then(() => resolve()) : resolve());
      if (off !== undefined || closed || [...workers].some((worker) => worker.ready !== undefined)) return settle();
      // Waiting workers keep no one alive; whoever awaits this is waiting for one, so it does.
      const alive = setInterval(() => {}, readyTimeoutMs);
      waiters.push(() => (clearInterval(alive), settle()));
      refill();
    }),
    recycle() {
      for (const worker of [...workers]) retire(worker);
    },
    async close() {
      closed = true;
      clearTimeout(first);
      for (const worker of [...workers]) retire(worker);
      wake();
      await Promise.all([...stopping]);
    },
    get off() {
      return off;
    },
    counts,
  };
}

/** A directory as the kernel knows it: one removed and made again is another. */
function identity(dir: string): string {
  try {
    const stat = statSync(dir);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return 'gone';
  }
}
