// Warm workers for any program (kind 'exec'): a stub waiting in the call's sandbox execs the call; each run must be what a cold start gives.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childEnvironment } from '../../src/exec/environment.js';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { resolveSandbox, type Sandbox } from '../../src/exec/sandbox.js';
import type { WarmOptions, WarmPool } from '../../src/exec/warm-pool.js';
import { seen, warmAsCold, warmRuns, type WarmRuns } from '../helpers/warm-runs.js';
import { seededRandom } from '../helpers/random.js';

const dir = mkdtempSync(join(tmpdir(), 'cli-mcp-warm-exec-'));
const env = { ...childEnvironment(process.env), ODD: 'a b=c\n"d"', EMPTY: '' };
const pools: WarmPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A program that shows what it was started with: argv (argv[0] too), cwd, environment, open fds, then exits with $1 when it is a number. */
const probe = join(dir, 'probe.sh');
writeFileSync(probe, `#!/bin/sh
printf '[%s]\\n' "$0" "$@"
pwd
env | LC_ALL=C sort
ls /proc/self/fd | LC_ALL=C sort | tr '\\n' ' '
echo to-stderr >&2
case "$1" in (*[!0-9]*|'') exit 0;; (*) exit "$1";; esac
`);
chmodSync(probe, 0o755);

const levels: readonly ['off' | 'contain' | 'strict', Sandbox | undefined][] = [['off', undefined], ...(['contain', 'strict'] as const).map((level) => [level, resolveSandbox({ level }, () => {})] as ['contain' | 'strict', Sandbox | undefined])];

function poolFor(file: string, options: WarmOptions & { sandbox?: Sandbox; cwd?: string; env?: Record<string, string> } = {}): WarmRuns {
  const { sandbox, cwd = dir, env: callEnv = env, ...pooling } = options;
  return warmRuns({ launcher: { file, prefixArgs: [] }, cwd, env: callEnv, ...(sandbox ? { sandbox } : {}) }, { startAfterMs: 0, ...pooling }, pools);
}

describe('a stub stands for a cold start of any program', () => {
  for (const [level, sandbox] of levels) {
    it(`when calls run warm with sandbox ${level} then argv (argv[0] too), cwd, environment (odd values, empty ones), open fds, stderr and exit codes are what a cold start gives`, async (context) => {
      if (level !== 'off' && !sandbox) {
        console.warn(`\n!!! bwrap does not work here: the ${level} stub test is SKIPPED !!!\n`);
        return context.skip();
      }
      // strict hides the real /tmp: the program and its working directory must be somewhere it shows.
      const runs = poolFor(probe, { ...(sandbox ? { sandbox } : {}), cwd: dir });
      const { pool } = runs;
      const next = seededRandom(level.length);
      const word = (): string => Array.from({ length: Math.floor(next() * 4) }, () => ['a', ' ', '"', '$(id)', 'é', '🙂', '=', '\\', '\n', '-', '--'][Math.floor(next() * 11)]).join('');
      for (const argv of [['7'], ['0', '', '-i', '--', 'A=B'], ...Array.from({ length: 5 }, () => Array.from({ length: Math.floor(next() * 4) }, word))]) {
        await warmAsCold(runs, argv);
      }
      expect(pool.counts).toEqual({ warm: 7, cold: 0 });
      expect(pool.off).toBeUndefined();
      // A program that is no shell sets nothing of its own: the environment exactly as started (bwrap sets PWD).
      const printenv = poolFor('/usr/bin/env', { ...(sandbox ? { sandbox } : {}), cwd: dir });
      const cold = await seen(printenv.run([]));
      await printenv.pool.ready();
      expect(await seen(printenv.run([], { warm: printenv.pool }))).toEqual(cold);
      expect(printenv.pool.counts.warm).toBe(1);
    });
  }

  it('when a bare program name is served without a sandbox then argv[0] stays that name and PATH finds it, as a cold start does', async () => {
    const { pool, run } = poolFor('printenv', { env: { PATH: '/usr/bin:/bin', ONLY: 'this' } });
    const cold = await seen(run([]));
    await pool.ready();
    expect(await seen(run([], { warm: pool }))).toEqual(cold);
    expect(cold).toMatchObject({ stdout: 'PATH=/usr/bin:/bin\nONLY=this\n', exitCode: 0 });
    expect(pool.counts.warm).toBe(1);
  });

  it('when a warm call times out or is cancelled then its whole tree is stopped, under contain its setsid children too', async () => {
    for (const [level, sandbox] of levels.filter(([level]) => level !== 'strict')) {
      if (level !== 'off' && !sandbox) continue;
      const { pool, run } = poolFor('/bin/sh', { ...(sandbox ? { sandbox } : {}) });
      await pool.ready();
      const script = 'sleep 30 & echo $!; exec sleep 31';
      const timedOut = await run(['-c', script], { warm: pool, timeoutMs: 500, killGraceMs: 200 });
      expect(timedOut).toMatchObject({ kind: 'ran', output: { timedOut: true } });
      await pool.ready();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 500);
      const aborted = await run(['-c', script], { warm: pool, signal: controller.signal, killGraceMs: 200 });
      expect(aborted).toMatchObject({ kind: 'ran', aborted: true });
      expect(pool.counts.warm).toBe(2);
      if (level === 'off') {
        const pids = [timedOut, aborted].map((outcome) => Number(outcome.kind === 'ran' ? outcome.output.stdout.trim() : 0));
        expect(pids.map(isProcessAlive)).toEqual([false, false]);
      }
    }
  });
});

describe('a stub that no longer stands for a cold start is not used', () => {
  it('when a directory the sandbox hides appears after the stub started (another call\'s output spool) then the call does not see into it', async (context) => {
    const resolved = resolveSandbox({ level: 'contain' }, () => {});
    if (!resolved) {
      console.warn('\n!!! bwrap does not work here: the hidden-spool stub test is SKIPPED !!!\n');
      return context.skip();
    }
    const spool = join(dir, 'spool');
    rmSync(spool, { recursive: true, force: true });
    const sandbox: Sandbox = { ...resolved, hidden: () => [spool] };
    const { pool, run } = poolFor('/bin/ls', { sandbox });
    await pool.ready();
    mkdirSync(spool);
    writeFileSync(join(spool, 'other-call.txt'), 'secret');
    const warm = await run(['-A', spool], { warm: pool });
    expect(warm).toMatchObject({ kind: 'ran', output: { stdout: '', exitCode: 0 } });
  });

  it('when the working directory was removed and made again then the call runs in the new one', async () => {
    const cwd = join(dir, 'again');
    mkdirSync(cwd, { recursive: true });
    const { pool, run } = poolFor('/bin/ls', { cwd });
    await pool.ready();
    rmSync(cwd, { recursive: true });
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'new.txt'), '');
    expect(await run([], { warm: pool })).toMatchObject({ kind: 'ran', output: { stdout: 'new.txt\n', exitCode: 0 } });
  });

  it('when the program is gone by the time of the call then the call fails as a cold start does, not with env\'s exit 127', async () => {
    const program = join(dir, 'gone.sh');
    writeFileSync(program, '#!/bin/sh\necho here\n');
    chmodSync(program, 0o755);
    const { pool, run } = poolFor(program);
    await pool.ready();
    rmSync(program);
    expect(await run([], { warm: pool })).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
  });

  it('when an argument holds a NUL byte then the call starts cold and fails as a cold start does', async () => {
    const { pool, run } = poolFor('/bin/echo');
    await pool.ready();
    const cold = await seen(run(['a\0b']));
    expect(await seen(run(['a\0b'], { warm: pool }))).toEqual(cold);
    expect(pool.counts.warm).toBe(0);
  });
});
