// Progress streaming under a flood: spawnCommand with lineProgress (the call's real cleaner) against spawnCommand alone.
// Usage: npm run build && node bench/progress.mjs
// Env: BENCH_OUTPUT_MIB bytes printed per run, in MiB (default 1024); BENCH_RUNS runs per producer (3).
// See bench/README.md ("progress") for what each figure means.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { callSettings } from '../dist/call/options.js';
import { lineProgress } from '../dist/output/progress.js';
import { spawnCommand } from '../dist/exec/spawn-command.js';
import { count, median } from './common.mjs';

const MIB = 1024 * 1024;
const SIZE_MIB = count('BENCH_OUTPUT_MIB', 1024);
const RUNS = count('BENCH_RUNS', 3);
const BYTES = SIZE_MIB * MIB;
const SAMPLE_MS = 10;
/** How far above a run without progress the RSS of a run with it may rise: GC timing, not output size. */
const SLACK_MIB = 64;

/** A Node CLI writing a 1 MiB buffer SIZE_MIB times as fast as the pipe takes it. */
const writer = (buffer) => `const b = ${buffer}; let left = ${SIZE_MIB};
const go = () => { while (left > 0) { left--; if (!process.stdout.write(b)) return void process.stdout.once('drain', go); } };
go();`;

const producers = [
  { name: 'head -c /dev/zero (one line)', file: 'head', args: ['-c', String(BYTES), '/dev/zero'] },
  { name: 'node, no newline (one line)', file: process.execPath, args: ['-e', writer(`Buffer.alloc(${MIB}, 'x')`)] },
  { name: 'node, 80-char lines', file: process.execPath, args: ['-e', writer(`Buffer.from(('x'.repeat(79) + '\\n').repeat(${MIB / 80}))`)] },
];

const cleanText = callSettings({ launcher: { file: process.execPath, prefixArgs: [] } }).cleanText;

/** One spawnCommand of the producer, with or without progress; returns how many messages were sent. */
async function run(producer, withProgress) {
  let messages = 0;
  const lines = withProgress ? lineProgress(() => void messages++, cleanText) : undefined;
  const outcome = await spawnCommand({ file: producer.file, args: producer.args, timeoutMs: 10 * 60_000, onOutput: lines && ((chunk) => lines.write(chunk)) });
  lines?.end();
  if (outcome.kind !== 'ran' || outcome.output.exitCode !== 0) throw new Error(`${producer.name} failed: ${JSON.stringify(outcome)}`);
  if (withProgress && messages === 0) throw new Error(`${producer.name}: no progress was sent`);
}

/** Wall time, peak RSS growth over the start, and the longest event-loop stall (what other requests would wait). */
async function measured(task) {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, SAMPLE_MS);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  await task();
  const wallMs = performance.now() - started;
  delay.disable();
  clearInterval(timer);
  return { wallMs, rssGrowthMiB: (Math.max(peak, process.memoryUsage.rss()) - baseline) / MIB, maxStallMs: delay.max / 1e6 };
}

const fixed = (value, digits = 1) => value.toFixed(digits);
const cells = (m) => `${fixed(m.wallMs / 1e3, 2)} | ${fixed(m.rssGrowthMiB)} | ${fixed(m.maxStallMs, 0)}`;

async function main() {
  await spawnCommand({ file: process.execPath, args: ['-e', 'process.stdout.write("warm")'] });
  const machine = { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', load1: Number(loadavg()[0]?.toFixed(2)) };
  process.stdout.write(`progress: ${SIZE_MIB} MiB to stdout, ${RUNS} runs per producer\n`);
  process.stdout.write(`machine: Node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.load1}\n\n`);
  process.stdout.write('| producer | run | with progress s | RSS growth MiB | max stall ms | without s | RSS growth MiB | max stall ms |\n');
  process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
  const results = [];
  for (const producer of producers) {
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const figures = { progress: await measured(() => run(producer, true)), plain: await measured(() => run(producer, false)) };
      runs.push(figures);
      process.stdout.write(`| ${producer.name} | ${i} | ${cells(figures.progress)} | ${cells(figures.plain)} |\n`);
    }
    const summary = (key) => ({
      wallMs: median(runs.map((r) => r[key].wallMs)),
      rssGrowthMiB: Math.max(...runs.map((r) => r[key].rssGrowthMiB)),
      maxStallMs: Math.max(...runs.map((r) => r[key].maxStallMs)),
    });
    const row = { producer: producer.name, progress: summary('progress'), plain: summary('plain') };
    results.push(row);
    process.stdout.write(`| ${producer.name} | median (RSS, stall: max) | ${cells(row.progress)} | ${cells(row.plain)} |\n`);
    // The check: progress holds a bounded line and 200 lines, so it stays within the bound of a run without it.
    if (row.progress.rssGrowthMiB > row.plain.rssGrowthMiB + SLACK_MIB) {
      throw new Error(`${producer.name}: RSS grew ${fixed(row.progress.rssGrowthMiB)} MiB with progress, ${fixed(row.plain.rssGrowthMiB)} MiB without`);
    }
  }
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, bytes: BYTES, results })}\n`);
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] === here) await main();
