import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectTo, textOf } from '../e2e/clients.js';
import { repoRoot } from '../helpers/fixture.js';
import { scratchMaker } from '../helpers/scratch.js';

// The single-file binary (scripts/binary.mjs), built from this checkout, started from an empty directory with a PATH
// that holds only what the test names: no Node unless a test puts it there.
const scratch = scratchMaker('cli-mcp-binary-');
const todo = join(repoRoot, 'examples', 'todo', 'todo.js');
let dir: string;
let binary: string;
let env: Record<string, string>;

/** A directory of links to the programs named, as a PATH. */
function pathOf(...programs: string[]): string {
  const bin = join(scratch(), 'bin');
  mkdirSync(bin);
  for (const program of programs) symlinkSync(program, join(bin, program.split('/').at(-1)!));
  return bin;
}

beforeAll(async () => {
  const built = join(scratch(), 'cli-mcp');
  await execa(process.execPath, ['scripts/binary.mjs', built], { cwd: repoRoot });
  dir = scratch();
  binary = join(dir, 'cli-mcp');
  copyFileSync(built, binary);
  // bwrap for the sandbox, and the `true` its probe runs; no node.
  env = { PATH: pathOf('/usr/bin/bwrap', '/bin/true'), HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache'), TODO_FILE: join(dir, 'todo.json') };
  writeFileSync(env.TODO_FILE!, JSON.stringify({ next: 2, tasks: [{ id: 1, title: 'Buy milk', tags: [], priority: 'medium', done: false }] }));
}, 180_000);

describe('the single-file binary, from an empty directory with no Node on PATH', () => {
  it('when asked its version then it answers the package\'s', async () => {
    const result = await execa(binary, ['--version'], { cwd: dir, env, extendEnv: false });
    expect(result.stdout).toBe((JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version);
  });

  it('when it serves a native program over stdio then a client lists and calls its tool, in the sandbox', async () => {
    const transport = new StdioClientTransport({ command: binary, args: ['wrap', '/bin/echo'], cwd: dir, env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = await connectTo('v2 (2025-11-25)', { v1: () => { throw new Error('v2 only'); }, v2: () => transport }, undefined);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('echo');
      const result = await client.callTool('echo', { args: ['hello from the binary'] });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('hello from the binary');
      expect(stderr).not.toContain('sandbox unavailable');
    } finally {
      await client.close();
    }
  });

  it('when the target is a JavaScript program and no node is on PATH then it says to put one there', async () => {
    const result = await execa(binary, ['tools', todo], { cwd: dir, env, extendEnv: false, reject: false });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain('is a JavaScript program, and this cli-mcp is the single-file binary');
    expect(result.stderr).toContain('put node on PATH, or name one with --node <path>');
  });

  it('when node is on PATH then a JavaScript program is read from its commander tree by the workers the binary writes out, and called', async () => {
    const withNode = { ...env, PATH: `${pathOf(process.execPath)}:${env.PATH}` };
    const result = await execa(binary, ['call', todo, 'todo_list', '--input', '{"flags":{"json":true}}'], { cwd: dir, env: withNode, extendEnv: false, reject: false });
    expect(result.stderr).toContain('found by commander');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Buy milk');
    const written = readdirSync(join(env.XDG_CACHE_HOME!, 'cli-mcp', 'binary'));
    expect(written).toHaveLength(1);
    expect(existsSync(join(env.XDG_CACHE_HOME!, 'cli-mcp', 'binary', written[0]!, 'dist', 'reflect', 'load-worker.js'))).toBe(true);
  });

  it('when it installs a server into a client then the entry starts the binary itself', async () => {
    const project = scratch();
    const result = await execa(binary, ['install', 'claude-code', '/bin/echo'], { cwd: project, env, extendEnv: false, reject: false });
    expect(result.exitCode, result.stderr).toBe(0);
    const entry = (JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers['echo'];
    expect(entry).toMatchObject({ command: binary, args: ['wrap', '/bin/echo'] });
  });
});
