import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as TransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { binPath, repoRoot } from './clients.js';
import { warmStubsOf, warmWorkersOf } from '../helpers/warm-workers.js';
import { resolveSandbox } from '../../src/exec/sandbox.js';

// Spawns the built CLI: `npm run build` first.
const todo = join(repoRoot, 'examples/todo/todo.js');
const argvAtImport = join(repoRoot, 'test/fixtures/warm/argv-at-import.mjs');
const scratch = scratchMaker('cli-mcp-warm-e2e-');

interface Served {
  call(name: string, args: unknown): Promise<{ content: Array<{ text?: string }>; structuredContent?: Record<string, unknown>; isError?: boolean }>;
  stderr(): string;
  close(): Promise<void>;
  /** The server's pid: its warm workers are counted under it, whatever other servers of the same program run meanwhile. */
  readonly pid: number;
}

/** `cli-mcp wrap <program> …args` over stdio, with a client of either SDK line. */
async function serve(kind: 'v2 (2026-07-28)' | 'v1 sdk', program: string, dir: string, args: readonly string[] = []): Promise<Served> {
  const server = { command: process.execPath, args: [binPath, 'wrap', program, ...args], cwd: dir, stderr: 'pipe' as const };
  let stderr = '';
  const transport = kind === 'v1 sdk' ? new TransportV1(server) : new TransportV2(server);
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = kind === 'v1 sdk' ? new ClientV1({ name: 'warm-v1', version: '1.0.0' }) : new ClientV2({ name: 'warm-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(transport as never);
  const pid = transport.pid;
  if (pid === null || pid === undefined) throw new Error('the server has no pid');
  return { call: (name, args) => client.callTool({ name, arguments: args as Record<string, unknown> }) as never, stderr: () => stderr, close: () => client.close(), pid };
}


const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A result as a client sees it, without its timing. */
function seen(result: Awaited<ReturnType<Served['call']>>): unknown {
  const { durationMs: _, ...structured } = result.structuredContent ?? {};
  return { content: result.content, structuredContent: structured, isError: result.isError };
}

describe('cli-mcp wrap keeps a Node CLI warm', () => {
  it.each(['v2 (2026-07-28)', 'v1 sdk'] as const)('when a %s client calls the todo example then every result equals the one --no-warm gives, a worker waits between calls, and none outlives the server', async (kind) => {
    const calls: Array<[string, unknown]> = [
      ['todo_add', { args: ['buy milk'], flags: { priority: 'high' } }],
      ['todo_add', { args: ['write -- tests'] }],
      ['todo_list', { flags: { json: true } }],
      ['todo_done', { args: ['1'] }],
      ['todo_list', {}],
    ];
    const results: Record<string, unknown[]> = {};
    for (const mode of ['cold', 'warm'] as const) {
      const dir = scratch();
      const served = await serve(kind, todo, dir, mode === 'cold' ? ['--no-warm', '--sandbox', 'off'] : ['--sandbox', 'off']);
      results[mode] = [];
      for (const [name, args] of calls) {
        await settle(300); // a model reads a result before its next call: time enough for a worker to import the program
        results[mode]?.push(seen(await served.call(name, args)));
      }
      // The next worker starts once the last result is on its way: give the server a moment to get to it.
      for (let waited = 0; mode === 'warm' && waited < 3_000 && warmWorkersOf(todo, served.pid).length === 0; waited += 50) await settle(50);
      const workers = warmWorkersOf(todo, served.pid);
      // One is kept; a call that came while it still imported (a loaded machine) grew the pool, up to 4, until they idle.
      if (mode === 'warm') expect(workers.length).toBeGreaterThanOrEqual(1);
      expect(workers.length).toBeLessThanOrEqual(mode === 'warm' ? 4 : 0);
      await served.close();
      await settle(200);
      // Its workers are gone (by pid: once the server is gone they have no parent to be found under).
      expect(warmWorkersOf(todo).filter((pid) => workers.includes(pid))).toEqual([]);
    }
    expect(results.warm).toEqual(results.cold);
    expect(results.warm?.[2]).toMatchObject({ structuredContent: { json: [expect.objectContaining({ title: 'buy milk', priority: 'high' }), expect.objectContaining({ title: 'write -- tests' })] } });
  });

  it('when the program reads process.argv at import then stderr says warm workers are off, and calls start cold with correct results', async () => {
    const served = await serve('v2 (2026-07-28)', argvAtImport, scratch(), ['--sandbox', 'off']);
    try {
      // The first worker starts after the first call (cold), and says at its parse() that it cannot be kept.
      const first = await served.call('argv-at-import_say', { args: ['hi'], flags: { verbose: true } });
      for (let waited = 0; waited < 5_000 && !/warm workers are off/.test(served.stderr()); waited += 100) await settle(100);
      expect(served.stderr()).toMatch(/cli-mcp: warm workers are off for .*argv-at-import\.mjs: it reads process\.argv \(a slice's \.some\) before it parses it; each call starts it cold/);
      const result = await served.call('argv-at-import_say', { args: ['hi'], flags: { verbose: true } });
      expect(first.content[0]?.text).toBe('{"word":"hi","verboseBeforeParse":true}\n');
      expect(result.content[0]?.text).toBe('{"word":"hi","verboseBeforeParse":true}\n');
      expect(warmWorkersOf(argvAtImport)).toEqual([]);
    } finally {
      await served.close();
    }
  });
});

describe('cli-mcp wrap keeps any other program\'s call a stub away in its sandbox', () => {
  it('when a native program is served in the default sandbox then a stub waits in it, every result equals the one --no-warm gives, and no stub outlives the server', async (context) => {
    if (!resolveSandbox({ level: 'contain' }, () => {})) {
      console.warn('\n!!! bwrap does not work here: the warm stub e2e test is SKIPPED !!!\n');
      return context.skip();
    }
    const calls: Array<[string, unknown]> = [['printenv', {}], ['printenv', { args: ['HOME', 'PATH'] }], ['printenv', { args: ['NOT_SET_ANYWHERE'] }], ['printenv', { flags: { null: true } }]];
    const results: Record<string, unknown[]> = {};
    const dir = scratch(); // both in one: the sandbox puts it in PWD
    for (const mode of ['cold', 'warm'] as const) {
      const served = await serve('v2 (2026-07-28)', '/usr/bin/printenv', dir, mode === 'cold' ? ['--no-warm'] : []);
      results[mode] = [];
      for (const [index, [name, args]] of calls.entries()) {
        // The first stub starts with the first call (which starts cold); then one at least waits (a call that finds its stub still starting keeps one more).
        for (let waited = 0; mode === 'warm' && index > 0 && waited < 3_000 && warmStubsOf(served.pid).length === 0; waited += 50) await settle(50);
        expect(warmStubsOf(served.pid).length > 0).toBe(mode === 'warm' && index > 0);
        results[mode]?.push(seen(await served.call(name, args)));
      }
      const stubs = warmStubsOf(served.pid);
      await served.close();
      await settle(200);
      expect(warmStubsOf(1).filter((pid) => stubs.includes(pid))).toEqual([]);
    }
    expect(results.warm).toEqual(results.cold);
    expect(results.warm?.[1]).toMatchObject({ isError: false, content: [{ text: expect.stringMatching(/^\/.+\n.+\n$/) }] });
  });
});
