import type { CallContext } from '../call/context.js';

/** Ends a call without running anything: an isError result the model can act on, and the decision the call log records. */
export function refuse(ctx: CallContext, message: string, decision: string): void {
  ctx.result = { isError: true, message };
  ctx.state.set('decision', decision);
}
