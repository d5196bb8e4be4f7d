/**
 * A spec-wire client of the MCP tasks extension (`io.modelcontextprotocol/tasks`, protocol 2026-07-28),
 * over the SDK's own stdio transport (or an in-process server's wire) and over Streamable HTTP with fetch. The
 * official clients do not support tasks yet (SDK v2.4 has no task runtime), so every request is written as the spec shows it:
 * with its per-request `_meta` envelope, and over HTTP with `Mcp-Method` and `Mcp-Name` headers.
 */
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { setTimeout as sleep } from 'node:timers/promises';
import { binPath, repoRoot } from './clients.js';

export const TASKS = 'io.modelcontextprotocol/tasks';
export const PROTOCOL_VERSION = '2026-07-28';

/** A JSON-RPC error answer, with its code and data. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** What one request declares: the tasks extension (by default), elicitation, a log level, a progress token. */
export interface RequestOptions {
  readonly tasks?: boolean;
  readonly elicitation?: boolean;
  readonly logLevel?: string;
  readonly progressToken?: string;
}

type Json = Record<string, unknown>;

export interface TaskClient {
  /** Sends one request with the 2026-07-28 envelope; resolves to its result, rejects with an RpcError. */
  request(method: string, params: Json, options?: RequestOptions): Promise<Json>;
  /** Every notification received so far, oldest first. */
  readonly notifications: Json[];
  /** The server process, over stdio. */
  readonly pid?: number;
  close(): Promise<void>;
}

/** A task as tasks/get answers it (and, with resultType "task", a tools/call). */
export interface WireTask extends Json {
  resultType?: string;
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
  result?: Json;
}

function paramsWithEnvelope(params: Json, options: RequestOptions): Json {
  const capabilities = { ...(options.elicitation ? { elicitation: {} } : {}), ...(options.tasks === false ? {} : { extensions: { [TASKS]: {} } }) };
  const meta = {
    ...(params._meta as Json | undefined),
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'e2e-tasks', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    ...(options.logLevel ? { 'io.modelcontextprotocol/logLevel': options.logLevel } : {}),
    ...(options.progressToken ? { progressToken: options.progressToken } : {}),
  };
  return { ...params, _meta: meta };
}

function settle(message: Json): Json {
  const error = message.error as { code: number; message: string; data?: unknown } | undefined;
  if (error) throw new RpcError(error.code, error.message, error.data);
  return message.result as Json;
}

/** Spawns `cli-mcp wrap …args` and talks to it over the SDK's stdio transport, message by message. */
export async function stdioTaskClient(args: readonly string[], cwd = repoRoot): Promise<TaskClient> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [binPath, 'wrap', ...args], cwd, stderr: 'pipe' });
  const client = await taskClientOver(transport);
  return { ...client, pid: transport.pid ?? undefined };
}

/** Starts `transport` (stdio, or an in-process server's wire) and talks over it, message by message. */
export async function taskClientOver(transport: Transport): Promise<TaskClient> {
  const pending = new Map<number, (message: Json) => void>();
  const notifications: Json[] = [];
  let nextId = 1;
  transport.onmessage = (message) => {
    const received = message as Json;
    const answer = typeof received.id === 'number' && !('method' in received) ? pending.get(received.id) : undefined;
    if (answer) answer(received);
    else if ('method' in received && !('id' in received)) notifications.push(received);
  };
  await transport.start();
  return {
    notifications,
    async request(method, params, options = {}) {
      const id = nextId++;
      const answered = new Promise<Json>((resolve) => pending.set(id, resolve));
      await transport.send({ jsonrpc: '2.0', id, method, params: paramsWithEnvelope(params, options) } as never);
      const message = await answered;
      pending.delete(id);
      return settle(message);
    },
    close: () => transport.close(),
  };
}

/** Talks to a Streamable HTTP endpoint (`http://…/mcp`), one POST per request, as the spec's HTTP binding asks. */
export function httpTaskClient(url: string, headers: Record<string, string> = {}): TaskClient {
  const notifications: Json[] = [];
  let nextId = 1;
  return {
    notifications,
    async request(method, params, options = {}) {
      const id = nextId++;
      // Intermediaries route a task's requests by Mcp-Name: the tool's name, or the task's id.
      const name = typeof params.taskId === 'string' ? params.taskId : typeof params.name === 'string' ? params.name : undefined;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL_VERSION, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}), ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params: paramsWithEnvelope(params, options) }),
      });
      const text = await response.text();
      const messages = (response.headers.get('content-type') ?? '').includes('text/event-stream') ? eventData(text) : [JSON.parse(text) as Json];
      for (const message of messages) if ('method' in message && !('id' in message)) notifications.push(message);
      const answer = messages.find((message) => message.id === id);
      if (!answer) throw new Error(`no answer to request ${id} (HTTP ${response.status}): ${text}`);
      return settle(answer);
    },
    close: async () => {},
  };
}

/** The JSON messages of a server-sent event stream. */
function eventData(text: string): Json[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) => event.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n'))
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as Json);
}

export const callTool = (client: TaskClient, name: string, args: unknown, options?: RequestOptions & { extra?: Json }) =>
  client.request('tools/call', { name, arguments: args, ...options?.extra }, options);
export const getTask = (client: TaskClient, taskId: string, options?: RequestOptions) => client.request('tasks/get', { taskId }, options) as Promise<WireTask>;
export const cancelTask = (client: TaskClient, taskId: string, options?: RequestOptions) => client.request('tasks/cancel', { taskId }, options);
export const updateTask = (client: TaskClient, taskId: string, inputResponses: Json, options?: RequestOptions) => client.request('tasks/update', { taskId, inputResponses }, options);

/** The task a tools/call answered with; anything else fails the test with what it was. */
export function taskOf(result: Json): WireTask {
  if (result.resultType !== 'task') throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result as WireTask;
}

/** Polls tasks/get, waiting pollIntervalMs between polls as the spec asks, until the task reaches a terminal status. */
export async function pollUntilDone(client: TaskClient, taskId: string, { timeoutMs = 60_000, options }: { timeoutMs?: number; options?: RequestOptions } = {}): Promise<{ task: WireTask; polls: WireTask[]; gapsMs: number[] }> {
  const polls: WireTask[] = [];
  const gapsMs: number[] = [];
  let last = 0;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (last !== 0) gapsMs.push(Date.now() - last);
    last = Date.now();
    const task = await getTask(client, taskId, options);
    polls.push(task);
    if (task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled') return { task, polls, gapsMs };
    await sleep(task.pollIntervalMs ?? 1000);
  }
  throw new Error(`task ${taskId} did not end within ${timeoutMs} ms; last seen: ${JSON.stringify(polls.at(-1))}`);
}

/** The text of a result's content blocks. */
export function textOf(result: Json | undefined): string {
  return ((result?.content as Array<{ text?: string }> | undefined) ?? []).map((block) => block.text ?? '').join('\n');
}

/** The progress messages of one request (by its token) received so far, joined by lines. */
export function progressText(client: TaskClient, progressToken: string): string {
  return client.notifications
    .filter((notification) => notification.method === 'notifications/progress' && (notification.params as Json).progressToken === progressToken)
    .map((notification) => String((notification.params as Json).message ?? ''))
    .join('\n');
}
