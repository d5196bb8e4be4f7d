// Cold starts of big native CLIs, help cache empty: `wrap <prog> --tools search` (commands read when asked for), `wrap
// <prog>` (auto: commands read until those read pass the list budget or project a list well past it, then search mode), `wrap <prog> --tools all`
// (every page crawled first) and one `<prog> --help`; then, on the search server, the first describe of a command and its first call.
// Runs interleaved, each start with a fresh cache directory; medians side by side.
// Usage: npm run build && node bench/lazy-start.mjs   Env: BENCH_RUNS (default 3), BENCH_PROGRAMS (default kubectl,git,docker,gh)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { benchRun, connectWrap, count, envWithout, machineNow, median } from './common.mjs';

const RUNS = count('BENCH_RUNS', 3);
const PROGRAMS = (process.env.BENCH_PROGRAMS ?? 'kubectl,git,docker,gh').split(',');
/** A read-only command of each, by its words, described and called on the search server (no cluster or login needed; docker's daemon may be absent: its call then fails, timed all the same). */
const COMMAND = { kubectl: ['version', { flags: { client: true } }], git: ['version', {}], docker: ['version', {}], gh: ['config list', {}] };
const { work, finish } = benchRun('cli-mcp-lazy-start-', 30 * 60_000);
const run = promisify(execFile);

// Node's start reads the CA bundle NODE_EXTRA_CA_CERTS names: a cost of this machine, not of cli-mcp.
const baseEnv = envWithout('NODE_EXTRA_CA_CERTS');

async function helpOnce(program) {
  const started = performance.now();
  await run(program, ['--help'], { env: baseEnv }).catch(() => {});
  return performance.now() - started;
}

/** Spawn → connected → first tools/list; on the search server also the first describe and call of `COMMAND`. */
async function start(program, mode) {
  const cache = mkdtempSync(join(work, 'cache-'));
  const env = { ...baseEnv, XDG_CACHE_HOME: cache };
  const started = performance.now();
  const { client } = await connectWrap([program, '--tools', mode, '--quiet'], { cwd: work, env });
  try {
    const { tools } = await client.listTools();
    const listed = performance.now() - started;
    if (mode !== 'search') return { listed, tools: tools.length };
    const [name, input] = COMMAND[program] ?? ['version', {}];
    const describeTool = tools.find((tool) => tool.name.endsWith('_describe_command'))?.name;
    const runTool = tools.find((tool) => tool.name.endsWith('_run_command'))?.name;
    let at = performance.now();
    const described = await client.callTool({ name: describeTool, arguments: { command: name } });
    const describe = performance.now() - at;
    if (described.isError) throw new Error(`${program}: describe ${name} failed: ${JSON.stringify(described.content)}`);
    at = performance.now();
    const called = await client.callTool({ name: runTool, arguments: { command: name, ...input } });
    const call = performance.now() - at;
    at = performance.now();
    await client.callTool({ name: runTool, arguments: { command: name, ...input } });
    const again = performance.now() - at;
    return { listed, tools: tools.length, describe, call, again, callError: called.isError === true };
  } finally {
    await client.close();
    rmSync(cache, { recursive: true, force: true });
  }
}

const rows = {};
for (const program of PROGRAMS) rows[program] = { help: [], search: [], auto: [], full: [], describe: [], call: [], again: [] };
for (let round = 0; round < RUNS; round += 1) {
  for (const program of PROGRAMS) {
    const row = rows[program];
    row.help.push(await helpOnce(program));
    const lazy = await start(program, 'search');
    row.search.push(lazy.listed);
    row.describe.push(lazy.describe);
    row.call.push(lazy.call);
    row.again.push(lazy.again);
    row.auto.push((await start(program, 'auto')).listed);
    row.full.push((await start(program, 'all')).listed);
  }
}
await finish();
const ms = (values) => Math.round(median(values));
const table = Object.fromEntries(
  PROGRAMS.map((program) => {
    const row = rows[program];
    const help = median(row.help);
    return [program, { helpMs: ms(row.help), searchColdMs: ms(row.search), ratio: Math.round(median(row.search) / help), autoColdMs: ms(row.auto), autoRatio: Math.round(median(row.auto) / help), fullColdMs: ms(row.full), fullRatio: Math.round(median(row.full) / help), firstDescribeMs: ms(row.describe), firstCallMs: ms(row.call), secondCallMs: ms(row.again) }];
  }),
);
console.log(JSON.stringify({ machine: machineNow(), runs: RUNS, table }, null, 2));
