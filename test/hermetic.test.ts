import { existsSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { binPath, repoRoot } from './e2e/clients.js';

describe('tests are hermetic', () => {
  it('when a test file runs then its caches and config are a temporary directory of its own, never the user\'s', () => {
    for (const name of ['XDG_CACHE_HOME', 'XDG_CONFIG_HOME']) {
      expect(process.env[name]).toMatch(new RegExp(`^${tmpdir()}/cli-mcp-test-home-`));
      expect(process.env[name]?.startsWith(join(homedir(), '.cache'))).toBe(false);
    }
  });

  it('when cli-mcp caches a program read in a test then the entry lands in the test\'s cache', async () => {
    const result = await execa(process.execPath, [binPath, 'tools', join(repoRoot, 'examples/todo/todo.js')], { reject: false });
    expect(result.exitCode).toBe(0);
    const cache = join(process.env.XDG_CACHE_HOME ?? '', 'cli-mcp', 'programs');
    expect(existsSync(cache) && readdirSync(cache).length).toBe(1);
  });
});
