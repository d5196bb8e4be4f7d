import { existsSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect, repoRoot } from './e2e/clients.js';

describe('tests are hermetic', () => {
  it('when a test file runs then its home, caches and config are a temporary directory of its own, never the user\'s', () => {
    for (const name of ['HOME', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME']) expect(process.env[name]).toMatch(new RegExp(`^${tmpdir()}/cli-mcp-test-home-`));
    expect(homedir()).toBe(process.env.HOME);
  });

  it('when an MCP client starts a server with its default environment then the server caches in the test\'s home', async () => {
    const client = await connect('v1 sdk', [join(repoRoot, 'examples/todo/todo.js')]);
    await client.close();
    const cache = join(process.env.HOME ?? '', '.cache', 'cli-mcp', 'programs');
    expect(existsSync(cache) && readdirSync(cache).length).toBe(1);
  });
});
