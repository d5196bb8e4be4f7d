import type { Middleware } from './context.js';
import type { SharedStore } from '../store/shared-store.js';
import { sharedConcurrency } from './shared-concurrency.js';
import { refuseCancelled, refuseFull } from './refuse.js';
import { DEFAULTS, positive, wholeNumber } from '../options.js';

/** Options of `concurrency`. */
export interface ConcurrencyOptions {
  /** Most calls running at once. */
  readonly max: number;
  /** Most calls waiting for a slot (on this replica); more are refused at once. @default 64 */
  readonly queue?: number;
  /**
   * Where the slots live, so `max` holds across every replica: each running call leases one, renewed
   * while it runs, so a replica that dies gives its slots back when their leases run out. Waiting calls
   * poll for a slot (no order among them), and a store that cannot answer refuses calls (fail closed).
   * @default this process's own slots, handed to waiting calls in order
   */
  readonly store?: SharedStore;
  /** With a store: how long a slot stays leased without renewal (a dead replica's slots come back after it). @default 30000 */
  readonly leaseMs?: number;
  /** With a store: the name of the slot pool; two caps with the same name share their slots. @default 'calls' */
  readonly pool?: string;
  /** Most calls of one principal running at once, within `max`: one caller cannot take every slot. @default no cap of its own */
  readonly perPrincipal?: number;
}


/**
 * Caps how many calls run at once; up to `queue` more wait their turn (in order), and the rest are
 * refused with an isError result. A waiting call that is cancelled leaves the queue. With a `store`
 * the cap counts the calls of every replica.
 */
export function concurrency(options: ConcurrencyOptions): Middleware {
  const all = cap(options);
  if (options.perPrincipal === undefined) return all;
  const per = wholeNumber('concurrency.perPrincipal', options.perPrincipal, 1);
  // Each principal's own cap (its own pool in the store), then the cap of all calls.
  const caps = new Map<string, Middleware>();
  const capOf = (name: string): Middleware => {
    let found = caps.get(name);
    if (!found) caps.set(name, (found = cap({ ...options, max: Math.min(per, options.max), pool: `${options.pool ?? 'calls'}:principal:${name}` })));
    return found;
  };
  return (ctx, next) => (ctx.principal ? capOf(ctx.principal.id)(ctx, () => all(ctx, next)) : all(ctx, next));
}

function cap(options: ConcurrencyOptions): Middleware {
  const max = wholeNumber('concurrency.max', options.max, DEFAULTS.maxConcurrent);
  const queueLimit = wholeNumber('concurrency.queue', options.queue, DEFAULTS.maxQueued, 0);
  const leaseMs = positive('concurrency.leaseMs', options.leaseMs, DEFAULTS.slotLeaseMs);
  if (options.store) return sharedConcurrency(options.store, { max, queueLimit, leaseMs, pool: options.pool ?? 'calls' });
  let running = 0;
  const waiting: Array<() => void> = [];

  const acquire = (signal: AbortSignal): Promise<boolean> =>
    new Promise((resolve) => {
      const wake = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      const onAbort = (): void => {
        waiting.splice(waiting.indexOf(wake), 1);
        resolve(false);
      };
      waiting.push(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });

  return async (ctx, next) => {
    if (running >= max) {
      if (waiting.length >= queueLimit) {
        refuseFull(ctx, max, waiting.length);
        return;
      }
      if (!(await acquire(ctx.signal))) {
        refuseCancelled(ctx);
        return;
      }
    } else {
      running += 1;
    }
    try {
      await next();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never dips below the real count.
      const nextInLine = waiting.shift();
      if (nextInLine) nextInLine();
      else running -= 1;
    }
  };
}
