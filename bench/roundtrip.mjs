// Every row of the README's benchmark table in one run, side by side: per-call round trips (a Node CLI warm and cold) against the raw spawn
// (interleaved), starts to the first tools/list for a 1,000-command CLI and for kubectl, and tools/list bytes per tool.
// Usage: npm run bench   (or: npm run build && node bench/roundtrip.mjs)
// Env: BENCH_N timed calls per series (default 40), BENCH_WARMUP (5), BENCH_STARTS starts per start row (5),
//      BENCH_COMMANDS commands of the synthetic CLI (1000, a multiple of 100), BENCH_SETTLE_MS pause before each timed call or spawn (100).
// See bench/README.md for what each figure means.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { benchRun, connectWrap, count, envWithout, machineNow, onPath, percentile, round2, seedList, summary, timeStart, toolsList, writeBigProgram } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const N = count('BENCH_N', 40);
const WARMUP = count('BENCH_WARMUP', 5);
const STARTS = count('BENCH_STARTS', 5);
const COMMANDS = count('BENCH_COMMANDS', 1000);
// A model's calls come seconds apart: each timed call and spawn starts once the one before it (and a server's refill after it) has
// settled, so neither side runs on a machine the other just woke (a spawn timed right after a call ran up to 1.5 ms faster).
const SETTLE_MS = count('BENCH_SETTLE_MS', 100);
const GIVE_UP_MS = 20 * 60_000;
if (COMMANDS % 100 !== 0) throw new Error(`BENCH_COMMANDS must be a multiple of 100, got ${COMMANDS}`);

// The todo CLI reads TODO_FILE before its --file default: drop it so every run uses the private todo.json.
// NODE_EXTRA_CA_CERTS makes every Node start read a certificate file: no server or CLI here gets it.
const env = envWithout('TODO_FILE', 'NODE_EXTRA_CA_CERTS');
const { work, clients, finish } = benchRun('cli-mcp-bench-', GIVE_UP_MS);
const todoJs = join(root, 'examples/todo/todo.js');
writeFileSync(join(work, 'todo.json'), `${JSON.stringify(seedList(), null, 2)}\n`);
// Program and help caches live in the bench's own directory: cold rows pass --no-cache, cached rows read it.
const cacheEnv = { ...env, XDG_CACHE_HOME: join(work, 'cache') };

/** Both sides of each target run this exact command line, in the same cwd and environment. */
const targets = [
  {
    name: 'native /bin/echo',
    wrap: [join(root, 'bench/native.mjs'), '--exec', '/bin/echo'],
    tool: 'echo',
    input: { args: ['hello'] },
    // cli-mcp sends `--` before positionals only where one could read as an option: the argv is `echo hello`.
    raw: { file: '/bin/echo', args: ['hello'] },
  },
  {
    // The same without the default contain sandbox (bwrap's namespaces cost a few ms a call): what cli-mcp itself adds.
    name: 'native /bin/echo, no sandbox',
    wrap: [join(root, 'bench/native.mjs'), '--exec', '/bin/echo', '--sandbox', 'off'],
    tool: 'echo',
    input: { args: ['hello'] },
    raw: { file: '/bin/echo', args: ['hello'] },
  },
  {
    name: 'todo list --json',
    wrap: [todoJs],
    tool: 'todo_list',
    input: { flags: { json: true } },
    raw: { file: process.execPath, args: [todoJs, 'list', '--json'] },
    inProcess: true,
  },
  {
    // The same call with every process started cold: what warm workers save.
    name: 'todo list --json, cold',
    wrap: [todoJs, '--no-warm'],
    tool: 'todo_list',
    input: { flags: { json: true } },
    raw: { file: process.execPath, args: [todoJs, 'list', '--json'] },
  },
];


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
  await sleep(SETTLE_MS);
  const started = performance.now();
  const result = await client.callTool({ name: target.tool, arguments: target.input });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${target.tool} returned an error: ${JSON.stringify(result.content)}`);
  return { ms, stdout: result.content[0].text, execMs: result.structuredContent.durationMs };
}

/** One timed plain execa spawn (fork + exec, no shell): the floor any wrapper pays. */
async function timedRaw(target) {
  await sleep(SETTLE_MS);
  const started = performance.now();
  const result = await execa(target.raw.file, target.raw.args, { cwd: work, env, extendEnv: false, stdin: 'ignore', stripFinalNewline: false, reject: false });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`${target.raw.file} exited ${result.exitCode}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

let instance = 0;
/**
 * The reference with no process at all: todo.js evaluated afresh in this process (a new module instance each time,
 * commander already loaded), argv set to `list --json`, its stdout caught. It builds the command tree and runs the action.
 */
async function timedInProcess() {
  await sleep(SETTLE_MS);
  const saved = { argv: process.argv, file: process.env.TODO_FILE, write: process.stdout.write };
  let stdout = '';
  process.argv = [process.execPath, todoJs, 'list', '--json'];
  process.env.TODO_FILE = join(work, 'todo.json');
  process.stdout.write = (chunk) => ((stdout += chunk), true);
  const started = performance.now();
  try {
    instance += 1;
    await import(`${pathToFileURL(todoJs).href}?in-process=${instance}`);
    return { ms: performance.now() - started, stdout };
  } finally {
    process.stdout.write = saved.write;
    process.argv = saved.argv;
    if (saved.file === undefined) delete process.env.TODO_FILE;
    else process.env.TODO_FILE = saved.file;
  }
}

/** Interleaves call, raw (and in-process), target after target, so machine noise lands on every series alike. */
async function measureRoundTrips() {
  const live = [];
  for (const target of targets) {
    const server = await startServer(target.wrap);
    // As real clients do: the cached list also makes callTool check structuredContent against outputSchema.
    await server.client.listTools();
    live.push({ target, server, call: [], raw: [], exec: [], diff: [], inProcess: [] });
  }
  for (let i = 0; i < WARMUP; i += 1) {
    for (const { target, server } of live) {
      const [call, raw] = [await timedCall(server.client, target), await timedRaw(target)];
      if (i === 0 && call.stdout !== raw.stdout) throw new Error(`${target.name}: the call and the raw spawn printed different output`);
      if (target.inProcess) {
        const local = await timedInProcess();
        if (i === 0 && local.stdout !== raw.stdout) throw new Error(`${target.name}: the in-process run printed different output`);
      }
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
      if (series.target.inProcess) series.inProcess.push((await timedInProcess()).ms);
    }
  }
  for (const { server } of live) await server.close();
  return live.map(({ target, call, raw, exec, diff, inProcess }) => ({
    target: target.name,
    call: summary(call),
    raw: summary(raw),
    serverExec: summary(exec),
    ...(inProcess.length > 0 ? { inProcess: summary(inProcess) } : {}),
    ratioP50: round2(percentile(call, 0.5) / percentile(raw, 0.5)),
    overheadP50: round2(percentile(diff, 0.5)),
  }));
}


/** A timed raw spawn of a program's own start (`--help`), the reference for a start row. */
async function timedHelp(file, args) {
  const started = performance.now();
  const result = await execa(file, args, { cwd: work, env, extendEnv: false, stdin: 'ignore', reject: false });
  if (result.exitCode !== 0) throw new Error(`${file} ${args.join(' ')} exited ${result.exitCode}: ${result.stderr}`);
  return performance.now() - started;
}

/**
 * Start rows, interleaved start by start: the 1,000-command program cold (--no-cache) and cached, with `node big.mjs --help`
 * as the reference; kubectl (help cache warm) with `kubectl --help`. Each start is timed to its first page and to all pages.
 */
async function measureStarts(big, notes) {
  const kubectl = onPath('kubectl');
  if (!kubectl) notes.push('kubectl is not on PATH: its start row is left out');
  const bigArgs = [big, '--tools', 'all'];
  const kubectlArgs = ['kubectl', '--exec', 'kubectl', '--preset', 'kubectl'];
  const start = (args) => timeStart(args, { cwd: work, env: cacheEnv, clients });
  // Untimed: fills the program cache and kubectl's help cache.
  await start(bigArgs);
  if (kubectl) await start(kubectlArgs);
  const series = { cold: [], cached: [], bigHelp: [], kubectl: [], kubectlHelp: [] };
  for (let i = 0; i < STARTS; i += 1) {
    series.cold.push(await start([...bigArgs, '--no-cache']));
    series.bigHelp.push(await timedHelp(process.execPath, [big, '--help']));
    series.cached.push(await start(bigArgs));
    if (kubectl) {
      series.kubectl.push(await start(kubectlArgs));
      series.kubectlHelp.push(await timedHelp('kubectl', ['--help']));
    }
  }
  const of = (runs) => (runs.length === 0 ? undefined : { firstPage: summary(runs.map((r) => r.firstPageMs)), allPages: summary(runs.map((r) => r.ms)), tools: runs[0].tools, pagesBytes: runs[0].bytes });
  return { cold: of(series.cold), cached: of(series.cached), bigHelp: summary(series.bigHelp), kubectl: of(series.kubectl), kubectlHelp: series.kubectlHelp.length > 0 ? summary(series.kubectlHelp) : undefined };
}

/** tools/list bytes per tool for the 1,000-command program, as served (`--tools all`, default budget) and uncompacted. */
async function measureBytes(big) {
  const served = await toolsList([big, '--tools', 'all'], { cwd: work, env: cacheEnv });
  const whole = await toolsList([big, '--tools', 'all', '--list-budget', '100000000'], { cwd: work, env: cacheEnv });
  const row = ({ tools, bytes }) => ({ tools, bytes, perTool: Math.round(bytes / tools) });
  return { served: row(served), uncompacted: row(whole) };
}

const ms = (s) => `${s.p50} / ${s.p95}`;

function print({ rows, starts, bytes, machine, notes }) {
  const native = rows.find((row) => row.target === 'native /bin/echo');
  const todo = rows.find((row) => row.target === 'todo list --json');
  const out = [];
  out.push(`node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.loadBefore.join(' ')} -> ${machine.loadAfter.join(' ')}`);
  out.push(`per-call rows: N=${N} after ${WARMUP} warm-up, interleaved, each after a ${SETTLE_MS} ms pause; start rows: ${STARTS} starts each, interleaved; times p50 / p95 ms`, '');
  const table = [['what', 'cli-mcp', 'reference', 'cli-mcp / reference (p50)', 'goal']];
  table.push([`Node CLI call (todo list --json)`, ms(todo.call), `raw spawn ${ms(todo.raw)}`, `${todo.ratioP50}x (+${todo.overheadP50} ms paired)`, '<= 10 ms, one process per call']);
  table.push([`  in-process reference`, '', `in-process ${ms(todo.inProcess)}`, '', '']);
  const cold = rows.find((row) => row.target === 'todo list --json, cold');
  table.push([`  the same, cold (--no-warm)`, ms(cold.call), `raw spawn ${ms(cold.raw)}`, `${cold.ratioP50}x (+${cold.overheadP50} ms paired)`, '']);
  table.push([`native call (/bin/echo)`, ms(native.call), `fork+exec ${ms(native.raw)}`, `${native.ratioP50}x (+${native.overheadP50} ms paired)`, '<= 2x a bare spawn']);
  const bare = rows.find((row) => row.target === 'native /bin/echo, no sandbox');
  table.push([`  the same, --sandbox off`, ms(bare.call), `fork+exec ${ms(bare.raw)}`, `${bare.ratioP50}x (+${bare.overheadP50} ms paired)`, '<= 1.5x']);
  const big = `${COMMANDS}-command commander CLI`;
  const help = `node big.mjs --help ${ms(starts.bigHelp)}`;
  const ratio = (s) => `${round2(s.p50 / starts.bigHelp.p50)}x`;
  table.push([`${big}, cold (--no-cache): first page`, ms(starts.cold.firstPage), help, ratio(starts.cold.firstPage), '']);
  table.push([`${big}, cold (--no-cache): all pages`, ms(starts.cold.allPages), help, ratio(starts.cold.allPages), '']);
  table.push([`${big}, cached: first page`, ms(starts.cached.firstPage), help, ratio(starts.cached.firstPage), '<= 300 ms']);
  table.push([`${big}, cached: all pages`, ms(starts.cached.allPages), help, ratio(starts.cached.allPages), '<= 500 ms']);
  if (starts.kubectl) {
    const kubeHelp = `kubectl --help ${ms(starts.kubectlHelp)}`;
    table.push([`kubectl (help cache warm, ${starts.kubectl.tools} tools): first tools/list`, ms(starts.kubectl.firstPage), kubeHelp, `${round2(starts.kubectl.firstPage.p50 / starts.kubectlHelp.p50)}x`, '<= 300 ms']);
  }
  table.push([`tools/list bytes per tool, ${big} (--tools all)`, `${bytes.served.perTool} (${bytes.served.tools} tools, ${bytes.served.bytes} B)`, `uncompacted ${bytes.uncompacted.perTool}`, '', '<= 800 bytes']);
  const widths = table[0].map((_, i) => Math.max(...table.map((cells) => cells[i].length)));
  for (const cells of table) out.push(cells.map((cell, i) => cell.padEnd(widths[i] + 2)).join('').trimEnd());
  out.push('', 'per-call detail (p50 / p95 ms):');
  for (const row of rows) out.push(`  ${row.target}: tools/call ${ms(row.call)}, server-side exec ${ms(row.serverExec)}, raw ${ms(row.raw)}`);
  for (const note of notes) out.push(`note: ${note}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

try {
  const loadBefore = machineNow().load;
  const notes = [];
  const rows = await measureRoundTrips();
  process.stderr.write('bench: starts…\n');
  const big = writeBigProgram(work, COMMANDS);
  const starts = await measureStarts(big, notes);
  const bytes = await measureBytes(big);
  const { load, ...machine } = machineNow();
  const report = { machine: { ...machine, loadBefore, loadAfter: load }, n: N, warmup: WARMUP, starts: STARTS, commands: COMMANDS, rows, startRows: starts, bytes, notes };
  print({ rows, starts, bytes, machine: report.machine, notes });
  process.stdout.write(`BENCH_JSON ${JSON.stringify(report)}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await finish();
}
