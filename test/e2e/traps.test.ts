import { describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixture.js';
import { connect, textOf } from './clients.js';

// A configuration trap of the "Contain every call" issue that needs a variable in the server's own environment;
// the others are in test/protocol/traps.test.ts.
const ops = fixture('traps/ops.js');

describe('the locale allowlist', () => {
  it('when the server holds LC_SECRET_TOKEN then the CLI does not inherit it, but gets LC_MESSAGES', async () => {
    const env = { ...(process.env as Record<string, string>), LC_SECRET_TOKEN: 'lc-canary-77', LC_MESSAGES: 'C' };
    const client = await connect('v1 sdk', [ops, '--no-redact'], { env });
    try {
      const seen = JSON.parse(textOf(await client.callTool('ops_env', {}))) as Record<string, string>;
      expect(seen).not.toHaveProperty('LC_SECRET_TOKEN');
      expect(seen.LC_MESSAGES).toBe('C');
    } finally {
      await client.close();
    }
  });
});
