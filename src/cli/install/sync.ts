/**
 * `cli-mcp sync`: makes clients' entries match the named servers of cli-mcp.config.json. Each configured
 * server is installed by name, as `install` writes it (an entry that is already right is not touched); an
 * entry installed from the same config file whose server is gone is removed. An entry of the same name that
 * is not that server's is left alone and said so.
 */
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { configFiles, type NamedServer } from '../named-servers.js';
import { readServers } from '../read-servers.js';
import { clientById, configPath, type ClientSpec, type Place, type Scope } from './clients.js';
import { detectedClients, installedServers } from './installed.js';
import { install, uninstall } from './run.js';
import { CliMcpError } from '../../errors.js';

export interface SyncFlags {
  scope?: Scope;
  print?: boolean;
}

export function sync(clientIds: readonly string[], flags: SyncFlags, wrap: Command, io: CliIo, place: Place): number {
  const files = configFiles(place.cwd, place.env);
  if (files.length === 0) throw new CliMcpError('cli-mcp.invalid-option', 'no cli-mcp.config.json from this directory up, and no ~/.config/cli-mcp/config.json: sync makes clients match one');
  const servers = new Map<string, NamedServer>();
  for (const file of [...files].reverse()) for (const [name, server] of readServers(file)) servers.set(name, server);
  const clients = clientIds.length > 0 ? clientIds.map(clientById) : detectedClients(place);
  if (clients.length === 0) throw new CliMcpError('cli-mcp.invalid-option', 'no client\'s config file exists here: name the clients to sync (cli-mcp sync claude-code codex)');
  let exitCode = 0;
  for (const client of clients) exitCode = Math.max(exitCode, syncClient(client, servers, flags, wrap, io, place));
  return exitCode;
}

function syncClient(client: ClientSpec, servers: ReadonlyMap<string, NamedServer>, flags: SyncFlags, wrap: Command, io: CliIo, place: Place): number {
  const file = configPath(client, flags.scope, place);
  const installed = installedServers(place, [client]).servers.filter((server) => server.file === file);
  let exitCode = 0;
  for (const [name, server] of servers) {
    const current = installed.find((entry) => entry.name === name);
    // Replaced only when the entry there is this server's (installed by name from its file).
    const ours = current !== undefined && current.target === name && current.servers === server.file;
    const request = { client: client.id, target: name, server, wrapArgs: [], flags: { scope: flags.scope, ...(flags.print ? { print: true } : {}), ...(ours ? { force: true } : {}) }, wrap };
    exitCode = Math.max(exitCode, install(request, io, place));
  }
  const configured = new Set([...servers.values()].map((server) => server.file));
  for (const gone of installed.filter((entry) => entry.servers !== undefined && configured.has(entry.servers) && !servers.has(entry.target))) {
    exitCode = Math.max(exitCode, uninstall({ client: client.id, name: gone.name, flags: { scope: flags.scope, ...(flags.print ? { print: true } : {}) } }, io, place));
  }
  return exitCode;
}
