import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisStore } from '../../src/store/redis.js';
import type { SharedStore } from '../../src/store/shared-store.js';
import { hasRedis, RedisServer } from '../helpers/redis.js';
import { inbox } from './inbox.js';

const bucket = { capacity: 1, perSecond: 1 };
const grantKey = 'kubectl_delete\u0000["pod","web-1"]';

describe.skipIf(!hasRedis)('what the Redis store keeps in Redis', () => {
  let server: RedisServer;
  let raw: Redis;
  const stores: SharedStore[] = [];
  const open = (keyPrefix?: string): SharedStore => {
    const store = redisStore(server.url, keyPrefix === undefined ? {} : { keyPrefix });
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    server = await RedisServer.start();
    raw = new Redis(server.url);
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await raw.flushall();
  });
  afterAll(async () => {
    raw?.disconnect();
    await server?.stop();
  });

  it('when two servers share one Redis under different prefixes then neither sees the other\'s grants, buckets, slots or secrets', async () => {
    const [kubectl, git] = [open('kubectl-mcp:'), open('git-mcp:')];
    await kubectl.grant(grantKey, 60_000);
    expect(await git.hasGrant(grantKey)).toBe(false);
    expect(await kubectl.consume([{ key: 'alice', bucket }])).toEqual({ allowed: true });
    expect(await git.consume([{ key: 'alice', bucket }])).toEqual({ allowed: true });
    expect(await kubectl.acquireSlot('runs', 1, 60_000)).toBeDefined();
    expect(await git.acquireSlot('runs', 1, 60_000)).toBeDefined();
    expect((await kubectl.sharedSecret('approval')).equals(await git.sharedSecret('approval'))).toBe(false);
  });

  it('when two servers share one Redis under different prefixes then neither reads the other\'s values or hears its messages', async () => {
    const [kubectl, git] = [open('kubectl-mcp:'), open('git-mcp:')];
    await kubectl.putValue('run:1', 'kubectl', 60_000);
    expect(await git.getValue('run:1')).toBeUndefined();
    const heard = inbox();
    await git.subscribe('run-cancel', heard.handler);
    await kubectl.publish('run-cancel', 'kubectl');
    await git.publish('run-cancel', 'git');
    await heard.received('git');
    expect(heard.messages).toEqual(['git']);
  });

  it('when a store is used then every key starts with cli-mcp:, no key holds the argv of a grant, and only the shared secret never expires', async () => {
    const store = open();
    await store.consume([{ key: 'alice', bucket }]);
    await store.grant(grantKey, 60_000);
    await store.addNonce(60_000);
    await store.acquireSlot('runs', 1, 60_000);
    await store.sharedSecret('approval');
    await store.putValue('run:1', '{"state":"running"}', 60_000);
    const keys = await raw.keys('*');
    expect(keys).toHaveLength(6);
    expect(keys).toContain('cli-mcp:value:run:1');
    for (const key of keys) {
      expect(key.startsWith('cli-mcp:')).toBe(true);
      expect(key).not.toContain('web-1');
      const ttl = await raw.pttl(key);
      if (key === 'cli-mcp:secret:approval') expect(ttl).toBe(-1);
      else expect(ttl).toBeGreaterThan(0);
    }
  });

  it('when the key of a shared secret holds something else then the store refuses rather than use a weak key', async () => {
    const store = open();
    await raw.set('cli-mcp:secret:approval', 'short');
    await expect(store.sharedSecret('approval')).rejects.toThrow(/is not 32 hex-encoded bytes; refusing the call/);
  });

  it('when a key under the prefix has the wrong type then the store reports that Redis answered with an error', async () => {
    const store = open();
    await raw.set('cli-mcp:slots:runs', 'not a sorted set');
    await expect(store.acquireSlot('runs', 1, 1000)).rejects.toThrow(/answered with an error: WRONGTYPE.*; refusing the call/);
  });

  it('when a store first subscribes then it opens a second connection, Redis sees one channel under the prefix, and unsubscribes once the last listener stops', async () => {
    const clients = async (): Promise<number> => (await raw.client('LIST') as string).trim().split('\n').length;
    const store = open();
    await store.ping();
    expect(await clients()).toBe(2);
    const first = await store.subscribe('run-cancel', () => {});
    const second = await store.subscribe('run-cancel', () => {});
    expect(await clients()).toBe(3);
    expect(await raw.pubsub('CHANNELS')).toEqual(['cli-mcp:channel:run-cancel']);
    await first();
    expect(await raw.pubsub('CHANNELS')).toEqual(['cli-mcp:channel:run-cancel']);
    await second();
    expect(await raw.pubsub('CHANNELS')).toEqual([]);
    await store.close();
    await expect.poll(clients).toBe(1);
  });
});
