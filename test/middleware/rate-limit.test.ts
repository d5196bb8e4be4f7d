import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { rateLimit, type RateLimitOptions } from '../../src/middleware/rate-limit.js';
import type { CallContext } from '../../src/middleware/context.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

const add = toolFor(runnable({ path: ['todo', 'add'] }));
const list = toolFor(runnable({ path: ['todo', 'list'] }));

/** A chain whose centre counts the calls that got through, on a clock the test moves. */
function limited(options: Omit<RateLimitOptions, 'now'>) {
  let clock = 0;
  let ran = 0;
  const chain = compose([rateLimit({ ...options, now: () => clock })], async (ctx) => {
    ran += 1;
    ctx.result = { isError: false, message: 'ran' };
  });
  const call = async (tool = add, principal = 'anyone'): Promise<CallContext> => {
    const ctx = contextFor(tool);
    ctx.state.set('principal', principal);
    await chain(ctx);
    return ctx;
  };
  return { call, ran: () => ran, advance: (ms: number) => void (clock += ms) };
}

describe('rateLimit', () => {
  it('when a burst passes the capacity then the rest are refused with a retry time and never run', async () => {
    const limiter = limited({ perTool: { capacity: 10, perSecond: 1 } });
    const results = [];
    for (let i = 0; i < 100; i += 1) results.push(await limiter.call());
    expect(limiter.ran()).toBe(10);
    const refused = results.filter((ctx) => ctx.result?.isError);
    expect(refused).toHaveLength(90);
    expect(refused[0]?.result?.message).toBe('Rate limit reached for todo_add: nothing was run. Retry after 1 s.');
    expect(refused[0]?.decision).toBe('rate-limited (retry after 1 s)');
  });

  it('when time passes then tokens come back at the refill rate', async () => {
    const limiter = limited({ perTool: { capacity: 2, perSecond: 4 } });
    await limiter.call();
    await limiter.call();
    expect((await limiter.call()).result?.message).toContain('Retry after 0.3 s');
    limiter.advance(250);
    expect((await limiter.call()).result?.message).toBe('ran');
    expect((await limiter.call()).result?.isError).toBe(true);
  });

  it('when limited per tool then each tool has its own bucket', async () => {
    const limiter = limited({ perTool: { capacity: 1, perSecond: 1 } });
    expect((await limiter.call(add)).result?.message).toBe('ran');
    expect((await limiter.call(list)).result?.message).toBe('ran');
    expect((await limiter.call(add)).result?.isError).toBe(true);
  });

  it('when a global bucket is set then all tools share it, and a refused call takes no token from its tool', async () => {
    const limiter = limited({ perTool: { capacity: 5, perSecond: 1 }, global: { capacity: 2, perSecond: 1 } });
    await limiter.call(add);
    await limiter.call(list);
    expect((await limiter.call(add)).result?.isError).toBe(true);
    limiter.advance(1000);
    expect((await limiter.call(add)).result?.message).toBe('ran');
    expect(limiter.ran()).toBe(3);
  });

  it('when keyed by principal then one principal cannot use up another\'s calls', async () => {
    const limiter = limited({ global: { capacity: 1, perSecond: 1 }, key: (ctx) => String(ctx.state.get('principal')) });
    expect((await limiter.call(add, 'alice')).result?.message).toBe('ran');
    expect((await limiter.call(add, 'alice')).result?.isError).toBe(true);
    expect((await limiter.call(add, 'bob')).result?.message).toBe('ran');
  });

  it.each([
    { perTool: { capacity: 0, perSecond: 1 } },
    { global: { capacity: 1, perSecond: 0 } },
    { global: { capacity: 1, perSecond: Number.POSITIVE_INFINITY } },
  ])('when the settings are impossible (%j) then creating it throws', (options) => {
    expect(() => rateLimit(options)).toThrow(/capacity >= 1 and perSecond > 0/);
  });
});
