// Per-call cost of each sandbox level (off, contain, strict), side by side: spawnCommand and tools/call of /bin/echo.
// Usage: npm run build && node bench/sandbox.mjs   Env: BENCH_N timed calls per series (default 40), BENCH_WARMUP (5).
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnCommand } from '../dist/exec/spawn-command.js';
import { resolveSandbox } from '../dist/exec/sandbox.js';
import { connectWrap, count } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const N = count('BENCH_N', 40);
const WARMUP = count('BENCH_WARMUP', 5);
const LEVELS = ['off', 'contain', 'strict'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  return sorted[low] + (sorted[Math.ceil(rank)] - sorted[low]) * (rank - low);
};
const round = (ms) => Math.round(ms * 100) / 100;

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const series = [];
for (const level of LEVELS) {
  const sandbox = resolveSandbox({ level });
  if (level !== 'off' && sandbox === undefined) throw new Error(`bwrap does not work here: no ${level} figures`);
  const { client } = await connectWrap([join(root, 'bench/native.mjs'), '--exec', '/bin/echo', '--sandbox', level], { cwd: root, env: process.env });
  await client.listTools();
  const direct = async () => {
    const outcome = await spawnCommand({ file: '/bin/echo', args: ['hello'], sandbox });
    if (outcome.kind !== 'ran' || outcome.output.stdout !== 'hello\n') throw new Error(`${level}: spawnCommand failed`);
  };
  const call = async () => {
    const result = await client.callTool({ name: 'echo', arguments: { args: ['hello'] } });
    if (result.isError) throw new Error(`${level}: tools/call failed: ${JSON.stringify(result.content)}`);
  };
  series.push({ level, client, direct, call, spawnCommand: [], toolsCall: [] });
}
const loadBefore = loadavg().map((n) => n.toFixed(2));
for (let i = 0; i < WARMUP + N; i += 1) {
  // Interleaved: each iteration runs every level once per mode, so machine noise lands on all alike.
  for (const s of series) {
    const a = await timed(s.direct);
    const b = await timed(s.call);
    if (i >= WARMUP) s.spawnCommand.push(a), s.toolsCall.push(b);
  }
}
for (const s of series) await s.client.close();
const rows = series.map((s) => ({
  level: s.level,
  spawnCommand: { p50: round(percentile(s.spawnCommand, 0.5)), p95: round(percentile(s.spawnCommand, 0.95)) },
  toolsCall: { p50: round(percentile(s.toolsCall, 0.5)), p95: round(percentile(s.toolsCall, 0.95)) },
}));
const machine = { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', loadBefore, loadAfter: loadavg().map((n) => n.toFixed(2)) };
process.stdout.write(`${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${loadBefore.join(' ')} -> ${machine.loadAfter.join(' ')}\n`);
process.stdout.write(`N=${N} per series after ${WARMUP} warm-up, interleaved; /bin/echo hello; ms\n\nlevel     spawnCommand p50  p95     tools/call p50  p95\n`);
for (const r of rows) process.stdout.write(`${r.level.padEnd(10)}${String(r.spawnCommand.p50).padEnd(16)}${String(r.spawnCommand.p95).padEnd(8)}${String(r.toolsCall.p50).padEnd(16)}${r.toolsCall.p95}\n`);
process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, n: N, warmup: WARMUP, levels: rows })}\n`);
