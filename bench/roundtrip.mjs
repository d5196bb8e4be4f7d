// Round-trip latency of a tools/call over stdio against the raw spawn of the same command line.
// Usage: npm run bench   (or: npm run build && node bench/roundtrip.mjs)
// Env: BENCH_N timed calls per target (default 40), BENCH_WARMUP (5), BENCH_STARTS server starts (5).
// See bench/README.md for what each figure means.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { bin, connectWrap, count } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const N = count('BENCH_N', 40);
const WARMUP = count('BENCH_WARMUP', 5);
const STARTS = count('BENCH_STARTS', 5);
const GIVE_UP_MS = 10 * 60_000;


// The todo CLI reads TODO_FILE before its --file default: drop it so every run uses the private todo.json.
const env = Object.fromEntries(Object.entries(process.env).filter(([key, value]) => key !== 'TODO_FILE' && value !== undefined));
const work = mkdtempSync(join(tmpdir(), 'cli-mcp-bench-'));
writeFileSync(join(work, 'todo.json'), `${JSON.stringify(seedList(), null, 2)}\n`);

/** Both sides of each target run this exact command line, in the same cwd and environment. */
const targets = [
  {
    name: 'native /bin/echo',
    wrap: [join(root, 'bench/native.mjs'), '--exec', '/bin/echo'],
    tool: 'echo',
    input: { args: ['hello'] },
    // cli-mcp puts positionals after `--`; GNU echo prints it, so the raw side passes it too.
    raw: { file: '/bin/echo', args: ['--', 'hello'] },
  },
  {
    name: 'todo list --json',
    wrap: [join(root, 'examples/todo/todo.js')],
    tool: 'todo_list',
    input: { flags: { json: true } },
    raw: { file: process.execPath, args: [join(root, 'examples/todo/todo.js'), 'list', '--json'] },
  },
];

const clients = new Set();
let cleaning;

/** Closes every client (the transport stops its server) and removes the temp dir; safe to call twice. */
function cleanUp() {
  cleaning ??= Promise.allSettled([...clients].map((client) => client.close())).then(() => rmSync(work, { recursive: true, force: true }));
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
// A wedged server must not hold the run forever.
const watchdog = setTimeout(() => {
  process.stderr.write(`bench: gave up after ${GIVE_UP_MS / 1000}s\n`);
  void cleanUp().finally(() => process.exit(1));
}, GIVE_UP_MS);

/** Spawns `cli-mcp wrap …` and connects a real MCP client to it over stdio. */
async function startServer(wrapArgs) {
  const { client, pid } = await connectWrap(wrapArgs, { cwd: work, env });
  clients.add(client);
  const close = async () => {
    clients.delete(client);
    await client.close();
    if (pid !== null && isAlive(pid)) throw new Error(`the server (pid ${pid}) outlived its client`);
  };
  return { client, close };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One timed tools/call; fails the run on an error result, so a broken setup cannot look fast. */
async function timedCall(client, target) {
  const started = performance.now();
  const result = await client.callTool({ name: target.tool, arguments: target.input });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${target.tool} returned an error: ${JSON.stringify(result.content)}`);
  return { ms, stdout: result.structuredContent.stdout, execMs: result.structuredContent.durationMs };
}

/** One timed plain execa spawn: the floor any wrapper pays. */
async function timedRaw(target) {
  const started = performance.now();
  const result = await execa(target.raw.file, target.raw.args, { cwd: work, env, extendEnv: false, stdin: 'ignore', stripFinalNewline: false, reject: false });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`${target.raw.file} exited ${result.exitCode}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

/** Linear-interpolated percentile (the spreadsheet PERCENTILE.INC rule). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

const round = (ms) => Math.round(ms * 100) / 100;
const summary = (values) => ({ p50: round(percentile(values, 0.5)), p95: round(percentile(values, 0.95)) });

/** Interleaves call and raw, target after target, so machine noise lands on every series alike. */
async function measureRoundTrips() {
  const live = [];
  for (const target of targets) {
    const server = await startServer(target.wrap);
    // As real clients do: the cached list also makes callTool check structuredContent against outputSchema.
    await server.client.listTools();
    live.push({ target, server, call: [], raw: [], exec: [], diff: [] });
  }
  for (let i = 0; i < WARMUP; i += 1) {
    for (const { target, server } of live) {
      const [call, raw] = [await timedCall(server.client, target), await timedRaw(target)];
      if (i === 0 && call.stdout !== raw.stdout) throw new Error(`${target.name}: the call and the raw spawn printed different output`);
    }
  }
  for (let i = 0; i < N; i += 1) {
    for (const series of live) {
      const call = await timedCall(series.server.client, series.target);
      const raw = await timedRaw(series.target);
      series.call.push(call.ms);
      series.raw.push(raw.ms);
      series.exec.push(call.execMs);
      series.diff.push(call.ms - raw.ms);
    }
  }
  for (const { server } of live) await server.close();
  return live.map(({ target, call, raw, exec, diff }) => ({
    target: target.name,
    call: summary(call),
    raw: summary(raw),
    serverExec: summary(exec),
    ratioP50: round(percentile(call, 0.5) / percentile(raw, 0.5)),
    overheadP50: round(percentile(diff, 0.5)),
  }));
}

/** Spawn of the server until its first listTools answer, over fresh servers. */
async function measureStartup(target) {
  const times = [];
  for (let i = 0; i < STARTS; i += 1) {
    const started = performance.now();
    const server = await startServer(target.wrap);
    await server.client.listTools();
    times.push(performance.now() - started);
    await server.close();
  }
  return { target: target.name, starts: STARTS, ...summary(times), min: round(Math.min(...times)) };
}

function printTable(rows, startup, machine) {
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd([18, 22, 10, 10][i] ?? 0)).join('').trimEnd();
  const out = [];
  out.push(`node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.loadBefore.join(' ')} -> ${machine.loadAfter.join(' ')}`);
  out.push(`N=${N} timed calls per target after ${WARMUP} warm-up, interleaved call/raw; times in ms`, '');
  out.push(line(['target', 'mode', 'p50', 'p95']));
  for (const row of rows) {
    out.push(line([row.target, 'tools/call', row.call.p50, row.call.p95]));
    out.push(line([row.target, '  server-side exec', row.serverExec.p50, row.serverExec.p95]));
    out.push(line([row.target, 'raw execa', row.raw.p50, row.raw.p95]));
  }
  out.push('', line(['target', 'call p50 / raw p50', 'overhead p50 (paired call - raw)']));
  for (const row of rows) out.push(line([row.target, `${row.ratioP50}x`, `${row.overheadP50} ms`]));
  out.push('', `time to first tools/list, ${startup.target}: p50 ${startup.p50} ms, p95 ${startup.p95} ms, min ${startup.min} ms over ${startup.starts} starts`);
  process.stdout.write(`${out.join('\n')}\n`);
}

function seedList() {
  const tasks = ['Buy milk', 'Write report', 'Call the plumber'].map((title, i) => ({ id: i + 1, title, tags: ['home'], priority: 'medium', done: i === 0 }));
  return { next: tasks.length + 1, tasks };
}

try {
  const loadBefore = loadavg().map((n) => n.toFixed(2));
  const rows = await measureRoundTrips();
  const startup = await measureStartup(targets[1]);
  const machine = { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', loadBefore, loadAfter: loadavg().map((n) => n.toFixed(2)) };
  printTable(rows, startup, machine);
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, n: N, warmup: WARMUP, roundTrips: rows, startup })}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
