import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { binPath, repoRoot } from './clients.js';

// Users on Node 22 must work too: the pinned node@22 dev dependency runs cli-mcp itself here.
const node22 = join(repoRoot, 'node_modules/node/bin/node');
const present = existsSync(node22);
if (!present) console.warn('\n!!! node@22 is not installed (npm ci): the Node 22 tests are SKIPPED !!!\n');

describe.skipIf(!present)('cli-mcp running on Node 22', () => {
  it('when it serves the todo example then the tools are listed and a call runs through the whole pipeline', async () => {
    const listed = await execa(node22, [binPath, 'tools', join(repoRoot, 'examples/todo/todo.js')], { reject: false });
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout).tools.map((tool: { name: string }) => tool.name)).toContain('todo_list');
    const called = await execa(node22, [binPath, 'call', join(repoRoot, 'examples/todo/todo.js'), 'todo_list', '--input', '{"flags":{"json":true}}'], { cwd: repoRoot, reject: false });
    expect(JSON.parse(called.stdout)).toMatchObject({ isError: false, structuredContent: { exitCode: 0 } });
  });

  it('when a program replaces its process with execve as it loads (TypeScript 7\'s tsc, Node 22.15+) then loading survives and reads its help instead', async () => {
    const tsc = join(repoRoot, 'node_modules/.bin/tsc');
    // Started in a folder without a tsconfig.json: the native tsc that replaces the load worker compiles the project it finds.
    const empty = mkdtempSync(join(tmpdir(), 'cli-mcp-node22-'));
    const result = await execa(node22, [binPath, 'tools', tsc], { cwd: empty, reject: false, env: { XDG_CACHE_HOME: join(empty, '.cache') } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/tsc: 1 command, found by help text/);
  });
});
