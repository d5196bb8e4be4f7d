/**
 * Background runs as tools, for every client (tasks need a client that declares them): start a command,
 * poll its new output by cursor, cancel it. A start answers with the direct call's own result when the
 * command ends in time (or never spawns: invalid input, an approval question, a refusal), else with a
 * run id; the run goes through the command's own chain, exactly as a direct call does.
 */
import * as z from 'zod';
import { resultStructured, resultText } from '../output/render-output.js';
import type { RunRegistry, RunStatus } from '../runs/types.js';
import { toJsonSchema } from '../schema/json-schema.js';
import type { ToolResult } from '../types.js';
import type { ListedTool } from './listed-tool.js';
import { commandInput, findCommand, parseInput, type MetaSource } from './meta-tools.js';

const startInput = z.strictObject({
  command: z.string().min(1).max(300).describe('Its tool name, or its words.'),
  flags: z.looseObject({}).optional(),
  args: z.array(z.unknown()).optional(),
  passthrough: z.array(z.unknown()).optional().describe('Words after `--`, where its schema lists them'),
});

const runId = z.string().max(100).describe('From run_start.');

const statusInput = z.strictObject({
  runId,
  cursor: z.int().min(0).optional().describe('nextCursor of your last poll; default 0.'),
});

const cancelInput = z.strictObject({ runId });

/** The three run tools when the source keeps background runs, else none. */
export function runTools(source: MetaSource): ListedTool[] {
  const { runs } = source;
  return runs ? [runStartTool(source, runs), runStatusTool(source, runs), runCancelTool(source, runs)] : [];
}

function runStartTool(source: MetaSource, runs: RunRegistry): ListedTool {
  const name = source.names.runStart;
  const detachS = Math.round(runs.limits.detachAfterMs / 1000);
  return {
    name,
    title: 'Run in the background',
    description: `Runs a slow command, or one that runs until stopped (--follow, --watch): its result if done within ${detachS} s, else a runId for ${source.names.runStatus}.`,
    inputSchema: toJsonSchema(startInput),
    annotations: { readOnlyHint: false, destructiveHint: true },
    async call(input, options) {
      const parsed = parseInput(startInput, input, name);
      if (!('data' in parsed)) return parsed;
      const found = findCommand(source.tools, parsed.data.command);
      if (!('tool' in found)) return found;
      const { tool } = found;
      const request = { tool: tool.name, principal: options?.principal, detachAfterMs: tool.command.longRunning ? 0 : undefined, signal: options?.signal, progress: options?.progress };
      const begun = await runs.start(request, (hooks) => source.run(tool, commandInput(input), { ...options, ...hooks }));
      if (begun.kind === 'finished') return begun.result;
      if (begun.kind === 'refused') return { isError: true, message: begun.message };
      const { status } = begun;
      const lines = [
        `\`${tool.command.path.join(' ')}\` goes on in the background as run ${status.runId}.`,
        status.newOutput === '' ? 'No output yet.' : `Output so far:\n${status.newOutput}`,
        nextSteps(source, status),
      ];
      const structured = { runId: status.runId, tool: status.tool, state: status.state, newOutput: status.newOutput, nextCursor: status.nextCursor, omittedLines: status.omittedLines };
      return { isError: false, message: lines.join('\n'), structured };
    },
  };
}

function runStatusTool(source: MetaSource, runs: RunRegistry): ListedTool {
  const name = source.names.runStatus;
  return {
    name,
    title: 'Poll a run',
    description: 'A run\'s state and its output since the cursor; once it has ended, its result.',
    inputSchema: toJsonSchema(statusInput),
    annotations: { readOnlyHint: true, destructiveHint: false },
    async call(input, options) {
      const parsed = parseInput(statusInput, input, name);
      if (!('data' in parsed)) return parsed;
      const { runId: id, cursor = 0 } = parsed.data;
      const status = await runs.status(id, options?.principal, { cursor });
      if (!status.ok) return { isError: true, message: status.message };
      // Lines are counted from the first: a cursor past them was not one a poll gave.
      if (cursor > status.nextCursor) {
        return { isError: true, message: `cursor ${cursor} is past the ${status.nextCursor} lines run ${status.runId} has printed; pass the nextCursor of your last poll, or 0 to read from the start.` };
      }
      if (status.result) return ended(status, `Run ${status.runId} (${status.tool}) ${stateWords(status)}.`);
      if (status.state === 'expired') return { isError: false, message: `Run ${status.runId} (${status.tool}) ended over ${minutes(runs.limits.ttlMs)} ago; its output and result are no longer kept.`, structured: structuredOf(status) };
      const lines = [
        `Run ${status.runId} (${status.tool}) is running (${seconds(Date.now() - status.startedAt)} so far).`,
        status.newOutput === '' ? `No new output since cursor ${cursor}.` : `New output:\n${status.newOutput}`,
        nextSteps(source, status),
      ];
      return { isError: false, message: lines.join('\n'), structured: structuredOf(status) };
    },
  };
}

function runCancelTool(source: MetaSource, runs: RunRegistry): ListedTool {
  const name = source.names.runCancel;
  return {
    name,
    title: 'Cancel a run',
    description: 'Stops a run and every process it started; answers its result.',
    inputSchema: toJsonSchema(cancelInput),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    async call(input, options) {
      const parsed = parseInput(cancelInput, input, name);
      if (!('data' in parsed)) return parsed;
      const status = await runs.cancel(parsed.data.runId, options?.principal);
      if (!status.ok) return { isError: true, message: status.message };
      const head = `Run ${status.runId} (${status.tool}) ${status.state === 'cancelled' ? 'is cancelled; its processes are gone' : `had already ${stateWords(status)}; nothing to cancel`}.`;
      // The cancel did what was asked: the run's own failure shows in its result, not as this call's error.
      return status.result ? { ...ended(status, head), isError: false } : { isError: false, message: head, structured: structuredOf(status) };
    },
  };
}

/** A finished run: the result's text and links as a direct call shows them, under a line of what happened. */
function ended(status: RunStatus, head: string): ToolResult {
  const result = status.result as ToolResult;
  const message = `${head} Its result${result.isError ? ' (an error)' : ''}, as ${status.tool} gives it directly:\n${resultText(result)}`;
  return { isError: result.isError, message, structured: structuredOf(status), ...(result.links ? { links: result.links } : {}) };
}

/** How to go on with a running run: the exact calls. */
function nextSteps(source: MetaSource, status: RunStatus): string {
  const poll = `${source.names.runStatus} ${JSON.stringify({ runId: status.runId, cursor: status.nextCursor })}`;
  const cancel = `${source.names.runCancel} ${JSON.stringify({ runId: status.runId })}`;
  return `Poll with ${poll} (each poll gives only the output since its cursor, and the result once it ends); stop it with ${cancel}.`;
}

function structuredOf(status: RunStatus): Record<string, unknown> {
  const { ok: _ok, result, ...rest } = status;
  const structuredContent = result && resultStructured(result);
  return { ...rest, ...(result ? { result: { isError: result.isError, text: resultText(result), ...(structuredContent ? { structuredContent } : {}) } } : {}) };
}

function stateWords(status: RunStatus): string {
  const took = status.endedAt === undefined ? '' : ` after ${seconds(status.endedAt - status.startedAt)}`;
  if (status.state === 'cancelled') return `was cancelled${status.reason ? ` (${status.reason})` : ''}${took}`;
  return `${status.state === 'done' ? 'ended' : 'failed'}${took}`;
}

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

function minutes(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : seconds(ms);
}
