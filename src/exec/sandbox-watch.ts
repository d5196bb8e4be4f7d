/**
 * Watches a sandboxed call for background processes: processes of its PID namespace that left the
 * call's session (a detached child, a daemon) or that init adopted. When the call's own process exits,
 * the namespace ends and they are stopped with it; the last sample is what the call's result reports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SandboxInfo } from './sandbox-stop.js';

/** How often the namespace is sampled while the call runs: a daemon lives far longer than this. */
const SAMPLE_MS = 100;
/** Output can come in thousands of chunks: samples it asks for are at least this far apart. */
const MIN_GAP_MS = 10;

/** Samples a running call: on a timer, and on demand (`sample`, as output arrives: a program often prints just before it exits). */
export interface BackgroundWatch {
  readonly sample: () => void;
  /** Stops sampling; the last sample's background processes, by name. */
  readonly stop: () => readonly string[];
}

/** Starts sampling once bwrap's info is known. */
export function watchBackground(info: Promise<SandboxInfo | undefined>): BackgroundWatch {
  let last: readonly string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let trailing: NodeJS.Timeout | undefined;
  let init: number | undefined;
  let stopped = false;
  let sampledAt = 0;
  const sample = (): void => {
    if (init === undefined || stopped) return;
    const wait = MIN_GAP_MS - (performance.now() - sampledAt);
    // Too soon after the last: sampled once the gap is over, so the last output (pm2's `daemonized`, then its exit) is never left unsampled.
    if (wait > 0) {
      trailing ??= setTimeout(() => {
        trailing = undefined;
        sample();
      }, wait).unref();
      return;
    }
    sampledAt = performance.now();
    // A sample taken once the command has exited finds the namespace gone: the one before it stands.
    last = background(init) ?? last;
  };
  void info.then((known) => {
    if (known === undefined || stopped) return;
    init = known.init;
    sample();
    timer = setInterval(sample, SAMPLE_MS);
    timer.unref();
  });
  return {
    sample,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(trailing);
      return last;
    },
  };
}

/**
 * The names of the namespace's processes that left the call's own session (a detached child, a daemon's
 * setsid) or were left to init (their parent exited): a command's ordinary children share its session.
 */
function background(init: number): string[] | undefined {
  const top = childrenOf(init);
  const main = top.find((pid) => namespacePid(pid) === '2');
  if (main === undefined) return undefined;
  const session = sessionOf(main);
  const names: string[] = [];
  const queue = [...top];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const own = childrenOf(pid);
    queue.push(...own);
    if (pid === main) continue;
    // A process that ended while the sample was taken (its files gone) is no background process: a waited child being killed.
    const [sid, name] = [sessionOf(pid), read(`/proc/${pid}/comm`)];
    if (sid === undefined || name === undefined) continue;
    if (top.includes(pid) || sid !== session) names.push(name.trim());
  }
  return names;
}

/** Every thread's children: a program may fork from any of its threads. */
function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((tid) => (read(`/proc/${pid}/task/${tid}/children`) ?? '').trim().split(/\s+/).filter(Boolean).map(Number));
}

/** `NSpid: <host> … <innermost>`: the pid inside the call's namespace. */
function namespacePid(pid: number): string | undefined {
  return /^NSpid:\s+(.*)$/m.exec(read(`/proc/${pid}/status`) ?? '')?.[1]?.trim().split(/\s+/).at(-1);
}

/** Field 6 of /proc/<pid>/stat, after the parenthesised name (which may hold spaces). */
function sessionOf(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[3];
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The line a result gets when background processes were stopped with the call. */
export function backgroundStoppedLine(names: readonly string[]): string {
  const which = [...new Set(names)].join(', ');
  const what = names.length === 1 ? `a background process it started (${which}) was` : `${names.length} background processes it started (${which}) were`;
  return `cli-mcp: ${what} stopped when the command exited: under the contain sandbox no process outlives its call. To keep it running, serve with --sandbox off, or set "sandbox": "off" on this command in a manifest.`;
}
