import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createCliTools, type CliTools, type CliToolsOptions } from '../../src/call/cli-tools.js';
import type { CallPrincipal } from '../../src/middleware/context.js';
import { afterEach } from 'vitest';
import { createRunRegistry, type RunBegun, type RunHooks, type RunRegistry, type RunRegistryOptions, type RunStatus } from '../../src/runs/run-registry.js';
import type { ToolResult } from '../../src/types.js';
import type { ToolDefinition } from '../../src/tool/definition.js';
import { option, spec } from '../helpers/commands.js';

const script = fileURLToPath(new URL('../fixtures/runs/ticker.js', import.meta.url));

/** The ticker fixture as one tool: `--count`, `--interval`, `--pid`, `--tree`, `--marker`. */
export function tickerTools(extra: Partial<CliToolsOptions> = {}): { tools: CliTools; ticker: ToolDefinition } {
  const root = spec('ticker', {
    options: [option('count', 'integer'), option('interval', 'integer'), option('pid', 'boolean'), option('tree', 'boolean'), option('marker', 'string')],
  });
  // Host pids are only printed outside a PID namespace, so the pid checks run with process groups alone.
  const tools = createCliTools(root, { callLog: false, launcher: { file: process.execPath, prefixArgs: [script] }, sandbox: 'off', timeoutMs: 60_000, killGraceMs: 300, rateLimit: false, ...extra });
  const ticker = tools.find('ticker');
  if (!ticker) throw new Error(`no ticker tool among ${tools.tools.map((tool) => tool.name).join(', ')}`);
  return { tools, ticker };
}

export const alice: CallPrincipal = { id: 'token:alice', name: 'alice', scopes: [] };
export const bob: CallPrincipal = { id: 'token:bob', name: 'bob', scopes: [] };

/** A status that must not be a refusal. */
export async function statusOf(runs: RunRegistry, runId: string, principal: CallPrincipal | undefined, cursor?: number): Promise<RunStatus> {
  const status = await runs.status(runId, principal, cursor === undefined ? {} : { cursor });
  if (!status.ok) throw new Error(status.message);
  return status;
}

/** Polls until `done` says so; every status seen is returned in order. */
export async function pollUntil(runs: RunRegistry, runId: string, principal: CallPrincipal | undefined, done: (status: RunStatus, seen: string) => boolean, ms = 15_000): Promise<{ statuses: RunStatus[]; seen: string }> {
  const statuses: RunStatus[] = [];
  let seen = '';
  let cursor = 0;
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(40)) {
    const status = await statusOf(runs, runId, principal, cursor);
    statuses.push(status);
    if (status.newOutput !== '') seen += `${status.newOutput}\n`;
    cursor = status.nextCursor;
    if (done(status, seen)) return { statuses, seen };
  }
  throw new Error(`run ${runId} did not get there within ${ms} ms; output so far: ${seen}`);
}

/** The number after `word` in the output, e.g. the pid after "pid". */
export function numberAfter(output: string, word: string): number {
  const found = new RegExp(`^${word} (\\d+)$`, 'm').exec(output);
  if (!found) throw new Error(`no "${word} <n>" line in ${JSON.stringify(output)}`);
  return Number(found[1]);
}

/** A ticker tool and a registry over it; `begin` starts a ticker call there, by default going to the background as soon as it spawns. */
export interface TickerRuns extends ReturnType<typeof tickerTools> {
  readonly runs: RunRegistry;
  begin(input: unknown, options?: { principal?: CallPrincipal; progress?: (message: string) => void; detachAfterMs?: number; signal?: AbortSignal; call?: (hooks: RunHooks) => Promise<ToolResult> }): Promise<RunBegun>;
}

/** A registry maker for one test file: each registry runs over a fresh ticker tool and is closed after each test. */
export function registries(): (options?: Partial<RunRegistryOptions>, toolOptions?: Partial<CliToolsOptions>) => TickerRuns {
  const opened: RunRegistry[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((runs) => runs.close()));
  });
  return (options = {}, toolOptions = {}) => {
    const made = tickerTools(toolOptions);
    const runs = createRunRegistry(options);
    opened.push(runs);
    const begin: TickerRuns['begin'] = (input, { principal, progress, detachAfterMs = 0, signal, call } = {}) =>
      runs.start({ tool: made.ticker.name, principal, progress, detachAfterMs, signal }, call ?? ((hooks) => made.tools.run(made.ticker, input, { ...hooks, principal })));
    return { ...made, runs, begin };
  };
}

/** The id of a run that went to the background; anything else fails the test with what it was. */
export async function started(begun: Promise<RunBegun>): Promise<string> {
  const result = await begun;
  if (result.kind !== 'running') throw new Error(`expected a background run, got ${JSON.stringify(result)}`);
  return result.status.runId;
}
