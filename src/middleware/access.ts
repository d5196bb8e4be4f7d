import type { Middleware } from './context.js';
import { refuse } from './refuse.js';

/** The access policy at call time, not only in the list: a command the caller may not run is refused before anything else. */
export function checkAccess(): Middleware {
  return async (ctx, next) => {
    if (ctx.access && !ctx.access.allows(ctx.tool.command.path)) {
      return refuse(ctx, `Unknown tool "${ctx.tool.name}": it is not among the tools this caller may use.`, `refused: access policy ${ctx.access.rule}`);
    }
    await next();
  };
}
