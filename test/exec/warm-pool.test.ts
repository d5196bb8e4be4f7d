import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childEnvironment } from '../../src/exec/environment.js';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { resolveLauncher } from '../../src/exec/launcher.js';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { resolveSandbox, type Sandbox } from '../../src/exec/sandbox.js';
import { unchanged, watchImport } from '../../src/exec/warm-imports.js';
import { createWarmPool, type WarmOptions, type WarmPool } from '../../src/exec/warm-pool.js';
import { seen, warmAsCold, warmRuns, type WarmRuns } from '../helpers/warm-runs.js';
import { WARM_WORKER_FILE } from '../../src/reflect/warm-worker-file.js';
import { seededRandom } from '../helpers/random.js';
import { fixture, repoRoot } from '../helpers/fixture.js';
import { warmWorkersOf } from '../helpers/warm-workers.js';

const dir = mkdtempSync(join(tmpdir(), 'cli-mcp-warm-'));
const env = childEnvironment(process.env);
const pools: WarmPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function poolFor(program: string, options: WarmOptions & { sandbox?: Sandbox; cwd?: string } = {}): WarmRuns {
  const { sandbox, cwd = dir, ...pooling } = options;
  return warmRuns({ launcher: resolveLauncher(fixture('warm', program)), cwd, env, preload: WARM_WORKER_FILE, ...(sandbox ? { sandbox } : {}) }, pooling, pools);
}

describe('a warm worker stands for a cold start', () => {
  it('when a commander program runs warm then stdout, stderr (an uncaught error\'s report too), exit code, argv, execArgv, environment, cwd and globals (no `gc`: the worker sweeps its young generation with one it does not leave) are what a cold start gives', async () => {
    const runs = poolFor('probe.mjs');
    const { pool } = runs;
    for (const argv of [['self', '--tag', 'a b "c"'], ['fail'], ['big', '70000'], ['crash']]) await warmAsCold(runs, argv);
    expect(pool.counts).toEqual({ warm: 4, cold: 0 });
    expect(pool.off).toBeUndefined();
  });

  it('when random calls go to a yargs program built from hideBin(process.argv) then each warm run equals its cold run, the import banner included', async () => {
    const runs = poolFor('yargs-echo.mjs');
    const { pool } = runs;
    const next = seededRandom(77);
    const word = (): string => Array.from({ length: 1 + Math.floor(next() * 4) }, () => ['a', ' ', '"', '$(id)', 'é', '🙂', '=', '\\'][Math.floor(next() * 8)]).join('');
    for (let index = 0; index < 8; index++) {
      const argv = ['show', ...Array.from({ length: Math.floor(next() * 3) }, word), ...(next() < 0.5 ? ['--loud'] : []), ...(next() < 0.5 ? [`--times=${Math.floor(next() * 100)}`] : [])];
      expect(await warmAsCold(runs, argv)).toMatchObject({ stderr: 'echo: starting\n', exitCode: 0 });
    }
    expect(pool.counts.warm).toBe(8);
  });

  it('when a call times out or is cancelled in a warm worker then its whole tree is stopped', async () => {
    const { pool, run } = poolFor('probe.mjs');
    await pool.ready();
    const timedOut = await run(['sleep', '30'], { warm: pool, timeoutMs: 1_000, killGraceMs: 200 });
    expect(timedOut).toMatchObject({ kind: 'ran', output: { timedOut: true } });
    const { pid, child } = JSON.parse(timedOut.kind === 'ran' ? timedOut.output.stdout : '{}') as { pid: number; child: number };
    expect([isProcessAlive(pid), isProcessAlive(child)]).toEqual([false, false]);
    await pool.ready();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_000);
    const aborted = await run(['sleep', '30'], { warm: pool, signal: controller.signal, killGraceMs: 200 });
    expect(aborted).toMatchObject({ kind: 'ran', aborted: true });
    const second = JSON.parse(aborted.kind === 'ran' ? aborted.output.stdout : '{}') as { pid: number; child: number };
    expect([isProcessAlive(second.pid), isProcessAlive(second.child)]).toEqual([false, false]);
    expect(pool.counts.warm).toBe(2);
  });

  it('when a warm call prints past its output cap then it is cut as a cold call is', async () => {
    const { pool, run } = poolFor('probe.mjs');
    const cold = await seen(run(['big', '300000'], { maxOutputBytes: 1000 }));
    await pool.ready();
    const warm = await seen(run(['big', '300000'], { warm: pool, maxOutputBytes: 1000 }));
    expect(warm).toEqual(cold);
    expect(warm).toMatchObject({ truncated: true });
  });

  it('when calls run in a strict sandbox then a worker (cli-mcp\'s own code shown read-only) runs them warm', async (context) => {
    const sandbox = resolveSandbox({ level: 'strict' }, () => {});
    if (!sandbox) {
      console.warn('\n!!! bwrap does not work here: the strict-sandbox warm worker test is SKIPPED !!!\n');
      return context.skip();
    }
    // Run from the repository: strict hides the real /tmp, where a checkout (and CI's) may sit; the working directory stays visible.
    const { pool, run } = poolFor('probe.mjs', { sandbox, cwd: repoRoot });
    const cold = await seen(run(['self', '--tag', 'x']));
    expect(cold).toMatchObject({ exitCode: 0 });
    await pool.ready();
    const warm = await seen(run(['self', '--tag', 'x'], { warm: pool }));
    expect(warm).toEqual(cold);
    expect(pool.counts).toEqual({ warm: 1, cold: 0 });
  });
});

describe('a program that searched its argv while importing', () => {
  it('when a call\'s argv answers its searches alike then it runs warm, and when not it starts cold, both as a cold start would', async () => {
    const { pool, run } = poolFor('colors-at-import.mjs');
    for (const argv of [['paint', 'a'], ['--color', 'paint', 'b'], ['--no-color', 'paint', 'c'], ['paint', '--', '-d']]) {
      const cold = await seen(run(argv));
      await pool.ready();
      expect(await seen(run(argv, { warm: pool }))).toEqual(cold);
    }
    // `--color` and `--no-color` change what it searched for: those two calls started cold.
    expect(pool.counts).toEqual({ warm: 2, cold: 2 });
    expect(pool.off).toBeUndefined();
  });

  it.each([
    ['svgo', [['a.svg', '-o', '-'], ['--show-plugins']], { warm: 2, cold: 0 }],
    ['svgo', [['--no-color', 'a.svg', '-o', '-']], { warm: 0, cold: 1 }],
    // One command at a time: two in parallel print in either order.
    ['concurrently', [['--raw', '--max-processes', '1', 'echo one', 'echo two']], { warm: 1, cold: 0 }],
    ['playwright-core', [['--version'], ['install', '--dry-run', 'chromium']], { warm: 2, cold: 0 }],
  ] as const)('when the real %s runs %j warm then each result is the cold start\'s (colour libraries search argv as they load)', async (name, calls, counts) => {
    writeFileSync(join(dir, 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><!-- a comment --><rect width="10" height="10"/></svg>');
    const launcher = resolveLauncher(join(repoRoot, 'node_modules/.bin', name));
    const pool = createWarmPool({ launcher, cwd: dir, env, preload: WARM_WORKER_FILE }, { note: () => {} });
    pools.push(pool);
    for (const argv of calls) {
      const request = { file: launcher.file, args: [...launcher.prefixArgs, ...argv], cwd: dir, env, timeoutMs: 20_000 };
      const cold = await seen(spawnCommand(request));
      await pool.ready();
      expect(await seen(spawnCommand({ ...request, warm: pool }))).toEqual(cold);
    }
    expect(pool.counts).toEqual(counts);
  });
});

describe('where a worker cannot stand for a cold start', () => {
  it('when a program reads process.argv before parse() then the pool turns off, says why, and calls start cold with correct results', async () => {
    const { pool, notes, run } = poolFor('argv-at-import.mjs');
    await pool.ready();
    expect(pool.off).toMatch(/reads process\.argv \(a slice's \.some\) before it parses it/);
    expect(notes).toEqual([expect.stringMatching(/^cli-mcp: warm workers are off for .*argv-at-import\.mjs: .*; each call starts it cold$/)]);
    const outcome = await run(['--verbose', 'say', 'hi'], { warm: pool });
    expect(outcome).toMatchObject({ kind: 'ran', output: { stdout: '{"word":"hi","verboseBeforeParse":true}\n', exitCode: 0 } });
    expect(pool.counts).toEqual({ warm: 0, cold: 1 });
    expect(warmWorkersOf(fixture('warm', 'argv-at-import.mjs'))).toEqual([]);
  });

  it('when a file the program read while importing changed then the worker is dropped and the call sees the new file', async () => {
    const { pool, run } = poolFor('counter.mjs');
    rmSync(join(dir, 'counter.json'), { force: true });
    await pool.ready();
    // The next worker starts as the add begins: whether it read the count before or after the add wrote it, the show sees 1.
    expect(await run(['add'], { warm: pool })).toMatchObject({ output: { exitCode: 0 } });
    expect(await run(['show'], { warm: pool })).toMatchObject({ output: { stdout: '1\n' } });
    await pool.ready();
    writeFileSync(join(dir, 'counter.json'), JSON.stringify({ count: 41 })); // written behind the ready workers' backs
    expect(await run(['show'], { warm: pool })).toMatchObject({ output: { stdout: '41\n' } });
    // A stale worker's replacement starts at once: it read 41, and takes a later call.
    await pool.ready();
    expect(await run(['show'], { warm: pool })).toMatchObject({ output: { stdout: '41\n' } });
    expect(pool.counts.warm).toBeGreaterThanOrEqual(2);
  });

  it('when a file the program reads keeps changing then every worker is stale, and a call starts cold rather than wait for replacement after replacement', async () => {
    const { pool, run } = poolFor('counter.mjs');
    writeFileSync(join(dir, 'counter.json'), JSON.stringify({ count: 7 }));
    await pool.ready();
    // Renamed into place: a reader never sees it half written.
    const writer = setInterval(() => {
      writeFileSync(join(dir, 'counter.json.new'), JSON.stringify({ count: 7 }));
      renameSync(join(dir, 'counter.json.new'), join(dir, 'counter.json'));
    }, 5);
    try {
      for (let call = 0; call < 3; call += 1) {
        const started = performance.now();
        expect(await run(['show'], { warm: pool })).toMatchObject({ output: { stdout: '7\n' } });
        expect(performance.now() - started).toBeLessThan(10_000);
      }
    } finally {
      clearInterval(writer);
    }
  });

  it('when the program reads a kernel file (/proc/version: its times change as it is looked up) then it is not stamped, and the worker stays usable', () => {
    const watch = watchImport();
    try {
      readFileSync('/proc/version', 'utf8');
    } finally {
      watch.stop();
    }
    expect(watch.snapshot()).toEqual([]);
  });

  it('when a file is written after the program read it but before it was ready then the stamp is the one it read (a call running beside its import)', () => {
    const file = join(dir, 'read-then-written.json');
    writeFileSync(file, '{"count":1}');
    const watch = watchImport();
    try {
      readFileSync(file, 'utf8');
      writeFileSync(file, '{"count":22}');
    } finally {
      watch.stop();
    }
    expect(unchanged(watch.snapshot())).toBe(false);
  });

  it.each([
    ['timer-at-import.mjs', /it has Timeout in flight when it parses its arguments/],
    ['exit-at-import.mjs', /it exited while it started \(exit code 1\) instead of waiting in parse\(\)/],
    ['writes-at-import.mjs', /it writes files: appendFileSync \(.*loads\.log\) while it imports/],
    ['spawns-at-import.mjs', /it starts processes: spawnSync \(git\) while it imports/],
  ])('when %s is kept warm then the pool turns off: %s', async (program, reason) => {
    const { pool } = poolFor(program);
    await pool.ready();
    expect(pool.off).toMatch(reason);
    expect(warmWorkersOf(fixture('warm', program))).toEqual([]);
  });

  it('when a worker uses more memory than the cap then the pool turns off', async () => {
    const { pool } = poolFor('probe.mjs', { maxMemoryBytes: 1024 * 1024 });
    await pool.ready();
    expect(pool.off).toMatch(/a worker uses \d+ MiB once it has imported the program, over the 1 MiB cap/);
  });
});

describe('the pool\'s own processes', () => {
  it('when calls come back to back then each runs warm: the next worker starts as a call takes one, and a call waits for one on its way', async () => {
    const { pool, run } = poolFor('probe.mjs');
    await pool.ready();
    for (let call = 0; call < 5; call += 1) expect(await run(['self'], { warm: pool })).toMatchObject({ output: { exitCode: 0 } });
    expect(pool.counts).toEqual({ warm: 5, cold: 0 });
  });

  it('when calls come faster than a worker imports then the pool grows to 4, and back to its size once they idle', async () => {
    const most = 4;
    const { pool, run } = poolFor('probe.mjs', { idleMs: 2_500 });
    await pool.ready();
    for (let call = 0; call < 6; call += 1) await run(['self'], { warm: pool });
    for (let waited = 0; waited < 5_000 && warmWorkersOf(fixture('warm', 'probe.mjs')).length < most; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toHaveLength(most);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
    await run(['self'], { warm: pool });
    await pool.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toHaveLength(1);
  });

  it('when calls come at once then one takes the ready worker, one the worker on its way, and the rest start cold rather than wait for workers not yet started', async () => {
    const { pool, run } = poolFor('probe.mjs');
    await pool.ready();
    const results = await Promise.all(Array.from({ length: 4 }, () => run(['self'], { warm: pool })));
    expect(results.map((result) => result.kind === 'ran' && result.output.exitCode)).toEqual([0, 0, 0, 0]);
    expect(pool.counts).toEqual({ warm: 2, cold: 2 });
  });

  it('when the pool is made without startAfterMs then no worker starts until the first call, which starts cold, and the call after it runs warm', async () => {
    const { pool, run } = poolFor('probe.mjs');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
    expect(await run(['self'], { warm: pool })).toMatchObject({ output: { exitCode: 0 } });
    for (let waited = 0; waited < 5_000 && warmWorkersOf(fixture('warm', 'probe.mjs')).length === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.ready();
    expect(await run(['self'], { warm: pool })).toMatchObject({ output: { exitCode: 0 } });
    expect(pool.counts).toEqual({ warm: 1, cold: 1 });
  });

  it('when the pool is made then its first worker starts only after startAfterMs, off the server\'s own start', async () => {
    poolFor('probe.mjs', { startAfterMs: 400 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toHaveLength(1);
  });

  it('when a worker stays idle past idleMs it is stopped, and the call after starts cold and refills the pool', async () => {
    const { pool, run } = poolFor('probe.mjs', { idleMs: 300 });
    await pool.ready();
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
    expect(await run(['self'], { warm: pool })).toMatchObject({ output: { exitCode: 0 } });
    expect(pool.counts).toEqual({ warm: 0, cold: 1 });
    await pool.ready();
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toHaveLength(1);
  });

  it('when the pool closes then no worker is left, and none starts after', async () => {
    const { pool, run } = poolFor('probe.mjs', { size: 2 });
    await pool.ready();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toHaveLength(2);
    await pool.close();
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
    expect(await run(['self'], { warm: pool })).toMatchObject({ output: { exitCode: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
  });
});

describe('a script using the pool', () => {
  it('when it closes the pool right after a sandboxed warm call, while the next worker is still starting, then it exits at once with nothing left', async (context) => {
    if (!resolveSandbox({ level: 'contain' }, () => {})) {
      console.warn('\n!!! bwrap does not work here: the sandboxed close test is SKIPPED !!!\n');
      return context.skip();
    }
    const dist = (file: string) => JSON.stringify(join(repoRoot, 'dist/exec', file));
    const script = join(dir, 'close-at-once.mjs');
    writeFileSync(script, `import { createWarmPool } from ${dist('warm-pool.js')};
import { resolveLauncher } from ${dist('launcher.js')};
import { resolveSandbox } from ${dist('sandbox.js')};
import { spawnCommand } from ${dist('spawn-command.js')};
import { childEnvironment } from ${dist('environment.js')};
const sandbox = resolveSandbox({ level: 'contain' });
const launcher = resolveLauncher(${JSON.stringify(fixture('warm', 'probe.mjs'))});
const env = childEnvironment(process.env);
const pool = createWarmPool({ launcher, cwd: process.cwd(), env, sandbox, preload: ${JSON.stringify(WARM_WORKER_FILE)} });
await pool.ready();
const ran = await spawnCommand({ file: launcher.file, args: [...launcher.prefixArgs, 'self'], cwd: process.cwd(), env, sandbox, warm: pool });
await pool.close(); // nothing else keeps this process alive: the close must, and must not wait on the starting worker
console.log(ran.kind, JSON.stringify(pool.counts));
`);
    for (let round = 0; round < 3; round++) {
      const { execa } = await import('execa');
      const result = await execa(process.execPath, [script], { cwd: dir, reject: false, timeout: 4_000 });
      expect({ exitCode: result.exitCode, stdout: result.stdout }).toEqual({ exitCode: 0, stdout: 'ran {"warm":1,"cold":0}' });
      expect(warmWorkersOf(fixture('warm', 'probe.mjs'))).toEqual([]);
    }
  });
});
