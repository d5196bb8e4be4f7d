import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { binPath, repoRoot } from './clients.js';

// Runs the built CLI: `npm run build` first.
const scratch = scratchMaker('cli-mcp-install-e2e-');

interface Entry {
  type: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

describe('cli-mcp install, end to end', () => {
  it('when installed into a .mcp.json then the written command line serves the todo tools from any directory', async () => {
    const config = path.join(scratch(), '.mcp.json');
    const installed = await execa(process.execPath, [binPath, 'install', 'claude-code', 'examples/todo/todo.js', '--config', config, '--timeout', '20000'], { cwd: repoRoot, reject: false });
    expect(installed.stderr.split('\n')).toEqual([`cli-mcp: Claude Code: added server "todo" to ${config}`, expect.stringMatching(/^cli-mcp: next: Claude Code asks to approve a project's servers/)]);
    expect(installed.exitCode).toBe(0);
    const entry = (JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: Record<string, Entry> }).mcpServers.todo as Entry;
    expect(entry.type).toBe('stdio');

    // Exactly what a client does with the entry: that command, those args, that env, started elsewhere.
    const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: entry.env, cwd: scratch(), stderr: 'pipe' });
    const client = new Client({ name: 'install-e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['todo_add', 'todo_list', 'todo_done', 'todo_remove', 'todo_assign', 'todo_tag_add', 'todo_tag_remove']));
    } finally {
      await client.close();
    }
  });
});
