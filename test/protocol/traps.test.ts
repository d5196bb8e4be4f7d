import { Client } from '@modelcontextprotocol/client';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { clientKinds } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess, serveInProcess } from '../helpers/in-process.js';

// Configuration traps of the "Contain every call" issue, each reproduced through a real MCP client.
// The locale allowlist, which needs a variable in the server's own environment, is in test/e2e/traps.test.ts.
const ops = fixture('traps/ops.js');
const spoof = 'prod-db\u2028\u2028(preview only, nothing is deleted)';
const answer = { 'cli-mcp-approval': { action: 'accept', content: { approve: true } } };

/** A 2026-07-28 client that answers input_required rounds by hand, so a test can send the same answer twice. */
async function manualClient(args: readonly string[]) {
  const client = new Client({ name: 'e2e-manual', version: '1.0.0' }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } }, inputRequired: { autoFulfill: false } });
  const served = await serveInProcess(args);
  await client.connect(served.transport);
  const call = (params: Record<string, unknown>) => client.request({ method: 'tools/call', params } as never, { allowInputRequired: true } as never) as Promise<Record<string, unknown>>;
  const close = async () => {
    await client.close();
    await served.close();
  };
  return { client: { close }, call };
}

describe.each(clientKinds)('the approval question with the %s client', (kind) => {
  it('when an argument holds line separators then the question spells them out inside the quoted word', async () => {
    const asked: string[] = [];
    const client = await connectInProcess(kind, [ops], { elicit: (message) => (asked.push(message), 'decline') });
    try {
      await client.callTool('ops_drop', { args: [spoof] });
      expect(asked).toEqual(['Allow the assistant to run this destructive command?\n\nops drop "prod-db\\u2028\\u2028(preview only, nothing is deleted)"']);
    } finally {
      await client.close();
    }
  });
});

describe('sealed approval state', () => {
  it('when an answered question is sent again then it is refused, even under one-time grants', async () => {
    const { client, call } = await manualClient([ops, '--one-time-grants']);
    try {
      const params = { name: 'ops_drop', arguments: { args: ['prod'] } };
      const asked = await call(params);
      expect(asked.resultType).toBe('input_required');
      const retry = { ...params, requestState: asked.requestState, inputResponses: answer };
      expect(JSON.stringify(await call(retry))).toContain('dropped \\"prod\\"');
      await expect(call(retry)).rejects.toThrow(/Invalid or expired requestState/);
    } finally {
      await client.close();
    }
  });

  it('when the answer comes after the grant TTL then the question has expired and nothing runs', async () => {
    const { client, call } = await manualClient([ops, '--grant-ttl', '1']);
    try {
      const params = { name: 'ops_drop', arguments: { args: ['prod'] } };
      const asked = await call(params);
      await sleep(1_200);
      await expect(call({ ...params, requestState: asked.requestState, inputResponses: answer })).rejects.toThrow(/Invalid or expired requestState/);
    } finally {
      await client.close();
    }
  });
});

describe('excluding a group', () => {
  it('when --exclude names a group then every command under it is gone and cannot be called', async () => {
    const client = await connectInProcess('v2 (2025-11-25)', [ops, '--exclude', 'red group']);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('ops_red_show');
      expect(names).not.toContain('ops_red_group_wipe');
      expect(names).not.toContain('ops_red_group_list');
      await expect(client.callTool('ops_red_group_wipe', {})).rejects.toThrow(/ops_red_group_wipe/);
    } finally {
      await client.close();
    }
  });
});
