import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixture.js';
import { serveInProcess } from '../helpers/in-process.js';

const serve = () => serveInProcess([fixture('secure/gitlike.js')]);

describe('progress', () => {
  it('when a v1 client sends a progressToken then output lines stream as progress, cleaned, a notification each', async () => {
    const client = new Client({ name: 'e2e-progress', version: '1.0.0' });
    const served = await serve();
    await client.connect(served.transport);
    try {
      const messages: string[] = [];
      const result = await client.callTool({ name: 'gitlike_ticker', arguments: {} }, CallToolResultSchema, { onprogress: (p) => void messages.push(p.message ?? '') });
      expect(result.isError).toBeFalsy();
      const streamed = messages.join('\n');
      for (let i = 1; i <= 5; i += 1) expect(streamed).toContain(`tick ${i}`);
      expect(streamed).toContain('tick 3 bold [REDACTED]');
      expect(streamed).not.toContain('\u001b');
      expect(streamed).not.toContain('ghp_');
      // A notification per line, as a status line: never a batch of lines in one message.
      expect(messages.filter((message) => message.startsWith('tick'))).toHaveLength(5);
      expect(messages.every((message) => !message.includes('\n'))).toBe(true);
    } finally {
      await client.close();
      await served.close();
    }
  });

  it('when a 2026-07-28 client asks for progress then it gets it too, and a call without a token runs as before', async () => {
    const client = new ClientV2({ name: 'e2e-progress-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const served = await serve();
    await client.connect(served.transport);
    try {
      const messages: string[] = [];
      await client.callTool({ name: 'gitlike_ticker', arguments: {} }, { onprogress: (p) => void messages.push(p.message ?? '') });
      expect(messages.join('\n')).toContain('tick 5');
      const quiet = await client.callTool({ name: 'gitlike_ticker', arguments: {} });
      expect(quiet.isError).toBeFalsy();
    } finally {
      await client.close();
      await served.close();
    }
  });
});
