import { randomBytes, randomUUID } from 'node:crypto';
import { checkedHandler, checkedMax, checkedMs, checkedName, checkedTakes, checkedText } from './arguments.js';
import { ExpiringKeys, ExpiringMap } from './expiring-keys.js';
import type { BucketTake, Consumed, SharedStore } from './shared-store.js';
import { StoreUnavailableError } from './store-unavailable.js';
import { deliver, Subscribers } from './subscribers.js';

/** Options of `memoryStore`. */
export interface MemoryStoreOptions {
  /** Most live grants, most live nonces, and most live values, kept at once; past it the oldest are dropped. @default 10000 */
  readonly maxEntries?: number;
}

/** The state of one process, with the same semantics as `redisStore`: the store of a single server (stdio, or HTTP without `--redis`). */
export function memoryStore(options: MemoryStoreOptions = {}): SharedStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a whole number >= 1, got ${maxEntries}`);
  const grants = new ExpiringKeys(maxEntries);
  const nonces = new ExpiringKeys(maxEntries);
  const pools = new Map<string, Map<string, number>>();
  const secrets = new Map<string, Buffer>();
  const values = new ExpiringMap<string>(maxEntries);
  const subscribers = new Subscribers();
  // rate-limiter-flexible loads on the first consume: a server whose store only seals approvals never pays for it.
  let windows: Promise<(takes: readonly BucketTake[]) => Promise<Consumed>> | undefined;
  const consume = async (takes: readonly BucketTake[]): Promise<Consumed> => {
    windows ??= Promise.all([import('rate-limiter-flexible'), import('./rate-windows.js')]).then(([{ RateLimiterMemory }, { rateWindows }]) =>
      rateWindows('', (window, keyPrefix) => new RateLimiterMemory({ ...window, keyPrefix })),
    );
    return (await windows)(takes);
  };
  let closed = false;

  // Arguments are checked first (a caller's mistake is a RangeError whatever the state), then a closed store refuses like an unreachable one.
  const open = (): void => {
    if (closed) throw new StoreUnavailableError('the shared store (memory) is closed; refusing the call');
  };
  /** The live leases of `pool`, expired ones dropped. */
  const leases = (pool: string): Map<string, number> => {
    const held = pools.get(pool) ?? new Map<string, number>();
    const now = Date.now();
    for (const [lease, expiresAt] of held) if (expiresAt <= now) held.delete(lease);
    if (held.size === 0) pools.delete(pool);
    return held;
  };

  return {
    consume: async (takes) => {
      checkedTakes(takes);
      open();
      return consume(takes);
    },
    grant: async (key, ttlMs) => {
      const [name, ms] = [checkedName('a grant key', key), checkedMs('a grant ttlMs', ttlMs)];
      open();
      grants.set(name, ms);
    },
    hasGrant: async (key) => {
      checkedName('a grant key', key);
      open();
      return grants.has(key);
    },
    takeGrant: async (key) => {
      checkedName('a grant key', key);
      open();
      return grants.take(key);
    },
    addNonce: async (ttlMs) => {
      const [nonce, ms] = [randomUUID(), checkedMs('a nonce ttlMs', ttlMs)];
      open();
      nonces.set(nonce, ms);
      return nonce;
    },
    takeNonce: async (nonce) => {
      open();
      return typeof nonce === 'string' && nonces.take(nonce);
    },
    acquireSlot: async (pool, max, leaseMs) => {
      const [name, limit, ms] = [checkedName('a slot pool', pool), checkedMax(max), checkedMs('a slot leaseMs', leaseMs)];
      open();
      const held = leases(name);
      if (held.size >= limit) return undefined;
      const lease = randomUUID();
      pools.set(name, held.set(lease, Date.now() + ms));
      return lease;
    },
    renewSlot: async (pool, lease, leaseMs) => {
      const [name, ms] = [checkedName('a slot pool', pool), checkedMs('a slot leaseMs', leaseMs)];
      open();
      const held = leases(name);
      const live = held.has(lease);
      pools.set(name, held.set(lease, Date.now() + ms));
      return live;
    },
    releaseSlot: async (pool, lease) => {
      const name = checkedName('a slot pool', pool);
      open();
      const held = leases(name);
      if (held.delete(lease) && held.size === 0) pools.delete(name);
    },
    sharedSecret: async (name) => {
      checkedName('a secret name', name);
      open();
      let secret = secrets.get(name);
      if (!secret) secrets.set(name, (secret = randomBytes(32)));
      // A copy: a caller that scrubs or changes its buffer leaves the secret intact.
      return Buffer.from(secret);
    },
    putValue: async (name, value, ttlMs) => {
      const [key, text, ms] = [checkedName('a value name', name), checkedText('a value', value), checkedMs('a value ttlMs', ttlMs)];
      open();
      values.set(key, text, ms);
    },
    getValue: async (name) => {
      checkedName('a value name', name);
      open();
      return values.get(name);
    },
    deleteValue: async (name) => {
      checkedName('a value name', name);
      open();
      values.delete(name);
    },
    publish: async (channel, message) => {
      const [name, text] = [checkedName('a channel name', channel), checkedText('a message', message)];
      open();
      const reached = subscribers.reached(name);
      // Later, as from Redis: a handler never runs inside publish, so one that publishes cannot recurse.
      if (reached.length > 0) setImmediate(() => deliver(reached, name, text));
    },
    subscribe: async (channel, handler) => {
      const [name, onMessage] = [checkedName('a channel name', channel), checkedHandler('a subscriber', handler)];
      open();
      const subscription = subscribers.add(name, onMessage);
      return async () => {
        subscribers.remove(name, subscription);
      };
    },
    ping: async () => !closed,
    close: async () => {
      closed = true;
      grants.clear();
      nonces.clear();
      pools.clear();
      secrets.clear();
      values.clear();
      subscribers.clear();
    },
  };
}
