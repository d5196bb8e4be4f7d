import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { scratchMaker } from '../helpers/scratch.js';

// `export <target>` loads the target through the worker in dist/: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const todo = path.join(repo, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-cli-export-');

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const sink = (key: keyof typeof out) => new Writable({ write: (chunk: Buffer, _encoding, callback) => ((out[key] += String(chunk)), callback()) });
  const code = await main(argv, { stdout: sink('stdout'), stderr: sink('stderr') });
  return { code, ...out };
}

describe('cli-mcp export', () => {
  it('when the format is openai then stdout is the strict tools array and stderr names the tools left loose', async () => {
    const { code, stdout, stderr } = await run('export', todo, '--format', 'openai');
    expect(code).toBe(0);
    const tools = JSON.parse(stdout) as Array<{ type: string; function: { name: string; strict: boolean } }>;
    expect(tools.find((tool) => tool.function.name === 'todo_add')?.function.strict).toBe(true);
    expect(stderr).toContain('cli-mcp: openai: todo_run_start is not strict: input.flags takes any keys\n');
  });

  it('when the format is mcp then it prints exactly what cli-mcp tools prints', async () => {
    const exported = await run('export', todo, '--format', 'mcp', '--tools', 'search');
    const listed = await run('tools', todo, '--tools', 'search');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual(JSON.parse(listed.stdout));
  });

  it('when --output is given then the export is written there, from --cwd, and stdout stays empty', async () => {
    const dir = scratch();
    const { code, stdout, stderr } = await run('export', todo, '--format', 'anthropic', '--include', 'todo add', '--output', 'tools.json', '--cwd', dir);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('cli-mcp: anthropic written to tools.json\n');
    const tools = JSON.parse(readFileSync(path.join(dir, 'tools.json'), 'utf8')) as Array<{ name: string; input_schema: { type: string } }>;
    expect(tools.map((tool) => tool.name)).toContain('todo_add');
    expect(tools.map((tool) => tool.name)).not.toContain('todo_list');
  });

  it('when the format is server-json then the package.json beside the target gives the name, version and registry name', async () => {
    const dir = scratch();
    mkdirSync(path.join(dir, 'bin'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'my-todo', version: '2.0.1', description: 'Todo lists.', mcpName: 'io.github.me/my-todo', dependencies: { 'cli-mcp': '^0.1.0' } }));
    writeFileSync(path.join(dir, 'bin', 'todo.js'), readFileSync(todo));
    const { code, stdout } = await run('export', path.join(dir, 'bin', 'todo.js'), '--format', 'server-json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ name: 'io.github.me/my-todo', version: '2.0.1', packages: [{ identifier: 'my-todo', version: '2.0.1', transport: { type: 'stdio' }, packageArguments: [{ value: 'mcp' }, { value: 'start' }] }] });
  });

  it('when the package is served only by cli-mcp wrap (no cli-mcp dependency) then server-json refuses to describe a `mcp start` it lacks, unless --start-args says how it serves', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'plain-todo', version: '1.0.0', mcpName: 'io.github.me/plain-todo' }));
    writeFileSync(path.join(dir, 'todo.js'), readFileSync(todo));
    const refused = await run('export', path.join(dir, 'todo.js'), '--format', 'server-json');
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('plain-todo does not depend on cli-mcp, so `npx plain-todo mcp start` would not start a server') });
    const told = await run('export', path.join(dir, 'todo.js'), '--format', 'server-json', '--start-args', 'serve', 'stdio');
    expect(told.code).toBe(0);
  });

  it('when the format is not one of the known ones then it is a usage error naming the choices', async () => {
    const { code, stderr } = await run('export', todo, '--format', 'gemini');
    expect(code).toBe(1);
    expect(stderr).toContain('Allowed choices are openai, anthropic, ai-sdk, langchain, mcp, server-json');
  });
});
