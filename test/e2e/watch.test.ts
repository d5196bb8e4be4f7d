import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as TransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { binPath, repoRoot } from './clients.js';

const commander = pathToFileURL(join(repoRoot, 'node_modules/commander/esm.mjs')).href;

/** A commander program with `greet`, a `slow` command (1.5 s), and whatever `extra` adds. */
function program(extra = ''): string {
  return `import { Command } from ${JSON.stringify(commander)};
const program = new Command('tool');
program.command('greet').argument('<name>').action((name) => console.log('hello ' + name));
program.command('slow').action(async () => { await new Promise((r) => setTimeout(r, 1500)); console.log('slow done'); });
${extra}
program.parse();
`;
}

interface Watching {
  listNames(): Promise<string[]>;
  call(name: string, args: unknown): Promise<{ isError?: boolean; structuredContent?: unknown }>;
  /** Resolves with the tool names the client refetched after the next list_changed. */
  nextChange(): Promise<string[]>;
  stderr(): string;
  close(): Promise<void>;
}

/** A client of either SDK line that hears list_changed (v2 pinned to 2026-07-28 gets it on subscriptions/listen). */
async function connectWatching(kind: 'v2 (2026-07-28)' | 'v1 sdk', dir: string, extraArgs: readonly string[] = []): Promise<Watching> {
  const waiters: Array<(names: string[]) => void> = [];
  const onChanged = (error: Error | null, tools: Array<{ name: string }> | null): void => {
    if (error || !tools) return;
    waiters.shift()?.(tools.map((tool) => tool.name));
  };
  const listChanged = { tools: { onChanged, debounceMs: 0 } };
  const server = { command: process.execPath, args: [binPath, 'wrap', join(dir, 'cli.js'), '--watch', '--sandbox', 'off', ...extraArgs], cwd: dir, stderr: 'pipe' as const };
  let stderr = '';
  const common = {
    nextChange: () => new Promise<string[]>((resolve) => waiters.push(resolve)),
    stderr: () => stderr,
  };
  if (kind === 'v1 sdk') {
    const client = new ClientV1({ name: 'watch-v1', version: '1.0.0' }, { listChanged });
    const transport = new TransportV1(server);
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await client.connect(transport);
    return { ...common, listNames: async () => (await client.listTools()).tools.map((tool) => tool.name), call: (name, args) => client.callTool({ name, arguments: args as Record<string, unknown> }) as never, close: () => client.close() };
  }
  const client = new ClientV2({ name: 'watch-v2', version: '1.0.0' }, { listChanged, versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const transport = new TransportV2(server);
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
  return { ...common, listNames: async () => (await client.listTools()).tools.map((tool) => tool.name), call: (name, args) => client.callTool({ name, arguments: args as Record<string, unknown> }) as never, close: () => client.close() };
}

function tempProgram(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-mcp-watch-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tool', type: 'module' }));
  writeFileSync(join(dir, 'cli.js'), program());
  return dir;
}

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.concurrent('wrap --watch', () => {
  for (const kind of ['v2 (2026-07-28)', 'v1 sdk'] as const) {
    it(`when the program gains a command while a call runs then a ${kind} client is told the list changed, sees the new tool, and the running call ends normally`, async () => {
      const dir = tempProgram();
      const client = await connectWatching(kind, dir);
      try {
        expect(await client.listNames()).toEqual(expect.arrayContaining(['tool_greet', 'tool_slow']));
        const slow = client.call('tool_slow', {});
        // The call's process has started on the old program before the edit lands.
        await waitFor(400);
        const changed = client.nextChange();
        writeFileSync(join(dir, 'cli.js'), program("program.command('farewell').argument('<name>').action((name) => console.log('bye ' + name));"));
        expect(await changed).toContain('tool_farewell');
        expect(await client.listNames()).toContain('tool_farewell');
        expect(await slow).toMatchObject({ isError: false, structuredContent: { stdout: 'slow done\n', exitCode: 0 } });
        const farewell = await client.call('tool_farewell', { args: ['ann'] });
        expect(farewell, JSON.stringify(farewell)).toMatchObject({ isError: false, structuredContent: { stdout: 'bye ann\n' } });
        expect(client.stderr()).toMatch(/reloaded, 3 commands; the tool list changed/);
      } finally {
        await client.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('when an edit breaks the program then the old tools keep being served and stderr says the reload failed', async () => {
    const dir = tempProgram();
    const client = await connectWatching('v2 (2026-07-28)', dir);
    try {
      writeFileSync(join(dir, 'cli.js'), 'this is not javascript (');
      for (let waited = 0; !/reload failed/.test(client.stderr()) && waited < 15_000; waited += 100) await waitFor(100);
      expect(client.stderr()).toMatch(/reload failed, still serving the previous tools/);
      expect(await client.listNames()).toEqual(expect.arrayContaining(['tool_greet', 'tool_slow']));
      // Fixed again: the next change reloads.
      const changed = client.nextChange();
      writeFileSync(join(dir, 'cli.js'), program("program.command('again').action(() => console.log('again'));"));
      expect(await changed).toContain('tool_again');
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
