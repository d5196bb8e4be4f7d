import { CliMcpError } from '../errors.js';
import type { Middleware } from './context.js';
import { DEFAULTS } from '../options.js';

/** The process limit used when nothing else is set (the options table's, under its public name). */
export const DEFAULT_TIMEOUT_MS = DEFAULTS.timeoutMs;

/** Sets how long the process may run; the innermost `timeout` wins, so a per-tool one overrides the global. */
export function timeout(ms: number): Middleware {
  if (!Number.isFinite(ms) || ms <= 0) throw new CliMcpError('cli-mcp.invalid-option', `timeout(ms) needs a positive number of milliseconds, got ${ms}`);
  return async (ctx, next) => {
    ctx.timeoutMs = ms;
    await next();
  };
}
