import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ApprovalChannel, CallContext, Middleware } from '../../src/middleware/context.js';
import { storeGrants } from '../../src/approval/grants.js';
import { prepareArgv } from '../../src/call/prepare.js';
import { approval, type ApprovalOptions } from '../../src/approval/ask-first.js';
import { compose } from '../../src/middleware/compose.js';
import { concurrency } from '../../src/middleware/concurrency.js';
import { rateLimit } from '../../src/middleware/rate-limit.js';
import { memoryStore } from '../../src/store/memory.js';
import type { SharedStore } from '../../src/store/shared-store.js';
import { StoreUnavailableError } from '../../src/store/store-unavailable.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';
import { implementations } from '../store/implementations.js';

const add = toolFor(runnable({ path: ['todo', 'add'] }));
const remove = toolFor(runnable({ path: ['todo', 'remove'], positionals: [{ name: 'ids', type: 'string', required: true, variadic: true }] }));

/** One replica's chain: `layers` around a centre that counts its runs (and waits for `hold` when given). */
function replica(layers: Middleware[], hold?: () => Promise<void>) {
  let ran = 0;
  const chain = compose(layers, async (ctx) => {
    ran += 1;
    await hold?.();
    ctx.result = { isError: false, message: 'ran' };
  });
  const call = async (tool = add, extra: Partial<CallContext> = {}, args: string[] = []): Promise<CallContext> => {
    const ctx: CallContext = { ...contextFor(tool), ...extra };
    ctx.input = { flags: {}, args };
    await chain(ctx);
    return ctx;
  };
  return { call, ran: () => ran };
}

/** A replica that runs `remove 3` through approval, as `principal`, with its grants in `store`. */
function approving(store: SharedStore, options: ApprovalOptions = {}) {
  const { call } = replica([prepareArgv({}), approval(options)]);
  return (principal: string, channel: Partial<ApprovalChannel> = {}) =>
    call(remove, { principal: { id: `token:${principal}`, name: principal, scopes: [] }, approval: { canAsk: true, grants: storeGrants(store, principal), ...channel } }, ['3']);
}

/** A gate the centre waits on until the test opens it. */
function gate() {
  let open = (): void => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => opened, open };
}

const outcome = (ctx: CallContext): string => (ctx.result?.ask ? 'asked' : ctx.result?.isError ? `refused: ${ctx.result.message}` : String(ctx.result?.message));

for (const implementation of implementations()) {
  describe.skipIf(implementation.skipped)(`middleware over two replicas of the ${implementation.name} store`, () => {
    it('when calls alternate between two replicas then they share one rate limit, as if one server counted them', async () => {
      const [a, b] = implementation.replicas().map((store) => replica([rateLimit({ global: { capacity: 2, perSecond: 1 }, store })]));
      const results = [await a!.call(), await b!.call(), await a!.call(), await b!.call()];
      expect(results.map(outcome).slice(0, 2)).toEqual(['ran', 'ran']);
      for (const refused of results.slice(2)) expect(refused.result?.message).toMatch(/^Rate limit reached for todo_add: nothing was run\. Retry after (2|1(\.\d)?|0\.\d) s\.$/);
      expect(a!.ran() + b!.ran()).toBe(2);
    });

    it('when one principal has used up the shared rate then another principal still gets through on either replica', async () => {
      const [a, b] = implementation.replicas().map((store) => replica([rateLimit({ global: { capacity: 1, perSecond: 1 }, store })]));
      const as = (name: string) => ({ principal: { id: `token:${name}`, name, scopes: [] } });
      expect(outcome(await a!.call(add, as('alice')))).toBe('ran');
      expect(outcome(await b!.call(add, as('alice')))).toMatch(/^refused: Rate limit reached/);
      expect(outcome(await b!.call(add, as('bob')))).toBe('ran');
    });

    it('when the user approves a call on one replica then the same call on the other runs without asking, for that principal only', async () => {
      const [storeA, storeB] = implementation.replicas();
      const [a, b] = [approving(storeA), approving(storeB)];
      const key = (await a('alice')).result?.ask?.key ?? '';
      expect(outcome(await a('alice', { answer: { key, accepted: true } }))).toBe('ran');
      const again = await b('alice');
      expect(outcome(again)).toBe('ran');
      expect(again.decision).toBe('approved (earlier grant)');
      expect(outcome(await b('bob'))).toBe('asked');
    });

    it('when grants are one-time and a grant was left from before then only one of two replicas racing for it uses it', async () => {
      const [storeA, storeB] = implementation.replicas();
      const [a, b] = [approving(storeA, { oneTime: true }), approving(storeB, { oneTime: true })];
      // A replica that ran without one-time grants (a rolling change of flags) left one.
      await storeGrants(storeA, 'alice').add((await a('alice')).result?.ask?.key ?? '', 60_000);
      const raced = await Promise.all([a('alice'), b('alice')]);
      expect(raced.map(outcome).sort()).toEqual(['asked', 'ran']);
      expect(outcome(await a('alice'))).toBe('asked');
    });

    it('when the cap is reached on one replica then a call on the other waits, and runs once the first call ends', async () => {
      const first = gate();
      const [storeA, storeB] = implementation.replicas();
      const a = replica([concurrency({ max: 1, queue: 1, store: storeA })], first.wait);
      const b = replica([concurrency({ max: 1, queue: 1, store: storeB })]);
      const running = a.call();
      await sleep(50);
      const waiting = b.call();
      expect(outcome(await b.call())).toBe('refused: Too many calls at once (1 running, 1 waiting): nothing was run. Retry in a moment.');
      await sleep(100);
      expect(b.ran()).toBe(0);
      first.open();
      expect([outcome(await running), outcome(await waiting)]).toEqual(['ran', 'ran']);
    });

    it('when a replica dies holding a slot then its lease runs out and a waiting call on another replica runs', async () => {
      const [dead, alive] = implementation.replicas();
      // What a replica killed mid-call leaves: a lease nobody renews or releases.
      expect(await dead.acquireSlot('calls', 1, 300)).toBeDefined();
      const b = replica([concurrency({ max: 1, queue: 1, store: alive })]);
      const started = performance.now();
      expect(outcome(await b.call())).toBe('ran');
      expect(performance.now() - started).toBeGreaterThan(250);
    });

    it('when a call runs longer than its lease then renewal keeps its slot until it ends', async () => {
      const long = gate();
      const [storeA, storeB] = implementation.replicas();
      const a = replica([concurrency({ max: 1, queue: 0, store: storeA, leaseMs: 600 })], long.wait);
      const b = replica([concurrency({ max: 1, queue: 0, store: storeB, leaseMs: 600 })]);
      const running = a.call();
      // Over two lease terms: without renewal the slot would be free by now.
      await sleep(1_300);
      expect(outcome(await b.call())).toMatch(/^refused: Too many calls at once/);
      long.open();
      await running;
      expect(outcome(await b.call())).toBe('ran');
    });

    it('when a waiting call is cancelled then it leaves without running and holds no slot', async () => {
      const first = gate();
      const [storeA, storeB] = implementation.replicas();
      const a = replica([concurrency({ max: 1, queue: 1, store: storeA })], first.wait);
      const b = replica([concurrency({ max: 1, queue: 1, store: storeB })]);
      const running = a.call();
      await sleep(50);
      const abort = new AbortController();
      const cancelled = b.call(add, { signal: abort.signal });
      await sleep(50);
      abort.abort();
      expect(outcome(await cancelled)).toBe('refused: The call was cancelled while waiting for a free slot.');
      first.open();
      await running;
      expect(outcome(await b.call())).toBe('ran');
      expect(b.ran()).toBe(1);
    });
  });
}

describe('middleware over a store that cannot answer', () => {
  const refusal = 'refused: The shared store (memory) is closed; nothing was run. Retry in a moment.';
  const closed = async (): Promise<SharedStore> => {
    const store = memoryStore();
    await store.close();
    return store;
  };

  it('when the rate limit cannot count then the call is refused, naming the store, and nothing runs', async () => {
    const limited = replica([rateLimit({ global: { capacity: 5, perSecond: 5 }, store: await closed() })]);
    const ctx = await limited.call();
    expect(outcome(ctx)).toBe(refusal);
    expect(ctx.decision).toBe('refused: shared store unavailable');
    expect(limited.ran()).toBe(0);
  });

  it('when grants cannot be read or kept then a risky call is refused, even one the user just approved', async () => {
    expect(outcome(await approving(await closed())('alice'))).toBe(refusal);
    const store = memoryStore();
    const forgetful: SharedStore = { ...store, grant: async () => Promise.reject(new StoreUnavailableError('the shared store (memory) is closed; refusing the call')) };
    const call = approving(forgetful);
    const key = (await call('alice')).result?.ask?.key ?? '';
    expect(outcome(await call('alice', { answer: { key, accepted: true } }))).toBe(refusal);
  });

  it('when no slot can be leased then the call is refused; when only the release fails then the call that ran keeps its result', async () => {
    const capped = replica([concurrency({ max: 2, store: await closed() })]);
    expect(outcome(await capped.call())).toBe(refusal);
    expect(capped.ran()).toBe(0);
    const store = memoryStore();
    const leaky = replica([concurrency({ max: 2, store: { ...store, releaseSlot: async () => Promise.reject(new StoreUnavailableError('gone')) } })]);
    expect(outcome(await leaky.call())).toBe('ran');
  });

  it('when the store fails with anything but unavailability then the error is not turned into a refusal', async () => {
    const store = memoryStore();
    const broken = replica([rateLimit({ global: { capacity: 1, perSecond: 1 }, store: { ...store, consume: async () => Promise.reject(new TypeError('a bug')) } })]);
    await expect(broken.call()).rejects.toThrow('a bug');
  });
});
