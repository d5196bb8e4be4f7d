// Memory and throughput of spawnCommand's bounded capture while a CLI prints 1 GiB to stdout.
// Usage: npm run build && node bench/output.mjs
// Env: BENCH_OUTPUT_MIB bytes printed per run, in MiB (default 1024); BENCH_RUNS runs per producer (3).
// See bench/README.md ("output") for what each figure means.
import { spawn } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { spawnCommand } from '../dist/exec/spawn-command.js';
import { DEFAULTS } from '../dist/options.js';
const DEFAULT_MAX_OUTPUT_BYTES = DEFAULTS.maxOutputBytes;
import { count, median } from './common.mjs';

const MIB = 1024 * 1024;
const SIZE_MIB = count('BENCH_OUTPUT_MIB', 1024);
const RUNS = count('BENCH_RUNS', 3);
const BYTES = SIZE_MIB * MIB;
const SAMPLE_MS = 10;


// A 1 MiB buffer written SIZE_MIB times, waiting for drain: a Node CLI printing as fast as it can.
const nodeWriter = `const b = Buffer.alloc(${MIB}, 'x'); let left = ${SIZE_MIB};
const go = () => { while (left > 0) { left--; if (!process.stdout.write(b)) return void process.stdout.once('drain', go); } };
go();`;

const producers = [
  { name: 'head -c /dev/zero', file: 'head', args: ['-c', String(BYTES), '/dev/zero'], fill: '\0' },
  { name: 'node, 1 MiB writes', file: process.execPath, args: ['-e', nodeWriter], fill: 'x' },
];

/** The floor: the same producer through a pipe into this process, read and thrown away (no capture, no group). */
async function rawDrain(producer) {
  const child = spawn(producer.file, producer.args, { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.resume();
  const code = await new Promise((resolve, reject) => child.once('error', reject).once('close', resolve));
  if (code !== 0) throw new Error(`${producer.name} exited with ${code}`);
}

/** One spawnCommand of the producer, checked. */
async function capture(producer) {
  check(producer, await spawnCommand({ file: producer.file, args: producer.args, timeoutMs: 10 * 60_000 }));
}

/** The highest RSS of this process from now until `stop()`, sampled every SAMPLE_MS. */
function rssPeak() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, SAMPLE_MS);
  return { stop: () => { clearInterval(timer); return Math.max(peak, process.memoryUsage().rss); } };
}

/** Wall time of `run()` and how far this process's RSS rose above where it was before. */
async function measured(run) {
  const baseline = process.memoryUsage().rss;
  const sampler = rssPeak();
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  return { wallMs, mbPerS: BYTES / 1e6 / (wallMs / 1e3), rssGrowthMiB: (sampler.stop() - baseline) / MIB };
}

/** The run finished on its own, every byte was counted, and only the cap's worth came back. */
function check(producer, outcome) {
  if (outcome.kind !== 'ran') throw new Error(`${producer.name} did not start: ${outcome.message}`);
  const { output } = outcome;
  if (output.exitCode !== 0 || output.timedOut) throw new Error(`${producer.name} ended badly: ${JSON.stringify({ ...output, stdout: undefined })}`);
  const cut = BYTES - DEFAULT_MAX_OUTPUT_BYTES;
  const marker = `\n[… ${cut.toLocaleString('en-US')} bytes cut from the middle of stdout …]\n`;
  const half = producer.fill.repeat(DEFAULT_MAX_OUTPUT_BYTES / 2);
  if (!output.truncated || output.stdout !== half + marker + half) throw new Error(`${producer.name}: unexpected stdout (${output.stdout.length} chars)`);
}

const fixed = (value, digits = 1) => value.toFixed(digits);

async function main() {
  await spawnCommand({ file: process.execPath, args: ['-e', 'process.stdout.write("warm")'] }); // load execa and friends first
  const machine = { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', load1: Number(loadavg()[0]?.toFixed(2)) };
  process.stdout.write(`output: ${SIZE_MIB} MiB to stdout, cap ${DEFAULT_MAX_OUTPUT_BYTES / MIB} MiB per stream, ${RUNS} runs per producer\n`);
  process.stdout.write(`machine: Node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.load1}\n\n`);
  process.stdout.write('| producer | run | spawnCommand s | MB/s | RSS growth MiB | raw drain s | MB/s | RSS growth MiB |\n');
  process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
  const startRss = process.memoryUsage().rss;
  const overall = rssPeak();
  const results = [];
  const row = (name, label, c, r) =>
    `| ${name} | ${label} | ${fixed(c.wallMs / 1e3, 2)} | ${fixed(c.mbPerS, 0)} | ${fixed(c.rssGrowthMiB)} | ${fixed(r.wallMs / 1e3, 2)} | ${fixed(r.mbPerS, 0)} | ${fixed(r.rssGrowthMiB)} |\n`;
  for (const producer of producers) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      // spawnCommand goes first, so memory the drain itself needs is charged to it, not to the raw run.
      const figures = { spawnCommand: await measured(() => capture(producer)), raw: await measured(() => rawDrain(producer)) };
      runs.push(figures);
      process.stdout.write(row(producer.name, String(run), figures.spawnCommand, figures.raw));
    }
    const summarise = (key) => ({
      wallMs: median(runs.map((r) => r[key].wallMs)),
      mbPerS: median(runs.map((r) => r[key].mbPerS)),
      rssGrowthMiB: Math.max(...runs.map((r) => r[key].rssGrowthMiB)),
    });
    const summary = { producer: producer.name, spawnCommand: summarise('spawnCommand'), raw: summarise('raw'), runs };
    results.push(summary);
    process.stdout.write(row(producer.name, 'median (RSS: max)', summary.spawnCommand, summary.raw));
  }
  const overallGrowthMiB = (overall.stop() - startRss) / MIB;
  const gib = (2 * 2 * RUNS * BYTES) / MIB / 1024;
  process.stdout.write(`\nPeak RSS over the whole bench: ${fixed(overallGrowthMiB)} MiB above the RSS after warm-up (${fixed(startRss / MIB)} MiB), with ${fixed(gib)} GiB read in all.\n`);
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, bytes: BYTES, cap: DEFAULT_MAX_OUTPUT_BYTES, startRssMiB: startRss / MIB, overallGrowthMiB, results })}\n`);
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] === here) await main();
