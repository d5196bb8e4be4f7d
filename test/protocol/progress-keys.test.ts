import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixture.js';
import { serveInProcess } from '../helpers/in-process.js';

const keyprinter = fixture('stream/keyprinter.js');
// The fixture's key body lines all start like this; the BEGIN and END lines do not.
const BODY = /MIIEv\d/;

/** Calls a tool with a progressToken and returns every progress message and the result's text. */
async function callWithProgress(flags: string[], name: string, args: Record<string, unknown>) {
  const client = new Client({ name: 'e2e-progress-keys', version: '1.0.0' });
  const served = await serveInProcess([keyprinter, ...flags]);
  await client.connect(served.transport);
  try {
    const messages: string[] = [];
    const result = await client.callTool({ name, arguments: args }, CallToolResultSchema, { onprogress: (p) => void messages.push(p.message ?? '') });
    return { messages, result: JSON.stringify(result) };
  } finally {
    await client.close();
    await served.close();
  }
}

describe('progress with a private key', () => {
  it('when a CLI prints a private key line by line with pauses then no body line is in any progress message or the result', async () => {
    const { messages, result } = await callWithProgress([], 'keyprinter_slow', {});
    const streamed = messages.join('\n');
    expect(streamed).toContain('fetching secret');
    expect(streamed).toContain('[REDACTED]');
    expect(streamed).toContain('done');
    expect(streamed).not.toMatch(BODY);
    expect(streamed).not.toContain('PRIVATE KEY');
    // BEGIN goes out in the first notification and `done` about 2.4 s later: the body lines in between sent nothing.
    expect(messages).toEqual(['fetching secret', '[REDACTED]', 'done']);
    expect(result).toContain('[REDACTED]');
    expect(result).not.toMatch(BODY);
  });

  it('when a long output ends with a key whose BEGIN the cap cuts away then neither progress nor the result shows its body', async () => {
    const { messages, result } = await callWithProgress(['--max-output', '800'], 'keyprinter_flood', { args: ['2'] });
    expect(result).toContain('bytes cut from the middle of stdout');
    expect(result).not.toContain('BEGIN');
    expect(result).toContain('after the key');
    expect(result).not.toMatch(BODY);
    expect(messages.join('\n')).not.toMatch(BODY);
  });
});
