import { expect } from 'vitest';
import { spawnCommand, type CommandRequest } from '../../src/exec/spawn-command.js';
import { createWarmPool, type WarmOptions, type WarmPool, type WarmTarget } from '../../src/exec/warm-pool.js';

/** A pool for `target`, the notes it wrote, and `run`: the call spawnCommand makes, cold unless given `{ warm: pool }`. */
export interface WarmRuns {
  readonly pool: WarmPool;
  readonly notes: string[];
  run(argv: string[], extra?: Partial<CommandRequest>): ReturnType<typeof spawnCommand>;
}

/** Makes the pool (added to `pools`, for closing after each test) and runs calls as a server would: the launcher's prefix, then argv. */
export function warmRuns(target: WarmTarget, options: WarmOptions, pools: WarmPool[]): WarmRuns {
  const notes: string[] = [];
  const pool = createWarmPool(target, { note: (line) => void notes.push(line), ...options });
  pools.push(pool);
  const { launcher, cwd, env, sandbox } = target;
  const run = (argv: string[], extra: Partial<CommandRequest> = {}) =>
    spawnCommand({ file: launcher.file, args: [...launcher.prefixArgs, ...argv], cwd, env, timeoutMs: 20_000, ...(sandbox ? { sandbox } : {}), ...extra });
  return { pool, notes, run };
}

/** What a run shows a caller, without its timing. */
export async function seen(outcome: ReturnType<typeof spawnCommand>): Promise<unknown> {
  const result = await outcome;
  if (result.kind !== 'ran') return result;
  const { durationMs: _, ...output } = result.output;
  return output;
}

/** Runs `argv` cold, then warm once the pool is ready: the warm run must show what the cold one did. Answers it. */
export async function warmAsCold({ pool, run }: Pick<WarmRuns, 'pool' | 'run'>, argv: string[]): Promise<unknown> {
  const cold = await seen(run(argv));
  await pool.ready();
  const warm = await seen(run(argv, { warm: pool }));
  expect(warm).toEqual(cold);
  return warm;
}
