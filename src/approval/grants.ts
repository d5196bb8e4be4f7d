import { ExpiringKeys } from '../store/expiring-keys.js';
import type { SharedStore } from '../store/shared-store.js';
import type { ApprovalGrants } from '../middleware/context.js';

/** Options of `memoryGrants`. */
export interface MemoryGrantsOptions {
  /** Most live grants kept; past it the oldest go first (a lost grant only means asking again). @default 10000 */
  readonly max?: number;
  /** The clock, in milliseconds; for tests. @default Date.now */
  readonly now?: () => number;
}

/** Grants kept in this process: one stdio session's, or one principal's on an HTTP server without a shared store. */
export function memoryGrants(options: MemoryGrantsOptions = {}): ApprovalGrants {
  const keys = new ExpiringKeys(options.max ?? 10_000, options.now);
  return {
    has: async (key) => keys.has(key),
    add: async (key, ttlMs) => keys.set(key, ttlMs),
    take: async (key) => keys.take(key),
  };
}

/** One principal's grants in the shared store: a grant given on one replica holds on every other. */
export function storeGrants(store: SharedStore, principal: string): ApprovalGrants {
  // A JSON pair, not a joined string: no principal name can reach into another's keys.
  const scoped = (key: string): string => JSON.stringify([principal, key]);
  return {
    has: (key) => store.hasGrant(scoped(key)),
    add: (key, ttlMs) => store.grant(scoped(key), ttlMs),
    take: (key) => store.takeGrant(scoped(key)),
  };
}
