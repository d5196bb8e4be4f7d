import { CliMcpError } from '../errors.js';
import type { CallContext, Middleware } from './context.js';

/** Composes middleware into one onion around `centre`; each layer may call `next()` at most once. */
export function compose(middleware: readonly Middleware[], centre: (ctx: CallContext) => Promise<void>): (ctx: CallContext) => Promise<void> {
  return (ctx) => {
    let reached = -1;
    const dispatch = async (index: number): Promise<void> => {
      if (index <= reached) throw new CliMcpError('cli-mcp.middleware', 'next() called more than once');
      reached = index;
      const layer = middleware[index];
      if (layer) await layer(ctx, () => dispatch(index + 1));
      else await centre(ctx);
    };
    return dispatch(0);
  };
}
