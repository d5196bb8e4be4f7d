import { execaSync } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { repoRoot } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

const hasKubectl = execaSync('kubectl', ['version', '--client'], { reject: false }).exitCode === 0;
if (!hasKubectl) console.warn('\n!!! kubectl is not installed: the kubectl manifest end-to-end tests are SKIPPED on this machine !!!\n');

describe.skipIf(!hasKubectl)('the kubectl manifest example through a real MCP client, running the real kubectl', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectInProcess('v2 (2026-07-28)', ['--manifest', join(repoRoot, 'examples/kubectl-manifest/kubectl.json'), '--exec', 'kubectl', '--timeout', '20000']);
  });
  afterAll(() => client?.close());

  it('when the tools are listed then they are the manifest\'s runnable commands, with its annotations, then the read tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'kubectl_version',
      'kubectl_get',
      'kubectl_describe',
      'kubectl_logs',
      'kubectl_api-resources',
      'kubectl_config_current-context',
      'kubectl_config_get-contexts',
      'kubectl_delete',
      'kubectl_run_start',
      'kubectl_run_status',
      'kubectl_run_cancel',
      'kubectl_read_output',
    ]);
    expect(tools.find((tool) => tool.name === 'kubectl_delete')?.annotations).toMatchObject({ destructiveHint: true });
  });

  it('when kubectl_version is called with client: true then kubectl runs and prints its client version', async () => {
    const result = await client.callTool('kubectl_version', { flags: { client: true } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.exitCode).toBe(0);
    expect(textOf(result)).toMatch(/^Client Version: v\d+\.\d+/);
  });

  it('when kubectl_version is asked for json then the curated output choice reaches kubectl', async () => {
    const result = await client.callTool('kubectl_version', { flags: { client: true, output: 'json' } });
    expect(result.structuredContent?.json).toHaveProperty('clientVersion.gitVersion');
  });

  it('when the destructive kubectl_delete is called by a client that cannot ask the user then nothing runs', async () => {
    const result = await client.callTool('kubectl_delete', { flags: { 'dry-run': 'client' }, args: ['pods', 'web'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain('needs the user\'s approval');
  });
});
