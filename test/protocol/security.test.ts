import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// The security promises of the README, each through a real MCP client and a real spawn of the CLI.
// What the server's own environment holds is in test/e2e/security.test.ts, which spawns the server.
const gitlike = fixture('secure/gitlike.js');
let dir: string;
let client: TestClient;
let gitPreset: TestClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-secure-'));
  client = await connectInProcess('v2 (2026-07-28)', [gitlike], { cwd: dir });
  gitPreset = await connectInProcess('v1 sdk', [gitlike, '--preset', 'git'], { cwd: dir });
});
afterAll(async () => {
  await client?.close();
  await gitPreset?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('input', () => {
  it('when a value holds shell syntax then it arrives as one literal argument', async () => {
    const result = await client.callTool('gitlike_echo', { args: ['; id', '$(id)', '`id`'] });
    expect(result.structuredContent?.stdout).toBe('; id $(id) `id`\n');
  });

  it('when flags hold a __proto__ key then the call is refused', async () => {
    const result = await client.callTool('gitlike_log', JSON.parse('{"flags": {"__proto__": {"oneline": true}}}'));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('__proto__');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['CR', 'a\rb'],
    ['LF', 'a\nb'],
  ])('when a value holds %s then the call is refused and names the field', async (_name, value) => {
    const result = await client.callTool('gitlike_log', { flags: { output: value } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('flags.output');
  });

  it('when a value is 200 KB then it is refused before anything runs', async () => {
    const result = await client.callTool('gitlike_echo', { args: ['x'.repeat(200_000)] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/args\[0\]: is 200000 bytes/);
  });

  it('when there are 10,000 args then they are refused before anything runs', async () => {
    const result = await client.callTool('gitlike_echo', { args: Array.from({ length: 10_000 }, () => 'a') });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('10000');
  });

  it('when flags and args arrive as JSON strings then they are decoded', async () => {
    const result = await client.callTool('gitlike_echo', { args: '["a","b"]' });
    expect(result.structuredContent?.stdout).toBe('a b\n');
  });
});

describe('argv', () => {
  it('when a positional is "--output=/tmp/x" then it stays a positional and no file is written', async () => {
    const target = join(dir, 'written-by-positional');
    const result = await client.callTool('gitlike_log', { args: [`--output=${target}`] });
    expect(result.isError).toBeFalsy();
    expect(existsSync(target)).toBe(false);
    expect(result.structuredContent?.stdout).toContain(`--output=${target}`);
  });

  it('when the git preset is on then -c is not offered and a call that sets it is refused', async () => {
    const { tools } = await gitPreset.listTools();
    const log = tools.find((tool) => tool.name === 'gitlike_log');
    expect(JSON.stringify(log?.inputSchema)).not.toContain('"c"');
    const result = await gitPreset.callTool('gitlike_log', { flags: { c: 'core.sshCommand=touch /tmp/pwned' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('unknown flag "c"');
  });

  it('when the git preset is on then a positional that looks like a flag is refused (git reads flags anywhere)', async () => {
    const target = join(dir, 'written-by-git-positional');
    const result = await gitPreset.callTool('gitlike_log', { args: [`--output=${target}`] });
    expect(result.isError).toBe(true);
    expect(existsSync(target)).toBe(false);
  });
});
