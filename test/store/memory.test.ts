import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/store/memory.js';

// What only the memory store has: a bound on what one process keeps. The shared behaviour is tested against both stores.
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

  it('when maxEntries is not a whole number >= 1 then creating the store throws a RangeError', () => {
    expect(() => memoryStore({ maxEntries: 0 })).toThrow(/maxEntries must be a whole number >= 1, got 0/);
  });
});
