import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { textOf, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// --confine-paths on a CLI with no preset: path-like values must resolve inside the working directory.
const gitlike = fixture('secure/gitlike.js');
const scratch = scratchMaker('cli-mcp-confine-e2e-');
let client: TestClient;

beforeAll(async () => {
  const dir = scratch();
  mkdirSync(join(dir, 'src'));
  client = await connectInProcess('v1 sdk', [gitlike, '--confine-paths'], { cwd: dir });
});
afterAll(() => client?.close());

describe('--confine-paths', () => {
  it.each([['/etc/passwd'], ['../x'], ['~/.ssh/id_rsa'], ['src/../../x']])('when a positional is %s then the call is refused and names it', async (value) => {
    const result = await client.callTool('gitlike_echo', { args: [value] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('outside');
  });

  it('when an option value is an absolute path outside then the call is refused', async () => {
    const result = await client.callTool('gitlike_log', { flags: { output: '/tmp/elsewhere' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('"/tmp/elsewhere"');
  });

  it('when values are words or paths inside then they reach the CLI', async () => {
    const result = await client.callTool('gitlike_echo', { args: ['main', 'src/a.ts', './src', 'HEAD~1'] });
    expect(result.structuredContent?.stdout).toBe('main src/a.ts ./src HEAD~1\n');
  });
});
