import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

// with-mcp.mjs imports mcpCommand from dist/index.js: `npm run build` first.
const program = fileURLToPath(new URL('../fixtures/programs/with-mcp.mjs', import.meta.url));

describe.concurrent('mcpCommand() takes the options of cli-mcp wrap', () => {
  it('when `mcp start --help` runs then it lists wrap\'s options', async () => {
    const { stdout } = await execa(process.execPath, [program, 'mcp', 'start', '--help']);
    for (const option of ['--preset <cli>', '--approval <mode>', '--include <commands...>', '--timeout <ms>', '--sandbox <level>', '--max-runs <n>']) expect(stdout).toContain(option);
  });

  it('when `mcp tools --include` names one command then only its tool and the helpers are listed', async () => {
    const { stdout } = await execa(process.execPath, [program, 'mcp', 'tools', '--include', 'notes add']);
    const names = (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names).toContain('notes_add');
    expect(names).not.toContain('notes_count');
  });

  it('when `mcp start --approval read-only` serves a client then a call that is not read-only is refused and runs nothing', async () => {
    const client = new Client({ name: 'cli-mcp-test', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [program, 'mcp', 'start', '--approval', 'read-only', '--sandbox', 'off'], stderr: 'pipe' }));
    try {
      const result = await client.callTool({ name: 'notes_add', arguments: { args: ['milk'] } });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(JSON.stringify(result.content)).toMatch(/read-only/);
    } finally {
      await client.close();
    }
  });
});
