import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { concurrency } from '../../src/middleware/concurrency.js';
import type { CallContext } from '../../src/middleware/context.js';
import { memoryStore } from '../../src/store/memory.js';
import type { SharedStore } from '../../src/store/shared-store.js';
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
    expect(() => concurrency({ max: 0 })).toThrow(/concurrency\.max must be a positive whole number, got 0/);
    expect(() => concurrency({ max: 1, queue: -1 })).toThrow(/concurrency\.queue must be a whole number, 0 or more, got -1/);
  });
});

describe('concurrency per principal', () => {
  /** Runs calls as the named principals at once; counts how many of each ran at the same time. */
  async function runAs(names: readonly string[], perPrincipal: number, max = 8, store?: SharedStore) {
    const running = new Map<string, number>();
    const peaks = new Map<string, number>();
    const chain = compose([concurrency({ max, queue: 100, perPrincipal, store })], async (ctx) => {
      const name = ctx.principal?.name ?? '';
      running.set(name, (running.get(name) ?? 0) + 1);
      peaks.set(name, Math.max(peaks.get(name) ?? 0, running.get(name) ?? 0));
      await sleep(20);
      running.set(name, (running.get(name) ?? 0) - 1);
      ctx.result = { isError: false, message: 'ran' };
    });
    const results = await Promise.all(names.map(async (name) => {
      const ctx: CallContext = { ...contextFor(tool), principal: { id: `token:${name}`, name, scopes: [] } };
      await chain(ctx);
      return ctx;
    }));
    return { peaks, results };
  }

  it('when one principal sends many calls then no more than its own cap run together, and another principal still gets a slot', async () => {
    const { peaks, results } = await runAs([...Array.from({ length: 10 }, () => 'alice'), 'bob', 'bob'], 2);
    expect(peaks.get('alice')).toBe(2);
    expect(peaks.get('bob')).toBe(2);
    expect(results.every((ctx) => ctx.result?.message === 'ran')).toBe(true);
  });

  it('when the slots live in a shared store then each principal has its own pool there too', async () => {
    const { peaks, results } = await runAs([...Array.from({ length: 6 }, () => 'alice'), 'bob'], 2, 8, memoryStore());
    expect(peaks.get('alice')).toBe(2);
    expect(peaks.get('bob')).toBe(1);
    expect(results.every((ctx) => ctx.result?.message === 'ran')).toBe(true);
  });

  it('when the per-principal cap is larger than the cap of all calls then the cap of all calls still holds', async () => {
    const { peaks } = await runAs(Array.from({ length: 10 }, () => 'alice'), 6, 3);
    expect(peaks.get('alice')).toBe(3);
  });
});
