import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Spawns the built CLI: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const bin = path.join(repo, 'dist', 'cli', 'bin.js');
const todo = path.join(repo, 'examples', 'todo', 'todo.js');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node dist/cli/bin.js ...args`, resolving with the exit code whatever it is. */
function cli(args: readonly string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let cwd: string;
beforeAll(() => {
  // The todo example reads and writes todo.json in its working directory.
  cwd = mkdtempSync(path.join(tmpdir(), 'cli-mcp-bin-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe.concurrent('node dist/cli/bin.js', () => {
  it('when --version is given then it prints the package.json version and exits 0', async () => {
    const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string };
    const { code, stdout } = await cli(['--version'], cwd);
    expect(code).toBe(0);
    expect(stdout).toBe(`${manifest.version}\n`);
  });

  it('when tools is given the todo example then it prints a tool for each of its 7 commands, then the run and read tools, and exits 0', async () => {
    const { code, stdout, stderr } = await cli(['tools', path.relative(cwd, todo), '--cwd', cwd], cwd);
    expect(code).toBe(0);
    const names = (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names).toEqual(['todo_add', 'todo_list', 'todo_done', 'todo_remove', 'todo_assign', 'todo_tag_add', 'todo_tag_remove', 'todo_run_start', 'todo_run_status', 'todo_run_cancel', 'todo_read_output']);
    expect(stderr).toMatch(/todo: 7 commands, found by commander \(parse\(\) call\); all mode, 11 tools listed \(about [\d,]+ tokens\): a tool per command\n/);
  });

  it('when a call succeeds then it exits 0 and stdout is the CallToolResult', async () => {
    const { code, stdout } = await cli(['call', todo, 'todo_list', '--input', '{"flags":{"json":true}}', '--cwd', cwd], cwd);
    expect(code).toBe(0);
    // JSON stdout: its text is the content, and structured output has it parsed instead of a second copy of the text.
    expect(JSON.parse(stdout)).toEqual({ content: [{ type: 'text', text: '[]\n' }], structuredContent: { stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: expect.any(Number), json: [] }, isError: false });
  });

  it('when the called command fails then it exits 1 and stdout still holds the result', async () => {
    const { code, stdout } = await cli(['call', todo, 'todo_done', '--input', '{"args":["99"]}', '--cwd', cwd], cwd);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ isError: true, structuredContent: { exitCode: 2, stderr: 'todo: no task 99\n' } });
  });

  it('when the target is missing then it exits 1 with one line on stderr, no stack trace', async () => {
    const { code, stdout, stderr } = await cli(['tools', 'nowhere/cli.js'], cwd);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^cli-mcp: cannot find "nowhere\/cli\.js" \(no file .*nowhere\/cli\.js\)\. A target is a JS file \(\.\/cli\.js\), an installed bin \(\.\/node_modules\/\.bin\/<name>\), or any program on PATH \(kubectl\); or serve a manifest with --manifest <file> --exec <binary>\n$/);
  });
});
