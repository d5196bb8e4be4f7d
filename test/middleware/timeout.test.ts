import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { DEFAULT_TIMEOUT_MS, timeout } from '../../src/middleware/timeout.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

/** The timeoutMs the centre sees after `layers` ran around it. */
async function seenTimeout(...layers: Parameters<typeof compose>[0]): Promise<number> {
  let seen = Number.NaN;
  await compose(layers, async (ctx) => void (seen = ctx.timeoutMs))(contextFor(toolFor(runnable())));
  return seen;
}

describe('timeout', () => {
  it('when it wraps the centre then the centre sees its limit', async () => {
    expect(await seenTimeout(timeout(1_500))).toBe(1_500);
  });

  it('when two are nested then the innermost wins', async () => {
    expect(await seenTimeout(timeout(30_000), timeout(250))).toBe(250);
    expect(await seenTimeout(timeout(250), timeout(30_000))).toBe(30_000);
  });

  it('when it is not in the chain then the context keeps its own limit', async () => {
    expect(await seenTimeout()).toBe(60_000);
  });

  it('when the default is read then it is 45 seconds', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(45_000);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('when given %s then it throws an invalid-option error at once', (ms) => {
    expect(() => timeout(ms)).toThrow(expect.objectContaining({ code: 'cli-mcp.invalid-option' }));
    expect(() => timeout(ms)).toThrow(String(ms));
  });

  it('when it runs then it calls next once and leaves the result alone', async () => {
    const ctx = contextFor(toolFor(runnable()));
    let nexts = 0;
    await timeout(10)(ctx, async () => void (nexts += 1));
    expect(nexts).toBe(1);
    expect(ctx.result).toBeUndefined();
  });
});
