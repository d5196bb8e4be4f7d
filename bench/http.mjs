// Throughput of tools/call over Streamable HTTP under concurrent clients: one replica, one with Redis, two sharing one Redis.
// Usage: npm run bench:http   (or: npm run build && node bench/http.mjs)
// Env: BENCH_CLIENTS concurrent clients (default 16), BENCH_SECONDS timed seconds per row (10), BENCH_WARMUP calls per client first (5).
// See bench/README.md ("HTTP") for what each figure means.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { bin, count } from './common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const native = fileURLToPath(new URL('native.mjs', import.meta.url));
const CLIENTS = count('BENCH_CLIENTS', 16);
const SECONDS = count('BENCH_SECONDS', 10);
const WARMUP = count('BENCH_WARMUP', 5);
const CALL = { name: 'echo', arguments: { args: ['hello'] } };
// cli-mcp puts positionals after `--`, and GNU echo prints it.
const EXPECTED_STDOUT = '-- hello\n';
const MESSAGES_KEPT = 5;
const MIB = 1024 * 1024;
// USER_HZ: the unit of the CPU times in /proc/<pid>/stat, 100 on every Linux we run on.
const TICKS_PER_SECOND = 100;

// The spawned servers must not inherit a CA bundle meant for this shell's tooling, nor a Redis URL: each row says whether it uses one.
const dropped = new Set(['NODE_EXTRA_CA_CERTS', 'CLI_MCP_REDIS']);
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([key, value]) => !dropped.has(key) && value !== undefined));

const configurations = [
  { name: '1 replica', replicas: 1, redis: false },
  { name: '1 replica + Redis', replicas: 1, redis: true },
  { name: '2 replicas + Redis', replicas: 2, redis: true },
];
const eras = [
  { name: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
  { name: '2025-11-25', options: {} },
];
const GIVE_UP_MS = 5 * 60_000 + configurations.length * eras.length * (SECONDS * 1000 + 60_000);

const processes = new Set();
const clients = new Set();
let cleaning;

/** Closes every client, then stops every replica and redis-server (SIGTERM, SIGKILL 5 s later); safe to call twice. */
function cleanUp() {
  cleaning ??= Promise.allSettled([...clients].map((client) => client.close()))
    .then(() => Promise.allSettled([...processes].map((child) => stop(child))));
  return cleaning;
}

// `on`, not `once`: execa's exit hook re-raises a signal nobody else listens to, which would cut the clean-up short.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}
// Last resort: whatever is still running when this process exits goes with it.
process.once('exit', () => {
  for (const child of processes) child.kill('SIGKILL');
});
const watchdog = setTimeout(() => {
  process.stderr.write(`bench: gave up after ${GIVE_UP_MS / 1000}s\n`);
  void cleanUp().finally(() => process.exit(1));
}, GIVE_UP_MS);

/** A child started by the bench, tracked until it has exited. */
function track(child) {
  processes.add(child);
  void child.finally(() => processes.delete(child));
  return child;
}

/** SIGTERM, and execa's forceKillAfterDelay (5 s by default) follows with SIGKILL; resolves to the exit result. */
async function stop(child) {
  child.kill('SIGTERM');
  return child;
}

/** `cli-mcp wrap bench/native.mjs --exec /bin/echo --no-rate-limit --http 127.0.0.1:0`; resolves once it prints its URL. */
async function startReplica(redisUrl) {
  const args = [bin, 'wrap', native, '--exec', '/bin/echo', '--no-rate-limit', '--http', '127.0.0.1:0', ...(redisUrl ? ['--redis', redisUrl] : [])];
  const child = track(execa(process.execPath, args, { cwd: root, env: childEnv, extendEnv: false, stdin: 'ignore', stdout: 'ignore', buffer: false, reject: false }));
  const replica = { child, pid: child.pid, url: undefined, served: 0, notes: [], startup: '' };
  let pending = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) readLogLine(replica, line);
  });
  replica.url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a replica did not start within 30 s:\n${replica.startup}`)), 30_000);
    replica.resolveUrl = (url) => (clearTimeout(timer), resolve(url));
    void child.then((result) => (clearTimeout(timer), reject(new Error(`a replica exited (${result.exitCode ?? result.signal}) before serving:\n${replica.startup}`))));
  });
  return replica;
}

/** Counts the call log lines (one JSON object per call); keeps anything else said after start-up, such as a Redis warning. */
function readLogLine(replica, line) {
  if (replica.url === undefined) {
    replica.startup += `${line}\n`;
    const match = /serving (http:\/\/\S+\/mcp)/.exec(line);
    if (match) replica.resolveUrl(match[1]);
    return;
  }
  if (line.startsWith('{') && line.includes('"tool"')) replica.served += 1;
  else if (line.trim() !== '' && replica.notes.length < MESSAGES_KEPT) replica.notes.push(line);
}

/** A throwaway redis-server on a free loopback port, persistence off; resolves once it answers PING. */
async function startRedis() {
  const port = await freePort();
  const child = track(execa('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()], { stdio: 'ignore', reject: false }));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
    await sleep(20);
  }
  return { child, pid: child.pid, port, url: `redis://127.0.0.1:${port}` };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answersPing(port) {
  return (await ask(port, 'PING'))?.startsWith('+PONG') ?? false;
}

/** How many commands redis-server has run since it started (the INFO that asks counts as one). */
async function redisCommands(redis) {
  const info = await ask(redis.port, 'INFO stats');
  return Number(/total_commands_processed:(\d+)/.exec(info ?? '')?.[1] ?? Number.NaN);
}

/** One inline command to a redis-server and its whole reply as text (a bulk reply read to its announced length); undefined when nothing answers. */
function ask(port, command) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (answer) => (socket.destroy(), resolve(answer));
    socket.setTimeout(1000, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (data) => {
      reply += data.toString('latin1');
      const bulk = /^\$(\d+)\r\n/.exec(reply);
      if (!bulk || reply.length >= bulk[0].length + Number(bulk[1]) + 2) done(reply);
    });
  });
}

/** A /proc file parsed, or null where there is none (not Linux, or the process has gone). */
function fromProc(file, parse) {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Resident and peak resident memory of a process, in MiB. */
const memoryOf = (pid) =>
  fromProc(`/proc/${pid}/status`, (status) => {
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { rssMiB: round(kib('VmRSS') / MIB, 1), peakMiB: round(kib('VmHWM') / MIB, 1) };
  });

/** CPU seconds a process has used, its own and its reaped children's (the CLI runs). */
const cpuOf = (pid) =>
  fromProc(`/proc/${pid}/stat`, (stat) => {
    // After the command name, which is in parentheses and may hold anything: utime, stime, cutime, cstime (proc(5) fields 14–17) sit at 11–14.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ').map(Number);
    return { own: (fields[11] + fields[12]) / TICKS_PER_SECOND, children: (fields[13] + fields[14]) / TICKS_PER_SECOND };
  });

/** CPU seconds the whole machine has spent busy, and lost to other virtual machines (steal). */
const machineCpu = () =>
  fromProc('/proc/stat', (stat) => {
    const [user, nice, system, , , irq, softirq, steal] = stat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: (user + nice + system + irq + softirq) / TICKS_PER_SECOND, steal: steal / TICKS_PER_SECOND };
  });

/** A real v2 client of the era, connected and holding the tools list (so callTool checks structuredContent, as real clients do). */
async function connectClient(url, era) {
  const client = new Client({ name: 'cli-mcp-bench', version: '0.0.0' }, era.options);
  clients.add(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const negotiated = client.getNegotiatedProtocolVersion();
  if (negotiated !== era.name) throw new Error(`the client negotiated ${negotiated}, not ${era.name}`);
  await client.listTools();
  return client;
}

/** One call, sorted into a latency or one of the two kinds of failure. */
async function callOnce(client, stats) {
  const started = performance.now();
  try {
    const result = await client.callTool(CALL);
    const ms = performance.now() - started;
    if (result.isError || result.structuredContent?.stdout !== EXPECTED_STDOUT) {
      stats.errorResults += 1;
      if (stats.errorMessages.length < MESSAGES_KEPT) stats.errorMessages.push(JSON.stringify(result.content ?? result).slice(0, 300));
    } else {
      stats.latencies.push(ms);
    }
  } catch (error) {
    stats.thrown += 1;
    if (stats.thrownMessages.length < MESSAGES_KEPT) stats.thrownMessages.push(String(error?.message ?? error).slice(0, 300));
  }
}

const newStats = () => ({ latencies: [], errorResults: 0, thrown: 0, errorMessages: [], thrownMessages: [] });

/** Every client calls back to back until the clock runs out; the window closes when the last call in flight returns. */
async function drive(connected, sample) {
  const warm = newStats();
  await Promise.all(connected.map(async (client) => {
    for (let i = 0; i < WARMUP; i += 1) await callOnce(client, warm);
  }));
  if (warm.errorResults + warm.thrown > 0) throw new Error(`warm-up calls failed: ${[...warm.errorMessages, ...warm.thrownMessages].join(' | ')}`);
  const stats = newStats();
  const first = await sample();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(connected.map(async (client) => {
    while (performance.now() < deadline) await callOnce(client, stats);
  }));
  return { stats, elapsedMs: performance.now() - started, first, last: await sample() };
}

/** One row: fresh Redis and replicas, CLIENTS clients spread round-robin over them, the timed load, then everything stopped. */
async function measure(configuration, era) {
  const redis = configuration.redis ? await startRedis() : undefined;
  const replicas = [];
  const connected = [];
  try {
    for (let i = 0; i < configuration.replicas; i += 1) replicas.push(await startReplica(redis?.url));
    const before = replicas.map((replica) => memoryOf(replica.pid));
    const redisBefore = redis && memoryOf(redis.pid);
    for (let i = 0; i < CLIENTS; i += 1) connected.push(await connectClient(replicas[i % replicas.length].url, era));
    const sample = async () => ({ machine: machineCpu(), bench: process.cpuUsage(), replicas: replicas.map((replica) => cpuOf(replica.pid)), redis: redis && cpuOf(redis.pid), redisCommands: redis && (await redisCommands(redis)) });
    const { stats, elapsedMs, first, last } = await drive(connected, sample);
    const used = (a, b, key) => (a && b ? round(b[key] - a[key]) : null);
    const after = replicas.map((replica) => memoryOf(replica.pid));
    const redisAfter = redis && memoryOf(redis.pid);
    await Promise.allSettled(connected.map((client) => (clients.delete(client), client.close())));
    const exits = await Promise.all(replicas.map((replica) => stop(replica.child)));
    const calls = stats.latencies.length;
    return {
      configuration: configuration.name,
      era: era.name,
      clients: CLIENTS,
      calls,
      seconds: round(elapsedMs / 1000, 2),
      callsPerSecond: round(calls / (elapsedMs / 1000), 1),
      p50: round(percentile(stats.latencies, 0.5)),
      p99: round(percentile(stats.latencies, 0.99)),
      errorResults: stats.errorResults,
      thrown: stats.thrown,
      errorMessages: stats.errorMessages,
      thrownMessages: stats.thrownMessages,
      replicas: replicas.map((replica, i) => ({ served: replica.served, rssBeforeMiB: before[i]?.rssMiB ?? null, rssAfterMiB: after[i]?.rssMiB ?? null, peakMiB: after[i]?.peakMiB ?? null, cpuSeconds: used(first.replicas[i], last.replicas[i], 'own'), cliCpuSeconds: used(first.replicas[i], last.replicas[i], 'children'), exitCode: exits[i].exitCode ?? null, notes: replica.notes })),
      benchCpuSeconds: round((last.bench.user + last.bench.system - first.bench.user - first.bench.system) / 1e6),
      machineBusySeconds: used(first.machine, last.machine, 'busy'),
      stealSeconds: used(first.machine, last.machine, 'steal'),
      ...(redis ? { redis: { rssBeforeMiB: redisBefore?.rssMiB ?? null, rssAfterMiB: redisAfter?.rssMiB ?? null, cpuSeconds: used(first.redis, last.redis, 'own'), commandsPerCall: round((last.redisCommands - first.redisCommands - 1) / calls, 1) } } : {}),
    };
  } finally {
    await Promise.allSettled(connected.map((client) => (clients.delete(client), client.close())));
    await Promise.allSettled(replicas.map((replica) => stop(replica.child)));
    if (redis) await stop(redis.child);
  }
}

/** Linear-interpolated percentile (the spreadsheet PERCENTILE.INC rule); null for no values. */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

function round(value, digits = 2) {
  if (value === null || !Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Why the Redis rows cannot run here, or undefined when they can. */
async function redisMissing() {
  const help = await execa(process.execPath, [bin, 'wrap', '--help'], { env: childEnv, extendEnv: false, reject: false });
  if (!help.stdout.includes('--redis')) return 'this build of cli-mcp has no `wrap --redis` flag';
  const server = await execa('redis-server', ['--version'], { reject: false });
  if (server.exitCode !== 0) return 'redis-server is not installed (apt-get install redis-server)';
  return undefined;
}

function printTable(rows, skipped, machine) {
  const memory = (row) => row.replicas.map((r) => `${r.rssBeforeMiB} → ${r.rssAfterMiB} (peak ${r.peakMiB})`).join('; ');
  const out = [];
  out.push(`node ${machine.node}, ${machine.cores} CPUs (${machine.cpu}), load average ${machine.loadBefore.join(' ')} -> ${machine.loadAfter.join(' ')}`);
  out.push(`${CLIENTS} clients calling \`echo\` back to back for ${SECONDS} s per row after ${WARMUP} warm-up calls each; rate limit off; latencies in ms, memory in MiB`, '');
  out.push('| configuration | client era | calls | calls/s | p50 ms | p99 ms | error results | thrown | calls served per replica | replica RSS before → after (peak) |');
  out.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    if (row.failed) out.push(`| ${row.configuration} | ${row.era} | failed: ${row.failed.split('\n')[0]} | | | | | | | |`);
    else out.push(`| ${row.configuration} | ${row.era} | ${row.calls} | ${row.callsPerSecond} | ${row.p50} | ${row.p99} | ${row.errorResults} | ${row.thrown} | ${row.replicas.map((r) => r.served).join(' / ')} | ${memory(row)} |`);
  }
  out.push('', `CPU seconds used in the timed window of about ${SECONDS} s (${machine.cores} CPUs give at most ${machine.cores} s per second):`, '');
  out.push('| configuration | client era | replica(s) | CLI runs (/bin/echo) | bench (clients) | redis-server | replica CPU ms per call | server-side CPU ms per call | whole machine busy | everything else | steal |');
  out.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows.filter((r) => !r.failed)) {
    const sum = (values) => values.reduce((total, value) => total + (value ?? Number.NaN), 0);
    const own = sum(row.replicas.map((r) => r.cpuSeconds));
    const server = own + sum(row.replicas.map((r) => r.cliCpuSeconds)) + (row.redis?.cpuSeconds ?? 0);
    const ours = server + row.benchCpuSeconds;
    const redisCell = row.redis ? `${row.redis.cpuSeconds}, ${row.redis.commandsPerCall} commands per call, RSS ${row.redis.rssBeforeMiB} → ${row.redis.rssAfterMiB} MiB` : '–';
    const cells = [row.replicas.map((r) => r.cpuSeconds).join(' + '), row.replicas.map((r) => r.cliCpuSeconds).join(' + '), row.benchCpuSeconds, redisCell, round((own * 1000) / row.calls), round((server * 1000) / row.calls), row.machineBusySeconds, round(row.machineBusySeconds - ours), row.stealSeconds];
    out.push(`| ${row.configuration} | ${row.era} | ${cells.join(' | ')} |`);
  }
  for (const note of skipped) out.push('', `skipped ${note}`);
  for (const row of rows) {
    const said = [...(row.errorMessages ?? []).map((m) => `error result: ${m}`), ...(row.thrownMessages ?? []).map((m) => `thrown: ${m}`), ...(row.replicas ?? []).flatMap((r, i) => [...r.notes.map((n) => `replica ${i + 1} said: ${n}`), ...(r.exitCode === 0 ? [] : [`replica ${i + 1} exited with ${r.exitCode ?? 'a signal'} when stopped`])])];
    if (said.length > 0) out.push('', `${row.configuration}, ${row.era}:`, ...said.map((line) => `  ${line}`));
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

try {
  const loadBefore = loadavg().map((n) => n.toFixed(2));
  const missing = await redisMissing();
  const rows = [];
  const skipped = [];
  for (const configuration of configurations) {
    if (configuration.redis && missing) {
      skipped.push(`${configuration.name}: ${missing}`);
      process.stderr.write(`bench: skipping ${configuration.name}: ${missing}\n`);
      continue;
    }
    for (const era of eras) {
      process.stderr.write(`bench: ${configuration.name}, ${era.name} era, ${CLIENTS} clients for ${SECONDS} s\n`);
      rows.push(await measure(configuration, era).catch((error) => ({ configuration: configuration.name, era: era.name, failed: String(error?.message ?? error) })));
    }
  }
  const machine = { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', loadBefore, loadAfter: loadavg().map((n) => n.toFixed(2)) };
  printTable(rows, skipped, machine);
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ machine, clients: CLIENTS, seconds: SECONDS, warmup: WARMUP, rows, skipped })}\n`);
  if (rows.some((row) => row.failed || row.errorResults > 0 || row.thrown > 0 || row.replicas?.some((r) => r.exitCode !== 0))) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
