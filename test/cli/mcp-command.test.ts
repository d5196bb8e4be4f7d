import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';

// with-mcp.mjs imports mcpCommand from dist/index.js: `npm run build` first.
const program = fileURLToPath(new URL('../fixtures/programs/with-mcp.mjs', import.meta.url));
const preload = fileURLToPath(new URL('../fixtures/programs/preload.cjs', import.meta.url));
/** A tool per command, then the tool that pages through cut output. */
const TOOLS = ['notes_add', 'notes_count', 'notes_preload', 'notes_run_start', 'notes_run_status', 'notes_run_cancel', 'notes_read_output'];

/** Connects an MCP client to `node ...nodeFlags with-mcp.mjs mcp start`, hands it to `use`, and closes it. */
async function withClient(nodeFlags: readonly string[], use: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ name: 'cli-mcp-test', version: '0.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeFlags, program, 'mcp', 'start'], stderr: 'pipe' });
  try {
    await client.connect(transport);
    await use(client);
  } finally {
    await client.close();
  }
}

function runProgram(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [program, ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe.concurrent('mcpCommand() added to a program', () => {
  it('when `mcp tools` runs then it lists the program\'s commands but not the mcp command itself', async () => {
    const { code, stdout } = await runProgram(['mcp', 'tools']);
    expect(code).toBe(0);
    const names = (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names).toEqual(TOOLS);
    expect(names.some((name) => name.includes('mcp'))).toBe(false);
  });

  it('when the program runs without mcp then its own commands still work', async () => {
    const { code, stdout } = await runProgram(['add', 'tea', '--pin']);
    expect(code).toBe(0);
    expect(stdout).toBe('added pinned tea\n');
  });

  it('when a client connects to `mcp start` then it lists the tools and a call runs the program', async () => {
    await withClient([], async (client) => {
      expect(client.getServerVersion()).toMatchObject({ name: 'notes', version: '9.8.7' });

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(TOOLS);

      const result = await client.callTool({ name: 'notes_add', arguments: { args: ['milk'], flags: { pin: true } } });
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toMatchObject({ stdout: 'added pinned milk\n', stderr: '', exitCode: 0, timedOut: false });

      // The mcp command is not reachable as a tool: a call to it is an error, never a nested server.
      const refused = await client.callTool({ name: 'notes_mcp_start', arguments: {} }).then(
        (value) => value.isError === true,
        () => true,
      );
      expect(refused).toBe(true);
    });
  });

  // A CLI started with loader flags (`--import tsx`, `--require`, `--env-file`) needs them for every call too.
  it('when the program was started with node flags then each call runs with the same flags', async () => {
    await withClient(['--require', preload], async (client) => {
      const result = await client.callTool({ name: 'notes_preload', arguments: {} });
      expect(result.structuredContent).toMatchObject({ stdout: 'preload loaded\n', exitCode: 0 });
    });
  });
});
