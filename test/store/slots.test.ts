import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { implementations } from './implementations.js';

for (const implementation of implementations()) {
  describe.skipIf(implementation.skipped)(`slot leases on the ${implementation.name} store`, () => {
    it('when 40 acquires race across two replicas for 5 slots then exactly 5 leases are given', async () => {
      const [a, b] = implementation.replicas();
      const leases = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? a : b).acquireSlot('runs', 5, 10_000)));
      const given = leases.filter((lease) => lease !== undefined);
      expect(given).toHaveLength(5);
      expect(new Set(given).size).toBe(5);
    });

    it('when a lease is released on one replica then the other can take its slot', async () => {
      const [a, b] = implementation.replicas();
      const lease = await a.acquireSlot('runs', 1, 10_000);
      expect(lease).toBeDefined();
      expect(await b.acquireSlot('runs', 1, 10_000)).toBeUndefined();
      await a.releaseSlot('runs', lease!);
      expect(await b.acquireSlot('runs', 1, 10_000)).toBeDefined();
      await a.releaseSlot('runs', lease!); // releasing twice is harmless
    });

    it('when a lease is not renewed then it expires and its slot comes back; renewing it then takes it again, counted even over the cap', async () => {
      const [a, b] = implementation.replicas();
      const lease = await a.acquireSlot('runs', 1, 200);
      expect(await b.acquireSlot('runs', 1, 200)).toBeUndefined();
      await sleep(250);
      const other = await b.acquireSlot('runs', 1, 10_000);
      expect(other).toBeDefined();
      expect(await a.renewSlot('runs', lease!, 10_000)).toBe(false);
      // Two calls run: the pool admits no third until both are back under the cap of one.
      await b.releaseSlot('runs', other!);
      expect(await b.acquireSlot('runs', 1, 10_000)).toBeUndefined();
      await a.releaseSlot('runs', lease!);
      expect(await b.acquireSlot('runs', 1, 10_000)).toBeDefined();
    });

    it('when a lease is renewed then it outlives its first term', async () => {
      const [a, b] = implementation.replicas();
      const lease = await a.acquireSlot('runs', 1, 600);
      await sleep(300);
      expect(await a.renewSlot('runs', lease!, 600)).toBe(true);
      await sleep(400);
      expect(await b.acquireSlot('runs', 1, 600)).toBeUndefined();
    });

    it('when pools differ then their slots are counted apart', async () => {
      const [a, b] = implementation.replicas();
      expect(await a.acquireSlot('kubectl', 1, 10_000)).toBeDefined();
      expect(await b.acquireSlot('git', 1, 10_000)).toBeDefined();
    });

    it('when max is not a whole number >= 1 then acquiring rejects with a RangeError', async () => {
      const [a] = implementation.replicas();
      await expect(a.acquireSlot('runs', 0, 1000)).rejects.toThrow(/max >= 1/);
      await expect(a.acquireSlot('runs', 1.5, 1000)).rejects.toBeInstanceOf(RangeError);
    });
  });
}
