/**
 * Real programs called the way their users type them, through a real MCP client: kubectl (cobra, read
 * from its --help) and git (its own parse-options), each with its preset, offline.
 */
import { execaSync } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realCrawlsHome, serving } from '../helpers/real-crawls.js';
import { scratchMaker } from '../helpers/scratch.js';
import { connect, textOf, type TestClient } from './clients.js';

const scratch = scratchMaker('cli-mcp-real-argv-');
const noKubeconfig = join(scratch(), 'no-kubeconfig');

/** A user's environment with the given help cache and no cluster configured. */
function env(cache: string): Record<string, string> {
  return { ...(process.env as Record<string, string>), XDG_CACHE_HOME: cache, KUBECONFIG: noKubeconfig };
}

describe('kubectl through cli-mcp, as its users type it', () => {
  let client: TestClient;
  beforeAll(async () => {
    // kubectl's commands as their own tools: auto would serve a list this big in search mode.
    // The kubectl preset makes exec and attach destructive: this user approves.
    // Its crawl is the run's one, shared with the corpus's kubectl and the crawl in process.
    client = await serving('kubectl', () => connect('v2 (2026-07-28)', ['kubectl', '--tools', 'all', '--preset', 'kubectl', '--timeout', '20000'], { env: env(realCrawlsHome()), elicit: () => 'accept' }));
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  const yaml = { 'dry-run': 'client', output: 'yaml' };
  it.each([
    { tool: 'kubectl_create_deployment', input: { flags: { ...yaml, image: ['nginx'], replicas: 2 }, args: ['web'] }, expected: [/kind: Deployment/, /name: web/, /image: nginx/, /replicas: 2/] },
    { tool: 'kubectl_create_namespace', input: { flags: yaml, args: ['team-a'] }, expected: [/kind: Namespace/, /name: team-a/] },
    { tool: 'kubectl_create_secret_generic', input: { flags: { ...yaml, 'from-literal': ['user=admin'] }, args: ['creds'] }, expected: [/kind: Secret/, /name: creds/, /user: YWRtaW4=/] },
    { tool: 'kubectl_create_configmap', input: { flags: { ...yaml, 'from-literal': ['mode=fast', 'level=3'] }, args: ['settings'] }, expected: [/kind: ConfigMap/, /name: settings/, /mode: fast/, /level: "3"/] },
  ])('when $tool is called with a NAME and --dry-run=client -o yaml then kubectl prints the object', async ({ tool, input, expected }) => {
    const result = await client.callTool(tool, input);
    expect(result.isError, textOf(result)).toBeFalsy();
    for (const pattern of expected) expect(result.structuredContent?.stdout).toMatch(pattern);
  });

  it('when kubectl_exec carries a passthrough command then kubectl accepts the command line and only fails for want of a cluster', async () => {
    const { tools } = await client.listTools();
    const exec = tools.find((tool) => tool.name === 'kubectl_exec');
    expect(exec?.inputSchema).toMatchObject({ properties: { passthrough: { type: 'array' } }, required: expect.arrayContaining(['passthrough']) });
    const result = await client.callTool('kubectl_exec', { flags: { container: 'app' }, args: ['web-1'], passthrough: ['ls', '-la'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.stderr).toMatch(/connection to the server .* was refused/);
    expect(result.structuredContent?.stderr).not.toMatch(/must specify|must be specified|required/);
  });

  it('when kubectl_cluster-info, a command that runs and holds subcommands, is listed and called then kubectl runs it', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['kubectl_cluster-info', 'kubectl_cluster-info_dump']));
    const result = await client.callTool('kubectl_cluster-info', { flags: { 'request-timeout': '2s' } });
    expect(result.structuredContent?.stderr).toMatch(/connection to the server .* was refused/);
  });

  it('when kubectl_run carries a passthrough command then kubectl reads NAME and the command, and only fails for want of a cluster', async () => {
    const result = await client.callTool('kubectl_run', { flags: { image: 'busybox', 'dry-run': 'client', output: 'yaml' }, args: ['job'], passthrough: ['sleep', '10'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.stderr).toMatch(/connection to the server .* was refused/);
    expect(result.structuredContent?.stderr).not.toMatch(/NAME is required|exactly one NAME/);
  });
});

describe('git read from its help, wherever the server starts', () => {
  it('when one server starts inside a repository and another outside, sharing a cache, then both describe git diff the same way', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'cli-mcp-git-cwd-'));
    const repo = mkdtempSync(join(tmpdir(), 'cli-mcp-git-repo-'));
    execaSync('git', ['init', '-q'], { cwd: repo });
    try {
      const schemas: unknown[] = [];
      for (const cwd of [tmpdir(), repo]) {
        const client = await connect('v2 (2026-07-28)', ['git', '--tools', 'all'], { cwd, env: env(cache) });
        const { tools } = await client.listTools();
        schemas.push(tools.find((tool) => tool.name === 'git_diff')?.inputSchema);
        await client.close();
      }
      expect(schemas[0]).toBeDefined();
      expect(schemas[1]).toEqual(schemas[0]);
      expect(JSON.stringify(schemas[0])).toMatch(/commit/);
    } finally {
      rmSync(cache, { recursive: true, force: true });
      rmSync(repo, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('git through cli-mcp, as its users type it', () => {
  let client: TestClient;
  let repo: string;
  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'cli-mcp-git-argv-'));
    const git = (...args: string[]) => execaSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo });
    git('init', '-q');
    // The identity the server's calls commit with: theirs is an allowlisted environment, the test's HOME has no config.
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 't');
    for (let n = 1; n <= 4; n += 1) {
      writeFileSync(join(repo, 'a.txt'), `hi ${n}\nbye\n`.repeat(n));
      git('add', '.');
      git('commit', '-qm', `commit ${n}`);
    }
    writeFileSync(join(repo, 'a.txt'), 'hi there\nchanged\n');
    // Its crawl is the run's one, shared with the corpus's git and the crawl in process.
    const identity = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    client = await serving('git', () => connect('v2 (2026-07-28)', ['git', '--tools', 'all', '--preset', 'git', '--allow-multiline', 'git_commit.message'], { cwd: repo, env: { ...env(realCrawlsHome()), ...identity } }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('when git_grep is called with line-number then options come before the pattern and git finds it', async () => {
    const result = await client.callTool('git_grep', { flags: { 'line-number': true }, args: ['hi'] });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent?.stdout).toBe('a.txt:1:hi there\n');
  });

  it('when git_diff is called with stat, a revision and a path then git prints the diffstat', async () => {
    const result = await client.callTool('git_diff', { flags: { stat: true }, args: ['HEAD', 'a.txt'] });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent?.stdout).toMatch(/a\.txt \| \d+ [+-]+\n 1 file changed/);
  });

  it('when git_log is called with max-count 3 and a format then git prints three subjects', async () => {
    const result = await client.callTool('git_log', { flags: { 'max-count': 3, format: '%s' } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent?.stdout).toBe('commit 4\ncommit 3\ncommit 2\n');
  });

  it('when git_commit is given a two-line message (allowed for that flag) then git records both lines', async () => {
    const result = await client.callTool('git_commit', { flags: { all: true, message: 'Subject line\n\nBody line' } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(execaSync('git', ['log', '-1', '--format=%B'], { cwd: repo }).stdout).toBe('Subject line\n\nBody line\n');
  });
});
