// Warm workers where calls come in a row: a Node CLI call through cli-mcp (default settings) against a raw spawn of the
// same command line, spaced (a pause after each), back to back (the next call as soon as the last returns), in bursts of 8
// at once; a yargs program's call with a positional; and a native program (/bin/echo, whose warm worker is a stub waiting
// in the sandbox to exec the call) in the default contain sandbox and with none. Series are interleaved per round, so load
// falls on each alike.
// Usage: npm run bench:warm   (or: npm run build && node bench/warm.mjs)
// Env: BENCH_N calls per series (default 40), BENCH_BURSTS bursts (10), BENCH_PAUSE_MS the spaced pause (300),
//      BENCH_TARGETS the targets to run, by the start of their names (default all: todo,yargs,echo).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { benchRun, connectWrap, count, envWithout, machineNow, median, round2, seedList } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const N = count('BENCH_N', 40);
const BURSTS = count('BENCH_BURSTS', 10);
const PAUSE_MS = count('BENCH_PAUSE_MS', 300);
const BURST = 8;

const env = envWithout('TODO_FILE', 'NODE_EXTRA_CA_CERTS');
const { work, clients, finish } = benchRun('cli-mcp-bench-warm-', 20 * 60_000);
writeFileSync(join(work, 'todo.json'), `${JSON.stringify(seedList(), null, 2)}\n`);
const serverEnv = { ...env, XDG_CACHE_HOME: join(work, 'cache') };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const todoJs = join(root, 'examples/todo/todo.js');
// A yargs program that loads chalk 4, as many do: its has-flag searches the arguments for `--` while importing.
const notesJs = join(work, 'notes.mjs');
const lib = (path) => JSON.stringify(pathToFileURL(join(root, 'node_modules', path)).href);
writeFileSync(notesJs, `#!/usr/bin/env node
import chalk from ${lib('chalk/source/index.js')};
import yargs from ${lib('yargs/index.mjs')};
import { hideBin } from ${lib('yargs/helpers/helpers.mjs')};
yargs(hideBin(process.argv)).scriptName('notes')
  .command('show <id>', 'Show a note', (y) => y.positional('id', { type: 'string' }), (argv) => console.log(chalk.bold('note ' + argv.id)))
  .strict().parse();
`);
const node = (...args) => ({ file: process.execPath, args });
const echo = join(root, 'bench/native.mjs');
const targets = [
  { name: 'todo list --json', wrap: [todoJs], tool: 'todo_list', input: { flags: { json: true } }, raw: node(todoJs, 'list', '--json') },
  // A positional, which a program whose has-flag searches its argv for `--` while importing would see if cli-mcp wrote one.
  { name: 'yargs notes show 1', wrap: [notesJs], tool: 'notes_show', input: { args: ['1'] }, raw: node(notesJs, 'show', '1') },
  { name: 'echo hello, contain', wrap: [echo, '--exec', '/bin/echo'], tool: 'echo', input: { args: ['hello'] }, raw: { file: '/bin/echo', args: ['hello'] } },
  { name: 'echo hello, off', wrap: [echo, '--exec', '/bin/echo', '--sandbox', 'off'], tool: 'echo', input: { args: ['hello'] }, raw: { file: '/bin/echo', args: ['hello'] } },
];

async function timed(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function measure(target) {
  const { client } = await connectWrap([...target.wrap], { cwd: work, env: serverEnv });
  clients.add(client);
  await client.listTools();
  const call = async () => {
    const result = await client.callTool({ name: target.tool, arguments: target.input });
    if (result.isError) throw new Error(`${target.tool} failed: ${JSON.stringify(result.content)}`);
  };
  const raw = () => execa(target.raw.file, target.raw.args, { cwd: work, env, extendEnv: false, stdin: 'ignore' });
  // Warm-up: the first worker starts with the first call, and the raw side's files get cached.
  for (let index = 0; index < 3; index += 1) await Promise.all([call().then(() => pause(PAUSE_MS)), raw()]);

  const rows = { spaced: { cli: [], raw: [] }, backToBack: { cli: [], raw: [] }, burst: { cli: [], raw: [] } };
  for (let index = 0; index < N; index += 1) {
    rows.spaced.raw.push(await timed(raw));
    await pause(PAUSE_MS);
    rows.spaced.cli.push(await timed(call));
    await pause(PAUSE_MS);
  }
  // Back to back: each series runs N calls in a row; the rounds alternate which side goes first.
  for (let round = 0; round < 2; round += 1) {
    const sides = round === 0 ? [['raw', raw], ['cli', call]] : [['cli', call], ['raw', raw]];
    for (const [side, run] of sides) {
      await pause(PAUSE_MS);
      for (let index = 0; index < N / 2; index += 1) rows.backToBack[side].push(await timed(run));
    }
  }
  for (let index = 0; index < BURSTS; index += 1) {
    await pause(PAUSE_MS * 2);
    rows.burst.raw.push(await timed(() => Promise.all(Array.from({ length: BURST }, raw))));
    await pause(PAUSE_MS * 2);
    rows.burst.cli.push(await timed(() => Promise.all(Array.from({ length: BURST }, call))));
  }
  clients.delete(client);
  await client.close();
  return rows;
}

const report = { machine: machineNow(), n: N, bursts: BURSTS, pauseMs: PAUSE_MS, targets: {} };
try {
  const only = process.env.BENCH_TARGETS?.split(',');
  for (const target of targets.filter(({ name }) => only === undefined || only.some((start) => name.startsWith(start)))) {
    const rows = await measure(target);
    report.targets[target.name] = Object.fromEntries(
      Object.entries(rows).map(([row, { cli, raw }]) => [row, { cli: round2(median(cli)), raw: round2(median(raw)), ratio: round2(median(cli) / median(raw)) }]),
    );
  }
} finally {
  await finish();
}
console.log(JSON.stringify(report, null, 2));
for (const [name, rows] of Object.entries(report.targets)) {
  for (const [row, { cli, raw, ratio }] of Object.entries(rows)) console.log(`${name.padEnd(20)} ${row.padEnd(11)} cli-mcp ${String(cli).padStart(7)} ms  raw ${String(raw).padStart(7)} ms  ${ratio}×`);
}
