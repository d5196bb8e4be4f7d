/**
 * In the load worker: how long it waits on the program it loads. An import that works on is waited for; an async main is
 * waited for while it has work in flight, and not at all once it can do nothing more. The worker's own timers are unref'd,
 * so a `Timeout` among the active resources is the program's: the IPC channel keeps the worker alive meanwhile.
 */
process.channel?.ref();

/** A wait on a timer that is not the program's. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** How long an async main gets to reach parse() while it only has timers pending, and a module's top-level await to settle. */
const SETTLE_MS = 1500;
/** CPU time (every thread of this process) a pending import must use in a SETTLE_MS window to count as still loading. */
const LOADING_CPU_MS = SETTLE_MS / 20;
/** How often an async main is looked at, and the CPU under which a look finds it doing nothing. */
const POLL_MS = 25;
const QUIET_CPU_MS = POLL_MS / 10;

/**
 * Resolves once a SETTLE_MS window passes in which the pending import used under LOADING_CPU_MS of CPU,
 * or at the deadline: a big import on a slow or loaded machine is waited for, a top-level await that never settles is not.
 */
export async function importQuiet(importing: Promise<unknown>, deadline: number): Promise<Record<string, unknown>> {
  let pending = true;
  void importing.then(() => (pending = false), () => (pending = false));
  for (;;) {
    const before = process.cpuUsage();
    await sleep(Math.max(0, Math.min(SETTLE_MS, deadline - 500 - performance.now())));
    const used = process.cpuUsage(before);
    // Wall time alone misjudges a loaded machine; CPU spent says the import is working, none says it waits on nothing.
    if (!pending || (used.user + used.system) / 1000 < LOADING_CPU_MS || performance.now() >= deadline - 500) return {};
  }
}

/** Handles that are the worker's own, or that no program's pending work holds: IPC, stdio, signals, the load hooks' port. */
const OWN_RESOURCES = new Set(['PipeWrap', 'TTYWrap', 'SignalWrap', 'MessagePort']);

/**
 * Resolves once the program can do nothing more (no I/O, timer or immediate of its own, and a look with no CPU spent),
 * once it has had SETTLE_MS and has only timers left (no files, sockets or child processes in flight), or at the
 * deadline: a parse after awaited work is waited for, a program that will never parse is not.
 */
export async function idle(deadline: number, parsed: () => boolean): Promise<void> {
  const settledAt = performance.now() + SETTLE_MS;
  let cpu = process.cpuUsage();
  while (performance.now() < deadline - 500) {
    await sleep(POLL_MS);
    if (parsed()) return;
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const pending = process.getActiveResourcesInfo().filter((name) => !OWN_RESOURCES.has(name));
    if (pending.length === 0 && (used.user + used.system) / 1000 < QUIET_CPU_MS) return;
    if (performance.now() >= settledAt && pending.every((name) => name === 'Timeout')) return;
  }
}
