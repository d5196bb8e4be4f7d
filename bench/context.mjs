// How much of a model's context `tools/list` takes in each discovery mode, for five CLIs.
// Usage: npm run bench:context   (or: npm run build && node bench/context.mjs)
// Env: BENCH_COMMANDS runnable commands of the synthetic CLI (1000, a multiple of 100).
// See bench/README.md for what each figure means.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { count, onPath, toolsList, writeBigProgram } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { estimateTokens } = await import(pathToFileURL(join(root, 'dist/discovery/budget.js')).href);
const COMMANDS = count('BENCH_COMMANDS', 1000);
// A first help crawl of docker reads some 190 pages; later runs read the cache.
const SPAWN_TIMEOUT_MS = 5 * 60_000;
if (COMMANDS % 100 !== 0) throw new Error(`BENCH_COMMANDS must be a multiple of 100, got ${COMMANDS}`);

const MODES = [
  { label: 'all', flags: ['--tools', 'all'] },
  { label: 'all, uncompacted', flags: ['--tools', 'all', '--list-budget', '100000000'] },
  { label: 'search', flags: ['--tools', 'search'] },
  { label: 'groups', flags: ['--tools', 'groups'] },
  { label: 'auto', flags: ['--tools', 'auto'] },
];

const work = mkdtempSync(join(tmpdir(), 'cli-mcp-context-'));
const cleanUp = () => rmSync(work, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}


/** One `cli-mcp tools` run: the list as a client receives it (compact JSON), and the command count from its stderr note. */
async function listTools(args) {
  const { json, tools, bytes, stderr } = await toolsList(args, { cwd: work, timeout: SPAWN_TIMEOUT_MS });
  return { json, tools, bytes, tokens: estimateTokens(json), commands: Number(/: (\d+) commands,/.exec(stderr)?.[1] ?? Number.NaN) };
}

/** Which mode auto served, named by the row whose list is byte for byte the same. */
function autoChoice(rows) {
  const auto = rows.find((row) => row.mode === 'auto');
  const all = rows.find((row) => row.mode === 'all');
  const whole = rows.find((row) => row.mode === 'all, uncompacted');
  if (auto.json === whole.json) return 'all';
  if (auto.json === all.json) return 'all, compacted';
  return rows.find((row) => row.mode !== 'auto' && row.json === auto.json)?.mode ?? 'none of the others (a bug)';
}

async function measure(target) {
  const rows = [];
  for (const mode of MODES) rows.push({ mode: mode.label, ...(await listTools([...target.args, ...mode.flags])) });
  const compacted = rows[0].json !== rows[1].json;
  return { name: target.name, commands: rows[0].commands, compacted, auto: autoChoice(rows), rows: rows.map(({ json, ...row }) => row) };
}

const number = (n) => (Number.isFinite(n) ? n.toLocaleString('en-US') : '?');

function print(results, notes) {
  const out = [`\`tools/list\` as a client receives it (compact JSON); tokens = ceil(UTF-8 bytes / 4), default budget 16,000`, ''];
  out.push('| CLI | mode | tools | bytes | est. tokens | bytes per tool |', '| --- | --- | ---: | ---: | ---: | ---: |');
  for (const result of results) {
    for (const row of result.rows) {
      const mode = row.mode === 'auto' ? `auto → ${result.auto}` : row.mode === 'all' && !result.compacted ? 'all (fits, not compacted)' : row.mode === 'all' ? 'all (compacted)' : row.mode;
      out.push(`| ${result.name} (${number(result.commands)} cmds) | ${mode} | ${number(row.tools)} | ${number(row.bytes)} | ${number(row.tokens)} | ${number(Math.round(row.bytes / row.tools))} |`);
    }
  }
  out.push('', 'auto chose:', ...results.map((result) => `- ${result.name}: ${result.auto}`));
  if (notes.length > 0) out.push('', ...notes.map((note) => `note: ${note}`));
  process.stdout.write(`${out.join('\n')}\n`);
}

try {
  const targets = [
    { name: `synthetic commander CLI`, args: [writeBigProgram(work, COMMANDS)] },
    { name: 'kubectl', needs: 'kubectl', args: ['kubectl', '--exec', 'kubectl', '--preset', 'kubectl'] },
    { name: 'docker', needs: 'docker', args: ['docker'] },
    { name: 'git', needs: 'git', args: ['git', '--preset', 'git'] },
    { name: 'todo example', args: [join(root, 'examples/todo/todo.js')] },
  ];
  const results = [];
  const notes = [];
  for (const target of targets) {
    if (target.needs && !onPath(target.needs)) {
      notes.push(`${target.needs} is not on PATH; its rows are left out`);
      continue;
    }
    process.stderr.write(`bench: ${target.name}…\n`);
    results.push(await measure(target));
  }
  print(results, notes);
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ node: process.version, commands: COMMANDS, results, notes })}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
