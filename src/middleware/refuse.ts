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
