/**
 * MCP tasks: the `io.modelcontextprotocol/tasks` extension of protocol 2026-07-28, over the run
 * registry. A `tools/call` of a client that declares the extension on that request answers with a
 * task when the CLI is still going `detachAfterMs` after it spawned (at once for a long-running
 * command); `tasks/get`, `tasks/update` and `tasks/cancel` then reach that run, for the principal that
 * started it only. Approval is asked on the `tools/call` itself, before any task exists, so a task
 * never waits for input.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { CallOptions } from '../middleware/context.js';
import type { CallPrincipal, LogLevel } from '../middleware/context.js';
import type { Catalog } from '../discovery/catalog.js';
import type { ListedTool } from '../discovery/listed-tool.js';
import type { RunRegistry, RunStatus } from '../runs/run-registry.js';
import type { ToolResult } from '../types.js';
import { FULL_RESULT, toCallToolResult } from './call-result.js';
import type { ResultShape } from './clients.js';

/** The extension's identifier, in capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** How often a client is asked to poll. */
export const TASK_POLL_INTERVAL_MS = 1000;
/** Longest status message: the newest output line, cut. */
const STATUS_MESSAGE_CHARS = 200;
/** Output lines read to find the newest non-empty one. */
const NEWEST_LINES = 4;

/** A task as the extension's `Task` shape carries it. */
export interface TaskState {
  readonly taskId: string;
  readonly status: 'working' | 'completed' | 'cancelled';
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
}

/** How a task-capable `tools/call` went: a task, a result to answer as today, or run it directly (the caller's runs are at their limit). */
export type TaskStart = { readonly kind: 'task'; readonly task: CallToolResult } | { readonly kind: 'result'; readonly result: ToolResult } | { readonly kind: 'direct' };

/** Whether this request declared the extension in its per-request capabilities: only then may it get a task. */
export function declaresTasks(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/**
 * The task fields of a run. `ttlMs` counts from creation: while running, the bound (maximum run time,
 * then the time a result is kept); once ended, until its result is dropped. Only a finished run has
 * `lastUpdatedAt` past its creation: output lines do not change the task's state.
 */
export function taskOf(status: RunStatus, limits: RunRegistry['limits'], newestLine?: string): TaskState {
  const ended = status.state !== 'running';
  const message = status.state === 'cancelled' ? status.reason : status.state === 'running' ? newestLine : undefined;
  return {
    taskId: status.runId,
    status: status.state === 'cancelled' ? 'cancelled' : ended ? 'completed' : 'working',
    ...(message ? { statusMessage: cut(message) } : {}),
    createdAt: new Date(status.startedAt).toISOString(),
    lastUpdatedAt: new Date(status.endedAt ?? status.startedAt).toISOString(),
    ttlMs: status.expiresAt === undefined ? limits.maxRunMs + limits.ttlMs : status.expiresAt - status.startedAt,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/** The last non-empty line of some output, if any. */
export function newestLineOf(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .findLast((line) => line !== '');
}

/** At most STATUS_MESSAGE_CHARS characters, an ellipsis marking the cut. */
function cut(text: string): string {
  return text.length <= STATUS_MESSAGE_CHARS ? text : `${text.slice(0, STATUS_MESSAGE_CHARS - 1)}…`;
}

/**
 * Starts a task-capable call through the registry: it is answered directly when it ends in time (or
 * before it spawns: invalid input, an approval question), else becomes a task. Log messages stop
 * once it is a task: the extension carries no notifications for tasks.
 */
export async function startTask(
  runs: RunRegistry,
  request: { readonly tool: ListedTool; readonly principal?: CallPrincipal; readonly ctx: ServerContext; readonly progress?: (message: string) => void; readonly log: (level: LogLevel, data: unknown) => void },
  call: (hooks: CallOptions) => Promise<ToolResult>,
): Promise<TaskStart> {
  let detached = false;
  const log = (level: LogLevel, data: unknown): void => {
    if (!detached) request.log(level, data);
  };
  const { tool, principal, ctx, progress } = request;
  const begun = await runs.start({ tool: tool.name, principal, detachAfterMs: tool.longRunning ? 0 : undefined, signal: ctx.mcpReq.signal, progress }, (hooks) => call({ ...hooks, log }));
  if (begun.kind === 'finished') return { kind: 'result', result: begun.result };
  if (begun.kind === 'running') {
    detached = true;
    const task = { resultType: 'task', ...taskOf(begun.status, runs.limits, newestLineOf(begun.status.newOutput)) };
    return { kind: 'task', task: task as unknown as CallToolResult };
  }
  if (begun.code === 'cli-mcp.run-limit') {
    log('warning', `${begun.message} This call runs directly instead, not as a task.`);
    return { kind: 'direct' };
  }
  return { kind: 'result', result: { isError: true, message: begun.message } };
}

// tasks/update's inputResponses never reach params: the SDK lifts them into ctx.mcpReq.inputResponses, as on any request.
const taskParams = z.looseObject({ taskId: z.string() });

/** Serves `tasks/get`, `tasks/update` and `tasks/cancel` on one server instance, for its principal, and declares the extension. */
export function serveTasks(server: Server, runs: RunRegistry, catalog: Pick<Catalog, 'find'>, principal: CallPrincipal | undefined, shape: () => ResultShape = () => FULL_RESULT): void {
  /** The run's state and its line count, or the spec's error for a task this caller cannot see. */
  const known = async (ctx: ServerContext, taskId: string): Promise<RunStatus> => {
    if (!declaresTasks(ctx)) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } }, 'Missing required client capability');
    // A cursor past the end reads no output: only the state and where the output ends.
    const status = await runs.status(taskId, principal, { cursor: Number.MAX_SAFE_INTEGER });
    if (!status.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');
    return status;
  };
  server.setRequestHandler('tasks/get', { params: taskParams }, async ({ taskId }, ctx) => {
    const status = await known(ctx, taskId);
    if (status.state === 'expired') throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task has expired');
    if (status.state === 'running') {
      const tail = status.nextCursor === 0 ? undefined : await runs.status(taskId, principal, { cursor: Math.max(0, status.nextCursor - NEWEST_LINES) });
      return { ...taskOf(status, runs.limits, tail?.ok ? newestLineOf(tail.newOutput) : undefined) };
    }
    const task = taskOf(status, runs.limits);
    if (task.status !== 'completed' || !status.result) return { ...task };
    // Exactly what the direct call would have answered: the same result, projected for the tool's output schema.
    const shaped = shape();
    const result = server.projectCallToolResult(toCallToolResult(status.result, shaped), shaped.structured ? catalog.find(status.tool)?.outputSchema : undefined);
    return { ...task, result };
  });
  // Approval is asked before a task exists, so no task of ours waits for input: answers are acknowledged and ignored, as the spec allows for keys not outstanding.
  server.setRequestHandler('tasks/update', { params: taskParams }, async ({ taskId }, ctx) => {
    await known(ctx, taskId);
    return {};
  });
  server.setRequestHandler('tasks/cancel', { params: taskParams }, async ({ taskId }, ctx) => {
    await known(ctx, taskId);
    await runs.cancel(taskId, principal);
    return {};
  });
  server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });
}
