import type { Middleware } from './context.js';
import type { SharedStore } from '../store/shared-store.js';
import { refuseCancelled, refuseFull, refuseUnavailable } from './refuse.js';

/** The checked settings of a concurrency cap kept in the shared store. */
export interface SharedSlots {
  readonly max: number;
  /** Most calls of this replica waiting for a slot. */
  readonly queueLimit: number;
  readonly leaseMs: number;
  readonly pool: string;
}

/** First and longest pause between tries while queued: quick at first, gentle on the store when the wait is long. */
const FIRST_RETRY_MS = 25;
const MAX_RETRY_MS = 500;
/** Pause before renewing again after a renewal failed: the lease is taken again as soon as the store answers. */
const RENEW_RETRY_MS = 100;

/**
 * The concurrency cap across replicas: a running call holds a leased slot of the store's pool, renewed
 * every third of the lease while it runs and released when it ends; a replica that dies leaves leases that
 * run out by themselves. A call that finds the pool full waits (up to `queueLimit` on this replica),
 * trying again with growing, jittered pauses, at once when a call of this replica ends.
 *
 * A renewal that fails is tried again every 100 ms, and one that finds its lease lapsed (the store was out of
 * reach for longer than the lease) takes it again, counted against the cap even when that overfills it: no
 * call starts until the running ones are back under it. The bound that remains: a call admitted between
 * the lapse and that renewal runs beside the lapsed one.
 */
export function sharedConcurrency(store: SharedStore, slots: SharedSlots): Middleware {
  const { max, queueLimit, leaseMs, pool } = slots;
  // This replica's waiting calls, oldest first: a slot freed here wakes one at once; other replicas' slots are found by polling.
  const sleepers = new Set<() => void>();
  let queued = 0;

  /** Resolves true after about `ms` or when woken, false when the call is cancelled. */
  const pause = (ms: number, signal: AbortSignal): Promise<boolean> =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const done = (awake: boolean): void => {
        clearTimeout(timer);
        sleepers.delete(wake);
        signal.removeEventListener('abort', onAbort);
        resolve(awake);
      };
      const wake = (): void => done(true);
      const onAbort = (): void => done(false);
      // Jittered, so waiters on many replicas do not all try in the same instant.
      const timer = setTimeout(wake, ms * (0.5 + Math.random()));
      sleepers.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });

  /** A lease once a slot is free; undefined when the call is cancelled first. */
  const waitForSlot = async (signal: AbortSignal): Promise<string | undefined> => {
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(2 * delay, MAX_RETRY_MS)) {
      if (!(await pause(delay, signal))) return undefined;
      const lease = await store.acquireSlot(pool, max, leaseMs);
      if (lease !== undefined) return lease;
    }
  };

  return async (ctx, next) => {
    let lease: string | undefined;
    try {
      lease = await store.acquireSlot(pool, max, leaseMs);
      if (lease === undefined) {
        if (queued >= queueLimit) return refuseFull(ctx, max, queued);
        queued += 1;
        try {
          lease = await waitForSlot(ctx.signal);
        } finally {
          queued -= 1;
        }
        if (lease === undefined) return refuseCancelled(ctx);
      }
    } catch (error) {
      return refuseUnavailable(ctx, error);
    }
    const renewal = keepRenewed(store, pool, lease, leaseMs);
    try {
      await next();
    } finally {
      await renewal.stop();
      // A release that fails costs nothing lasting: the lease runs out by itself.
      await store.releaseSlot(pool, lease).catch(() => {});
      sleepers.values().next().value?.();
    }
  };
}

/** Renews a held lease every third of its life (every 100 ms while renewals fail) until stopped. */
function keepRenewed(store: SharedStore, pool: string, lease: string, leaseMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> = Promise.resolve();
  const schedule = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      renewing = store.renewSlot(pool, lease, leaseMs).then(
        () => schedule(leaseMs / 3),
        () => schedule(Math.min(RENEW_RETRY_MS, leaseMs / 3)),
      );
    }, ms);
    timer.unref();
  };
  schedule(leaseMs / 3);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A renewal still on its way would bring a released lease back: it lands first.
      await renewing;
    },
  };
}
