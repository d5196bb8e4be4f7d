import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { checkedTakes } from './arguments.js';
import type { BucketSettings, BucketTake, Consumed } from './shared-store.js';

/** The fixed window rate-limiter-flexible counts a bucket in: `points` per `duration` seconds. */
export interface RateWindow {
  readonly points: number;
  readonly duration: number;
}

/** Below this much of its window left, a take is not given back: the window resets first, and a late refund would open a new one. */
const REFUND_MARGIN_MS = 100;

/**
 * A token bucket as rate-limiter-flexible's (enhanced) fixed window: the window is capacity / perSecond
 * rounded up to whole seconds (its Redis expiries are whole seconds), and the window's points are what
 * perSecond refills over it, rounded down. So the long-run rate never exceeds perSecond, and a window
 * holds at least `capacity` (more when the window was rounded up: `{ capacity: 1, perSecond: 3 }` is
 * 3 per second). Unlike a token bucket, a spent window refills all at once when it ends.
 * @example windowOf({ capacity: 60, perSecond: 30 }) // { points: 60, duration: 2 }
 */
export function windowOf(bucket: BucketSettings): RateWindow {
  // The epsilons absorb float noise: 6 / 0.3 is 20.000000000000004, which must stay 20.
  const duration = Math.max(1, Math.ceil(bucket.capacity / bucket.perSecond - 1e-9));
  return { points: Math.floor(bucket.perSecond * duration + 1e-9), duration };
}

/** One take's outcome: counted (allowed or refused, with its window) or failed (the store did not answer). */
type Outcome = { readonly counted: true; readonly allowed: boolean; readonly res: RateLimiterRes } | { readonly counted: false; readonly allowed: false; readonly error: unknown };

/** Makes a rate-limiter-flexible limiter for one window, its keys under `keyPrefix`. */
export type LimiterFactory = (window: RateWindow, keyPrefix: string) => RateLimiterAbstract;

/**
 * `consume` over rate-limiter-flexible limiters, one per window size (made on first use), keyed under
 * `${prefix}rate:${points}/${duration}` so a changed setting never reads an old counter.
 */
export function rateWindows(prefix: string, limiterFor: LimiterFactory): (takes: readonly BucketTake[]) => Promise<Consumed> {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (bucket: BucketSettings): RateLimiterAbstract => {
    const window = windowOf(bucket);
    const name = `${prefix}rate:${window.points}/${window.duration}`;
    let found = limiters.get(name);
    if (!found) limiters.set(name, (found = limiterFor(window, name)));
    return found;
  };
  return async (takes) => {
    const checked = checkedTakes(takes).map((take) => ({ ...take, limiter: limiter(take.bucket) }));
    const outcomes = await Promise.all(checked.map((take) => take.limiter.consume(take.key, take.cost).then(
      (res): Outcome => ({ counted: true, allowed: true, res }),
      // rate-limiter-flexible refuses with a RateLimiterRes (the points were still counted) and fails with an Error.
      (reason: unknown): Outcome => (reason instanceof RateLimiterRes ? { counted: true, allowed: false, res: reason } : { counted: false, allowed: false, error: reason }),
    )));
    if (outcomes.every((outcome) => outcome.allowed)) return { allowed: true };
    // All or none: give back what this call counted, so a refused call costs nothing.
    await Promise.allSettled(checked.map((take, index) => {
      const outcome = outcomes[index];
      const refundable = outcome?.counted === true && outcome.res.msBeforeNext > REFUND_MARGIN_MS;
      return refundable ? take.limiter.reward(take.key, take.cost) : undefined;
    }));
    for (const outcome of outcomes) if (!outcome.counted) throw outcome.error;
    const waits = outcomes.map((outcome) => (outcome.counted && !outcome.allowed ? outcome.res.msBeforeNext : 0));
    return { allowed: false, retryAfterMs: Math.max(1, ...waits) };
  };
}
