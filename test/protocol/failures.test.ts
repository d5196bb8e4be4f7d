import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textOf } from '../e2e/clients.js';
import { repoRoot } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

const kubectlLike = join(repoRoot, 'examples/kubectl-like/kubectl.js');

// What a client sees of a failure; wrap's exit on a missing target is in test/e2e/failures.test.ts.
describe('failures through a client', () => {
  it('when the executable cannot start then the call is an error that names it, and the server lives on', async () => {
    const client = await connectInProcess('v2 (2025-11-25)', [kubectlLike, '--exec', '/no/such/kubectl']);
    try {
      const first = await client.callTool('kubectl_version', { flags: { client: true } });
      expect(first.isError).toBe(true);
      expect(first.structuredContent).toBeUndefined();
      expect(textOf(first)).toBe('Could not start "/no/such/kubectl": no such file, or not found on PATH (ENOENT).');
      const second = await client.callTool('kubectl_get', { args: ['pods'] });
      expect(textOf(second)).toContain('ENOENT');
    } finally {
      await client.close();
    }
  });

  it('when the command writes to stderr and exits non-zero then both come back', async () => {
    const client = await connectInProcess('v1 sdk', [kubectlLike, '--exec', process.execPath]);
    try {
      // With node as the executable, argv is `get ... -- pods`: node cannot find a script named "get".
      const result = await client.callTool('kubectl_get', { args: ['pods'] });
      expect(result.isError).toBe(true);
      expect(result.structuredContent?.exitCode).toBe(1);
      expect(result.structuredContent?.stderr).toContain('Cannot find module');
    } finally {
      await client.close();
    }
  });
});
