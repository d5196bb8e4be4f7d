import type { RunRefusal } from './types.js';

export function refusal(code: RunRefusal['code'], message: string): RunRefusal {
  return { ok: false, kind: 'refused', code, message };
}

/** The same answer for an id that never existed and for another principal's run: ids leak nothing. */
export function unknownRun(runId: unknown): RunRefusal {
  const shown = JSON.stringify(String(runId).slice(0, 64));
  return refusal('cli-mcp.unknown-run', `Unknown run ${shown}: no run by that id is kept for you (it never existed, or was forgotten after it expired).`);
}

export function duration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

