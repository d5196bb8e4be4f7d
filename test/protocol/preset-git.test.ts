import { execaSync } from 'execa';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { textOf, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// The git preset's command rules and path confinement, against real git through a real MCP client.
const manifest = fixture('presets/git.json');
const scratch = scratchMaker('cli-mcp-preset-git-');
const identity = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
let repo: string;
let outsideFile: string;
let client: TestClient;

const git = (...args: string[]) => execaSync('git', args, { cwd: repo, env: identity });

beforeAll(async () => {
  const base = scratch();
  repo = join(base, 'repo');
  outsideFile = join(base, 'outside-secret.txt');
  writeFileSync(outsideFile, 'outside-secret-d41d8\n');
  mkdirSync(repo);
  git('init', '-q');
  for (const text of ['one\n', 'two\n']) {
    writeFileSync(join(repo, 'file.txt'), text);
    git('add', 'file.txt');
    git('commit', '-qm', text.trim());
  }
  symlinkSync(outsideFile, join(repo, 'link-out'));
  client = await connectInProcess('v2 (2026-07-28)', ['--manifest', manifest, '--exec', 'git', '--preset', 'git'], { cwd: repo });
});
afterAll(() => client?.close());

const marker = () => join(repo, 'marker');

describe('the git preset through a real MCP client', () => {
  it('when tools are listed then excluded commands have none, denied flags are not offered, and push is destructive', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).not.toContain('git_filter-branch');
    expect(names).not.toContain('git_submodule_foreach');
    expect(JSON.stringify(tools.find((tool) => tool.name === 'git_diff')?.inputSchema)).not.toContain('no-index');
    expect(JSON.stringify(tools.find((tool) => tool.name === 'git_log')?.inputSchema)).not.toContain('"c"');
    expect(tools.find((tool) => tool.name === 'git_push')?.annotations?.destructiveHint).toBe(true);
  });

  it('when bisect is started then bisect run is refused and its command never runs', async () => {
    const start = await client.callTool('git_bisect', { args: ['start', 'HEAD', 'HEAD~1'] });
    expect(start.isError, textOf(start)).toBeFalsy();
    const run = await client.callTool('git_bisect', { args: ['run', 'touch', 'marker'] });
    expect(run.isError).toBe(true);
    expect(textOf(run)).toContain('`bisect run` is not allowed');
    expect(existsSync(marker())).toBe(false);
    await client.callTool('git_bisect', { args: ['reset'] });
  });

  it.each([
    ['an absolute path outside', () => [outsideFile, '/dev/null']],
    ['a parent path', () => ['../outside-secret.txt', 'file.txt']],
    ['a symlink pointing out', () => ['link-out', './link-out']],
  ])('when diff is given %s then it is refused and the file is not printed', async (_name, args) => {
    const result = await client.callTool('git_diff', { args: args() });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('outside');
    expect(JSON.stringify(result)).not.toContain('outside-secret-d41d8');
  });

  it('when -c core.sshCommand is passed then the call is refused', async () => {
    const result = await client.callTool('git_log', { flags: { c: ['core.sshCommand=touch marker'] } });
    expect(result.isError).toBe(true);
    expect(existsSync(marker())).toBe(false);
  });

  it.each([
    [['core.pager', 'touch marker']],
    [['alias.lg', '!touch marker']],
    [['core.hooksPath', '/tmp']],
  ])('when config sets %j then it is refused and the repository config is untouched', async (args) => {
    const before = readFileSync(join(repo, '.git/config'), 'utf8');
    const result = await client.callTool('git_config', { args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('is not allowed');
    expect(readFileSync(join(repo, '.git/config'), 'utf8')).toBe(before);
    await client.callTool('git_log', { flags: { oneline: true } });
    expect(existsSync(marker())).toBe(false);
  });

  it('when ordinary diff, log and config user.name are called then they run', async () => {
    writeFileSync(join(repo, 'file.txt'), 'three\n');
    const diff = await client.callTool('git_diff', { args: ['file.txt'] });
    expect(diff.structuredContent?.stdout).toContain('+three');
    const log = await client.callTool('git_log', { flags: { oneline: true } });
    expect(log.structuredContent?.stdout).toContain('two');
    const config = await client.callTool('git_config', { args: ['user.name', 'x'] });
    expect(config.isError, textOf(config)).toBeFalsy();
    expect(git('config', 'user.name').stdout).toBe('x');
  });
});
