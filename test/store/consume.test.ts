import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { BucketSettings } from '../../src/store/shared-store.js';
import { implementations } from './implementations.js';

// One window of 1 s holding 3 tokens (see windowOf): short enough to wait out in a test.
const bucket: BucketSettings = { capacity: 3, perSecond: 3 };

for (const implementation of implementations()) {
  describe.skipIf(implementation.skipped)(`consume on the ${implementation.name} store`, () => {
    it('when two replicas take from one bucket then together they get its capacity and no more', async () => {
      const [a, b] = implementation.replicas();
      const verdicts = await Promise.all([a, b, a, b, a, b].map((store) => store.consume([{ key: 'alice', bucket }])));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(3);
    });

    it('when a bucket is empty then the refusal says how long to wait, and after that wait a take succeeds', async () => {
      const [a, b] = implementation.replicas();
      for (let taken = 0; taken < 3; taken += 1) expect(await a.consume([{ key: 'alice', bucket }])).toEqual({ allowed: true });
      const refused = await b.consume([{ key: 'alice', bucket }]);
      if (refused.allowed) throw new Error('the fourth take was allowed');
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
      await sleep(refused.retryAfterMs + 50);
      expect(await b.consume([{ key: 'alice', bucket }])).toEqual({ allowed: true });
    });

    it('when keys differ then their buckets are separate', async () => {
      const [a, b] = implementation.replicas();
      for (let taken = 0; taken < 3; taken += 1) await a.consume([{ key: 'alice', bucket }]);
      expect(await b.consume([{ key: 'bob', bucket }])).toEqual({ allowed: true });
      expect((await b.consume([{ key: 'alice', bucket }])).allowed).toBe(false);
    });

    it('when one of two buckets refuses then the other keeps its token (all or none)', async () => {
      const [a, b] = implementation.replicas();
      const tool = { key: 'tool', bucket: { capacity: 1, perSecond: 1 } };
      const global = { key: 'global', bucket: { capacity: 5, perSecond: 5 } };
      expect(await a.consume([tool, global])).toEqual({ allowed: true });
      expect((await b.consume([tool, global])).allowed).toBe(false);
      const rest = await Promise.all([1, 2, 3, 4, 5].map(() => a.consume([global])));
      expect(rest.map((verdict) => verdict.allowed)).toEqual([true, true, true, true, false]);
    });

    it('when a take costs more than what is left then it is refused and costs nothing', async () => {
      const [a, b] = implementation.replicas();
      expect(await a.consume([{ key: 'alice', bucket, cost: 2 }])).toEqual({ allowed: true });
      expect((await b.consume([{ key: 'alice', bucket, cost: 2 }])).allowed).toBe(false);
      expect(await b.consume([{ key: 'alice', bucket, cost: 1 }])).toEqual({ allowed: true });
    });

    it('when a take costs more than the capacity or a bucket is invalid then it rejects with a RangeError naming the value', async () => {
      const [a] = implementation.replicas();
      await expect(a.consume([{ key: 'alice', bucket, cost: 4 }])).rejects.toThrow(/capacity 3, got 4/);
      await expect(a.consume([{ key: 'alice', bucket: { capacity: 0, perSecond: 1 } }])).rejects.toBeInstanceOf(RangeError);
      await expect(a.consume([])).rejects.toBeInstanceOf(RangeError);
    });
  });
}
