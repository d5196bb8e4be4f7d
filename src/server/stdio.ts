import { serveStdio as serveSdkStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { stopAllRuns } from '../exec/spawn-command.js';
import { boundedLines, type SkippedFrame } from './bounded-lines.js';
import type { Server } from '@modelcontextprotocol/server';
import { serverFactory, type ServerInfo, type ServerSettings } from './create-server.js';
import type { ServedTools } from './served-tools.js';
import { DEFAULTS } from '../options.js';

/** A running stdio server. */
export interface StdioHandle {
  close(): Promise<void>;
}

/** How the stdio edge reads, beyond what the server answers. */
export interface StdioSettings extends ServerSettings {
  /** Longest message read; a longer one is skipped and answered with an error while serving goes on. @default 4194304 (4 MiB) */
  readonly maxFrameBytes?: number;
}

/** JSON-RPC "Invalid Request". */
const INVALID_REQUEST = -32600;

/** Serves the tools over this process's stdin/stdout until the client hangs up; stdout is the wire, logs go to stderr. */
export function serveStdio(served: ServedTools, info: ServerInfo, settings: StdioSettings = {}): StdioHandle {
  const maxFrameBytes = settings.maxFrameBytes ?? DEFAULTS.maxFrameBytes;
  const report = (message: string): void => void process.stderr.write(`cli-mcp: ${message}\n`);
  // The SDK's own reader holds a line whole and closes the connection past 10 MiB: it only ever sees bounded lines.
  const refuse = (frame: SkippedFrame): void => {
    report(`refused a message of ${frame.bytes} bytes (the limit is ${maxFrameBytes})`);
    const error = { code: INVALID_REQUEST, message: `Invalid Request: the message is ${frame.bytes} bytes, over the limit of ${maxFrameBytes}` };
    // JSON-RPC answers an unreadable id with null; the SDK's type would leave it out, but it writes what it is given.
    const id = frame.id as string | number;
    wire.send({ jsonrpc: '2.0', id, error }).catch(() => {});
  };
  const lines = boundedLines(maxFrameBytes, refuse);
  const wire = new StdioServerTransport(lines, process.stdout, { maxBufferSize: maxFrameBytes + 1 });
  process.stdin.pipe(lines);
  const factory = serverFactory(served, info, settings);
  // The instances of this connection (a probe may come before the one kept): each is told when the list changes.
  const instances = new Set<Server>();
  const handle = serveSdkStdio(
    (context) => {
      const server = factory(context);
      instances.add(server);
      return server;
    },
    { transport: wire, onerror: (error) => report(error.message) },
  );
  // On a 2026-07-28 connection the SDK routes this onto the client's subscriptions/listen stream.
  const stopListening = served.onListChanged(() => {
    for (const server of instances) void server.sendToolListChanged().catch(() => {});
  });
  // Tasks outlive their requests, not the connection: once the client hangs up nobody can poll or cancel them.
  const closeRuns = (): Promise<void> => served.current().close();
  lines.once('end', () => void closeRuns());
  return {
    async close() {
      stopListening();
      const runsClosed = closeRuns();
      stopAllRuns();
      await runsClosed;
      await handle.close();
      // Let the process exit: nothing reads stdin any more.
      process.stdin.unpipe(lines);
      process.stdin.pause();
    },
  };
}
