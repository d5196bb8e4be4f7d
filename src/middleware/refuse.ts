import type { CallContext } from './context.js';
import { refusalMessage, StoreUnavailableError } from '../store/store-unavailable.js';

/** Ends a call without running anything: an isError result the model can act on, and the decision the call log records. */
export function refuse(ctx: CallContext, message: string, decision: string): void {
  ctx.result = { isError: true, message };
  ctx.decision = decision;
}

/** Fails closed when the shared store cannot answer: the call is refused, naming the store; any other error is thrown on. */
export function refuseUnavailable(ctx: CallContext, error: unknown): void {
  if (!(error instanceof StoreUnavailableError)) throw error;
  refuse(ctx, refusalMessage(error), 'refused: shared store unavailable');
}

// What the concurrency cap answers, worded once for this process's slots and the shared store's.

/** Every slot taken and the queue full: refused at once. */
export function refuseFull(ctx: CallContext, max: number, waiting: number): void {
  refuse(ctx, `Too many calls at once (${max} running, ${waiting} waiting): nothing was run. Retry in a moment.`, 'refused: concurrency limit');
}

/** Cancelled by the client while it waited for a slot. */
export function refuseCancelled(ctx: CallContext): void {
  refuse(ctx, 'The call was cancelled while waiting for a free slot.', 'cancelled while queued');
}
