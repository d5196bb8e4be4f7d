// The same Node CLI command (todo list --json) through cli-mcp and through published peers that serve a command over MCP,
// against the raw spawn, interleaved. Peers are installed into a temporary directory (never dependencies of this package).
// Usage: npm run bench:peers   (or: npm run build && node bench/peers.mjs)
// Env: BENCH_N timed calls per series (default 40), BENCH_WARMUP (5).
// See bench/README.md for what each figure means.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { execa } from 'execa';
import { benchRun, bin, count, envWithout, machineNow, percentile, round2, seedList, summary } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const N = count('BENCH_N', 40);
const WARMUP = count('BENCH_WARMUP', 5);
const GIVE_UP_MS = 20 * 60_000;
const INSTALL_TIMEOUT_MS = 5 * 60_000;

const env = envWithout('TODO_FILE', 'NODE_EXTRA_CA_CERTS');
const { work, clients, finish } = benchRun('cli-mcp-peers-', GIVE_UP_MS);
const todoJs = join(root, 'examples/todo/todo.js');
writeFileSync(join(work, 'todo.json'), `${JSON.stringify(seedList(), null, 2)}\n`);
const commandLine = [process.execPath, todoJs, 'list', '--json'];
// The shell peers get one string; these paths hold no character a POSIX shell would read.
const shellLine = commandLine.join(' ');

/**
 * Each peer: the pinned package, its bin, the tool that runs a command, and how to read the CLI's stdout back from the result.
 * All three run a command line they are given (none reflects a CLI into tools as cli-mcp does).
 */
const peers = [
  {
    name: 'mcp-server-commands',
    pkg: 'mcp-server-commands@0.5.0',
    bin: 'mcp-server-commands',
    how: `run_command {command: "node todo.js list --json", workdir} (a shell line)`,
    tool: 'run_command',
    input: { command: shellLine, workdir: work },
    stdout: (result) => result.content.map((part) => part.text ?? '').join(''),
  },
  {
    name: 'bash-command-mcp',
    pkg: 'bash-command-mcp@0.1.5',
    bin: 'bash-command-mcp',
    how: 'run {command: [node, todo.js, list, --json], cwd} (an argv array)',
    tool: 'run',
    input: { command: commandLine, cwd: work },
    // Its text is `EXIT_CODE: n\nSTDOUT:\n…`, with a STDERR: section after when there is any.
    stdout: (result) => result.content.map((part) => part.text ?? '').join('').split('STDOUT:\n')[1]?.split('\nSTDERR:')[0] ?? '',
  },
  {
    name: '@mako10k/mcp-shell-server',
    pkg: '@mako10k/mcp-shell-server@2.7.1',
    bin: 'mcp-shell-server',
    how: 'shell_execute {command: "node todo.js list --json", working_directory, execution_mode: foreground}; MCP_SHELL_SECURITY_MODE=permissive, MCP_SHELL_LLM_EVALUATION=false, MCP_SHELL_ENHANCED_MODE=false (its default asks the client for LLM sampling, which this client does not offer)',
    tool: 'shell_execute',
    input: { command: shellLine, working_directory: work, execution_mode: 'foreground' },
    env: { MCP_SHELL_SECURITY_MODE: 'permissive', MCP_SHELL_LLM_EVALUATION: 'false', MCP_SHELL_ENHANCED_MODE: 'false', MCP_SHELL_DEFAULT_WORKDIR: work, MCP_SHELL_ALLOWED_WORKDIRS: work },
    stdout: (result) => JSON.parse(result.content[0].text).stdout,
  },
];

const cliMcp = {
  name: 'cli-mcp',
  how: 'wrap examples/todo/todo.js; todo_list {flags: {json: true}} (argv, no shell)',
  tool: 'todo_list',
  input: { flags: { json: true } },
  // JSON stdout is carried parsed in structuredContent (as `json`): its exact text is the content.
  stdout: (result) => result.content[0].text,
};


/** `npm install --prefix <tmp>/<name> <pkg>`: the peer's own tree, outside this package. Returns its bin, or throws. */
async function install(peer) {
  const prefix = join(work, 'peers', peer.name.replace(/[@/]/g, '_'));
  mkdirSync(prefix, { recursive: true });
  // npm talks to the registry: it keeps the caller's whole environment (proxies, certificates).
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const result = await execa(npm[0], [...npm[1], 'install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', peer.pkg], { reject: false, timeout: INSTALL_TIMEOUT_MS, all: true });
  if (result.exitCode !== 0) throw new Error(`npm install ${peer.pkg} failed (${result.exitCode ?? result.signal}): ${result.all.split('\n').filter((line) => !line.startsWith('npm warn')).slice(-5).join(' | ')}`);
  return join(prefix, 'node_modules/.bin', peer.bin);
}

/** Starts a server over stdio and connects the same client every series uses; the start is timed to the tools list. */
async function connect(command, args, extraEnv = {}) {
  const transport = new StdioClientTransport({ command, args, cwd: work, env: { ...env, ...extraEnv }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'cli-mcp-peers-bench', version: '0.0.0' });
  const started = performance.now();
  try {
    await client.connect(transport);
    clients.add(client);
    await client.listTools();
  } catch (error) {
    await client.close().catch(() => {});
    throw new Error(`the server did not start: ${error.message}\n${stderr.slice(-500)}`, { cause: error });
  }
  return { client, startMs: performance.now() - started };
}

async function timedCall(series) {
  const started = performance.now();
  const result = await series.client.callTool({ name: series.tool, arguments: series.input });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${series.name}: ${series.tool} returned an error: ${JSON.stringify(result.content).slice(0, 300)}`);
  return { ms, stdout: series.stdout(result) };
}

async function timedRaw() {
  const started = performance.now();
  const result = await execa(commandLine[0], commandLine.slice(1), { cwd: work, env, extendEnv: false, stdin: 'ignore', stripFinalNewline: false, reject: false });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`raw spawn exited ${result.exitCode}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

try {
  const loadBefore = machineNow().load;
  const notes = [];
  const series = [];
  const started = await connect(process.execPath, [bin, 'wrap', todoJs]);
  series.push({ ...cliMcp, ...started, times: [], diffs: [] });
  for (const peer of peers) {
    try {
      process.stderr.write(`bench: installing ${peer.pkg}…\n`);
      const peerBin = await install(peer);
      series.push({ ...peer, ...(await connect(peerBin, [], peer.env)), times: [], diffs: [] });
    } catch (error) {
      const note = `${peer.name} left out: ${error.message.split('\n')[0]}`;
      notes.push(note);
      process.stderr.write(`bench: ${note}\n`);
    }
  }
  // Warm-up; the first round checks that every series prints the raw spawn's stdout (a peer may add a trailing newline).
  const failed = new Set();
  for (let i = 0; i < WARMUP; i += 1) {
    const raw = await timedRaw();
    for (const s of series) {
      if (failed.has(s)) continue;
      try {
        const { stdout } = await timedCall(s);
        if (i === 0 && stdout.trim() !== raw.stdout.trim()) throw new Error(`${s.name} printed ${JSON.stringify(stdout.slice(0, 120))}, not the raw spawn's output`);
      } catch (error) {
        if (s === series[0]) throw error;
        failed.add(s);
        notes.push(`${s.name} left out: ${error.message.split('\n')[0]}`);
        process.stderr.write(`bench: ${notes.at(-1)}\n`);
      }
    }
  }
  const live = series.filter((s) => !failed.has(s));
  const raw = [];
  for (let i = 0; i < N; i += 1) {
    const r = await timedRaw();
    raw.push(r.ms);
    for (const s of live) {
      const { ms } = await timedCall(s);
      s.times.push(ms);
      s.diffs.push(ms - r.ms);
    }
  }
  const rawSummary = summary(raw);
  const rows = live.map((s) => ({ name: s.name, how: s.how, call: summary(s.times), ratioP50: round2(percentile(s.times, 0.5) / percentile(raw, 0.5)), overheadP50: round2(percentile(s.diffs, 0.5)), startMs: round2(s.startMs) }));
  const { load, ...machine } = machineNow();
  const out = [`node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${loadBefore.join(' ')} -> ${load.join(' ')}`];
  out.push(`N=${N} calls per series after ${WARMUP} warm-up, interleaved (raw, then each server in turn); times in ms`, '');
  const table = [['series', 'p50', 'p95', 'p50 / raw p50', 'overhead p50 (paired)', 'start -> tools/list (1 start)']];
  table.push(['raw spawn (execa, no shell)', String(rawSummary.p50), String(rawSummary.p95), '1x', '', '']);
  for (const row of rows) table.push([row.name, String(row.call.p50), String(row.call.p95), `${row.ratioP50}x`, `${row.overheadP50} ms`, String(Math.round(row.startMs))]);
  const widths = table[0].map((_, i) => Math.max(...table.map((cells) => cells[i].length)));
  for (const cells of table) out.push(cells.map((cell, i) => cell.padEnd(widths[i] + 2)).join('').trimEnd());
  out.push('', 'how each was run:', ...rows.map((row) => `  ${row.name}: ${row.how}`));
  for (const note of notes) out.push(`note: ${note}`);
  process.stdout.write(`${out.join('\n')}\n`);
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine: { ...machine, loadBefore, loadAfter: load }, n: N, warmup: WARMUP, raw: rawSummary, rows, notes })}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await finish();
}
