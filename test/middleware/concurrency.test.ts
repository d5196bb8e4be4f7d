import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { concurrency } from '../../src/middleware/concurrency.js';
import type { CallContext } from '../../src/call/context.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

const tool = toolFor(runnable({ path: ['todo', 'add'] }));

/** A chain whose centre takes `ms` and records how many centres run at once. */
function capped(max: number, queue: number, ms = 20) {
  let now = 0;
  let peak = 0;
  let ran = 0;
  const chain = compose([concurrency({ max, queue })], async (ctx) => {
    now += 1;
    peak = Math.max(peak, now);
    await sleep(ms);
    now -= 1;
    ran += 1;
    ctx.result = { isError: false, message: 'ran' };
  });
  const call = async (signal?: AbortSignal): Promise<CallContext> => {
    const ctx = signal ? { ...contextFor(tool), signal } : contextFor(tool);
    await chain(ctx);
    return ctx;
  };
  return { call, peak: () => peak, ran: () => ran };
}

describe('concurrency', () => {
  it('when 50 calls arrive at once then no more than the cap ever run together, and the queued ones all run', async () => {
    const limiter = capped(4, 100);
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.call()));
    expect(limiter.peak()).toBe(4);
    expect(limiter.ran()).toBe(50);
    expect(results.every((ctx) => ctx.result?.message === 'ran')).toBe(true);
  });

  it('when the queue is full then further calls are refused at once and never run', async () => {
    const limiter = capped(2, 3);
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.call()));
    const refused = results.filter((ctx) => ctx.result?.isError);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.result?.message).toBe('Too many calls at once (2 running, 3 waiting): nothing was run. Retry in a moment.');
    expect(limiter.ran()).toBe(5);
    expect(limiter.peak()).toBe(2);
  });

  it('when a waiting call is cancelled then it leaves the queue without running', async () => {
    const limiter = capped(1, 5, 50);
    const first = limiter.call();
    const abort = new AbortController();
    const second = limiter.call(abort.signal);
    abort.abort();
    const third = limiter.call();
    const [, cancelled] = await Promise.all([first, second, third]);
    expect(cancelled.result?.message).toBe('The call was cancelled while waiting for a free slot.');
    expect(limiter.ran()).toBe(2);
  });

  it('when a running call fails then its slot is freed', async () => {
    const chain = compose([concurrency({ max: 1 })], async () => {
      throw new Error('boom');
    });
    await expect(chain(contextFor(tool))).rejects.toThrow('boom');
    await expect(chain(contextFor(tool))).rejects.toThrow('boom');
  });

  it('when the settings are impossible then creating it throws', () => {
    expect(() => concurrency({ max: 0 })).toThrow(/max >= 1/);
    expect(() => concurrency({ max: 1, queue: -1 })).toThrow(/queue >= 0/);
  });
});
