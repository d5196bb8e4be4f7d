/**
 * Runs the Python worker on a script exactly as a help page is fetched: through exec/ only, in the help
 * sandbox (read-only, no network), in an empty directory, with the environment allowlist, a timeout and capped output.
 */
import { spawnCommand } from '../../exec/spawn-command.js';
import type { Sandbox } from '../../exec/sandbox.js';
import type { PythonAnswer } from './parser-tree.js';
import { PYTHON_WORKER } from './worker-source.js';

/** How the worker is run for one script. */
export interface PythonCall {
  /** The script's real path. */
  readonly script: string;
  /** The `#!` line's command words: `['/usr/bin/python3']`, `['/usr/bin/env', 'python3']`. */
  readonly interpreter: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly sandbox: Sandbox | 'none';
}

/** The worker's answer, or why it gave none (it did not start, ran out of time, printed no JSON). */
export type WorkerOutcome = PythonAnswer | { readonly ok: false; readonly reason: 'failed'; readonly message: string };

/** Bytes of the worker's JSON kept: a parser tree is far below it; past it the answer is refused whole. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * Runs `script words…` under the worker; `skip` parses are let through first (a program that dispatches its
 * commands by hand parses its own options before the command's: pip's `install`).
 */
export async function runPythonWorker(call: PythonCall, words: readonly string[], skip = 0): Promise<WorkerOutcome> {
  const [file, ...flags] = call.interpreter;
  if (file === undefined) return { ok: false, reason: 'failed', message: 'no interpreter' };
  const sandbox = call.sandbox === 'none' ? undefined : call.sandbox;
  const outcome = await spawnCommand({
    file,
    args: [...flags, '-c', PYTHON_WORKER, call.script, String(skip), ...words],
    cwd: call.cwd,
    env: { ...call.env, PYTHONDONTWRITEBYTECODE: '1' },
    timeoutMs: call.timeoutMs,
    maxOutputBytes: MAX_ANSWER_BYTES,
    maxTotalOutputBytes: 4 * MAX_ANSWER_BYTES,
    ...(sandbox === undefined ? {} : { sandbox }),
  });
  if (outcome.kind === 'not-started') return { ok: false, reason: 'failed', message: outcome.message };
  const { stdout, stderr, timedOut, truncated } = outcome.output;
  if (timedOut) return { ok: false, reason: 'failed', message: `it did not reach a parser within ${call.timeoutMs} ms` };
  if (truncated && stdout.length >= MAX_ANSWER_BYTES / 2) return { ok: false, reason: 'failed', message: 'its parser did not fit in the answer' };
  const answer = parseAnswer(stdout);
  if (answer !== undefined) return answer;
  const said = stderr.trim().split('\n').slice(-3).join('\n');
  return { ok: false, reason: 'failed', message: `the worker gave no answer (exit ${String(outcome.output.exitCode)})${said ? `: ${said}` : ''}` };
}

/** The worker's JSON, when it is an answer of the expected shape. */
export function parseAnswer(text: string): PythonAnswer | undefined {
  try {
    const value = JSON.parse(text) as Partial<PythonAnswer> | null;
    if (typeof value !== 'object' || value === null || typeof value.ok !== 'boolean') return undefined;
    if (value.ok === false) return typeof value.message === 'string' ? (value as PythonAnswer) : undefined;
    const answer = value as PythonAnswer & { ok: true };
    const known = answer.kind === 'argparse' || answer.kind === 'optparse' || answer.kind === 'click';
    return known && typeof answer.root === 'object' && answer.root !== null && Array.isArray(answer.files) ? answer : undefined;
  } catch {
    return undefined;
  }
}
