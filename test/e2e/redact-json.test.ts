import { execa, execaSync } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixture.js';
import { scratchMaker } from '../helpers/scratch.js';
import { connect, textOf, type TestClient } from './clients.js';

// Redaction on what real kubectl prints with `-o json` and `-o yaml`: secrets go, the structure stays. The server
// is spawned: its own environment names the kubeconfig (--allow-env KUBECONFIG). jq's is in test/protocol/redact-json.test.ts.
const scratch = scratchMaker('cli-mcp-redact-json-');
const M = '[REDACTED]';
const hasKubectl = execaSync('kubectl', ['version', '--client'], { reject: false }).exitCode === 0;
if (!hasKubectl) console.warn('\n!!! kubectl is not installed: some redaction end-to-end tests are SKIPPED on this machine !!!\n');

// Fake secrets, assembled at run time so secret scanners do not flag this file.
const token = 'fixture-' + 'token-4f1c9a7e2b';
const userPassword = 'fixture-' + 'pw-91d0';
const clientKey = Buffer.from('-----BEGIN EC ' + 'PRIVATE KEY-----\nfixture\n').toString('base64');

/** A kubeconfig with a token user, a basic-auth user and a client-key user; no cluster is ever contacted. */
function writeKubeconfig(dir: string): string {
  const file = join(dir, 'kubeconfig.yaml');
  const users = [
    `  - name: robot\n    user:\n      token: ${token}`,
    `  - name: basic\n    user:\n      username: admin\n      password: ${userPassword}`,
    `  - name: cert\n    user:\n      client-key-data: ${clientKey}`,
  ];
  const config = ['apiVersion: v1', 'kind: Config', 'clusters:', '  - name: scratch', '    cluster:', '      server: https://127.0.0.1:6443', 'contexts:', '  - name: scratch', '    context:', '      cluster: scratch', '      user: robot', 'current-context: scratch', 'users:', ...users, ''];
  writeFileSync(file, config.join('\n'));
  return file;
}

/** YAML parsed by a real YAML parser (Python's), as JSON. */
async function parseYaml(text: string): Promise<unknown> {
  const run = await execa('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], { input: text });
  return JSON.parse(run.stdout) as unknown;
}

describe.skipIf(!hasKubectl)('redaction of real kubectl output, through a real MCP client', () => {
  let client: TestClient;
  beforeAll(async () => {
    const kubeconfig = writeKubeconfig(scratch());
    const env = { ...(process.env as Record<string, string>), KUBECONFIG: kubeconfig };
    client = await connect('v2 (2026-07-28)', ['--manifest', fixture('real-manifests/kubectl.json'), '--exec', 'kubectl', '--allow-env', 'KUBECONFIG'], { env });
  });
  afterAll(() => client?.close());

  const secret = { flags: { 'from-literal': ['password=hunter2', 'token=abc'], 'dry-run': 'client' }, args: ['s'] };

  it('when a secret is printed as JSON then the text still parses, the data values are masked and the rest is kept', async () => {
    const result = await client.callTool('kubectl_create_secret_generic', { ...secret, flags: { ...secret.flags, output: 'json' } });
    expect(result.isError).toBeFalsy();
    // `json` is there only when the masked text parsed; the text itself is the result's content.
    const printed = result.structuredContent?.json as { data: unknown; metadata: unknown };
    expect(JSON.parse(textOf(result))).toEqual(printed);
    expect(printed.data).toEqual({ password: M, token: M });
    expect(printed.metadata).toEqual({ name: 's', creationTimestamp: null });
    expect(textOf(result)).not.toMatch(/aHVudGVyMg|YWJj/);
  });

  it('when a secret is printed as YAML then it still parses and each masked value is a string', async () => {
    const result = await client.callTool('kubectl_create_secret_generic', { ...secret, flags: { ...secret.flags, output: 'yaml' } });
    const printed = (await parseYaml(result.structuredContent?.stdout ?? '')) as { data: unknown; metadata: unknown };
    expect(printed.data).toEqual({ password: M, token: M });
    expect(printed.metadata).toEqual({ name: 's', creationTimestamp: null });
  });

  it('when a raw kubeconfig is printed as JSON then it parses and the token, password and client key are gone', async () => {
    const result = await client.callTool('kubectl_config_view', { flags: { raw: true, output: 'json' } });
    expect(result.isError).toBeFalsy();
    const printed = result.structuredContent?.json as { users: Array<{ name: string; user: Record<string, unknown> }>; clusters: unknown[] };
    // kubectl prints users sorted by name.
    expect(printed.users).toEqual([
      { name: 'basic', user: { username: 'admin', password: M } },
      { name: 'cert', user: { 'client-key-data': M } },
      { name: 'robot', user: { token: M } },
    ]);
    expect(printed.clusters).toHaveLength(1);
    for (const value of [token, userPassword, clientKey]) expect(JSON.stringify(result)).not.toContain(value);
  });

  it('when a raw kubeconfig is printed as YAML then it parses and the secrets are masked strings', async () => {
    const result = await client.callTool('kubectl_config_view', { flags: { raw: true, output: 'yaml' } });
    const stdout = result.structuredContent?.stdout ?? '';
    const printed = (await parseYaml(stdout)) as { users: Array<{ user: Record<string, unknown> }>; 'current-context': string };
    expect(printed.users.map((entry) => entry.user)).toEqual([{ username: 'admin', password: M }, { 'client-key-data': M }, { token: M }]);
    expect(printed['current-context']).toBe('scratch');
    for (const value of [token, userPassword, clientKey]) expect(stdout).not.toContain(value);
  });
});
