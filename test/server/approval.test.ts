import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { approvalBridge } from '../../src/server/approval.js';

// The codec binds nothing to the context, so verify never reads it.
const noContext = {} as ServerContext;

/** A bridge on a clock the test moves, and the sealed state of one question it asked. */
async function asked(ttlMs = 5_000) {
  let clock = Date.now();
  const bridge = approvalBridge({ ttlMs, now: () => clock });
  const result = await bridge.ask({ key: 'ops_drop\u0000["drop","prod"]', message: 'Allow?' });
  const verify = (state: unknown) => bridge.serverOptions.requestState.verify(state as string, noContext);
  return { state: result.requestState, verify, advance: (ms: number) => void (clock += ms), bridge };
}

describe('approvalBridge sealed question state', () => {
  it('when an answer comes back once then its state is accepted, and the same state a second time is refused', async () => {
    const { state, verify } = await asked();
    await expect(verify(state)).resolves.toMatchObject({ key: 'ops_drop\u0000["drop","prod"]' });
    await expect(verify(state)).rejects.toThrow('replayed');
  });

  it('when the grant TTL has passed then the state is refused, though the codec would still accept it', async () => {
    const { state, verify, advance } = await asked(5_000);
    advance(5_001);
    await expect(verify(state)).rejects.toThrow('replayed');
  });

  it('when another bridge (another server process) minted the state then it is refused', async () => {
    const { state } = await asked();
    const other = await asked();
    await expect(other.verify(state)).rejects.toThrow();
  });

  it('when many questions are asked then each can still be answered once, in any order', async () => {
    const { bridge, verify } = await asked();
    const states = await Promise.all([1, 2, 3].map(async (n) => (await bridge.ask({ key: `k${n}`, message: 'Allow?' })).requestState));
    for (const state of states.reverse()) await expect(verify(state)).resolves.toBeDefined();
  });
});
