import { describe, expect, it } from 'vitest';
import { approval, type ApprovalOptions } from '../../src/approval/ask-first.js';
import { compose } from '../../src/middleware/compose.js';
import type { ApprovalChannel, CallContext } from '../../src/middleware/context.js';
import { memoryGrants } from '../../src/approval/grants.js';
import { prepareArgv } from '../../src/call/prepare.js';
import { contextFor, option, runnable, toolFor } from '../helpers/commands.js';

const remove = toolFor(runnable({ path: ['todo', 'remove'], options: [option('force', 'boolean', { flag: '--force' })], positionals: [{ name: 'ids', type: 'string', required: true, variadic: true }] }));
const add = toolFor(runnable({ path: ['todo', 'add'] }));
const list = toolFor(runnable({ path: ['todo', 'list'] }));

/** Runs one call through `approval` on a session the test controls; the centre marks that it ran. */
function session(options: ApprovalOptions = {}) {
  let clock = 1_000;
  const grants = memoryGrants({ now: () => clock });
  const chain = compose([prepareArgv({}), approval(options)], async (ctx) => {
    ctx.result = { isError: false, message: 'ran' };
  });
  const call = async (tool = remove, args: string[] = ['3'], channel: Partial<ApprovalChannel> = {}): Promise<CallContext> => {
    const ctx = { ...contextFor(tool), approval: { canAsk: true, grants, ...channel } };
    ctx.input = { flags: {}, args };
    await chain(ctx);
    return ctx;
  };
  return { call, grants, advance: (ms: number) => void (clock += ms) };
}

describe('approval', () => {
  it('when a destructive call comes in auto mode then the user is asked, with the exact command line', async () => {
    const ctx = await session().call(remove, ['3', 'x y']);
    expect(ctx.result?.ask?.message).toBe('Allow the assistant to run this destructive command?\n\ntodo remove 3 "x y"');
    expect(ctx.result?.message).toBeUndefined();
    expect(ctx.decision).toBe('asked the user');
  });

  it('when an argument holds line separators, bidi controls, NEL or zero-width characters then the question spells them out in the quoted word', async () => {
    const ctx = await session().call(remove, ['prod-db\u2028\u2028(preview only)', 'a\u202eb\x85c\u200bd']);
    expect(ctx.result?.ask?.message).toBe('Allow the assistant to run this destructive command?\n\ntodo remove "prod-db\\u2028\\u2028(preview only)" "a\\u202eb\\u0085c\\u200bd"');
  });

  it('when the user accepts then it runs, and the same call runs again without asking until the grant expires', async () => {
    const s = session({ grantTtlMs: 1000 });
    const asked = await s.call();
    const key = asked.result?.ask?.key ?? '';
    expect((await s.call(remove, ['3'], { answer: { key, accepted: true } })).result?.message).toBe('ran');
    expect((await s.call()).result?.message).toBe('ran');
    s.advance(1001);
    expect((await s.call()).result?.ask).toBeDefined();
  });

  it('when the user declines then the call is refused and nothing runs', async () => {
    const s = session();
    const key = (await s.call()).result?.ask?.key ?? '';
    const ctx = await s.call(remove, ['3'], { answer: { key, accepted: false } });
    expect(ctx.result).toEqual({ isError: true, message: 'The user declined to run todo_remove. Do not retry it unless the user asks.' });
  });

  it('when a grant was given for one argv then a different argv asks again', async () => {
    const s = session();
    const key = (await s.call(remove, ['3'])).result?.ask?.key ?? '';
    await s.call(remove, ['3'], { answer: { key, accepted: true } });
    expect((await s.call(remove, ['4'])).result?.ask).toBeDefined();
    expect((await s.call(remove, ['3'])).result?.message).toBe('ran');
  });

  it('when an answer is for another call then it does not approve this one', async () => {
    const s = session();
    const key = (await s.call(remove, ['3'])).result?.ask?.key ?? '';
    expect((await s.call(remove, ['4'], { answer: { key, accepted: true } })).result?.ask).toBeDefined();
  });

  it('when grants are one-time then every call asks again', async () => {
    const s = session({ oneTime: true });
    const key = (await s.call()).result?.ask?.key ?? '';
    expect((await s.call(remove, ['3'], { answer: { key, accepted: true } })).result?.message).toBe('ran');
    expect((await s.call()).result?.ask).toBeDefined();
    expect(await s.grants.has(key)).toBe(false);
  });

  it('when the client cannot ask then a risky call is refused, never silently allowed', async () => {
    const ctx = await session().call(remove, ['3'], { canAsk: false });
    expect(ctx.result?.isError).toBe(true);
    expect(ctx.result?.message).toContain('cannot ask the user');
  });

  it('when no tool argument can grant approval then flags named like grants change nothing', async () => {
    const purge = toolFor(runnable({ path: ['todo', 'purge'], options: [option('approve', 'boolean', { flag: '--approve' }), option('approved', 'boolean', { flag: '--approved' })] }));
    const ctx = await session().call(purge, [], {});
    expect(ctx.result?.ask).toBeDefined();
    const flagged = { ...contextFor(purge), approval: { canAsk: true, grants: memoryGrants() } };
    flagged.input = { flags: { approve: true, approved: true }, args: [] };
    await compose([prepareArgv({}), approval()], async (c) => void (c.result = { isError: false, message: 'ran' }))(flagged);
    expect(flagged.result?.ask?.message).toContain('todo --approve --approved purge');
  });

  it.each([
    ['auto', { add: 'ran', list: 'ran', remove: 'ask' }],
    ['ask', { add: 'ask', list: 'ran', remove: 'ask' }],
    ['yolo', { add: 'ran', list: 'ran', remove: 'ran' }],
    ['read-only', { add: 'refused', list: 'ran', remove: 'refused' }],
  ] as const)('when the mode is %s then write, read-only and destructive calls go as the table says', async (mode, expected) => {
    const s = session({ mode });
    const outcome = async (tool: typeof add) => {
      const ctx = await s.call(tool, tool === remove ? ['3'] : []);
      return ctx.result?.ask ? 'ask' : ctx.result?.isError ? 'refused' : 'ran';
    };
    expect({ add: await outcome(add), list: await outcome(list), remove: await outcome(remove) }).toEqual(expected);
  });

  it('when risk overrides say a command is read-only then it runs without asking', async () => {
    const ctx = await session({ risk: { 'todo remove': 'read-only' } }).call();
    expect(ctx.result?.message).toBe('ran');
  });

  it('when the options are invalid then creating it throws', () => {
    expect(() => approval({ mode: 'maybe' as never })).toThrow(/approval mode/);
    expect(() => approval({ grantTtlMs: 0 })).toThrow(/grantTtlMs/);
  });

  it('when no argv was prepared (approval placed before the prepare step) then the call is refused, never asked about a guess', async () => {
    const chain = compose([approval()], async (ctx) => {
      ctx.result = { isError: false, message: 'ran' };
    });
    const ctx = { ...contextFor(remove), approval: { canAsk: true, grants: memoryGrants() } };
    ctx.input = { flags: {}, args: ['3'] };
    await chain(ctx);
    expect(ctx.result).toEqual({ isError: true, message: 'todo_remove needs approval, but its argv was not prepared; nothing was run.' });
  });
});
