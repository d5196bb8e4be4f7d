import type { CallContext } from './context.js';
import { refuse } from './refuse.js';

// What the concurrency cap answers, worded once for this process's slots and the shared store's.

/** Every slot taken and the queue full: refused at once. */
export function refuseFull(ctx: CallContext, max: number, waiting: number): void {
  refuse(ctx, `Too many calls at once (${max} running, ${waiting} waiting): nothing was run. Retry in a moment.`, 'refused: concurrency limit');
}

/** Cancelled by the client while it waited for a slot. */
export function refuseCancelled(ctx: CallContext): void {
  refuse(ctx, 'The call was cancelled while waiting for a free slot.', 'cancelled while queued');
}
