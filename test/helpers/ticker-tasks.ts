/**
 * The ticker fixture (test/fixtures/runs/ticker.js) served from a manifest for the MCP tasks tests, and what they
 * read of its runs: it prints "tick <i>" every --interval ms, --count times; with --pid and --tree it prints its
 * pid and a grandchild's that ignores SIGTERM.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { progressText, RpcError, type TaskClient } from '../e2e/task-client.js';
import { fixture } from './fixture.js';

const leaf = (name: string, extra: Record<string, unknown>) => ({ name, runnable: true, options: [], positionals: [], subcommands: [], ...extra });
const manifest = {
  manifestVersion: 1,
  program: {
    name: 'ticker',
    runnable: false,
    options: ['count', 'interval'].map((name) => ({ name, type: 'integer', flag: `--${name}` })).concat(['pid', 'tree'].map((name) => ({ name, type: 'boolean', flag: `--${name}` }))),
    positionals: [],
    subcommands: [
      leaf('run', { annotations: { readOnlyHint: true } }),
      leaf('slow', { longRunning: true, annotations: { readOnlyHint: true } }),
      leaf('wipe', { longRunning: true, annotations: { destructiveHint: true } }),
    ],
  },
};

export const approve = { 'cli-mcp-approval': { action: 'accept', content: { approve: true } } };
export const notFound = { code: -32602, message: 'Failed to retrieve task: Task not found' };

/** Writes the ticker's manifest into `dir`; returns `wrap`'s arguments for it: process groups alone, since the pid checks need host pids; a short kill grace. */
export function tickerServing(dir: string): (...extra: string[]) => string[] {
  const manifestFile = join(dir, 'ticker.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return (...extra) => ['--manifest', manifestFile, '--exec', fixture('runs/ticker.js'), '--sandbox', 'off', '--kill-grace', '300', ...extra];
}

/**
 * The pids a tree-printing ticker reports in its progress, waiting for them. Progress stops once a call becomes a
 * task (its output then goes to polls): a server whose calls detach before the ticker has printed (under load, a
 * start can take longer than half a second) never sends them, so the tests that read them detach after 3 s.
 */
export async function treeFrom(client: TaskClient, token: string, ms = 10_000): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline && !/^grandchild \d+$/m.test(progressText(client, token)); ) await sleep(50);
  return treeOf(progressText(client, token));
}

/** The pids a tree-printing ticker reported in its progress. */
function treeOf(output: string): number[] {
  return ['pid', 'grandchild'].map((word) => {
    const found = new RegExp(`^${word} (\\d+)$`, 'm').exec(output);
    if (!found) throw new Error(`no "${word} <n>" line in ${JSON.stringify(output)}`);
    return Number(found[1]);
  });
}

/** The pids still alive after waiting up to `ms` for them to go. */
export async function stillAlive(pids: readonly number[], ms = 0): Promise<number[]> {
  for (const deadline = Date.now() + ms; Date.now() < deadline && pids.some(isProcessAlive); ) await sleep(50);
  return pids.filter(isProcessAlive);
}

/** The error a request ended with, as code, message and data. */
export async function errorOf(request: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown }> {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof RpcError)) throw new Error(`expected a JSON-RPC error, got ${error === undefined ? 'a result' : String(error)}`);
  return { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
}

/** A call result without what differs from run to run. */
export function withoutTiming(result: Record<string, unknown> | undefined): unknown {
  const { resultType: _type, _meta, structuredContent, ...rest } = result ?? {};
  const { durationMs: _duration, ...structured } = (structuredContent ?? {}) as Record<string, unknown>;
  return { ...rest, structuredContent: structured };
}
