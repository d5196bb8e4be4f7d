import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callerWords } from '../../src/cli/export-instructions.js';
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
    expect(stderr).toContain('Allowed choices are openai, anthropic, ai-sdk, langchain, mcp, server-json, skill, llms, agents.');
  });

  it('when the format is skill then --output names the folder, whose name is the skill\'s, and the call lines repeat the options that shape the tools', async () => {
    const dir = scratch();
    const { code, stdout, stderr } = await run('export', todo, '--prefix', 'td', '--format', 'skill', '--output', 'skills/todo', '--cwd', dir);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr).toContain('cli-mcp: skill written to skills/todo: SKILL.md, references/commands.md\n');
    const skill = readFileSync(path.join(dir, 'skills', 'todo', 'SKILL.md'), 'utf8');
    expect(skill).toMatch(/^---\nname: todo\n/);
    expect(skill).toContain(`npx cli-mcp call ${todo} --prefix td --cwd ${dir} <tool> --input`);
    expect(skill).toContain('tool `td_add`');
  });

  it('when a folder format has no --output then it is refused with what to give', async () => {
    const skill = await run('export', todo, '--format', 'skill');
    expect(skill).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('--format skill writes a folder (SKILL.md and the references it links to): give --output <dir>') });
    const llms = await run('export', todo, '--format', 'llms');
    expect(llms).toMatchObject({ code: 1, stderr: expect.stringContaining('--format llms writes a folder (llms.txt and the command pages it links to)') });
  });

  it('when the skill folder is not named as a skill may be then it is refused before the target loads, with a name that is', async () => {
    const { code, stderr } = await run('export', path.join(scratch(), 'missing.js'), '--format', 'skill', '--output', 'out/My_Todo');
    expect(code).toBe(1);
    expect(stderr).toContain('--output out/My_Todo: a skill\'s folder is named as the skill, and a skill name has only lowercase letters, digits and single hyphens inside it, not "My_Todo"; e.g. --output out/my-todo');
  });

  it('when the format is agents and --output is an AGENTS.md then its section is replaced or added, and the rest of the file stays', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'AGENTS.md'), '# Project\n\nBuild with make.\n\n## Testing\n\nRun make test.\n');
    expect((await run('export', todo, '--format', 'agents', '--output', 'AGENTS.md', '--cwd', dir)).code).toBe(0);
    const once = readFileSync(path.join(dir, 'AGENTS.md'), 'utf8');
    expect(once).toMatch(/^# Project\n\nBuild with make\.\n\n## Testing\n\nRun make test\.\n\n## todo commands\n/);
    await run('export', todo, '--format', 'agents', '--output', 'AGENTS.md', '--cwd', dir);
    expect(readFileSync(path.join(dir, 'AGENTS.md'), 'utf8')).toBe(once);
  });

  it('when the format is agents without --output then stdout is the section', async () => {
    const { code, stdout } = await run('export', todo, '--format', 'agents');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^## todo commands\n\nKeep a to-do list in a JSON file\.\n/);
  });
});

describe('callerWords', () => {
  it.each<[string, string[], string[]]>([
    ['a target and the options call shares', ['export', './todo.js', '--approval', 'ask', '--format', 'skill', '--output', 'x'], ['./todo.js', '--approval', 'ask']],
    ["export's own options, joined or not", ['export', 'kube', '--format=llms', '--no-strict', '--openai-api', 'chat', '--server-name', 'n', '--output=d'], ['kube']],
    ['--start-args and its words', ['export', 'kube', '--start-args', 'mcp', 'start', '--deny-flag', '-s'], ['kube', '--deny-flag', '-s']],
  ])('when the command line has %s then the call lines keep what call takes', (_case, argv, kept) => {
    expect(callerWords(argv)).toEqual(['npx', 'cli-mcp', 'call', ...kept]);
  });
});
