import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/store/store-unavailable.js';
import { implementations } from './implementations.js';

const record = JSON.stringify({ runId: 'a'.repeat(32), state: 'running', lines: ['héllo 😀'] });

/** About 200 KB of UTF-8 mixing 1-, 2-, 3- and 4-byte characters, NUL and newlines: a large run record. */
const large = `${'ascii é 漢字 😀🧪 \u0000 \n'.repeat(7_500)}end`;

for (const implementation of implementations()) {
  describe.skipIf(implementation.skipped)(`values on the ${implementation.name} store`, () => {
    it('when one replica puts a value then the other reads it until its ttl ends', async () => {
      const [a, b] = implementation.replicas();
      await a.putValue('run:1', record, 300);
      expect(await b.getValue('run:1')).toBe(record);
      await sleep(350);
      expect(await b.getValue('run:1')).toBeUndefined();
    });

    it('when a value was never stored then getting it gives undefined, and deleting it is fine', async () => {
      const [a] = implementation.replicas();
      expect(await a.getValue('run:never')).toBeUndefined();
      await expect(a.deleteValue('run:never')).resolves.toBeUndefined();
    });

    it('when one replica deletes a value then the other no longer reads it', async () => {
      const [a, b] = implementation.replicas();
      await a.putValue('run:1', record, 10_000);
      await a.putValue('run:2', record, 10_000);
      await b.deleteValue('run:1');
      expect(await a.getValue('run:1')).toBeUndefined();
      expect(await a.getValue('run:2')).toBe(record);
    });

    it('when a value is put again then the new value and the new ttl replace the old ones', async () => {
      const [a, b] = implementation.replicas();
      await a.putValue('run:1', 'running', 200);
      await b.putValue('run:1', 'done', 10_000);
      await sleep(250);
      expect(await a.getValue('run:1')).toBe('done');
    });

    it('when a 200 KB value of mixed UTF-8 is put then the other replica reads it back byte for byte', async () => {
      const [a, b] = implementation.replicas();
      expect(Buffer.byteLength(large)).toBeGreaterThan(200 * 1024);
      await a.putValue('run:large', large, 10_000);
      const read = await b.getValue('run:large');
      expect(read?.length).toBe(large.length);
      expect(Buffer.from(read ?? '').equals(Buffer.from(large))).toBe(true);
      await a.putValue('run:empty', '', 10_000);
      expect(await b.getValue('run:empty')).toBe('');
    });

    it('when a name, ttl or value is invalid then the call rejects with a RangeError naming it', async () => {
      const [a] = implementation.replicas();
      await expect(a.putValue('', record, 1000)).rejects.toThrow(/a value name must be a non-empty string, got ""/);
      await expect(a.putValue('run:1', record, 0)).rejects.toThrow(/a value ttlMs must be a positive number of milliseconds, got 0/);
      await expect(a.putValue('run:1', record, Number.POSITIVE_INFINITY)).rejects.toBeInstanceOf(RangeError);
      // Redis keeps UTF-8: a lone surrogate would come back changed, so neither store takes it.
      await expect(a.putValue('run:1', 'half \ud83d', 1000)).rejects.toThrow(/a value must be well-formed Unicode, got a lone surrogate at index 5/);
      await expect(a.putValue('run:1', 42 as unknown as string, 1000)).rejects.toThrow(/a value must be a string, got number/);
      await expect(a.getValue('')).rejects.toBeInstanceOf(RangeError);
      await expect(a.deleteValue(undefined as unknown as string)).rejects.toBeInstanceOf(RangeError);
    });

    it('when a store is closed then values, publish and subscribe reject with StoreUnavailableError, and an earlier subscription still stops quietly', async () => {
      const [a] = implementation.replicas();
      await a.putValue('run:1', record, 10_000);
      const stop = await a.subscribe('run-cancel', () => {});
      await a.close();
      for (const operation of [a.putValue('run:1', record, 1000), a.getValue('run:1'), a.deleteValue('run:1'), a.publish('run-cancel', 'x'), a.subscribe('run-cancel', () => {})]) {
        await expect(operation).rejects.toBeInstanceOf(StoreUnavailableError);
      }
      await expect(a.getValue('run:1')).rejects.toThrow(/closed; refusing the call/);
      await expect(stop()).resolves.toBeUndefined();
      // A caller's mistake stays a RangeError whatever the store's state.
      await expect(a.putValue('run:1', record, -1)).rejects.toBeInstanceOf(RangeError);
    });
  });
}
