import { serveStdio as serveSdkStdio } from '@modelcontextprotocol/server/stdio';
import { stopAllRuns } from '../exec/run.js';
import type { CliTools } from '../call/cli-tools.js';
import { serverFactory, type ServerInfo, type ServerSettings } from './create-server.js';

/** A running stdio server. */
export interface StdioHandle {
  close(): Promise<void>;
}

/** Serves the tools over this process's stdin/stdout until the client hangs up; stdout is the wire, logs go to stderr. */
export function serveStdio(cliTools: CliTools, info: ServerInfo, settings: ServerSettings = {}): StdioHandle {
  const handle = serveSdkStdio(serverFactory(cliTools, info, settings), {
    onerror: (error) => process.stderr.write(`cli-mcp: ${error.message}\n`),
  });
  return {
    async close() {
      stopAllRuns();
      await handle.close();
    },
  };
}
