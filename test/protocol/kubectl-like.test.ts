import { execaSync } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { repoRoot } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

const hasKubectl = execaSync('kubectl', ['version', '--client'], { reject: false }).exitCode === 0;
if (!hasKubectl) console.warn('\n!!! kubectl is not installed: the kubectl-like end-to-end tests are SKIPPED on this machine !!!\n');

describe.skipIf(!hasKubectl)('the kubectl-like example through a real MCP client, running the real kubectl', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectInProcess('v2 (2026-07-28)', [join(repoRoot, 'examples/kubectl-like/kubectl.js'), '--exec', 'kubectl', '--timeout', '20000']);
  });
  afterAll(() => client?.close());

  it('when kubectl_version is called with client: true then it succeeds offline', async () => {
    const result = await client.callTool('kubectl_version', { flags: { client: true, output: 'json' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.json).toHaveProperty('clientVersion.gitVersion');
  });

  it('when kubectl_get has no cluster to talk to then the error carries kubectl\'s own stderr', async () => {
    const result = await client.callTool('kubectl_get', { flags: { namespace: 'kube-system', 'request-timeout': '2s' }, args: ['pods'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.exitCode).not.toBe(0);
    expect(result.structuredContent?.stderr).toMatch(/connect|refused|server|config/i);
    expect(textOf(result)).toContain('stderr:');
  });
});
