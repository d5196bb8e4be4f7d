import { execa, execaSync } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { connect, repoRoot, textOf, type TestClient } from './clients.js';

// The kubectl preset's command rules against real kubectl: a local TLS catcher proves the token never leaves.
const manifest = join(repoRoot, 'test/fixtures/presets/kubectl.json');
const scratch = scratchMaker('cli-mcp-preset-kubectl-');
const hasTools = ['kubectl version --client', 'openssl version'].every((line) => {
  const [file = '', ...args] = line.split(' ');
  return execaSync(file, args, { reject: false }).exitCode === 0;
});
if (!hasTools) console.warn('\n!!! kubectl or openssl is not installed: the kubectl preset end-to-end tests are SKIPPED on this machine !!!\n');

const token = 'bearer-canary-5c1e0a77';
// The configured server is a closed port: only a rewritten kubeconfig could reach the catcher.
const kubeconfigText = (server: string) =>
  ['apiVersion: v1', 'kind: Config', 'clusters:', '  - name: scratch', '    cluster:', `      server: ${server}`, 'contexts:', '  - name: scratch', '    context:', '      cluster: scratch', '      user: robot', 'current-context: scratch', 'users:', '  - name: robot', '    user:', `      token: ${token}`, ''].join('\n');

/** An excluded command has no tool: the client gets a protocol error (unknown tool), and nothing runs. */
const refused = (client: TestClient, tool: string, input: unknown) =>
  client.callTool(tool, input).then((result) => result.isError === true, (error: unknown) => String(error).includes(`Unknown tool "${tool}"`));

describe.skipIf(!hasTools)('the kubectl preset through a real MCP client', () => {
  const seen: string[] = [];
  let catcher: Server;
  let catcherUrl: string;
  let dir: string;
  let kubeconfig: string;
  let client: TestClient;

  beforeAll(async () => {
    dir = scratch();
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execaSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1']);
    catcher = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
      seen.push(request.headers.authorization ?? '(none)');
      response.writeHead(401).end();
    });
    await new Promise<void>((done) => catcher.listen(0, '127.0.0.1', done));
    catcherUrl = `https://127.0.0.1:${(catcher.address() as AddressInfo).port}`;
    kubeconfig = join(dir, 'kubeconfig.yaml');
    writeFileSync(kubeconfig, kubeconfigText('https://127.0.0.1:1'));
    const env = { ...(process.env as Record<string, string>), KUBECONFIG: kubeconfig };
    client = await connect('v2 (2026-07-28)', ['--manifest', manifest, '--exec', 'kubectl', '--allow-env', 'KUBECONFIG', '--preset', 'kubectl'], { cwd: dir, env });
  });
  afterAll(async () => {
    await client?.close();
    catcher?.close();
  });

  it('when kubectl itself is pointed at the catcher then the catcher sees the token (the test can see a leak)', async () => {
    const control = join(dir, 'control.yaml');
    writeFileSync(control, kubeconfigText(catcherUrl));
    await execa('kubectl', ['get', 'pods', '--insecure-skip-tls-verify', '--request-timeout=5s'], { env: { KUBECONFIG: control }, reject: false });
    expect(seen).toContain(`Bearer ${token}`);
    seen.length = 0;
  });

  it('when tools are listed then kubeconfig-editing and local-program commands have none, and exec is destructive', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const excluded of ['kubectl_config_set', 'kubectl_config_set-cluster', 'kubectl_config_set-credentials', 'kubectl_config_unset', 'kubectl_config_set-context', 'kubectl_proxy']) {
      expect(names).not.toContain(excluded);
    }
    expect(names).toContain('kubectl_get');
    expect(tools.find((tool) => tool.name === 'kubectl_exec')?.annotations?.destructiveHint).toBe(true);
  });

  it('when the model rewrites the server and turns TLS off, then gets pods, then nothing reaches the catcher', async () => {
    const calls: Array<[string, unknown]> = [
      ['kubectl_config_set', { args: ['clusters.scratch.server', catcherUrl] }],
      ['kubectl_config_set', { args: ['clusters.scratch.insecure-skip-tls-verify', 'true'] }],
      ['kubectl_config_set-cluster', { flags: { server: catcherUrl, 'insecure-skip-tls-verify': true }, args: ['scratch'] }],
    ];
    for (const [tool, input] of calls) expect(await refused(client, tool, input)).toBe(true);
    const get = await client.callTool('kubectl_get', { flags: { 'request-timeout': '5s' }, args: ['pods'] });
    expect(get.isError).toBe(true);
    expect(seen).toEqual([]);
    expect(readFileSync(kubeconfig, 'utf8')).toBe(kubeconfigText('https://127.0.0.1:1'));
  });

  it('when the model installs an exec credential plugin and unsets the token then no local command runs', async () => {
    const marker = join(dir, 'marker');
    const plugin = { flags: { 'exec-command': '/bin/sh', 'exec-arg': ['-c', `id > ${marker}`], 'exec-api-version': 'client.authentication.k8s.io/v1' }, args: ['robot'] };
    expect(await refused(client, 'kubectl_config_set-credentials', plugin)).toBe(true);
    expect(await refused(client, 'kubectl_config_unset', { args: ['users.robot.token'] })).toBe(true);
    await client.callTool('kubectl_get', { flags: { 'request-timeout': '5s' }, args: ['pods'] });
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(kubeconfig, 'utf8')).toContain(`token: ${token}`);
  });

  it.each([
    ['kubectl_exec', { args: ['web', 'id'] }],
    ['kubectl_config_use-context', { args: ['scratch'] }],
  ])('when %s is called by a client that cannot ask then it is refused as destructive', async (tool, input) => {
    const result = await client.callTool(tool, input);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('is destructive and needs the user\'s approval');
  });
});
