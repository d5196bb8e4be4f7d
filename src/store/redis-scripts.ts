import type { Redis } from 'ioredis';

// Each script runs atomically in Redis, so replicas never interleave inside one. Time is Redis's own
// (TIME), so replicas with skewed clocks agree on when a lease expires.

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)`;

/** The pool's key lives as long as its longest lease, so an idle pool leaves nothing behind. */
const KEEP_UNTIL_LAST = `local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], tonumber(last[2]) + 1)`;

/** KEYS[1] pool (a sorted set of lease → expiry); ARGV max, leaseMs, lease. Prune expired, count, add. */
const ACQUIRE = `${NOW}
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
${KEEP_UNTIL_LAST}
return 1`;

/** KEYS[1] pool; ARGV leaseMs, lease. A lapsed lease is added again whatever the count: its call is still running. */
const RENEW = `${NOW}
local live = redis.call('ZSCORE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
${KEEP_UNTIL_LAST}
if live then return 1 end
return 0`;

/** KEYS[1] secret; ARGV candidate. The first writer wins; everyone reads the winner. */
const SECRET = `redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])`;

/** The scripts, typed; ioredis sends EVALSHA and falls back to EVAL when Redis has not seen one (after a restart). */
export interface Scripts {
  acquireSlot(pool: string, max: number, leaseMs: number, lease: string): Promise<number>;
  renewSlot(pool: string, leaseMs: number, lease: string): Promise<number>;
  sharedSecret(key: string, candidate: string): Promise<string>;
}

export function defineScripts(client: Redis): Scripts {
  client.defineCommand('cliMcpAcquireSlot', { numberOfKeys: 1, lua: ACQUIRE });
  client.defineCommand('cliMcpRenewSlot', { numberOfKeys: 1, lua: RENEW });
  client.defineCommand('cliMcpSharedSecret', { numberOfKeys: 1, lua: SECRET });
  // defineCommand adds methods ioredis's types cannot know of.
  const call = (name: string, ...args: Array<string | number>): Promise<unknown> => (client as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
  return {
    acquireSlot: (pool, max, leaseMs, lease) => call('cliMcpAcquireSlot', pool, max, leaseMs, lease) as Promise<number>,
    renewSlot: (pool, leaseMs, lease) => call('cliMcpRenewSlot', pool, leaseMs, lease) as Promise<number>,
    sharedSecret: (key, candidate) => call('cliMcpSharedSecret', key, candidate) as Promise<string>,
  };
}
