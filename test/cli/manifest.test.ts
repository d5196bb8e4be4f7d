import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { scratchMaker } from '../helpers/scratch.js';

// `tools <target> --manifest` loads the target through the worker in dist/: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const todo = path.join(repo, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-cli-manifest-');

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const sink = (key: keyof typeof out) => new Writable({ write: (chunk: Buffer, _encoding, callback) => ((out[key] += String(chunk)), callback()) });
  const code = await main(argv, { stdout: sink('stdout'), stderr: sink('stderr') });
  return { code, ...out };
}

interface Listed {
  tools: Array<{ name: string; description: string; annotations?: Record<string, unknown> }>;
}
interface Command {
  name: string;
  description?: string;
  annotations?: Record<string, unknown>;
  subcommands: Command[];
}

/** Writes the todo example's manifest into a fresh directory and returns its path. */
async function todoManifest(): Promise<string> {
  const dir = scratch();
  const { code } = await run('tools', todo, '--manifest', 'todo.json', '--cwd', dir);
  expect(code).toBe(0);
  return path.join(dir, 'todo.json');
}

describe('cli-mcp tools <target> --manifest', () => {
  it('when no file is given then the manifest goes to stdout instead of the tools list', async () => {
    const { code, stdout, stderr } = await run('tools', todo, '--manifest');
    expect(code).toBe(0);
    const manifest = JSON.parse(stdout) as { manifestVersion: number; program: Command };
    expect(manifest.manifestVersion).toBe(1);
    expect(manifest.program.subcommands.map((command) => command.name)).toEqual(['add', 'list', 'done', 'remove', 'assign', 'tag']);
    expect(stderr).toBe('cli-mcp: todo: manifest of 7 commands written to stdout, found by commander (parse() call)\n');
  });

  it('when a file is given then the manifest is written there, from --cwd, and stdout stays empty', async () => {
    const dir = scratch();
    const { code, stdout } = await run('tools', todo, '--manifest', 'out.json', '--cwd', dir);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8'))).toMatchObject({ manifestVersion: 1, program: { name: 'todo' } });
  });
});

describe('serving from a curated manifest', () => {
  it('when a manifest is read back unchanged then cli-mcp tools prints what the target gives', async () => {
    const file = await todoManifest();
    const fromManifest = await run('tools', '--manifest', file);
    expect(fromManifest.code).toBe(0);
    const tokensLeftOut = fromManifest.stderr.replace(/\(about [\d,]+ tokens\)/, '(about N tokens)');
    expect(tokensLeftOut).toBe(`cli-mcp: todo: 7 commands, from manifest ${file}; all mode, 11 tools listed (about N tokens): a tool per command\n`);
    expect(fromManifest.stdout).toBe((await run('tools', todo)).stdout);
  });

  it('when a command is deleted, a hint added and a description rewritten then the tools list shows each change', async () => {
    const file = await todoManifest();
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { program: Command };
    const commands = manifest.program.subcommands;
    manifest.program.subcommands = commands.filter((command) => command.name !== 'remove');
    const done = commands.find((command) => command.name === 'done');
    if (done) done.annotations = { ...done.annotations, destructiveHint: true };
    const list = commands.find((command) => command.name === 'list');
    if (list) list.description = 'List tasks; pass json: true to read them reliably.';
    writeFileSync(file, JSON.stringify(manifest));

    const { code, stdout } = await run('tools', '--manifest', file);
    expect(code).toBe(0);
    const { tools } = JSON.parse(stdout) as Listed;
    expect(tools.map((tool) => tool.name)).toEqual(['todo_add', 'todo_list', 'todo_done', 'todo_assign', 'todo_tag_add', 'todo_tag_remove', 'todo_run_start', 'todo_run_status', 'todo_run_cancel', 'todo_read_output']);
    expect(tools.find((tool) => tool.name === 'todo_done')?.annotations).toMatchObject({ destructiveHint: true });
    expect(tools.find((tool) => tool.name === 'todo_list')?.description).toBe('List tasks; pass json: true to read them reliably.');
  });

  it('when call is given a manifest and --exec then the lone positional is the tool and the executable gets the argv', async () => {
    const file = await todoManifest();
    const { code, stdout } = await run('call', '--manifest', file, '--exec', 'echo', 'todo_list', '--input', '{"flags":{"json":true}}');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ isError: false, structuredContent: { stdout: 'list --json\n' } });
  });

  it('when a manifest is invalid then the command exits 1 and names the JSON path', async () => {
    const file = await todoManifest();
    writeFileSync(file, readFileSync(file, 'utf8').replace('"type": "integer"', '"type": "int"'));
    const { code, stdout, stderr } = await run('tools', '--manifest', file);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('program.subcommands[1].options[1].type: expected one of boolean, string, number, integer, got "int"');
  });
});

describe('choosing between a target and a manifest', () => {
  it.each(['wrap', 'tools', 'call'])('when %s gets neither a target nor --manifest then it exits 1 asking for one', async (command) => {
    const { code, stderr } = await run(command);
    expect(code).toBe(1);
    expect(stderr).toContain('error: give a target (a JS file, an installed bin in ./node_modules/.bin, or any program on PATH) or --manifest <file>');
  });

  it.each(['wrap', 'call'])('when %s gets both a target and --manifest then it exits 1 saying not both', async (command) => {
    const { code, stderr } = await run(command, todo, '--manifest', 'm.json', ...(command === 'call' ? ['todo_list'] : []));
    expect(code).toBe(1);
    expect(stderr).toContain('error: give a target or --manifest <file>, not both');
  });

  it.each(['wrap', 'call'])('when %s serves a manifest without --exec then it exits 1 naming the root command to pass', async (command) => {
    const file = await todoManifest();
    const { code, stderr } = await run(command, '--manifest', file, ...(command === 'call' ? ['todo_list'] : []));
    expect(code).toBe(1);
    expect(stderr).toContain('cli-mcp: --exec <binary> is required with --manifest: a manifest does not say which program runs its commands');
    expect(stderr).toMatch(/--exec todo\n$/);
  });

  it('when tools gets a bare --manifest and no target then it exits 1 saying what --manifest needs', async () => {
    const { code, stderr } = await run('tools', '--manifest');
    expect(code).toBe(1);
    expect(stderr).toContain('error: --manifest needs a file to read, or a target whose manifest to print');
  });

  it('when call gets a manifest but no tool then it exits 1 naming the missing argument', async () => {
    const { code, stderr } = await run('call', '--manifest', await todoManifest(), '--exec', 'echo');
    expect(code).toBe(1);
    expect(stderr).toContain("error: missing required argument 'tool'");
  });

  it.each(['wrap', 'tools', 'call'])('when %s --help is given then it offers --manifest, and --page-size only on wrap', async (command) => {
    const { stdout } = await run(command, '--help');
    expect(stdout).toContain('--manifest');
    expect(stdout.includes('--page-size <n>')).toBe(command === 'wrap');
  });
});
