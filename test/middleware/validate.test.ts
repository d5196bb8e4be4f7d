import { describe, expect, it } from 'vitest';
import { checkInput, validate } from '../../src/middleware/validate.js';
import { contextFor, option, positional, runnable, toolFor } from '../helpers/commands.js';

const tool = toolFor(
  runnable({
    path: ['todo', 'add'],
    options: [option('limit', 'integer'), option('title', 'string', { required: true })],
    positionals: [positional('list')],
  }),
);

/** Runs `validate` on `raw`; reports the context and how often next was called. */
async function validated(raw: unknown) {
  const ctx = contextFor(tool, raw);
  let nexts = 0;
  await validate()(ctx, async () => void (nexts += 1));
  return { ctx, nexts };
}

describe('the validate middleware', () => {
  it('when the input is bad then it sets an isError result and does not call next', async () => {
    const { ctx, nexts } = await validated({ flags: { title: 'x', limit: 'ten' } });
    expect(nexts).toBe(0);
    expect(ctx.result?.isError).toBe(true);
    expect(ctx.result?.message).toMatch(/^Invalid arguments for todo_add:\n- flags\.limit: .*got "ten"/);
    expect(ctx.input).toEqual({ flags: {}, args: [] });
  });

  it('when the input is good then it sets ctx.input to the checked input and calls next once', async () => {
    const { ctx, nexts } = await validated({ flags: { title: 'x', limit: 3 }, args: ['inbox'] });
    expect(nexts).toBe(1);
    expect(ctx.input).toEqual({ flags: { title: 'x', limit: 3 }, args: ['inbox'] });
    expect(ctx.result).toBeUndefined();
  });

  it('when args are left out then ctx.input has an empty args list', async () => {
    const { ctx } = await validated({ flags: { title: 'x' } });
    expect(ctx.input).toEqual({ flags: { title: 'x' }, args: [] });
  });

  it('when null flags are sent then ctx.input leaves them out', async () => {
    const { ctx } = await validated({ flags: { title: 'x', limit: null }, args: null });
    expect(ctx.input).toEqual({ flags: { title: 'x' }, args: [] });
  });
});

describe('checkInput', () => {
  it('when the raw input is undefined or null then it is checked as an empty object', () => {
    const free = toolFor(runnable({ options: [option('verbose', 'boolean')] }));
    expect(checkInput(free, undefined)).toEqual({ ok: true, input: { flags: {}, args: [] }, mapped: [] });
    expect(checkInput(free, null)).toEqual({ ok: true, input: { flags: {}, args: [] }, mapped: [] });
    expect(checkInput(tool, undefined)).toMatchObject({ ok: false, message: expect.stringContaining('flags.title') });
  });

  it('when the tool offers fewer flags than the command declares then only the offered ones are valid', () => {
    const offered = toolFor(runnable({ options: [option('limit', 'integer')] }));
    const checked = checkInput(offered, { flags: { title: 'x' } });
    expect(checked).toMatchObject({ ok: false, message: expect.stringContaining('unknown flag "title"; valid flags: limit') });
  });
});
