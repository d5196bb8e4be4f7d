import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/store/store-unavailable.js';
import { implementations } from './implementations.js';

const key = 'kubectl_delete\u0000["pod","web-1"]';

for (const implementation of implementations()) {
  describe.skipIf(implementation.skipped)(`grants, nonces and secrets on the ${implementation.name} store`, () => {
    it('when one replica grants a key then the other sees it until it expires', async () => {
      const [a, b] = implementation.replicas();
      expect(await b.hasGrant(key)).toBe(false);
      await a.grant(key, 500);
      expect(await b.hasGrant(key)).toBe(true);
      expect(await b.hasGrant(`${key} `)).toBe(false);
      await sleep(550);
      expect(await b.hasGrant(key)).toBe(false);
    });

    it('when 20 takes of one grant race across two replicas then exactly one succeeds', async () => {
      const [a, b] = implementation.replicas();
      await a.grant(key, 10_000);
      const taken = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).takeGrant(key)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await a.hasGrant(key)).toBe(false);
    });

    it('when a grant has expired then taking it fails', async () => {
      const [a, b] = implementation.replicas();
      await a.grant(key, 50);
      await sleep(100);
      expect(await b.takeGrant(key)).toBe(false);
    });

    it('when 20 takes of one nonce race across two replicas then exactly one succeeds, and an unknown nonce never does', async () => {
      const [a, b] = implementation.replicas();
      const nonce = await a.addNonce(10_000);
      const taken = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).takeNonce(nonce)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await b.takeNonce('never-minted')).toBe(false);
      expect(await b.takeNonce('')).toBe(false);
    });

    it('when nonces are added then each is fresh, and one taken after its TTL fails', async () => {
      const [a, b] = implementation.replicas();
      const nonces = await Promise.all(Array.from({ length: 50 }, () => a.addNonce(50)));
      expect(new Set(nonces).size).toBe(50);
      await sleep(100);
      expect(await b.takeNonce(nonces[0]!)).toBe(false);
    });

    it('when replicas ask for a shared secret at once then all get the same 32 bytes, and another name gets another secret', async () => {
      const [a, b] = implementation.replicas();
      const secrets = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).sharedSecret('approval')));
      expect(secrets[0]).toHaveLength(32);
      for (const secret of secrets) expect(secret.equals(secrets[0]!)).toBe(true);
      expect((await a.sharedSecret('other')).equals(secrets[0]!)).toBe(false);
    });

    it('when a ttl is not a positive number then the call rejects with a RangeError naming it', async () => {
      const [a] = implementation.replicas();
      await expect(a.grant(key, 0)).rejects.toThrow(/grant ttlMs must be a positive number of milliseconds, got 0/);
      await expect(a.addNonce(Number.NaN)).rejects.toBeInstanceOf(RangeError);
      await expect(a.grant('', 1000)).rejects.toBeInstanceOf(RangeError);
    });

    it('when a store is closed then ping says no and every operation rejects with StoreUnavailableError, but a wrong argument still with a RangeError', async () => {
      const [a] = implementation.replicas();
      expect(await a.ping()).toBe(true);
      await a.close();
      expect(await a.ping()).toBe(false);
      const operations = [a.grant(key, 1000), a.hasGrant(key), a.takeGrant(key), a.addNonce(1000), a.takeNonce('x'), a.acquireSlot('p', 1, 1000), a.sharedSecret('s'), a.consume([{ key: 'k', bucket: { capacity: 1, perSecond: 1 } }])];
      for (const operation of operations) await expect(operation).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(a.takeGrant(key)).rejects.toThrow(/closed; refusing the call/);
      // A caller's mistake stays a RangeError whatever the store's state.
      await expect(a.grant(key, -1)).rejects.toBeInstanceOf(RangeError);
    });
  });
}
