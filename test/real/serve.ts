/**
 * `cli-mcp wrap …` as a real MCP server with a real v2 client, like `connect` in test/e2e/clients.ts,
 * but keeping the server's stderr: the corpus reads the method line and each call's argv from it.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { binPath, type CallResult } from '../e2e/clients.js';

export interface ServedProgram {
  listToolNames(): Promise<string[]>;
  callTool(name: string, args: unknown): Promise<CallResult>;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function serve(wrapArgs: readonly string[], options: { cwd: string; env: Record<string, string> }): Promise<ServedProgram> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'wrap', ...wrapArgs], cwd: options.cwd, env: options.env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'real-cli-corpus', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await transport.close().catch(() => undefined);
    throw new Error(`cli-mcp wrap ${wrapArgs.join(' ')} did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`, { cause: error });
  }
  return {
    listToolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    callTool: (name, args) => client.callTool({ name, arguments: args as Record<string, unknown> }) as Promise<CallResult>,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** The argv of the last logged call of `tool`, from the call log's JSON lines on stderr. */
export function loggedArgv(stderr: string, tool: string): readonly string[] | undefined {
  let argv: readonly string[] | undefined;
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const record = JSON.parse(line) as { tool?: string; argv?: string[] };
      if (record.tool === tool && Array.isArray(record.argv)) argv = record.argv;
    } catch {
      // Not a call-log line.
    }
  }
  return argv;
}
