import type { CallContext, Middleware } from './context.js';
import type { BucketSettings, BucketTake, SharedStore } from '../store/shared-store.js';
import { refuse, refuseUnavailable } from './refuse.js';
import { CliMcpError } from '../errors.js';
import { shown } from '../options.js';

export type { BucketSettings } from '../store/shared-store.js';

/** Options of `rateLimit`. */
export interface RateLimitOptions {
  /** A bucket for each tool (and key). */
  readonly perTool?: BucketSettings;
  /** One bucket shared by every tool (per key). */
  readonly global?: BucketSettings;
  /** Whose bucket a call takes from. @default the caller's principal (each has its own buckets); one shared key without one */
  readonly key?: (ctx: CallContext) => string;
  /**
   * Where the buckets live, so every replica counts the same calls. A store counts each bucket as a fixed
   * window of capacity / perSecond seconds (whole seconds, rounded up) holding what perSecond refills over
   * it: a spent window refills all at once when it ends, where this process's token buckets refill
   * continuously. The long-run rate is the same. @default this process's token buckets
   */
  readonly store?: SharedStore;
  /** The clock of this process's token buckets, in milliseconds; for tests. @default Date.now */
  readonly now?: () => number;
}

/** Takes a token from each bucket or from none; resolves how long to wait when one is empty (0: taken). */
type Limiter = (takes: readonly BucketTake[]) => Promise<number>;

/**
 * Refuses calls over the rate with an isError result saying when to retry; a refused call spawns nothing.
 * A call takes a token from its tool's bucket and from the global bucket, or from neither. With a store
 * that cannot answer, every call is refused (fail closed).
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  if (options.perTool) checked(options.perTool);
  if (options.global) checked(options.global);
  const key = options.key ?? ((ctx: CallContext) => ctx.principal?.id ?? '');
  const limiter = options.store ? storeLimiter(options.store) : memoryLimiter(options.now ?? Date.now);
  return async (ctx, next) => {
    const who = key(ctx);
    // A caller with its own limit (the access policy) has one bucket for all its calls instead.
    const own = ctx.access?.rateLimit;
    const takes: BucketTake[] = own
      ? [{ key: `own\u0000${who}`, bucket: own }]
      : [
          ...(options.perTool ? [{ key: `tool\u0000${who}\u0000${ctx.tool.name}`, bucket: options.perTool }] : []),
          ...(options.global ? [{ key: `global\u0000${who}`, bucket: options.global }] : []),
        ];
    if (takes.length === 0) return next();
    let waitMs: number;
    try {
      waitMs = await limiter(takes);
    } catch (error) {
      return refuseUnavailable(ctx, error);
    }
    if (waitMs > 0) {
      const seconds = Math.max(0.1, Math.ceil(waitMs / 100) / 10);
      return refuse(ctx, `Rate limit reached for ${ctx.tool.name}: nothing was run. Retry after ${seconds} s.`, `rate-limited (retry after ${seconds} s)`);
    }
    await next();
  };
}

/** The buckets in the shared store: every replica takes from the same ones. */
function storeLimiter(store: SharedStore): Limiter {
  return async (takes) => {
    const consumed = await store.consume(takes);
    return consumed.allowed ? 0 : consumed.retryAfterMs;
  };
}

/** Token buckets in this process, made on first use. */
function memoryLimiter(now: () => number): Limiter {
  const buckets = new Map<string, Bucket>();
  return async (takes) => {
    const at = now();
    const chosen = takes.map(({ key, bucket: settings }) => {
      let found = buckets.get(key);
      if (!found) buckets.set(key, (found = new Bucket(settings, at)));
      return found;
    });
    const waitMs = Math.max(0, ...chosen.map((found) => found.waitMs(at)));
    if (waitMs === 0) for (const found of chosen) found.take();
    return waitMs;
  };
}

class Bucket {
  private tokens: number;
  private updatedAt: number;

  constructor(private readonly settings: BucketSettings, at: number) {
    this.tokens = settings.capacity;
    this.updatedAt = at;
  }

  /** How long until a token is free (0 when one is), after refilling up to `at`. */
  waitMs(at: number): number {
    this.tokens = Math.min(this.settings.capacity, this.tokens + ((at - this.updatedAt) / 1000) * this.settings.perSecond);
    this.updatedAt = at;
    return this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.settings.perSecond) * 1000;
  }

  take(): void {
    this.tokens -= 1;
  }
}

function checked(settings: BucketSettings): BucketSettings {
  if (!(settings.capacity >= 1) || !(settings.perSecond > 0) || !Number.isFinite(settings.perSecond)) {
    throw new CliMcpError('cli-mcp.invalid-option', `a rate limit needs capacity >= 1 and perSecond > 0, got ${shown(settings)}`);
  }
  return settings;
}
