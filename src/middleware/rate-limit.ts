import type { CallContext, Middleware } from '../call/context.js';
import { refuse } from './refuse.js';

/** A token bucket: `capacity` calls at once, refilled at `perSecond`. */
export interface BucketSettings {
  readonly capacity: number;
  readonly perSecond: number;
}

/** Options of `rateLimit`. */
export interface RateLimitOptions {
  /** A bucket for each tool (and key). */
  readonly perTool?: BucketSettings;
  /** One bucket shared by every tool (per key). */
  readonly global?: BucketSettings;
  /** Whose bucket a call takes from. @default the caller's principal (each has its own buckets); one shared key without one */
  readonly key?: (ctx: CallContext) => string;
  /** The clock, in milliseconds; for tests. @default Date.now */
  readonly now?: () => number;
}

/**
 * Refuses calls over the rate with an isError result saying when to retry; a refused call spawns nothing.
 * A call takes a token from its tool's bucket and from the global bucket, or from neither.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  if (options.perTool) checked(options.perTool);
  if (options.global) checked(options.global);
  const now = options.now ?? Date.now;
  const key = options.key ?? ((ctx: CallContext) => ctx.principal?.name ?? '');
  const buckets = new Map<string, Bucket>();
  const bucket = (name: string, settings: BucketSettings): Bucket => {
    let found = buckets.get(name);
    if (!found) buckets.set(name, (found = new Bucket(settings, now())));
    return found;
  };
  return async (ctx, next) => {
    const who = key(ctx);
    // A caller with its own limit (the access policy) has one bucket for all its calls instead.
    const own = ctx.access?.rateLimit;
    const chosen = (
      own
        ? [bucket(`own\u0000${who}`, own)]
        : [options.perTool && bucket(`tool\u0000${who}\u0000${ctx.tool.name}`, options.perTool), options.global && bucket(`global\u0000${who}`, options.global)]
    ).filter((found): found is Bucket => found !== undefined);
    const at = now();
    const waitMs = Math.max(0, ...chosen.map((found) => found.waitMs(at)));
    if (waitMs > 0) {
      const seconds = Math.max(0.1, Math.ceil(waitMs / 100) / 10);
      refuse(ctx, `Rate limit reached for ${ctx.tool.name}: nothing was run. Retry after ${seconds} s.`, `rate-limited (retry after ${seconds} s)`);
      return;
    }
    for (const found of chosen) found.take();
    await next();
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
    throw new RangeError(`a rate limit needs capacity >= 1 and perSecond > 0, got ${JSON.stringify(settings)}`);
  }
  return settings;
}
