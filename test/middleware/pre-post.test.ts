import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { postRun, preRun } from '../../src/middleware/pre-post.js';
import type { CallContext, Middleware } from '../../src/middleware/context.js';
import type { ToolInput, ToolResult } from '../../src/types.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

const ran: ToolResult = { isError: false, message: 'ran' };

/** Runs `layers` around a centre that records the input it saw and sets `ran` as the result. */
async function run(layers: readonly Middleware[]): Promise<{ ctx: CallContext; centreInputs: ToolInput[] }> {
  const ctx = contextFor(toolFor(runnable()));
  const centreInputs: ToolInput[] = [];
  await compose(layers, async (c) => {
    centreInputs.push(c.input);
    c.result = ran;
  })(ctx);
  return { ctx, centreInputs };
}

describe('preRun', () => {
  it('when it returns a result then the call ends with that result and the centre never runs', async () => {
    const early: ToolResult = { isError: true, message: 'not allowed' };
    const { ctx, centreInputs } = await run([preRun(() => early)]);
    expect(ctx.result).toBe(early);
    expect(centreInputs).toEqual([]);
  });

  it('when it returns nothing then the call goes on to the centre', async () => {
    const { ctx, centreInputs } = await run([preRun(() => undefined)]);
    expect(ctx.result).toBe(ran);
    expect(centreInputs).toHaveLength(1);
  });

  it('when it changes ctx.input then the centre sees the changed input', async () => {
    const changed: ToolInput = { flags: { limit: 5 }, args: ['x'] };
    const { centreInputs } = await run([
      preRun(async (ctx) => {
        ctx.input = changed;
      }),
    ]);
    expect(centreInputs).toEqual([changed]);
  });

  it('when it is async and resolves to a result then that result ends the call', async () => {
    const { ctx, centreInputs } = await run([preRun(async () => ({ isError: false, message: 'cached' }))]);
    expect(ctx.result).toEqual({ isError: false, message: 'cached' });
    expect(centreInputs).toEqual([]);
  });
});

describe('postRun', () => {
  it('when it returns a result then that result replaces the one it got', async () => {
    const seen: ToolResult[] = [];
    const { ctx } = await run([
      postRun((result) => {
        seen.push(result);
        return { ...result, message: 'redacted' };
      }),
    ]);
    expect(seen).toEqual([ran]);
    expect(ctx.result).toEqual({ isError: false, message: 'redacted' });
  });

  it('when it returns nothing then the result is kept', async () => {
    const { ctx } = await run([postRun(() => undefined)]);
    expect(ctx.result).toBe(ran);
  });

  it('when it runs then it gets the call context too', async () => {
    let seenTool: string | undefined;
    await run([
      postRun((_result, ctx) => {
        seenTool = ctx.tool.name;
      }),
    ]);
    expect(seenTool).toBe('tool');
  });

  it('when no result was produced then it is not run', async () => {
    let calls = 0;
    const ctx = contextFor(toolFor(runnable()));
    await compose([postRun(() => void (calls += 1))], async () => {})(ctx);
    expect(calls).toBe(0);
    expect(ctx.result).toBeUndefined();
  });

  it('when a preRun inside it ends the call early then it sees the early result', async () => {
    const early: ToolResult = { isError: true, message: 'denied' };
    const seen: ToolResult[] = [];
    const { ctx } = await run([postRun((result) => void seen.push(result)), preRun(() => early)]);
    expect(seen).toEqual([early]);
    expect(ctx.result).toBe(early);
  });
});
