import { CliMcpError } from '../errors.js';
import type { Middleware } from '../call/context.js';

/** The process limit used when nothing else is set: 45 s, so a stopped call still answers well before the 60 s request timeout of the common clients. */
export const DEFAULT_TIMEOUT_MS = 45_000;

/** Sets how long the process may run; the innermost `timeout` wins, so a per-tool one overrides the global. */
export function timeout(ms: number): Middleware {
  if (!Number.isFinite(ms) || ms <= 0) throw new CliMcpError('cli-mcp.invalid-option', `timeout(ms) needs a positive number of milliseconds, got ${ms}`);
  return async (ctx, next) => {
    ctx.timeoutMs = ms;
    await next();
  };
}
