import type { ToolResult } from '../types.js';
import type { CallContext, Middleware } from './context.js';

/** A PreRun returns nothing to go on (it may change `ctx.input`), or a result that ends the call there. */
export type PreRun = (ctx: CallContext) => void | ToolResult | Promise<void | ToolResult>;

/** A PostRun returns a new result, or nothing to keep the one it got. */
export type PostRun = (result: ToolResult, ctx: CallContext) => void | ToolResult | Promise<void | ToolResult>;

/** Middleware that runs `fn` before the command. */
export function preRun(fn: PreRun): Middleware {
  return async (ctx, next) => {
    const early = await fn(ctx);
    if (early) ctx.result = early;
    else await next();
  };
}

/** Middleware that runs `fn` over the result after the command. */
export function postRun(fn: PostRun): Middleware {
  return async (ctx, next) => {
    await next();
    if (!ctx.result) return;
    const replaced = await fn(ctx.result, ctx);
    if (replaced) ctx.result = replaced;
  };
}
