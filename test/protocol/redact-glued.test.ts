import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { clientKinds, textOf } from '../e2e/clients.js';
import { connectInProcess } from '../helpers/in-process.js';

// A model shapes output through a template (printf's format here; `--format`, `-o go-template` and jq alike):
// a token with characters glued on either side must still reach it masked.
const scratch = scratchMaker('cli-mcp-redact-glued-');
// Fake tokens, assembled at run time so secret scanners do not flag this file.
const body36 = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const tokens = {
  github: `ghp_${body36}`,
  aws: 'AKIA' + 'IOSFODNN7EXAMPLE',
  stripe: 'sk_' + 'live_' + '4eC39HqLyjWDarjtT1zdp7dc',
  pat: 'github_pat_' + '11ABCDEFG0123456789abc_' + 'x'.repeat(59),
};
const glued: ReadonlyArray<readonly [string, string]> = [
  ['x%sx', tokens.github],
  ['_%s_', tokens.github],
  ['9%s9', tokens.aws],
  ['x%sx', tokens.stripe],
  ['x%s', tokens.pat],
];

describe.each(clientKinds)('glued secrets through printf with the %s client', (kind) => {
  it('when a format glues a character to each side of a token then the result holds the mask, never the token', async () => {
    const client = await connectInProcess(kind, ['printf'], { cwd: scratch() });
    try {
      for (const [format, token] of glued) {
        const result = await client.callTool('printf', { args: [format, token] });
        const seen = JSON.stringify(result);
        expect(textOf(result)).toContain('[REDACTED]');
        expect(seen).not.toContain(token.slice(4));
      }
    } finally {
      await client.close();
    }
  });
});
