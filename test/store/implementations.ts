import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { memoryStore } from '../../src/store/memory.js';
import { redisStore } from '../../src/store/redis.js';
import type { SharedStore } from '../../src/store/shared-store.js';
import { hasRedis, RedisServer } from '../helpers/redis.js';

/** One implementation of the shared-store contract, as the same test table sees it. */
export interface Implementation {
  readonly name: string;
  /** Why this implementation's tests are skipped here, if they are. */
  readonly skipped: boolean;
  /**
   * Two "replicas" of one server: for Redis two stores on one Redis (under a fresh prefix per call, so
   * tests do not meet); in memory the same store twice, since one process is the only replica there.
   */
  replicas(): readonly [SharedStore, SharedStore];
}

/** The memory and Redis implementations; registers the Redis server's lifetime and closes every store after each test. */
export function implementations(): readonly Implementation[] {
  let server: RedisServer | undefined;
  const opened: SharedStore[] = [];
  beforeAll(async () => {
    if (hasRedis) server = await RedisServer.start();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const kept = <T extends SharedStore>(store: T): T => {
    opened.push(store);
    return store;
  };
  return [
    {
      name: 'memory',
      skipped: false,
      replicas: () => {
        const store = kept(memoryStore());
        return [store, store];
      },
    },
    {
      name: 'redis',
      skipped: !hasRedis,
      replicas: () => {
        const url = server!.url;
        const keyPrefix = `cli-mcp-test:${randomUUID()}:`;
        return [kept(redisStore(url, { keyPrefix })), kept(redisStore(url, { keyPrefix }))];
      },
    },
  ];
}
