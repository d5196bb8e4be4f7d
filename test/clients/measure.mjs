#!/usr/bin/env node
// measure.mjs: what real MCP client frameworks hand their model from a cli-mcp tool result.
// Each client runs once per case against a cli-mcp server (stdio) and the fake model on loopback;
// the fake model calls one tool, logs the result as the client sent it back, and the script prints
// its bytes, how it reads, and its first lines. See test/clients/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { analyze, packages, readJsonl, startFake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, 'fixture', 'outputs.js');
const PROXY = join(here, 'stdio-proxy.mjs');
// The fake model endpoint lives in the shared tools folder beside the checkout unless FAKE_MODEL names it.
const FAKE_MODEL = process.env.FAKE_MODEL ?? fileURLToPath(new URL('../../../shared/tools/fake-model.mjs', import.meta.url));

const CLIENTS = {
  'ai-sdk': { driver: 'ai-sdk', needs: ['ai', '@ai-sdk/mcp', '@ai-sdk/anthropic'] },
  'langchain-anthropic': { driver: 'langchain', options: { chat: 'anthropic' }, needs: ['@langchain/mcp-adapters', '@langchain/anthropic', 'langchain'] },
  'langchain-openai': { driver: 'langchain', options: { chat: 'openai' }, needs: ['@langchain/mcp-adapters', '@langchain/openai', 'langchain'] },
  mastra: { driver: 'mastra', needs: ['@mastra/core', '@mastra/mcp'] },
  inspector: { driver: 'inspector', needs: ['@modelcontextprotocol/inspector'], noModel: true },
};
// marker: a piece of the command's output, to count the copies a model receives.
const CASES = {
  table: { marker: 'worker-630b-xx63z     1/1     Running' },
  log: { marker: 'request {"id":1001,"path":"/api/v1/items/1","query":{"q":"a \\"quoted\\" term"}}' },
  json: { marker: 'A \\"sample\\" service with paths like C:\\\\srv\\\\app' },
  fail: { marker: "error: unknown option '--colour'" },
  long: { marker: '0002 lorem ipsum line 2: the quick brown fox jumps over the lazy dog 14' },
};

const HELP = `usage: node test/clients/measure.mjs [options]

  --repo DIR        cli-mcp checkout whose dist/ to run (default: this script's repo)
  --clients DIR     folder where the client frameworks are installed (default: /tmp/sdkclients)
  --only LIST       clients, comma-separated: ${Object.keys(CLIENTS).join(',')} (default: all)
  --cases LIST      cases, comma-separated: ${Object.keys(CASES).join(',')} (default: all)
  --wrap-arg ARG    an extra argument after the target of \`wrap\` (repeatable)
  --lines N         lines of each received result to print (default: 4)
  --json FILE       write every record to FILE
  --timeout SECS    time limit per client run (default: 120)
  --keep            keep the temporary folders (configs, logs) and print where they are`;

const { values: opt } = parseArgs({
  options: {
    repo: { type: 'string', default: resolve(here, '..', '..') },
    clients: { type: 'string', default: '/tmp/sdkclients' },
    only: { type: 'string', default: Object.keys(CLIENTS).join(',') },
    cases: { type: 'string', default: Object.keys(CASES).join(',') },
    'wrap-arg': { type: 'string', multiple: true, default: [] },
    lines: { type: 'string', default: '4' },
    json: { type: 'string' },
    timeout: { type: 'string', default: '120' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opt.help) {
  console.log(HELP);
  process.exit(0);
}
const die = (msg) => {
  console.error(`measure: ${msg}`);
  process.exit(2);
};
const only = opt.only.split(',').filter(Boolean);
const cases = opt.cases.split(',').filter(Boolean);
for (const c of only) if (!CLIENTS[c]) die(`unknown client ${c} (${Object.keys(CLIENTS).join(', ')})`);
for (const c of cases) if (!CASES[c]) die(`unknown case ${c} (${Object.keys(CASES).join(', ')})`);
const lines = Number(opt.lines);
const timeout = Number(opt.timeout);
if (!Number.isInteger(lines) || lines < 0 || !(timeout > 0)) die('--lines and --timeout take numbers');
const repo = resolve(opt.repo);
const bin = join(repo, 'dist', 'cli', 'bin.js');
if (!existsSync(bin)) die(`${bin} not found: run npm run build in ${repo}`);
if (!existsSync(FAKE_MODEL)) die(`fake model not found at ${FAKE_MODEL} (set FAKE_MODEL)`);
const clientsDir = resolve(opt.clients);
const pkgs = packages(clientsDir);

const tool = (name) => `outputs_${name}`;
const num = (n) => n.toLocaleString('en-US');

// What the command itself prints (stdout, plus stderr), and what cli-mcp sends for it.
function reference(name) {
  const raw = spawnSync(process.execPath, [FIXTURE, name], { encoding: 'buffer' });
  const call = spawnSync(process.execPath, [bin, 'call', FIXTURE, tool(name), '--input', '{}', ...opt['wrap-arg']], { encoding: 'utf8' });
  let sent = null;
  try {
    const r = JSON.parse(call.stdout);
    sent = {
      contentTextBytes: r.content.filter((b) => b.type === 'text').reduce((n, b) => n + Buffer.byteLength(b.text), 0),
      contentBlocks: r.content.map((b) => b.type),
      structuredBytes: r.structuredContent ? Buffer.byteLength(JSON.stringify(r.structuredContent)) : 0,
    };
  } catch {}
  return { raw: raw.stdout.length + raw.stderr.length, sent };
}

// Runs one client on one case; returns its record.
async function measure(client, name) {
  const spec = CLIENTS[client];
  const T = mkdtempSync(join(tmpdir(), `model-view-${client}-${name}-`));
  for (const d of ['home', 'work', 'tmp']) mkdirSync(join(T, d));
  const mcpLog = join(T, 'mcp.jsonl');
  const modelLog = join(T, 'model.jsonl');
  const input = {};
  const fake = spec.noModel ? null : await startFake(FAKE_MODEL, { tool: tool(name), input, text: 'Done.' }, modelLog);
  const record = { client, case: name, tool: tool(name) };
  try {
    const runSpec = {
      driver: spec.driver,
      options: spec.options ?? {},
      clients: clientsDir,
      modelUrl: fake?.url ?? null,
      server: { command: process.execPath, args: [PROXY, mcpLog, process.execPath, bin, 'wrap', FIXTURE, ...opt['wrap-arg']] },
      tool: tool(name),
      input,
      prompt: `Call the ${tool(name)} tool once and report what it returns.`,
      out: join(T, 'outcome.json'),
    };
    writeFileSync(join(T, 'spec.json'), JSON.stringify(runSpec, null, 2));
    const { code, timedOut, stderr } = await runChild(join(here, 'drivers', 'run.mjs'), join(T, 'spec.json'), T);
    const outcome = existsSync(runSpec.out)
      ? JSON.parse(readFileSync(runSpec.out, 'utf8'))
      : { ok: false, error: timedOut ? `no answer within --timeout ${timeout} s` : `the run exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}` };
    Object.assign(record, { completed: outcome.ok, error: outcome.error ?? null, finalText: outcome.finalText ?? null, versions: outcome.versions ?? {}, note: outcome.note ?? null });

    const calls = readJsonl(mcpLog);
    record.clientInfo = calls.find((c) => c.method === 'initialize')?.params?.clientInfo ?? null;
    record.protocolVersion = calls.find((c) => c.method === 'initialize')?.params?.protocolVersion ?? null;
    record.mcpMethods = [...new Set(calls.map((c) => c.method))];
    record.resourceReads = calls.filter((c) => c.method === 'resources/read').map((c) => c.uri);

    let text = null;
    if (spec.noModel) {
      text = outcome.printed ?? null;
      record.api = 'none (printed for a person)';
    } else {
      const hit = readJsonl(modelLog).filter((e) => e.toolResult !== null).at(-1);
      if (hit) {
        text = hit.toolResultText;
        record.api = hit.api;
        record.shape = shapeOf(hit.toolResult);
        record.markedError = !!hit.toolResultIsError;
        record.toolResult = hit.toolResult;
      }
    }
    record.received = text;
    record.bytes = text === null ? null : Buffer.byteLength(text);
    if (text !== null) Object.assign(record, analyze(text, CASES[name].marker));
  } finally {
    await fake?.stop();
    if (opt.keep) record.dir = T;
    else rmSync(T, { recursive: true, force: true });
  }
  return record;
}

const shapeOf = (v) =>
  typeof v === 'string' ? 'a string'
  : Array.isArray(v) ? `${v.length} block(s) of ${[...new Set(v.map((b) => b?.type ?? typeof b))].join(', ')}`
  : `an object {${Object.keys(v).join(', ')}}`;

// The driver runs in its own process group, with HOME and the working folder inside T.
function runChild(script, specFile, T) {
  return new Promise((done) => {
    const env = { ...process.env, HOME: join(T, 'home'), TMPDIR: join(T, 'tmp'), XDG_CONFIG_HOME: join(T, 'home', '.config'), XDG_CACHE_HOME: join(T, 'home', '.cache'), XDG_DATA_HOME: join(T, 'home', '.local', 'share'), XDG_STATE_HOME: join(T, 'home', '.local', 'state') };
    for (const k of Object.keys(env)) if (/^(ANTHROPIC|OPENAI|GOOGLE|GEMINI|LANGCHAIN|LANGSMITH|MASTRA)_/.test(k)) delete env[k];
    const child = spawn(process.execPath, [script, specFile], { cwd: join(T, 'work'), env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20_000)));
    let timedOut = false;
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    };
    const timer = setTimeout(() => ((timedOut = true), kill()), timeout * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      kill(); // the MCP server and anything else the client left running
      if (opt.keep) writeFileSync(join(T, 'driver.stderr'), stderr);
      done({ code, timedOut, stderr });
    });
  });
}

function printRecord(r, raw) {
  const head = `${r.client.padEnd(19)} ${r.case.padEnd(5)}`;
  if (r.bytes === null) {
    console.log(`${head} NO TOOL RESULT${r.completed ? '' : `; THREW: ${r.error}`}`);
    if (r.dir) console.log(`    kept: ${r.dir}`);
    return;
  }
  const how = r.client === 'inspector' ? 'printed for a person' : `via ${r.api} as ${r.shape}${r.markedError ? ', marked as error' : ''}`;
  const end = r.client === 'inspector' ? 'exited' : r.completed ? 'turn completed' : `THREW: ${r.error}`;
  console.log(`${head} ${num(r.bytes)} B received, raw ${num(raw)} B, ${(r.bytes / raw).toFixed(2)}x; reads as ${r.view}; output ${r.times === 1 ? 'once' : `${r.times} times`}; ${how}; ${end}`);
  for (const l of r.received.split('\n').slice(0, lines)) console.log(`    ${l.length > 160 ? `${l.slice(0, 160)}…` : l}`);
  if (r.dir) console.log(`    kept: ${r.dir}`);
}

// ---- main ----
const runnable = [];
for (const c of only) {
  const missing = CLIENTS[c].needs.filter((p) => !pkgs.has(p));
  if (missing.length) console.log(`!!! ${c}: SKIPPED, not installed in ${clientsDir}: ${missing.join(', ')} (see test/clients/README.md)`);
  else runnable.push(c);
}
const refs = Object.fromEntries(cases.map((c) => [c, reference(c)]));
for (const c of cases) {
  const s = refs[c].sent;
  console.log(`case ${c}: the command prints ${num(refs[c].raw)} B; cli-mcp sends ${s ? `content text ${num(s.contentTextBytes)} B in [${s.contentBlocks.join(', ')}], structuredContent ${num(s.structuredBytes)} B` : '(call failed)'}`);
}
const records = [];
for (const c of runnable) {
  for (const name of cases) {
    const r = await measure(c, name);
    r.raw = refs[name].raw;
    r.ratio = r.bytes === null ? null : r.bytes / r.raw;
    records.push(r);
    printRecord(r, r.raw);
  }
}

if (!runnable.length) {
  console.log('\nno client ran: install them as test/clients/README.md says, or pass --clients DIR');
  process.exit(1);
}
console.log(`\n| client | ${cases.map((c) => `${c} (raw ${num(refs[c].raw)} B)`).join(' | ')} |`);
console.log(`|---|${cases.map(() => '---:').join('|')}|`);
for (const c of runnable) {
  const cells = cases.map((name) => {
    const r = records.find((x) => x.client === c && x.case === name);
    if (r.bytes === null) return r.completed ? 'no result' : 'threw (below)';
    return `${num(r.bytes)} B (${r.ratio.toFixed(2)}x, ${r.view}${r.times > 1 ? ', twice' : ''})${r.completed ? '' : ', threw'}`;
  });
  console.log(`| ${c} | ${cells.join(' | ')} |`);
}
console.log('\nclientInfo sent in initialize:');
for (const c of runnable) {
  const r = records.find((x) => x.client === c && x.clientInfo);
  const v = records.find((x) => x.client === c)?.versions ?? {};
  console.log(`  ${c}: ${r ? `${JSON.stringify(r.clientInfo)} (protocol ${r.protocolVersion})` : 'none seen'}; packages ${Object.entries(v).map(([k, x]) => `${k}@${x}`).join(', ')}`);
}
const errors = records.filter((r) => !r.completed);
if (errors.length) {
  console.log('\nruns that did not complete:');
  for (const r of errors) console.log(`  ${r.client} ${r.case}: ${r.error}`);
}
if (opt.json) writeFileSync(opt.json, `${JSON.stringify({ repo, clients: clientsDir, references: refs, records }, null, 2)}\n`);
