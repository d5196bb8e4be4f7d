import type { Middleware } from '../call/context.js';
import { refuse } from './refuse.js';

/** Options of `concurrency`. */
export interface ConcurrencyOptions {
  /** Most calls running at once. */
  readonly max: number;
  /** Most calls waiting for a slot; more are refused at once. @default 0 */
  readonly queue?: number;
}

/**
 * Caps how many calls run at once; up to `queue` more wait their turn (in order), and the rest are
 * refused with an isError result. A waiting call that is cancelled leaves the queue.
 */
export function concurrency(options: ConcurrencyOptions): Middleware {
  const max = options.max;
  const queueLimit = options.queue ?? 0;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency needs max >= 1, got ${max}`);
  if (!Number.isInteger(queueLimit) || queueLimit < 0) throw new RangeError(`concurrency needs queue >= 0, got ${queueLimit}`);
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
        refuse(ctx, `Too many calls at once (${max} running, ${waiting.length} waiting): nothing was run. Retry in a moment.`, 'refused: concurrency limit');
        return;
      }
      if (!(await acquire(ctx.signal))) {
        refuse(ctx, 'The call was cancelled while waiting for a free slot.', 'cancelled while queued');
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
