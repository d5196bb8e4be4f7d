/**
 * `cli-mcp list`: the cli-mcp servers every client's file holds (project and user scope), and with
 * `--check` whether each starts: its entry's own command line runs `tools` instead of `wrap`, which
 * loads the target with the same options and prints the real tools/list.
 */
import { spawnCommand } from '../../exec/spawn-command.js';
import type { CliIo } from '../io.js';
import type { Place } from './clients.js';
import { installedServers, type InstalledServer } from './installed.js';

export interface ListFlags {
  check?: boolean;
  json?: boolean;
  /** How long one `--check` may take, in milliseconds. */
  checkTimeout: number;
}

/** What `--check` found: the number of tools listed, or why the server did not start. */
export type Check = { readonly ok: true; readonly tools: number; readonly ms: number } | { readonly ok: false; readonly reason: string };

export async function listInstalled(flags: ListFlags, io: CliIo, place: Place): Promise<number> {
  const { servers, unreadable } = installedServers(place);
  const checks = flags.check ? await Promise.all(servers.map((server) => checkStarts(server, flags.checkTimeout, place))) : [];
  for (const { file, message } of unreadable) io.stderr.write(`cli-mcp: could not read ${file}: ${message}\n`);
  if (flags.json) {
    const rows = servers.map((server, index) => ({ client: server.client.id, scope: server.scope, file: server.file, name: server.name, target: server.target, options: server.options, ...(checks[index] === undefined ? {} : { check: checks[index] }) }));
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  } else {
    if (servers.length === 0) io.stderr.write('cli-mcp: no client\'s file has a cli-mcp server (cli-mcp install <client> <target> adds one)\n');
    let file: string | undefined;
    servers.forEach((server, index) => {
      if (server.file !== file) io.stdout.write(`${server.client.label} (${server.scope}): ${(file = server.file)}\n`);
      const check = checks[index];
      const state = check === undefined ? '' : check.ok ? `  starts: ${check.tools} tools in ${(check.ms / 1000).toFixed(1)} s` : `  DOES NOT START: ${check.reason}`;
      io.stdout.write(`  ${server.name}: ${[server.target, ...server.options].join(' ')}${state}\n`);
    });
  }
  return checks.some((check) => !check.ok) || unreadable.length > 0 ? 1 : 0;
}

/** Runs the entry's command line with `tools` in place of `wrap`, in the directory the list runs in, with the entry's env over this one. */
export async function checkStarts(server: InstalledServer, timeoutMs: number, place: Place): Promise<Check> {
  const words = [server.command, ...server.args];
  // `wrap` stands right before the target, which the options follow.
  const at = words.length - server.options.length - 2;
  const args = [...words.slice(1, at), 'tools', ...words.slice(at + 1)];
  const started = performance.now();
  const outcome = await spawnCommand({ file: server.command, args, cwd: place.cwd, env: { ...place.env, ...server.env }, timeoutMs });
  if (outcome.kind === 'not-started') return { ok: false, reason: outcome.message };
  const { stdout, stderr, timedOut, exitCode } = outcome.output;
  if (timedOut) return { ok: false, reason: `no tools/list within ${timeoutMs} ms` };
  if (exitCode !== 0) return { ok: false, reason: lastLine(stderr) || `exit ${String(exitCode)}` };
  try {
    const listed = JSON.parse(stdout) as { tools?: unknown };
    if (Array.isArray(listed.tools)) return { ok: true, tools: listed.tools.length, ms: Math.round(performance.now() - started) };
  } catch {
    // Not the tools/list JSON: said below.
  }
  return { ok: false, reason: 'it printed no tools/list' };
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter((line) => line.trim() !== '').at(-1)?.replace(/^cli-mcp: /, '') ?? '';
}
