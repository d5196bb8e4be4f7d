/**
 * `wrap` in `auto` over a program read from its help, with an empty cache: a big program is served in search mode having
 * read only the commands that show its list passes the budget; a small one is read whole and listed as `--tools all`
 * lists it; a client that searches tools itself (Claude Code) gets every command known at once, and every one read once
 * it is told the list changed.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { makeFake, type Fake } from '../reflect/help/fake.js';
import { binPath, connect } from './clients.js';

const scratch = scratchMaker('cli-mcp-auto-start-');

/** The fake logs its calls beside itself, which the crawl's read-only sandbox refuses: what was read is in the lazy cache entry. */
function quiet(config: Record<string, unknown>): void {
  delete config['log'];
}

/** 100 commands of 12 flags each, every flag with a line of its own: past the 16,000-token budget even compacted. */
function bigTree(config: Record<string, unknown>): void {
  quiet(config);
  const commands: Record<string, unknown> = {};
  for (let c = 0; c < 100; c += 1) {
    commands[`task${c}`] = { short: `Runs task ${c} of the fake cluster`, flags: Array.from({ length: 12 }, (_, f) => [`--setting${f} string`, `Sets setting ${f} of task ${c}, which the task reads before it starts`]) };
  }
  config['tree'] = { short: 'fakectl controls a fake cluster.', commands };
}

/**
 * The fake behind a shell script of the same name: a program read from its help that is no Python file (a Python file
 * is read from its parser first), as kubectl or gh are.
 */
function native(fake: Fake): string {
  const dir = scratch();
  const bin = join(dir, 'fakectl');
  writeFileSync(bin, `#!/bin/sh\nexec ${JSON.stringify(fake.bin)} "$@"\n`);
  chmodSync(bin, 0o755);
  return bin;
}

const env = (cache = scratch()) => ({ PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: scratch(), XDG_CACHE_HOME: cache });

/** The paths the lazy crawl read, from its cache entry. */
function pathsRead(cache: string): string[][] {
  const dir = join(cache, 'cli-mcp', 'help');
  const entry = readdirSync(dir).find((file) => file.endsWith('.lazy.json'));
  if (entry === undefined) throw new Error(`no lazy cache entry in ${dir}: ${readdirSync(dir).join(', ')}`);
  return (JSON.parse(readFileSync(join(dir, entry), 'utf8')) as { read: string[][] }).read;
}

async function listed(fake: Fake, extra: readonly string[] = [], clientName?: string) {
  if (clientName === undefined) {
    const client = await connect('v2 (2025-11-25)', [native(fake), ...extra], { cwd: scratch(), env: env() });
    try {
      return { tools: (await client.listTools()).tools, client: undefined };
    } finally {
      await client.close();
    }
  }
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [binPath, 'wrap', native(fake), ...extra], cwd: scratch(), env: env(), stderr: 'pipe' }));
  try {
    return { tools: (await client.listTools()).tools, client };
  } finally {
    await client.close();
  }
}

describe('auto over a program read from its help, first start', () => {
  it('when the program is big then it serves search mode having read only some of its commands, and a command never read is described when asked', async () => {
    const fake = makeFake(scratch(), bigTree);
    const cache = scratch();
    const client = await connect('v2 (2025-11-25)', [native(fake)], { cwd: scratch(), env: env(cache) });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('fakectl_search_commands');
      const read = pathsRead(cache).filter((words) => words.length === 1);
      expect(read.length).toBeGreaterThan(0);
      expect(read.length).toBeLessThan(100);
      expect(read.map((words) => words[0])).not.toContain('task99');
      const described = await client.callTool('fakectl_describe_command', { command: 'task99' });
      expect(described.isError).toBeFalsy();
      expect(JSON.stringify(described.structuredContent)).toContain('setting11');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('when the program is small then it is read whole and listed as --tools all lists it', async () => {
    const lazy = await listed(makeFake(scratch(), quiet));
    const full = await listed(makeFake(scratch(), quiet), ['--tools', 'all']);
    expect(lazy.tools.map((tool) => tool.name)).toContain('fakectl_get');
    expect(lazy.tools).toEqual(full.tools);
  }, 60_000);

  it('when a client that searches tools itself lists a big program then it gets every command known at once, is told the list changed once all are read, and then gets them as --tools all gives them', async () => {
    const client = new Client({ name: 'claude-code', version: '1.0.0' });
    const changed = new Promise<void>((resolve) => client.setNotificationHandler('notifications/tools/list_changed', () => resolve()));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [binPath, 'wrap', native(makeFake(scratch(), bigTree))], cwd: scratch(), env: env(), stderr: 'pipe' }));
    try {
      const first = (await client.listTools()).tools.filter((tool) => tool.name.startsWith('fakectl_task'));
      expect(first).toHaveLength(100);
      // Not read yet: a command listed by its name and line, without its flags (read when it is called).
      expect(first.filter((tool) => !JSON.stringify(tool.inputSchema).includes('setting11')).length).toBeGreaterThan(50);
      await changed;
      const full = await listed(makeFake(scratch(), bigTree), ['--tools', 'all'], 'claude-code');
      expect((await client.listTools()).tools).toEqual(full.tools);
    } finally {
      await client.close();
    }
  }, 60_000);
});
