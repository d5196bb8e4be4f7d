// Pieces every benchmark shares: settings from the environment, medians, and a client on `cli-mcp wrap`.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { execa } from 'execa';
import { accessSync, constants, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));

/** A positive whole number from the environment, or the default; anything else stops the run. */
export function count(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}

/** The median: the middle value, or the mean of the two middle ones. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
}

/** Spawns `cli-mcp wrap …args` and connects a real v2 MCP client over stdio; a failed start says what the server printed. */
export async function connectWrap(args, { cwd, env, name = 'cli-mcp-bench' } = {}) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'wrap', ...args], cwd, ...(env ? { env } : {}), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name, version: '0.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the server did not start: ${error.message}\n${stderr}`, { cause: error });
  }
  return { client, pid: transport.pid };
}

/**
 * Writes `big.mjs` into `work`: a commander program with COMMANDS runnable leaves, `big <group> <sub> <leaf>` (10 × 10 × n),
 * each with 5–10 options of every kind and a positional or two. Statement by statement, like a real CLI.
 */
export function writeBigProgram(work, COMMANDS) {
  const lines = [
    `import { Command, Option } from ${JSON.stringify(import.meta.resolve('commander'))};`,
    `import { fileURLToPath } from 'node:url';`,
    `const act = () => {};`,
    `export const program = new Command('big').description('A synthetic CLI with ${COMMANDS} commands.')`,
    `  .option('-v, --verbose', 'say more').option('--profile <name>', 'the profile to use', 'default');`,
  ];
  const leaves = COMMANDS / 100;
  for (let g = 0; g < 10; g += 1) {
    lines.push(`const g${g} = program.command('group${g}').description('Group ${g}.').option('--region <r>', 'region of group ${g}');`);
    for (let s = 0; s < 10; s += 1) {
      lines.push(`const g${g}s${s} = g${g}.command('sub${s}').description('Subgroup ${s} of group ${g}.');`);
      for (let l = 0; l < leaves; l += 1) lines.push(leafCommand(`g${g}s${s}`, g * 100 + s * 10 + l, l));
    }
  }
  lines.push(`if (process.argv[1] === fileURLToPath(import.meta.url)) program.parse();`);
  const file = join(work, 'big.mjs');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function leafCommand(parent, n, l) {
  const kinds = [
    `.option('--force', 'do it without asking')`,
    `.option('-o, --output <format>', 'output format', 'text')`,
    `.addOption(new Option('--level <l>', 'how much').choices(['low', 'medium', 'high']))`,
    `.option('--limit <n>', 'at most this many', (v) => Number.parseInt(v, 10))`,
    `.option('--ratio <x>', 'a fraction', (v) => Number.parseFloat(v))`,
    `.option('--tag <tags...>', 'tags to match')`,
    `.option('--color', 'colour the output').option('--no-color', 'plain output')`,
    `.option('--since [when]', 'only newer entries (now when bare)')`,
    `.requiredOption('--target <name>', 'what to act on')`,
    `.option('--dry-run', 'only say what would happen')`,
  ];
  const options = kinds.slice(0, 5 + (n % 6)).join('');
  const args = l % 2 === 0 ? `.argument('<id>', 'the item').argument('[more...]', 'more items')` : `.argument('[name]', 'a name')`;
  return `${parent}.command('cmd${l}').description('Command ${n}: does thing ${n}.')${args}${options}.action(act);`;
}

/** Linear-interpolated percentile (the spreadsheet PERCENTILE.INC rule). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const round2 = (ms) => Math.round(ms * 100) / 100;

/** p50 and p95 of a series, to 0.01 ms. */
export const summary = (values) => ({ p50: round2(percentile(values, 0.5)), p95: round2(percentile(values, 0.95)) });

/** The process environment without the keys named: spawned servers and CLIs get it, so no bench-only variable skews a start. */
export function envWithout(...names) {
  return Object.fromEntries(Object.entries(process.env).filter(([key, value]) => !names.includes(key) && value !== undefined));
}

/** The three-task list every todo bench seeds into its private todo.json. */
export function seedList() {
  const tasks = ['Buy milk', 'Write report', 'Call the plumber'].map((title, i) => ({ id: i + 1, title, tags: ['home'], priority: 'medium', done: i === 0 }));
  return { next: tasks.length + 1, tasks };
}

/** Node version, CPUs and load average, for the head of a report. */
export function machineNow() {
  return { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', load: loadavg().map((n) => n.toFixed(2)) };
}

/**
 * Spawn of `cli-mcp wrap …args` → connected → first `tools/list` page → every page (walked by cursor, as a client pages).
 * `bytes` is the compact JSON of all pages' results; `clients` (a Set) holds the client while it is open, for clean-up.
 */
export async function timeStart(args, { cwd, env, clients } = {}) {
  const started = performance.now();
  const { client } = await connectWrap(args, { cwd, env, name: 'cli-mcp-start-bench' });
  clients?.add(client);
  try {
    const connected = performance.now();
    let page = await client.request({ method: 'tools/list', params: {} });
    const firstPage = performance.now();
    let tools = page.tools.length;
    let bytes = Buffer.byteLength(JSON.stringify(page));
    while (page.nextCursor !== undefined) {
      page = await client.listTools({ cursor: page.nextCursor });
      tools += page.tools.length;
      bytes += Buffer.byteLength(JSON.stringify(page));
    }
    const listed = performance.now();
    return { ms: listed - started, firstPageMs: firstPage - started, connectMs: connected - started, listMs: listed - connected, tools, bytes };
  } finally {
    clients?.delete(client);
    await client.close();
  }
}

/** One `cli-mcp tools …args` run: the list as a client receives it (compact JSON), its size, and the process's stderr. */
export async function toolsList(args, { cwd, env, timeout } = {}) {
  const result = await execa(process.execPath, [bin, 'tools', ...args], { cwd, ...(env ? { env, extendEnv: false } : {}), reject: false, timeout, maxBuffer: 1024 * 1024 * 1024 });
  if (result.exitCode !== 0) throw new Error(`cli-mcp tools ${args.join(' ')} exited ${result.exitCode ?? result.signal}: ${result.stderr}`);
  const list = JSON.parse(result.stdout);
  const json = JSON.stringify(list);
  return { json, tools: list.tools.length, bytes: Buffer.byteLength(json), stderr: result.stderr };
}

/**
 * A bench's temp dir and the clients it opens, cleaned up once: at `finish()`, on SIGINT/SIGTERM, or when
 * the run passes `giveUpMs` (a wedged server must not hold it forever). Closing a client stops its server.
 */
export function benchRun(prefix, giveUpMs) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const clients = new Set();
  let cleaning;
  const cleanUp = () => {
    cleaning ??= Promise.allSettled([...clients].map((client) => client.close())).then(() => rmSync(work, { recursive: true, force: true }));
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: gave up after ${giveUpMs / 1000}s\n`);
    void cleanUp().finally(() => process.exit(1));
  }, giveUpMs);
  return {
    work,
    clients,
    async finish() {
      await cleanUp();
      clearTimeout(watchdog);
    },
  };
}

/** Whether an executable file of this name is on PATH. */
export function onPath(name) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return statSync(join(dir, name)).isFile();
      } catch {
        return false;
      }
    });
}
