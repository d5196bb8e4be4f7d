import type { InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalBridge } from '../../src/server/elicit-approval.js';
import { memoryStore } from '../../src/store/memory.js';
import type { SharedStore } from '../../src/store/shared-store.js';

// The codec binds nothing to the context, so verify never reads it.
const noContext = {} as ServerContext;
const question = { key: 'ops_drop\u0000["drop","prod"]', message: 'Allow?' };

/** A bridge (one server process) over `store`, and how to check an answer's state with it. */
function bridgeOn(store: SharedStore = memoryStore(), ttlMs = 5_000) {
  const bridge = approvalBridge({ ttlMs, store });
  const verify = (state: unknown) => bridge.serverOptions.requestState.verify(state as string, noContext);
  const ask = async (asked = question): Promise<string> => ((await bridge.ask(asked)) as InputRequiredResult).requestState ?? '';
  return { bridge, verify, ask };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('approvalBridge sealed question state', () => {
  it('when an answer comes back once then its state is accepted, and the same state a second time is refused', async () => {
    const { ask, verify } = bridgeOn();
    const state = await ask();
    await expect(verify(state)).resolves.toMatchObject({ key: 'ops_drop\u0000["drop","prod"]' });
    await expect(verify(state)).rejects.toThrow('replayed');
  });

  it('when the grant TTL has passed then the state is refused, though the codec would still accept it', async () => {
    // On a whole second, so the codec's expiry (whole seconds) falls after the nonce's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_800_000_000_000);
    const { ask, verify } = bridgeOn(memoryStore(), 5_500);
    const state = await ask();
    vi.setSystemTime(1_800_000_005_501);
    await expect(verify(state)).rejects.toThrow('replayed');
  });

  it('when another bridge with its own store (another server process) minted the state then it is refused', async () => {
    const state = await bridgeOn().ask();
    await expect(bridgeOn().verify(state)).rejects.toThrow();
  });

  it('when many questions are asked then each can still be answered once, in any order', async () => {
    const { ask, verify } = bridgeOn();
    const states = await Promise.all([1, 2, 3].map((n) => ask({ key: `k${n}`, message: 'Allow?' })));
    for (const state of states.reverse()) await expect(verify(state)).resolves.toBeDefined();
  });
});

describe('approvalBridge on a store replicas share', () => {
  it('when one replica asks then another can take the answer, once: a replay is refused on both', async () => {
    const store = memoryStore();
    const [a, b] = [bridgeOn(store), bridgeOn(store)];
    const state = await a.ask();
    await expect(b.verify(state)).resolves.toMatchObject({ key: question.key });
    await expect(a.verify(state)).rejects.toThrow('replayed');
    await expect(b.verify(state)).rejects.toThrow('replayed');
  });

  it('when the store\'s sealing secret changes (Redis restarted empty) then old questions are refused and new ones cross replicas again', async () => {
    const store = memoryStore();
    let secret = Buffer.alloc(32, 1);
    const restartable: SharedStore = { ...store, sharedSecret: async () => Buffer.from(secret) };
    const [a, b] = [bridgeOn(restartable), bridgeOn(restartable)];
    const before = await a.ask();
    secret = Buffer.alloc(32, 2);
    await expect(b.verify(before)).rejects.toThrow('mac');
    await expect(b.verify(await a.ask())).resolves.toMatchObject({ key: question.key });
  });

  it('when the store cannot answer then asking gives a refusal naming it, and an answer resolves to one instead of a protocol error', async () => {
    const store = memoryStore();
    const healthy = bridgeOn(store);
    const state = await healthy.ask();
    await store.close();
    const refusal = { isError: true, message: 'The shared store (memory) is closed; nothing was run. Retry in a moment.' };
    await expect(healthy.bridge.ask(question)).resolves.toEqual(refusal);
    await expect(healthy.verify(state)).resolves.toEqual({ unavailable: refusal });
    const context = { mcpReq: { requestState: () => ({ unavailable: refusal }) } } as unknown as ServerContext;
    expect(healthy.bridge.refusal(context)).toEqual(refusal);
    expect(healthy.bridge.refusal({ mcpReq: { requestState: () => ({ key: 'k', nonce: 'n' }) } } as unknown as ServerContext)).toBeUndefined();
  });
});
