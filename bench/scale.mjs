// How cli-mcp scales to a CLI with 1,000 runnable commands, against the 7-command todo example.
// Usage: npm run bench:scale   (or: npm run build && node bench/scale.mjs)
// Env: BENCH_RUNS runs per figure (default 5), BENCH_COMMANDS runnable commands (1000, a multiple of 100).
// See bench/README.md for what each figure means.
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { benchRun, bin, count, median, timeStart, writeBigProgram } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const RUNS = count('BENCH_RUNS', 5);
const COMMANDS = count('BENCH_COMMANDS', 1000);
const GIVE_UP_MS = 10 * 60_000;
if (COMMANDS % 100 !== 0) throw new Error(`BENCH_COMMANDS must be a multiple of 100, got ${COMMANDS}`);

// `node bench/scale.mjs --pieces <program>`: one cold breakdown in a fresh process, printed as JSON.
if (process.argv[2] === '--pieces') {
  process.stdout.write(`${JSON.stringify(await timePieces(process.argv[3]))}\n`);
  process.exit(0);
}


const { work, clients, finish } = benchRun('cli-mcp-scale-', GIVE_UP_MS);

// The program cache lives in the bench's own directory: cold figures pass --no-cache, cached ones read it.
const cacheEnv = { ...process.env, XDG_CACHE_HOME: join(work, 'cache') };

/** Wall time of one `cli-mcp tools <target>` process, and the bytes it printed. */
async function timeToolsCommand(target) {
  const started = performance.now();
  // A tool per command (compacted: the list is far over the budget), not auto's search mode: the figures measure listing every command.
  const result = await execa(process.execPath, [bin, 'tools', target, '--tools', 'all', '--no-cache'], { cwd: work, env: cacheEnv, reject: false, maxBuffer: 512 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`cli-mcp tools ${target} exited ${result.exitCode}: ${result.stderr}`);
  return { ms, bytes: Buffer.byteLength(result.stdout), tools: JSON.parse(result.stdout).tools.length };
}

/** Spawn of `cli-mcp wrap` → connected → the complete tools list (every page, walked by cursor); cold unless `cached`. */
function timeFirstList(target, cached = false) {
  return timeStart([target, '--tools', 'all', ...(cached ? [] : ['--no-cache'])], { cwd: work, env: cacheEnv, clients });
}

/** Where the time goes, piece by piece, in this (fresh) process: each piece as cold as a one-shot cli-mcp pays it. */
async function timePieces(file) {
  const [{ loadTarget }, { reflectCommander }, { flattenRunnable }, { inputSchemaFor }, { toJsonSchema }, { createMcpServer }, { inputJsonSchemaFor }] = await Promise.all([
    dist('reflect/load-program.js'),
    dist('reflect/commander.js'),
    dist('reflect/flatten.js'),
    dist('schema/input.js'),
    dist('schema/json-schema.js'),
    dist('server/create-mcp-server.js'),
    dist('schema/json-from-spec.js'),
  ]);
  const time = async (fn) => {
    const started = performance.now();
    const value = await fn();
    return [performance.now() - started, value];
  };
  const serverModule = pathToFileURL(join(root, 'dist/server/create-mcp-server.js')).href;
  const [startMs] = await time(() => execa(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(serverModule)})`]));
  const programCacheDir = join(process.env.BENCH_CACHE_DIR ?? tmpdir(), 'programs');
  const [workerMs, loaded] = await time(() => loadTarget(file, { cache: false }));
  await loadTarget(file, { programCacheDir });
  const [cachedLoadMs] = await time(() => loadTarget(file, { programCacheDir }));
  const [importMs, module] = await time(() => import(pathToFileURL(file).href));
  const [reflectMs, spec] = await time(() => reflectCommander(module.program));
  const [flattenMs, commands] = await time(() => flattenRunnable(spec));
  // Timed before zod: what tools/list now pays, cold; zod is built only on a tool's first call.
  const [specJsonMs] = await time(() => {
    const memo = new Map();
    return commands.map((command) => inputJsonSchemaFor(command, memo));
  });
  const [zodMs, schemas] = await time(() => commands.map((command) => inputSchemaFor(command)));
  const [jsonSchemaMs] = await time(() => schemas.map((schema) => toJsonSchema(schema)));
  const [serverMs, server] = await time(() => createMcpServer(loaded.spec, { launcher: 'true' }));
  const [listMs, list] = await time(() => JSON.stringify(server.listTools()));
  return { startMs, workerMs, cachedLoadMs, importMs, reflectMs, flattenMs, specJsonMs, zodMs, jsonSchemaMs, serverMs, listMs, specBytes: JSON.stringify(spec).length, listBytes: list.length };
}

const round = (ms) => Math.round(ms);
const medians = (rows, keys) => Object.fromEntries(keys.map((key) => [key, median(rows.map((row) => row[key]))]));

async function measure(target) {
  const tools = [];
  const first = [];
  const cached = [];
  await timeFirstList(target.file, true); // fills the program cache
  for (let i = 0; i < RUNS; i += 1) {
    tools.push(await timeToolsCommand(target.file));
    first.push(await timeFirstList(target.file));
    cached.push(await timeFirstList(target.file, true));
  }
  // A tool per command plus cli-mcp's own few (reading spooled output, runs); every start must list the same.
  const counts = new Set([...first, ...cached, ...tools].map((run) => run.tools));
  if (counts.size !== 1 || [...counts][0] < target.tools) throw new Error(`${target.name}: expected the same ${target.tools}+ tools from every start, got ${[...counts].join(', ')}`);
  return {
    target: target.name,
    tools: medians(tools, ['ms', 'bytes']),
    firstList: medians(first, ['ms', 'connectMs', 'listMs']),
    cachedList: medians(cached, ['ms', 'connectMs', 'listMs']),
    min: { tools: Math.min(...tools.map((r) => r.ms)), firstList: Math.min(...first.map((r) => r.ms)), cachedList: Math.min(...cached.map((r) => r.ms)) },
  };
}

function print(rows, pieces, machine) {
  const out = [`node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.loadBefore.join(' ')} -> ${machine.loadAfter.join(' ')}`];
  out.push(`medians over ${RUNS} runs; times in ms`, '');
  out.push('target                  cli-mcp tools   (min)   output KB   wrap -> full tools/list   (min)   of which connect   tools/list   cached: wrap -> tools/list   (min)');
  for (const row of rows) {
    out.push(
      `${row.target.padEnd(24)}${String(round(row.tools.ms)).padEnd(16)}${String(round(row.min.tools)).padEnd(8)}${String(Math.round(row.tools.bytes / 1024)).padEnd(12)}` +
        `${String(round(row.firstList.ms)).padEnd(26)}${String(round(row.min.firstList)).padEnd(8)}${String(round(row.firstList.connectMs)).padEnd(19)}${String(round(row.firstList.listMs)).padEnd(13)}` +
        `${String(round(row.cachedList.ms)).padEnd(29)}${round(row.min.cachedList)}`,
    );
  }
  out.push('', `where the time goes for ${COMMANDS} commands: each piece timed in a fresh process, in order, median of ${RUNS} (ms)`);
  const labels = {
    startMs: 'a Node process that loads cli-mcp and the MCP SDK (spawn to exit)',
    workerMs: 'loadTarget: worker process (node start + import + reflect + IPC)',
    cachedLoadMs: 'loadTarget from the program cache (stat the files, read the entry)',
    importMs: 'importing the program module (commander builds the tree)',
    reflectMs: 'reflectCommander (tree -> CommandSpec)',
    flattenMs: 'flattenRunnable',
    specJsonMs: 'inputJsonSchemaFor: advertised JSON Schemas from the spec, all tools',
    zodMs: 'inputSchemaFor: zod schemas, all tools (now only on first calls)',
    jsonSchemaMs: 'toJsonSchema: the same JSON Schemas through zod (the oracle)',
    serverMs: 'createMcpServer (tools: names, zod, JSON Schema, middleware)',
    listMs: 'listTools() + JSON.stringify',
  };
  for (const [key, label] of Object.entries(labels)) {
    out.push(`  ${label.padEnd(72)}${round(pieces[key])}`);
  }
  out.push(`  CommandSpec JSON ${Math.round(pieces.specBytes / 1024)} KB, tools/list JSON ${Math.round(pieces.listBytes / 1024)} KB (compact; \`cli-mcp tools\` indents it)`);
  process.stdout.write(`${out.join('\n')}\n`);
}

try {
  const loadBefore = loadavg().map((n) => n.toFixed(2));
  const big = writeBigProgram(work, COMMANDS);
  const targets = [
    { name: `synthetic (${COMMANDS} cmds)`, file: big, tools: COMMANDS },
    { name: 'todo example (7 cmds)', file: join(root, 'examples/todo/todo.js'), tools: 7 },
  ];
  const rows = [];
  for (const target of targets) rows.push(await measure(target));
  const pieceRuns = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { stdout } = await execa(process.execPath, [fileURLToPath(import.meta.url), '--pieces', big], { env: { BENCH_COMMANDS: String(COMMANDS), BENCH_CACHE_DIR: join(work, 'pieces-cache') } });
    pieceRuns.push(JSON.parse(stdout));
  }
  const pieces = medians(pieceRuns, Object.keys(pieceRuns[0]));
  const machine = { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', loadBefore, loadAfter: loadavg().map((n) => n.toFixed(2)) };
  print(rows, pieces, machine);
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, runs: RUNS, commands: COMMANDS, rows, pieces })}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await finish();
}
