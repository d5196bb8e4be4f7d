import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CliMcpError } from '../../src/errors.js';
import { redisStore } from '../../src/store/redis.js';
import type { SharedStore } from '../../src/store/shared-store.js';
import { StoreUnavailableError } from '../../src/store/store-unavailable.js';
import { hasRedis, RedisServer } from '../helpers/redis.js';
import { inbox } from './inbox.js';

const bucket = { capacity: 5, perSecond: 5 };

/** Every operation once, all at once, each timed: what a replica does while Redis is away. */
async function timedFailures(store: SharedStore): Promise<Array<{ name: string; ms: number; error: unknown }>> {
  const operations: Array<[string, () => Promise<unknown>]> = [
    ['consume', () => store.consume([{ key: 'alice', bucket }])],
    ['grant', () => store.grant('k', 1000)],
    ['hasGrant', () => store.hasGrant('k')],
    ['takeGrant', () => store.takeGrant('k')],
    ['addNonce', () => store.addNonce(1000)],
    ['takeNonce', () => store.takeNonce('n')],
    ['acquireSlot', () => store.acquireSlot('runs', 2, 1000)],
    ['renewSlot', () => store.renewSlot('runs', 'lease', 1000)],
    ['releaseSlot', () => store.releaseSlot('runs', 'lease')],
    ['sharedSecret', () => store.sharedSecret('approval')],
    ['putValue', () => store.putValue('run:1', 'record', 1000)],
    ['getValue', () => store.getValue('run:1')],
    ['deleteValue', () => store.deleteValue('run:1')],
    ['publish', () => store.publish('run-cancel', 'run 1')],
    ['subscribe', () => store.subscribe('run-cancel', () => {})],
  ];
  // All at once: one slow operation must not hold the others up.
  return Promise.all(operations.map(async ([name, operation]) => {
    const started = performance.now();
    const error = await operation().then(() => undefined, (reason: unknown) => reason);
    return { name, ms: performance.now() - started, error };
  }));
}

/** Polls `ping` until it answers; resolves how long that took. */
async function recovered(store: SharedStore, withinMs = 5000): Promise<number> {
  const started = performance.now();
  while (!(await store.ping())) {
    if (performance.now() - started > withinMs) throw new Error(`the store did not recover within ${withinMs} ms`);
    await sleep(20);
  }
  return performance.now() - started;
}

const report = (timed: Array<{ name: string; ms: number }>): string => timed.map(({ name, ms }) => `${name} ${ms.toFixed(1)} ms`).join(', ');

describe.skipIf(!hasRedis)('the Redis store when Redis goes away', () => {
  let server: RedisServer;
  const stores: SharedStore[] = [];
  const open = (url = server.url, timeoutMs?: number): SharedStore => {
    const store = redisStore(url, timeoutMs === undefined ? {} : { timeoutMs });
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    server = await RedisServer.start();
  });
  afterEach(async () => {
    server.resume();
    if (!server.running) await server.restart();
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when Redis stops then every operation rejects with StoreUnavailableError at once, naming the store; when it restarts the same store works again', async ({ annotate }) => {
    const store = open();
    await store.grant('k', 60_000);
    await server.stop();
    const timed = await timedFailures(store);
    await annotate(`Redis stopped: ${report(timed)}`);
    for (const { error, ms } of timed) {
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).code).toBe('cli-mcp.store-unavailable');
      expect((error as Error).message).toMatch(/^the shared store at redis:\/\/127\.0\.0\.1:\d+\/? is unreachable: .+; refusing the call$/);
      expect(ms).toBeLessThan(250);
    }
    expect(await store.ping()).toBe(false);

    await server.restart();
    const recoveryMs = await recovered(store);
    await annotate(`Redis restarted: the store answered again after ${recoveryMs.toFixed(0)} ms`);
    expect(recoveryMs).toBeLessThan(3000);
    // A restart without persistence forgot the grant: it fails closed (the user is asked again).
    expect(await store.hasGrant('k')).toBe(false);
    await store.grant('k', 60_000);
    expect(await store.takeGrant('k')).toBe(true);
    expect(await store.acquireSlot('runs', 1, 1000)).toBeDefined();
    expect(await store.consume([{ key: 'alice', bucket }])).toEqual({ allowed: true });
    expect(await store.sharedSecret('approval')).toHaveLength(32);
  });

  it('when Redis hangs then every operation rejects within timeoutMs, and works again once Redis resumes', async ({ annotate }) => {
    const store = open(server.url, 300);
    expect(await store.ping()).toBe(true);
    server.pause();
    const timed = await timedFailures(store);
    await annotate(`Redis paused (timeoutMs 300): ${report(timed)}`);
    for (const { error, ms } of timed) {
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toMatch(/no answer within 300 ms; refusing the call$/);
      expect(ms).toBeLessThan(300 + 250);
    }
    server.resume();
    await recovered(store);
    await store.grant('k', 60_000);
    expect(await store.hasGrant('k')).toBe(true);
  });

  it('when Redis is down as a store is created then its first operation rejects at once, and it works once Redis starts', async ({ annotate }) => {
    await server.stop();
    const store = open();
    const started = performance.now();
    await expect(store.hasGrant('k')).rejects.toThrow(/is unreachable: connect ECONNREFUSED/);
    const ms = performance.now() - started;
    await annotate(`no Redis at creation: first operation rejected in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500 + 250);
    await server.restart();
    await recovered(store);
    expect(await store.hasGrant('k')).toBe(false);
  });

  it('when Redis restarts then a subscription made before gets messages again by itself, and subscribing meanwhile is refused at once', async ({ annotate }) => {
    const [publisher, listener] = [open(), open()];
    const cancels = inbox();
    await listener.subscribe('run-cancel', cancels.handler);
    await publisher.publish('run-cancel', 'before');
    await cancels.received('before');

    await server.stop();
    await expect(publisher.publish('run-cancel', 'lost')).rejects.toBeInstanceOf(StoreUnavailableError);
    const started = performance.now();
    await expect(listener.subscribe('other', () => {})).rejects.toThrow(/is unreachable: .+; refusing the call$/);
    expect(performance.now() - started).toBeLessThan(250);

    await server.restart();
    await recovered(publisher);
    // Until the listener's own connection is back a message is lost: keep sending until one arrives.
    const back = performance.now();
    for (let attempt = 0; !cancels.messages.some((message) => message.startsWith('after')); attempt += 1) {
      if (performance.now() - back > 5000) throw new Error(`no message arrived after the restart; got ${JSON.stringify(cancels.messages)}`);
      await publisher.publish('run-cancel', `after ${attempt}`);
      await sleep(20);
    }
    await annotate(`Redis restarted: messages arrived again ${(performance.now() - back).toFixed(0)} ms after the publisher recovered`);
    expect(cancels.messages).not.toContain('lost');
    // One subscription again, not one per resubscribe: the marker, sent after, arrives once 'once' has arrived as often as it will.
    const markers = inbox();
    await listener.subscribe('marker', markers.handler);
    await publisher.publish('run-cancel', 'once');
    await publisher.publish('marker', 'marker');
    await markers.received('marker');
    expect(cancels.messages.filter((message) => message === 'once')).toHaveLength(1);
  });

  it('when subscribing again after a reconnection is refused then the store keeps retrying, and messages flow once Redis allows it', async ({ annotate }) => {
    const [publisher, listener] = [open(), open()];
    const cancels = inbox();
    await listener.subscribe('run-cancel', cancels.handler);
    const admin = new Redis(server.url);
    try {
      // Redis drops subscribers that lose a channel permission, and refuses their SUBSCRIBE (NOPERM) until it is given back.
      await admin.acl('SETUSER', 'default', 'resetchannels');
      await sleep(300);
      await expect(publisher.publish('run-cancel', 'refused')).rejects.toThrow(/answered with an error: NOPERM/);
      await admin.acl('SETUSER', 'default', 'allchannels');
      const allowed = performance.now();
      for (let attempt = 0; !cancels.messages.some((message) => message.startsWith('after')); attempt += 1) {
        if (performance.now() - allowed > 5000) throw new Error(`no message arrived after the permission came back; got ${JSON.stringify(cancels.messages)}`);
        await publisher.publish('run-cancel', `after ${attempt}`);
        await sleep(20);
      }
      await annotate(`channel permission restored: messages arrived again after ${(performance.now() - allowed).toFixed(0)} ms`);
    } finally {
      await admin.acl('SETUSER', 'default', 'allchannels');
      admin.disconnect();
    }
  });

  it('when the URL carries a password then no message shows it', async () => {
    await server.stop();
    const store = open(`redis://:hunter2@127.0.0.1:${server.port}`);
    const error = await store.takeGrant('k').then((): Error | undefined => undefined, (reason: unknown) => reason as Error);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error?.message).toContain('redis://:***@127.0.0.1');
    expect(error?.message).not.toContain('hunter2');
  });
});

// Needs no server: the URL is checked before any connection is made.
it('when the URL is not a redis:// URL then creating the store throws an invalid-option error naming it', () => {
  for (const url of ['localhost:6379', 'http://127.0.0.1:6379']) {
    expect(() => redisStore(url)).toThrow(CliMcpError);
    expect(() => redisStore(url)).toThrow(/must (look like|start with) redis:\/\//);
  }
});
