import { execaSync } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { connect, repoRoot, textOf, type TestClient } from './clients.js';

// Command names that hide their risk in a word part (`unset`, `delete-context`), served from the real kubectl.
const manifest = join(repoRoot, 'test/fixtures/real-manifests/kubectl.json');
const scratch = scratchMaker('cli-mcp-risk-words-');
const hasKubectl = execaSync('kubectl', ['version', '--client'], { reject: false }).exitCode === 0;
if (!hasKubectl) console.warn('\n!!! kubectl is not installed: the risk-word end-to-end tests are SKIPPED on this machine !!!\n');

const kubeconfigText = [
  'apiVersion: v1',
  'kind: Config',
  'clusters:',
  '  - name: scratch',
  '    cluster:',
  '      server: https://127.0.0.1:6443',
  'contexts:',
  '  - name: scratch',
  '    context:',
  '      cluster: scratch',
  '      user: robot',
  'current-context: scratch',
  'users:',
  '  - name: robot',
  '    user:',
  '      username: robot',
  '',
].join('\n');

describe.skipIf(!hasKubectl)('approval of real kubectl commands by the words in their names, in auto mode', () => {
  let client: TestClient;
  let kubeconfig: string;
  beforeAll(async () => {
    kubeconfig = join(scratch(), 'kubeconfig.yaml');
    writeFileSync(kubeconfig, kubeconfigText);
    const env = { ...(process.env as Record<string, string>), KUBECONFIG: kubeconfig };
    // No elicitation: a call that needs approval is refused, so a refusal proves the risk was seen.
    client = await connect('v2 (2026-07-28)', ['--manifest', manifest, '--exec', 'kubectl', '--allow-env', 'KUBECONFIG'], { env });
  });
  afterAll(() => client?.close());

  it.each([
    ['kubectl_config_unset', ['users.robot.username']],
    ['kubectl_config_delete-context', ['scratch']],
  ])('when %s is called by a client that cannot ask then it is refused as destructive and the kubeconfig is untouched', async (tool, args) => {
    const result = await client.callTool(tool, { args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`${tool} is destructive and needs the user's approval`);
    expect(readFileSync(kubeconfig, 'utf8')).toBe(kubeconfigText);
  });

  it('when kubectl_config_set-context is called then it writes without asking, as a recoverable change', async () => {
    const result = await client.callTool('kubectl_config_set-context', { flags: { cluster: 'scratch' }, args: ['other'] });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(readFileSync(kubeconfig, 'utf8')).toContain('name: other');
  });
});
