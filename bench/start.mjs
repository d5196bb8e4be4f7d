// A cached start to the first tools/list over a raw JSON-RPC client (newline-delimited on stdio, no SDK on our side),
// against `node -e 0`: the bundled bin, the same code unbundled (dist/cli/main.js, ~240 modules), and the single-file
// binary (built here by scripts/binary.mjs), in the same run.
// Usage: npm run bench:start   (or: npm run build && node bench/start.mjs)   Env: BENCH_RUNS starts per row (default 15).
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRun, bin, count, envWithout, machineNow, median, seedList } from './common.mjs';

const RUNS = count('BENCH_RUNS', 15);
const { work, finish } = benchRun('cli-mcp-start-', 10 * 60_000);
const todo = fileURLToPath(new URL('../examples/todo/todo.js', import.meta.url));
const mainModule = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
writeFileSync(join(work, 'todo.json'), JSON.stringify(seedList()));
// Node's start reads the CA bundle NODE_EXTRA_CA_CERTS names: a cost of this machine, not of cli-mcp.
const env = { ...envWithout('NODE_EXTRA_CA_CERTS'), XDG_CACHE_HOME: join(work, 'cache'), TODO_FILE: join(work, 'todo.json') };
const wrap = ['wrap', todo];
const unbundled = ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(mainModule)}); process.exitCode = await main(process.argv.slice(1));`];

const REQUESTS = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
].map((message) => `${JSON.stringify(message)}\n`).join('');

const binary = join(work, 'cli-mcp');
execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/binary.mjs', import.meta.url)), binary], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'ignore' });

/** Spawn → the tools/list answer (id 2) on stdout, in ms; the server is then closed by its stdin's end. */
function firstList(args, command = process.execPath) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('"id":2')) return;
      const ms = performance.now() - started;
      child.once('exit', () => resolve(ms));
      child.stdin.end();
    });
    child.once('exit', (code) => !out.includes('"id":2') && reject(new Error(`exited ${code} before listing: ${err}`)));
    child.stdin.write(REQUESTS);
  });
}

function nodeStart() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    spawn(process.execPath, ['-e', '0'], { env, stdio: 'ignore' }).once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`node -e 0 exited ${code}`))));
  });
}

await firstList([bin, ...wrap]); // fills the program cache
await firstList(wrap, binary); // the binary's program cache entry (another Node, another key) and its written workers
const times = { node: [], bundled: [], unbundled: [], binary: [] };
for (let run = 0; run < RUNS; run++) {
  times.node.push(await nodeStart());
  times.bundled.push(await firstList([bin, ...wrap]));
  times.unbundled.push(await firstList([...unbundled, ...wrap]));
  times.binary.push(await firstList(wrap, binary));
}
await finish();
const node = median(times.node);
const row = (name, values) => `| ${name} | ${median(values).toFixed(1)} | ${(median(values) / node).toFixed(2)}× |`;
const machine = machineNow();
console.log(`Node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.load.join(' ')}; ${RUNS} starts a row, interleaved, medians`);
console.log('\n| start | ms | × `node -e 0` |\n|---|---:|---:|');
console.log(row('`node -e 0`', times.node));
console.log(row('cached todo → first `tools/list`, bundled bin', times.bundled));
console.log(row('the same, unbundled (`dist/cli/main.js`)', times.unbundled));
console.log(row('the same, single-file binary (`scripts/binary.mjs`)', times.binary));
