import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/store/memory.js';
import { inbox } from './inbox.js';

// What only the memory store has: a bound on what one process keeps, and delivery within one process. The shared behaviour is tested against both stores.
describe('memoryStore', () => {
  it('when more grants are live than maxEntries then the oldest are dropped first', async () => {
    const store = memoryStore({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await store.grant(key, 60_000);
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((key) => store.hasGrant(key)))).toEqual([false, true, true, true]);
  });

  it('when a grant is renewed then it counts as the youngest', async () => {
    const store = memoryStore({ maxEntries: 2 });
    await store.grant('a', 60_000);
    await store.grant('b', 60_000);
    await store.grant('a', 60_000);
    await store.grant('c', 60_000);
    expect(await Promise.all(['a', 'b', 'c'].map((key) => store.hasGrant(key)))).toEqual([true, false, true]);
  });

  it('when more nonces are open than maxEntries then the oldest can no longer be taken', async () => {
    const store = memoryStore({ maxEntries: 2 });
    const [first, second, third] = [await store.addNonce(60_000), await store.addNonce(60_000), await store.addNonce(60_000)];
    expect([await store.takeNonce(first), await store.takeNonce(second), await store.takeNonce(third)]).toEqual([false, true, true]);
  });

  it('when more values are live than maxEntries then the oldest are dropped first', async () => {
    const store = memoryStore({ maxEntries: 2 });
    for (const name of ['a', 'b', 'c']) await store.putValue(name, name, 60_000);
    expect(await Promise.all(['a', 'b', 'c'].map((name) => store.getValue(name)))).toEqual([undefined, 'b', 'c']);
  });

  it('when a message is published then no handler runs before publish has returned, so a handler that publishes again does not recurse', async () => {
    const store = memoryStore();
    const echoes = inbox();
    await store.subscribe('echo', (message) => {
      echoes.handler(message);
      if (message.length < 3) void store.publish('echo', `${message}!`);
    });
    const publishing = store.publish('echo', '!');
    expect(echoes.messages).toEqual([]);
    await publishing;
    expect(echoes.messages).toEqual([]);
    await echoes.received('!!!');
    expect(echoes.messages).toEqual(['!', '!!', '!!!']);
  });

  it('when a subscription stops before a published message reaches it then it never gets it, and one made after the publish does not either', async () => {
    const store = memoryStore();
    const [stopped, late] = [inbox(), inbox()];
    const stop = await store.subscribe('run-cancel', stopped.handler);
    const publishing = store.publish('run-cancel', 'queued');
    await stop();
    await store.subscribe('run-cancel', late.handler);
    await publishing;
    await sleep(20);
    expect([stopped.messages, late.messages]).toEqual([[], []]);
  });

  it('when maxEntries is not a whole number >= 1 then creating the store throws a RangeError', () => {
    expect(() => memoryStore({ maxEntries: 0 })).toThrow(/maxEntries must be a whole number >= 1, got 0/);
  });
});
