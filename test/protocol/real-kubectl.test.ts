/**
 * The real kubectl served in process, three ways: every command a tool (read from its --help), a denied short
 * spelling, and the default --tools auto over its manifest. Each reads the run's one crawl of kubectl
 * (test/helpers/real-crawls.ts), which test/reflect/help/crawl-real.test.ts checks made fresh.
 */
import { execaSync } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTargetManifest } from '../../src/cli/load.js';
import { textOf, type TestClient } from '../e2e/clients.js';
import { connectInProcess, textSink } from '../helpers/in-process.js';
import { withRunCrawl } from '../helpers/real-crawls.js';
import { scratchMaker } from '../helpers/scratch.js';

const hasKubectl = execaSync('kubectl', ['version', '--client'], { reject: false }).exitCode === 0;
if (!hasKubectl) console.warn('\n!!! kubectl is not installed: the real-kubectl tests are SKIPPED on this machine !!!\n');

const scratch = scratchMaker('cli-mcp-real-kubectl-');
const BUDGET = 16_000;

/** Estimated tokens of a tools/list result, as the budget counts them: its JSON's UTF-8 bytes / 4. */
const tokensOf = (list: unknown): number => Math.ceil(Buffer.byteLength(JSON.stringify(list)) / 4);

describe.skipIf(!hasKubectl)('cli-mcp wrap kubectl: the real binary, reflected from its --help', () => {
  let client: TestClient;
  beforeAll(async () => {
    // kubectl's commands as their own tools: a list this big is served in search mode unless all is asked for.
    client = await withRunCrawl('kubectl', () => connectInProcess('v2 (2026-07-28)', ['kubectl', '--tools', 'all', '--timeout', '20000']));
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

describe.skipIf(!hasKubectl)('denying a short spelling with the real kubectl', () => {
  const flagsOf = async (args: readonly string[]) => {
    const client = await withRunCrawl('kubectl', () => connectInProcess('v2 (2026-07-28)', ['kubectl', '--include', 'get', ...args]));
    try {
      const get = (await client.listTools()).tools.find((tool) => tool.name === 'kubectl_get');
      return Object.keys((get?.inputSchema as { properties: { flags: { properties: object } } }).properties.flags.properties);
    } finally {
      await client.close();
    }
  };

  it('when -s is denied then kubectl_get offers no server flag, though it does without the deny', async () => {
    expect(await flagsOf([])).toContain('server');
    expect(await flagsOf(['--deny-flag=-s'])).not.toContain('server');
  }, 120_000);

  it('when --deny-flag is repeated with flags starting with - then the server starts and denies them all', async () => {
    const flags = await flagsOf(['--deny-flag', '--kubeconfig', '--deny-flag', '-s']);
    expect(flags).not.toContain('server');
    expect(flags).not.toContain('kubeconfig');
    expect(flags).toContain('output');
  }, 120_000);
});

describe.skipIf(!hasKubectl)('real kubectl on the default --tools auto', () => {
  let client: TestClient;
  let dir: string;

  beforeAll(async () => {
    dir = scratch();
    const manifest = join(dir, 'kubectl.json');
    // `cli-mcp tools kubectl --manifest <file>`: the run's crawl of kubectl, read from the cache.
    const quiet = textSink().stream;
    await withRunCrawl('kubectl', () => writeTargetManifest('kubectl', manifest, { cwd: dir }, { stdout: quiet, stderr: quiet }));
    // Only `version --client` runs: nothing here reaches a cluster.
    client = await connectInProcess('v2 (2026-07-28)', ['--manifest', manifest, '--exec', 'kubectl', '--preset', 'kubectl'], { cwd: dir });
  }, 120_000);
  afterAll(() => client?.close());

  it('when the tools are listed then the list is within the 16k-token budget', async () => {
    const list = await client.listTools();
    expect(list.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['kubectl_search_commands', 'kubectl_describe_command', 'kubectl_run_command']));
    expect(tokensOf(list)).toBeLessThanOrEqual(BUDGET);
  });

  it('when a model searches for the version command and runs it read-only then kubectl prints its client version', async () => {
    const found = await client.callTool('kubectl_search_commands', { query: 'version' });
    expect(textOf(found).split('\n')[0]).toMatch(/^kubectl_version: .*\(read-only\)$/);
    const ran = await client.callTool('kubectl_run_read_only_command', { command: 'version', flags: { client: true } });
    expect(ran.isError, textOf(ran)).toBeFalsy();
    expect(ran.structuredContent?.stdout).toMatch(/^Client Version: v\d+\.\d+/);
  });

  it('when the read-only run tool is asked for kubectl delete then it refuses', async () => {
    const refused = await client.callTool('kubectl_run_read_only_command', { command: 'delete', args: ['pod', 'web-1'] });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('`kubectl delete` is destructive, not read-only');
  });
});
