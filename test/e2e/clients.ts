import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as TransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as AnyTransportV2 } from '@modelcontextprotocol/client';
import type { Transport as AnyTransportV1 } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { repoRoot } from '../helpers/fixture.js';

export { repoRoot };
export const binPath = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

/** What the tests need of any MCP client, whichever SDK line and protocol era it speaks. */
export interface TestClient {
  readonly kind: ClientKind;
  protocolVersion(): string | undefined;
  listTools(): Promise<{ tools: Array<{ name: string; title?: string; inputSchema: unknown; outputSchema?: unknown; annotations?: Record<string, unknown>; description?: string }> }>;
  callTool(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<CallResult>;
  /** One `tools/list` page, as the server sent it: the first without a cursor. */
  listToolsPage(cursor?: string): Promise<{ tools: Array<{ name: string }>; nextCursor?: string }>;
  readResource(uri: string): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string; _meta?: Record<string, unknown> }> }>;
  listResourceTemplates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string; name: string }> }>;
  /** The server process, over stdio. */
  readonly pid?: number | null;
  close(): Promise<void>;
}

export interface CallResult {
  content: Array<{ type: string; text?: string }>;
  /** `stdout` is absent when `json` holds it parsed (its exact text is then in `content`). */
  structuredContent?: { stdout?: string; stderr: string; exitCode: number | null; timedOut: boolean; truncated: boolean; durationMs: number; json?: unknown };
  isError?: boolean;
}

/** How a test's user answers an elicitation: `accept` (approve true), `decline`, or `cancel`. */
export type Elicit = (message: string) => 'accept' | 'decline' | 'cancel';

const answer = (elicit: Elicit, message: string) => {
  const action = elicit(message);
  return action === 'accept' ? { action, content: { approve: true } } : { action };
};

export type ClientKind = 'v2 (2026-07-28)' | 'v2 (2025-11-25)' | 'v1 sdk';
export const clientKinds: readonly ClientKind[] = ['v2 (2026-07-28)', 'v2 (2025-11-25)', 'v1 sdk'];

/** Spawns `cli-mcp wrap …args` and connects a client of the given kind to it over stdio. */
export async function connect(kind: ClientKind, args: readonly string[], options: { cwd?: string; env?: Record<string, string>; elicit?: Elicit } = {}): Promise<TestClient> {
  // Without `env` the SDK passes only a safe default environment to the server.
  const server = { command: process.execPath, args: [binPath, 'wrap', ...args], cwd: options.cwd ?? repoRoot, stderr: 'pipe' as const, ...(options.env ? { env: options.env } : {}) };
  return connectTo(kind, { v1: () => new TransportV1(server), v2: () => new TransportV2(server) }, options.elicit);
}

/** Connects a client of the given kind to a Streamable HTTP endpoint (`http://…/mcp`). */
export async function connectHttp(kind: ClientKind, url: string, options: { elicit?: Elicit; headers?: Record<string, string> } = {}): Promise<TestClient> {
  const requestInit = options.headers ? { requestInit: { headers: options.headers } } : {};
  return connectTo(kind, { v1: () => new HttpTransportV1(new URL(url), requestInit), v2: () => new HttpTransportV2(new URL(url), requestInit) }, options.elicit);
}

/** Connects a client of the given kind over the transport its SDK line is given: stdio, HTTP, or in memory (test/helpers/in-process.ts). */
export async function connectTo(kind: ClientKind, transports: { v1: () => AnyTransportV1; v2: () => AnyTransportV2 }, elicit: Elicit | undefined): Promise<TestClient> {
  const capabilities = elicit ? { capabilities: { elicitation: {} } } : {};
  // The server process, known once connected (spawned stdio only).
  const pidOf = (transport: object): { readonly pid?: number | null } => ('pid' in transport ? { pid: transport.pid as number | null } : {});
  if (kind === 'v1 sdk') {
    const client = new ClientV1({ name: 'e2e-v1', version: '1.0.0' }, capabilities);
    if (elicit) client.setRequestHandler(ElicitRequestSchema, async (request) => answer(elicit, request.params.message));
    const transport = transports.v1();
    await client.connect(transport);
    return {
      ...pidOf(transport),
      kind,
      readResource: (uri) => client.readResource({ uri }) as ReturnType<TestClient['readResource']>,
      listResourceTemplates: () => client.listResourceTemplates(),
      protocolVersion: () => undefined,
      listTools: () => client.listTools() as ReturnType<TestClient['listTools']>,
      callTool: (name, args_, { signal } = {}) => client.callTool({ name, arguments: args_ as Record<string, unknown> }, undefined, { signal }) as Promise<CallResult>,
      listToolsPage: (cursor) => client.listTools(cursor === undefined ? undefined : { cursor }),
      close: () => client.close(),
    };
  }
  const modern = kind === 'v2 (2026-07-28)';
  const client = new ClientV2({ name: 'e2e-v2', version: '1.0.0' }, { ...capabilities, ...(modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) });
  if (elicit) client.setRequestHandler('elicitation/create', async (request) => answer(elicit, request.params.message));
  const transport = transports.v2();
  await client.connect(transport);
  return {
    ...pidOf(transport),
    kind,
    readResource: (uri) => client.readResource({ uri }) as ReturnType<TestClient['readResource']>,
    listResourceTemplates: () => client.listResourceTemplates(),
    protocolVersion: () => client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools() as ReturnType<TestClient['listTools']>,
    callTool: (name, args_, { signal } = {}) => client.callTool({ name, arguments: args_ as Record<string, unknown> }, { signal }) as Promise<CallResult>,
    // Without a cursor, listTools() walks every page: the first page alone is a plain request.
    listToolsPage: (cursor) => (cursor === undefined ? client.request({ method: 'tools/list', params: {} }) : client.listTools({ cursor })),
    close: () => client.close(),
  };
}

/** The text of a call result's first content block. */
export function textOf(result: CallResult): string {
  return result.content.map((block) => block.text ?? '').join('\n');
}

/** A `cli-mcp wrap … --http 127.0.0.1:0` process and where it listens. */
export interface HttpServer {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The URL without `/mcp`. */
  readonly base: string;
  readonly server: ResultPromise;
  /** Everything it has written to stderr so far. */
  stderr(): string;
}

/** Starts `cli-mcp wrap …args --http 127.0.0.1:0` as a real process; resolves once it prints where it listens. */
export async function serveHttp(args: readonly string[], cwd: string): Promise<HttpServer> {
  const server = execa(process.execPath, [binPath, 'wrap', ...args, '--http', '127.0.0.1:0'], { cwd, reject: false, buffer: false, stdin: 'ignore' });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) resolve(match[1]);
    });
    void server.then((result) => reject(new Error(`the server exited (${result.exitCode}): ${stderr}`)));
  });
  return { url, base: url.replace(/\/mcp$/, ''), server, stderr: () => stderr };
}
