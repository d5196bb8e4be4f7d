import { describe, expect, it } from 'vitest';
import { inbox } from './inbox.js';
import { implementations } from './implementations.js';

for (const implementation of implementations()) {
  describe.skipIf(implementation.skipped)(`publish and subscribe on the ${implementation.name} store`, () => {
    it('when a replica publishes then subscribers on every replica get the message, its own included', async () => {
      const [a, b] = implementation.replicas();
      const [onA, onB] = [inbox(), inbox()];
      await a.subscribe('run-cancel', onA.handler);
      await b.subscribe('run-cancel', onB.handler);
      await a.publish('run-cancel', 'run 😀 1');
      await Promise.all([onA.received('run 😀 1'), onB.received('run 😀 1')]);
      await b.publish('run-cancel', 'run 2');
      await Promise.all([onA.received('run 2'), onB.received('run 2')]);
      expect([onA.messages, onB.messages]).toEqual([['run 😀 1', 'run 2'], ['run 😀 1', 'run 2']]);
    });

    it('when nobody listens then publishing is fine', async () => {
      const [a] = implementation.replicas();
      await expect(a.publish('nobody', 'hello')).resolves.toBeUndefined();
    });

    it('when one replica publishes several messages then a subscriber gets them in that order', async () => {
      const [a, b] = implementation.replicas();
      const listener = inbox();
      await b.subscribe('run-cancel', listener.handler);
      const sent = Array.from({ length: 20 }, (_, index) => `run ${index}`);
      for (const message of sent) await a.publish('run-cancel', message);
      await listener.received('run 19');
      expect(listener.messages).toEqual(sent);
    });

    it('when a subscription is stopped then it gets no more messages, while another on the same channel and one elsewhere still do', async () => {
      const [a, b] = implementation.replicas();
      const [stopped, kept, other] = [inbox(), inbox(), inbox()];
      const stop = await b.subscribe('run-cancel', stopped.handler);
      await b.subscribe('run-cancel', kept.handler);
      await b.subscribe('elsewhere', other.handler);
      await a.publish('run-cancel', 'before');
      await Promise.all([stopped.received('before'), kept.received('before')]);
      await stop();
      await stop(); // stopping twice is harmless
      await a.publish('run-cancel', 'after');
      // Published after 'after' by the same replica: once it has arrived, 'after' would have too.
      await a.publish('elsewhere', 'marker');
      await Promise.all([kept.received('after'), other.received('marker')]);
      expect(stopped.messages).toEqual(['before']);
      expect(other.messages).toEqual(['marker']);
    });

    it('when every subscription of a channel is stopped then a new one on it gets messages again', async () => {
      const [a, b] = implementation.replicas();
      const stop = await b.subscribe('run-cancel', () => {});
      await stop();
      const again = inbox();
      await b.subscribe('run-cancel', again.handler);
      await a.publish('run-cancel', 'again');
      await again.received('again');
    });

    it('when a handler throws then the other subscribers still get the message, and the error is reported as a warning', async () => {
      const [a, b] = implementation.replicas();
      const [before, after] = [inbox(), inbox()];
      const warnings: string[] = [];
      const onWarning = (warning: Error): void => void warnings.push(warning.message);
      process.on('warning', onWarning);
      try {
        await b.subscribe('run-cancel', before.handler);
        await b.subscribe('run-cancel', () => {
          throw new Error('handler bug');
        });
        await b.subscribe('run-cancel', after.handler);
        await a.publish('run-cancel', 'one');
        await a.publish('run-cancel', 'two');
        await Promise.all([before.received('two'), after.received('two')]);
        expect(after.messages).toEqual(['one', 'two']);
        await expect.poll(() => warnings.filter((warning) => warning.includes('"run-cancel" threw: handler bug'))).toHaveLength(2);
      } finally {
        process.off('warning', onWarning);
      }
    });

    it('when a channel name or handler is invalid then subscribe and publish reject with a RangeError naming it', async () => {
      const [a] = implementation.replicas();
      await expect(a.subscribe('', () => {})).rejects.toThrow(/a channel name must be a non-empty string, got ""/);
      await expect(a.subscribe('run-cancel', 'not a function' as unknown as () => void)).rejects.toThrow(/a subscriber must be a function, got string/);
      await expect(a.publish('', 'x')).rejects.toBeInstanceOf(RangeError);
      await expect(a.publish('run-cancel', '\udc00')).rejects.toThrow(/a message must be well-formed Unicode/);
    });
  });
}
