// Advertised input schemas of a 1,000-command CLI: zod + z.toJSONSchema (before) against written from the spec (after).
// Usage: npm run build && node bench/json-schema.mjs
// Env: BENCH_RUNS fresh processes per side, interleaved (default 11); BENCH_COMMANDS (1000, a multiple of 100).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { count, median, writeBigProgram } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const RUNS = count('BENCH_RUNS', 11);
const COMMANDS = count('BENCH_COMMANDS', 1000);

// `node bench/json-schema.mjs --side before|after <spec.json>`: one cold run in a fresh process, printed as JSON.
if (process.argv[2] === '--side') {
  process.stdout.write(`${JSON.stringify(await side(process.argv[3], process.argv[4]))}\n`);
  process.exit(0);
}

/** Every tool's advertised schema, cold, one way; then the first call's validation of one tool (its zod schema built lazily). */
async function side(which, specFile) {
  const [{ buildTools }, { toJsonSchema }, { readFileSync }] = await Promise.all([dist('tool/build-tools.js'), dist('schema/json-schema.js'), import('node:fs')]);
  const spec = JSON.parse(readFileSync(specFile, 'utf8'));
  const started = performance.now();
  const tools = buildTools(spec);
  const schemas = which === 'before' ? tools.map((tool) => toJsonSchema(tool.inputSchema)) : tools.map((tool) => tool.inputJsonSchema);
  const schemasMs = performance.now() - started;
  const bytes = JSON.stringify(schemas).length;
  const tool = tools.at(-1);
  const callStarted = performance.now();
  const parsed = tool.inputSchema.safeParse({ flags: { target: 'x' }, args: ['a'] });
  const firstCallMs = performance.now() - callStarted;
  return { schemasMs, firstCallMs, bytes, valid: parsed.success };
}

const work = mkdtempSync(join(tmpdir(), 'cli-mcp-json-schema-'));
try {
  const loadBefore = loadavg().map((n) => n.toFixed(2));
  const [{ loadTarget }, { buildTools }, { toJsonSchema }] = await Promise.all([dist('reflect/load-program.js'), dist('tool/build-tools.js'), dist('schema/json-schema.js')]);
  const { spec } = await loadTarget(writeBigProgram(work, COMMANDS));
  const specFile = join(work, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  // The whole list must be the same bytes both ways, or the timing compares different work.
  const tools = buildTools(spec);
  const same = JSON.stringify(tools.map((tool) => tool.inputJsonSchema)) === JSON.stringify(tools.map((tool) => toJsonSchema(tool.inputSchema)));
  if (!same) throw new Error('the schemas written from the spec differ from the zod ones');
  const runs = { before: [], after: [] };
  for (let i = 0; i < RUNS; i += 1) {
    for (const which of i % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
      const { stdout } = await execa(process.execPath, [fileURLToPath(import.meta.url), '--side', which, specFile]);
      runs[which].push(JSON.parse(stdout));
    }
  }
  const summary = Object.fromEntries(Object.entries(runs).map(([which, rows]) => [which, { schemasMs: median(rows.map((row) => row.schemasMs)), firstCallMs: median(rows.map((row) => row.firstCallMs)), bytes: rows[0].bytes }]));
  const round = (ms) => Math.round(ms * 10) / 10;
  const machine = { node: process.version, cores: availableParallelism(), loadBefore, loadAfter: loadavg().map((n) => n.toFixed(2)) };
  process.stdout.write(`node ${machine.node}, ${machine.cores} cores, load ${loadBefore.join(' ')} -> ${machine.loadAfter.join(' ')}; ${tools.length} tools, medians of ${RUNS} fresh processes each, interleaved\n`);
  for (const [which, row] of Object.entries(summary)) {
    process.stdout.write(`  ${which.padEnd(7)} all JSON Schemas ${String(round(row.schemasMs)).padStart(7)} ms   first call of a tool (lazy zod + parse) ${String(round(row.firstCallMs)).padStart(6)} ms   ${row.bytes} bytes\n`);
  }
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, runs: RUNS, commands: COMMANDS, summary, raw: runs })}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
