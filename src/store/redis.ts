import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { CliMcpError } from '../errors.js';
import { checkedHandler, checkedMax, checkedMs, checkedName, checkedTakes, checkedText } from './arguments.js';
import { rateWindows } from './rate-windows.js';
import { connectRedis } from './redis-connection.js';
import { defineScripts } from './redis-scripts.js';
import { redisSubscriber } from './redis-subscriber.js';
import type { SharedStore } from './shared-store.js';
import { StoreUnavailableError } from './store-unavailable.js';

/** Options of `redisStore`. */
export interface RedisStoreOptions {
  /** Put before every key, so several servers can share one Redis. @default 'cli-mcp:' */
  readonly keyPrefix?: string;
  /** Longest an operation may take, waiting for a connection included; past it the call is refused. @default 500 */
  readonly timeoutMs?: number;
  /** Longest one connection attempt may take. @default 2000 */
  readonly connectTimeoutMs?: number;
}

export const DEFAULT_KEY_PREFIX = 'cli-mcp:';
const DEFAULT_TIMEOUT_MS = 500;
const DEFAULT_CONNECT_TIMEOUT_MS = 2000;

/**
 * State shared by every replica through Redis 5+ or Valkey at `url` (`redis://`, or `rediss://` for TLS).
 * It fails closed: while Redis cannot answer, every operation rejects within `timeoutMs` (at once when the
 * connection is known to be down) with StoreUnavailableError; it reconnects by itself, and works again
 * as soon as Redis is back. What Redis held is gone if Redis restarts without persistence. Subscriptions
 * use a second connection, opened on the first `subscribe`, and listen again by themselves after a reconnection.
 * @example const store = redisStore('redis://redis.internal:6379', { keyPrefix: 'kubectl-mcp:' });
 */
export function redisStore(url: string, options: RedisStoreOptions = {}): SharedStore {
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  if (typeof prefix !== 'string') throw new CliMcpError('cli-mcp.invalid-option', `keyPrefix must be a string, got ${JSON.stringify(prefix)}`);
  const timeoutMs = positive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const connectTimeoutMs = positive('connectTimeoutMs', options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  const connection = connectRedis(url, { timeoutMs, connectTimeoutMs });
  const { client, run } = connection;
  const scripts = defineScripts(client);
  const consume = rateWindows(prefix, (window, keyPrefix) => new RateLimiterRedis({ storeClient: client, ...window, keyPrefix }));
  // Grant keys carry a tool's argv: hashed, so Redis never holds the command lines, and keys stay short.
  const grantKey = (key: string): string => `${prefix}grant:${createHash('sha256').update(checkedName('a grant key', key)).digest('hex')}`;
  const poolKey = (pool: string): string => `${prefix}slots:${checkedName('a slot pool', pool)}`;
  const valueKey = (name: string): string => `${prefix}value:${checkedName('a value name', name)}`;
  const channelKey = (channel: string): string => `${prefix}channel:${checkedName('a channel name', channel)}`;
  const subscriber = redisSubscriber(url, { timeoutMs, connectTimeoutMs }, connection.where, `${prefix}channel:`);

  /** A reply that is not what the command gives (a proxy or a look-alike answering anything) refuses the call, never reads as "no". */
  const integer = (reply: unknown, allowed: (value: number) => boolean): number => {
    if (typeof reply === 'number' && Number.isInteger(reply) && allowed(reply)) return reply;
    throw new StoreUnavailableError(`the shared store at ${connection.where} answered ${JSON.stringify(reply)?.slice(0, 40)} where Redis answers a number: it is not a Redis cli-mcp can use; refusing the call`);
  };
  const flag = (reply: unknown): boolean => integer(reply, (value) => value === 0 || value === 1) === 1;
  const count = (reply: unknown): number => integer(reply, (value) => value >= 0);

  // Arguments are checked before Redis is asked, so a caller's mistake is a RangeError even during an outage.
  return {
    consume: async (takes) => {
      checkedTakes(takes);
      return run(() => consume(takes));
    },
    grant: async (key, ttlMs) => {
      const [name, ms] = [grantKey(key), checkedMs('a grant ttlMs', ttlMs)];
      await run((redis) => redis.set(name, '1', 'PX', ms));
    },
    hasGrant: async (key) => {
      const name = grantKey(key);
      return run(async (redis) => count(await redis.exists(name)) === 1);
    },
    // DEL answers how many keys it removed, atomically: of concurrent takers exactly one sees 1; an expired key counts 0.
    takeGrant: async (key) => {
      const name = grantKey(key);
      return run(async (redis) => count(await redis.del(name)) === 1);
    },
    addNonce: async (ttlMs) => {
      const [nonce, ms] = [randomUUID(), checkedMs('a nonce ttlMs', ttlMs)];
      await run((redis) => redis.set(`${prefix}nonce:${nonce}`, '1', 'PX', ms));
      return nonce;
    },
    takeNonce: async (nonce) => {
      if (typeof nonce !== 'string' || nonce === '') return run(async () => false);
      return run(async (redis) => count(await redis.del(`${prefix}nonce:${nonce}`)) === 1);
    },
    acquireSlot: async (pool, max, leaseMs) => {
      const [name, limit, ms, lease] = [poolKey(pool), checkedMax(max), checkedMs('a slot leaseMs', leaseMs), randomUUID()];
      return run(async () => (flag(await scripts.acquireSlot(name, limit, ms, lease)) ? lease : undefined));
    },
    renewSlot: async (pool, lease, leaseMs) => {
      const [name, ms] = [poolKey(pool), checkedMs('a slot leaseMs', leaseMs)];
      return run(async () => flag(await scripts.renewSlot(name, ms, lease)));
    },
    releaseSlot: async (pool, lease) => {
      const name = poolKey(pool);
      await run((redis) => redis.zrem(name, lease));
    },
    sharedSecret: async (name) => {
      const key = `${prefix}secret:${checkedName('a secret name', name)}`;
      const stored = await run(() => scripts.sharedSecret(key, randomBytes(32).toString('hex')));
      const secret = Buffer.from(stored, 'hex');
      // Someone else's value under our key must not become a weak key.
      if (secret.length !== 32) throw new StoreUnavailableError(`the shared secret ${JSON.stringify(name)} at ${connection.where} is not 32 hex-encoded bytes; refusing the call`);
      return secret;
    },
    putValue: async (name, value, ttlMs) => {
      const [key, text, ms] = [valueKey(name), checkedText('a value', value), checkedMs('a value ttlMs', ttlMs)];
      await run((redis) => redis.set(key, text, 'PX', ms));
    },
    getValue: async (name) => {
      const key = valueKey(name);
      return run(async (redis) => (await redis.get(key)) ?? undefined);
    },
    deleteValue: async (name) => {
      const key = valueKey(name);
      await run((redis) => redis.del(key));
    },
    publish: async (channel, message) => {
      const [key, text] = [channelKey(channel), checkedText('a message', message)];
      await run((redis) => redis.publish(key, text));
    },
    subscribe: async (channel, handler) => {
      const [name, onMessage] = [checkedName('a channel name', channel), checkedHandler('a subscriber', handler)];
      return subscriber.subscribe(name, onMessage);
    },
    ping: () => run(async (redis) => (await redis.ping()) === 'PONG').catch(() => false),
    close: async () => {
      await Promise.all([connection.close(), subscriber.close()]);
    },
  };
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be a positive number of milliseconds, got ${value}`);
  return value;
}
