/**
 * Streamable HTTP: one endpoint (`/mcp`) answering the 2026-07-28 era per request and 2025-11-25
 * clients through the SDK's stateless legacy path, beside `/healthz` and `/readyz`. Host and Origin
 * are checked on every request (DNS rebinding); bodies, headers and slow clients are bounded.
 */
import { createServer, type IncomingMessage, type Server as NodeServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, localhostAllowedHostnames, localhostAllowedOrigins, validateHostHeader, validateOriginHeader, type AuthInfo } from '@modelcontextprotocol/server';
import type { ApprovalGrants } from '../middleware/context.js';
import { memoryGrants, storeGrants } from '../approval/grants.js';
import { CliMcpError } from '../errors.js';
import { stopAllRuns } from '../exec/spawn-command.js';
import type { Authenticator } from '../http/auth/types.js';
import { serverFactory, type ServerInfo, type ServerSettings } from './create-server.js';
import type { ServedTools } from './served-tools.js';

/** Where and how the HTTP server listens. */
export interface HttpSettings extends ServerSettings {
  /** @default '127.0.0.1' */
  readonly host?: string;
  /** `0` picks a free port. */
  readonly port: number;
  /** Host header names accepted besides localhost's and the bound address (a public name behind a proxy). @default none */
  readonly allowedHosts?: readonly string[];
  /** Origin hostnames accepted besides localhost's (browser clients). @default none */
  readonly allowedOrigins?: readonly string[];
  /** Largest request body. @default 4194304 (4 MiB) */
  readonly maxBodyBytes?: number;
  /** Time for a client to send its whole request (slow clients are cut off). @default 30000 */
  readonly requestTimeoutMs?: number;
  /** After a stop is asked, how long calls in flight may run before their process trees are stopped. @default 10000 */
  readonly shutdownGraceMs?: number;
  /** Who may call: every `/mcp` request must pass it (health probes need not). A non-loopback address without it is refused. @default none */
  readonly authenticator?: Authenticator;
  /** Scopes every caller's token must grant; a valid token without them gets 403. @default none */
  readonly requiredScopes?: readonly string[];
}

/** A listening HTTP server. */
export interface HttpHandle {
  /** `http://host:port/mcp`. */
  readonly url: string;
  /** Stops accepting, lets calls in flight finish up to the grace period, then stops every process tree. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
const MAX_HEADER_BYTES = 16 * 1024;
const HEADERS_TIMEOUT_MS = 10_000;
const MCP_PATH = '/mcp';

/** Starts serving the tools over HTTP; resolves once it listens. */
export async function serveHttp(served: ServedTools, info: ServerInfo, settings: HttpSettings): Promise<HttpHandle> {
  const host = settings.host ?? '127.0.0.1';
  const auth = settings.authenticator;
  if (!isLoopback(host) && !auth) {
    throw new CliMcpError('cli-mcp.invalid-option', `refusing to serve on ${host} without authentication: anyone who can reach it could run the CLI; bind to 127.0.0.1 or configure tokens`);
  }
  const maxBodyBytes = settings.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const onerror = (error: Error): void => void process.stderr.write(`cli-mcp: http: ${error.message}\n`);
  const store = settings.store;
  // Grants outlive one request: they belong to whoever asked, each principal their own, in the store every replica reads when there is one.
  const grants = new Map<string, ApprovalGrants>();
  const grantsOf = (principal: { id: string } | undefined): ApprovalGrants => {
    const id = principal?.id ?? '';
    if (store) return storeGrants(store, id);
    let own = grants.get(id);
    if (!own) grants.set(id, (own = memoryGrants()));
    return own;
  };
  const factory = serverFactory(served, info, { ...settings, grants: grantsOf });
  const mcp = createMcpHandler((context) => factory(context), { legacy: 'stateless', maxRequestBodySize: maxBodyBytes, onerror });
  const serveMcp = toNodeHandler(mcp, { maxRequestBodySize: maxBodyBytes, onerror });
  // Open subscriptions (2026-07-28 clients' subscriptions/listen) hear of a reload that changed the list.
  const stopListening = served.onListChanged(() => mcp.notify.toolsChanged());
  const hosts = [...localhostAllowedHostnames(), bracketed(host), ...(settings.allowedHosts ?? [])];
  const origins = [...localhostAllowedOrigins(), ...(settings.allowedOrigins ?? [])];
  const inFlight = new Set<Promise<void>>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    // DNS rebinding: a page on another site that resolves its name to us gets nothing, not even health.
    const hostCheck = validateHostHeader(req.headers.host, hosts);
    if (!hostCheck.ok) return answer(res, 403, `Forbidden: ${hostCheck.message}`);
    const originCheck = validateOriginHeader(req.headers.origin, origins);
    if (!originCheck.ok) return answer(res, 403, `Forbidden: ${originCheck.message}`);
    if (path === '/healthz') return answer(res, 200, 'ok');
    if (path === '/readyz') {
      // A replica whose store does not answer would refuse every call: the load balancer should send them elsewhere.
      if (store && !(await store.ping())) return answer(res, 503, 'not ready: the shared store does not answer');
      return answer(res, 200, `ready: ${served.current().catalog.listed.length} tools`);
    }
    if (auth?.resourceMetadataUrl && path === new URL(auth.resourceMetadataUrl).pathname) return json(res, 200, auth.metadata?.() ?? {});
    if (path !== MCP_PATH) return answer(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (auth) {
      const outcome = await auth.authenticate(new Request('http://localhost/', { headers: headersOf(req) }), settings.requiredScopes);
      if (!outcome.ok) {
        res.writeHead(outcome.status, { 'content-type': 'application/json', ...outcome.headers });
        res.end(outcome.body);
        return;
      }
      // The principal reaches the server instance as AuthInfo (its id as the client id); the token itself is never passed on.
      const { principal } = outcome;
      (req as IncomingMessage & { auth?: AuthInfo }).auth = { token: '[verified]', clientId: principal.id, scopes: [...principal.scopes], ...(principal.expiresAt === undefined ? {} : { expiresAt: principal.expiresAt }), extra: { kind: principal.kind, name: principal.name } };
    }
    await serveMcp(req, res);
  };

  const requestTimeout = settings.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // Checked every second (Node's default is 30 s), so a slow client is cut off close to its limit.
  const limits = { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout, headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout), connectionsCheckingInterval: 1_000 };
  const server: NodeServer = createServer(limits, (req, res) => {
    const done = handle(req, res).catch((error: unknown) => {
      onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) answer(res, 500, 'Internal error');
      else res.destroy();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${bracketed(host)}:${port}${MCP_PATH}`,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const grace = new Promise<void>((resolve) => setTimeout(resolve, settings.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS).unref());
        await Promise.race([Promise.allSettled([...inFlight]), grace]);
        // Past the grace: calls and tasks still running are stopped with their whole process trees.
        stopListening();
        const runsClosed = served.current().close();
        stopAllRuns();
        await runsClosed;
        await mcp.close();
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

/** A Node request's headers as web headers (repeated ones joined, as fetch does). */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** An IPv6 address as a Host header carries it. */
function bracketed(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
