import { execaSync } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { connectInProcess } from '../helpers/in-process.js';

const hasKubectl = execaSync('kubectl', ['version', '--client'], { reject: false }).exitCode === 0;
if (!hasKubectl) console.warn('\n!!! kubectl is not installed: the kubectl help-reflection tests are SKIPPED on this machine !!!\n');

describe.skipIf(!hasKubectl)('cli-mcp wrap kubectl: the real binary, reflected from its --help', () => {
  let client: TestClient;
  beforeAll(async () => {
    // A fresh cache, as test/helpers/hermetic.ts gives each file: the crawl itself is part of what is tested.
    // kubectl's commands as their own tools: a list this big is served in search mode unless all is asked for.
    client = await connectInProcess('v2 (2026-07-28)', ['kubectl', '--tools', 'all', '--timeout', '20000']);
  }, 120_000);
  afterAll(() => client?.close());

  it('when listed then kubectl\'s commands are typed tools', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['kubectl_get', 'kubectl_version', 'kubectl_logs', 'kubectl_config_use-context']));
    expect(tools.find((tool) => tool.name === 'kubectl_version')?.inputSchema).toMatchObject({ properties: { flags: { properties: { client: { type: 'boolean' } } } } });
  });

  it('when kubectl_version is called with client: true then it succeeds offline', async () => {
    const result = await client.callTool('kubectl_version', { flags: { client: true } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.stdout).toContain('Client Version');
  });

  it('when kubectl_get has no cluster then the result is an error carrying kubectl\'s own stderr', async () => {
    const result = await client.callTool('kubectl_get', { flags: { 'request-timeout': '2s' }, args: ['pods'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.stderr).toMatch(/connect|refused|server/i);
    expect(textOf(result)).toContain('stderr:');
  });
});
