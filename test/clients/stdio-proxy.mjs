#!/usr/bin/env node
// stdio-proxy: run an MCP stdio server behind a pass-through that logs what the client asks.
//
//   node stdio-proxy.mjs <log-file> <server command...>
//
// Bytes pass through unchanged in both directions. Each JSON-RPC request or notification the
// client sends is appended to the log file as one JSON line: {time, method, id}, plus the whole
// params of `initialize` (clientInfo, protocolVersion, capabilities), the tool name of `tools/call`
// and the uri of `resources/read`. Use it as the server command in any client's config to see which
// client is talking and how it identifies itself. The log file comes first and takes no flag, so a
// client that parses its server command line (the MCP Inspector CLI does) leaves it alone.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [log, command, ...args] = process.argv.slice(2);
if (!log || !command || log.startsWith('-')) {
  process.stderr.write('usage: stdio-proxy.mjs <log-file> <server command...>\n');
  process.exit(2);
}

const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
child.on('error', (err) => {
  process.stderr.write(`stdio-proxy: cannot start ${command}: ${err.message}\n`);
  process.exit(127);
});
child.on('close', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));

let pending = '';
process.stdin.on('data', (chunk) => {
  child.stdin.write(chunk);
  pending += chunk.toString('utf8');
  let nl;
  while ((nl = pending.indexOf('\n')) >= 0) {
    record(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
  }
});
process.stdin.on('end', () => child.stdin.end());
child.stdin.on('error', () => {}); // the server may exit first
child.stdout.pipe(process.stdout);

function record(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  for (const m of Array.isArray(msg) ? msg : [msg]) {
    if (typeof m?.method !== 'string') continue; // a response to a server request
    const entry = { time: new Date().toISOString(), method: m.method, id: m.id };
    if (m.method === 'initialize') entry.params = m.params;
    if (m.method === 'tools/call') entry.tool = m.params?.name;
    if (m.method === 'resources/read') entry.uri = m.params?.uri;
    try {
      appendFileSync(log, `${JSON.stringify(entry)}\n`);
    } catch {}
  }
}
