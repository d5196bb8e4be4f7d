import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { Command, CommanderError } from 'commander';
import type { CliIo } from '../io.js';
import { CLIENT_IDS, clientById, configPath, type ClientSpec, type Place } from './clients.js';
import { detectedClients } from './installed.js';
import { installEntry, uninstallEntry, type Change } from './config-file.js';
import { applyServerOptions, configFiles, serverWords, type NamedServer } from '../named-servers.js';
import { findServer } from '../read-servers.js';
import { buildLaunch, checkName, defaultName, entryOf, type WrapFlags } from './launch.js';
import { CliMcpError } from '../../errors.js';

/** `install` and `uninstall` options, as commander parses them. */
export interface InstallFlags {
  name?: string;
  /** A configured server's target and options written into the client's entry, instead of its name. */
  inline?: boolean;
  scope?: 'project' | 'user';
  config?: string;
  force?: boolean;
  print?: boolean;
}

export interface InstallRequest {
  readonly client: string;
  readonly target: string;
  readonly wrapArgs: readonly string[];
  readonly flags: InstallFlags;
  /** The `wrap` command, whose options the server will run with. */
  readonly wrap: Command;
  /** The configured server `target` names, when the caller has read the config already (sync). */
  readonly server?: NamedServer;
}

/** `cli-mcp install`: writes (or prints) the entry; resolves to the exit code. */
export function install(request: InstallRequest, io: CliIo, place: Place = here()): number {
  const client = clientById(request.client);
  if (request.target.startsWith('-')) throw new CliMcpError('cli-mcp.invalid-option', `give the target before wrap options: cli-mcp install ${client.id} <target> ${request.target} …`);
  const server = request.server ?? findServer(request.target, configFiles(place.cwd, place.env));
  if (server?.manifest !== undefined && request.flags.inline) throw new CliMcpError('cli-mcp.invalid-option', `server "${server.name}" serves a manifest: install it by name, without --inline`);
  // --inline writes a configured server's target and options out; by default its name and file are written.
  const inline = server !== undefined && request.flags.inline === true ? { target: server.target as string, wrapArgs: [...serverWords(server, request.wrap), ...request.wrapArgs] } : undefined;
  const target = inline?.target ?? request.target;
  const wrapArgs = inline?.wrapArgs ?? request.wrapArgs;
  const wrapFlags = parseWrapOptions(request.wrap, server?.target ?? target, wrapArgs, inline === undefined ? server : undefined);
  const name = checkName(request.flags.name ?? (server === undefined ? defaultName(request.target) : server.name));
  const launch = buildLaunch(target, wrapArgs, wrapFlags, place, inline === undefined ? server?.file : undefined);
  const file = fileOf(client, request.flags, place);
  const change = installEntry(client, file, name, entryOf(client.fields, launch), { force: request.flags.force, print: request.flags.print, root: projectOf(file, place) });
  return report(change, client, name, request.flags, io);
}

/** `cli-mcp install <target>` with no client named: into every client whose config file exists here. */
export function installDetected(request: Omit<InstallRequest, 'client'>, io: CliIo, place: Place = here()): number {
  const clients = detectedClients(place);
  if (clients.length === 0) throw new CliMcpError('cli-mcp.invalid-option', `no client's config file exists here: name the client (cli-mcp install <client> ${request.target}): ${CLIENT_IDS.join(', ')}`);
  io.stderr.write(`cli-mcp: installing into the clients found here: ${clients.map((client) => client.label).join(', ')}\n`);
  return Math.max(...clients.map((client) => install({ ...request, client: client.id }, io, place)));
}

/** `cli-mcp uninstall`: removes (or prints the removal of) one entry. */
export function uninstall(request: { readonly client: string; readonly name: string; readonly flags: InstallFlags }, io: CliIo, place: Place = here()): number {
  const client = clientById(request.client);
  const file = fileOf(client, request.flags, place);
  const change = uninstallEntry(client, file, request.name, { force: request.flags.force, print: request.flags.print, root: projectOf(file, place) });
  if (change.status === 'absent') {
    const known = change.names.length === 0 ? 'it has none' : `it has: ${change.names.join(', ')}`;
    io.stderr.write(`cli-mcp: ${file} has no server named "${request.name}" (${known}); nothing was changed\n`);
    return 1;
  }
  return report(change, client, request.name, request.flags, io);
}

function report(change: Change, client: ClientSpec, name: string, flags: InstallFlags, io: CliIo): number {
  const { file } = change;
  if (change.status === 'unchanged') {
    io.stderr.write(`cli-mcp: ${client.label}: server "${name}" in ${file} is already this one; nothing was written\n`);
    return 0;
  }
  if (change.status === 'refused') {
    io.stderr.write(`cli-mcp: ${file} already has a different server named "${name}"; --force replaces it, --name picks another name. The change would be:\n${change.diff}`);
    return 1;
  }
  if (flags.print) {
    io.stdout.write(change.diff);
    io.stderr.write(`cli-mcp: --print: ${file} was not written\n`);
    return 0;
  }
  const done = { added: `added server "${name}" to`, replaced: `replaced server "${name}" in`, removed: `removed server "${name}" from` }[change.status as 'added' | 'replaced' | 'removed'];
  const backup = change.backup ? `; the previous file is ${change.backup}` : '';
  io.stderr.write(`cli-mcp: ${client.label}: ${done} ${file}${backup}\n`);
  // A project's file is read only once the user trusts it: say so, or "added" reads as done.
  const trust = change.status !== 'removed' && client.project !== undefined && isProjectFile(file, client.project) ? client.projectTrust : undefined;
  if (trust) io.stderr.write(`cli-mcp: next: ${trust}\n`);
  return 0;
}

function isProjectFile(file: string, project: string): boolean {
  return file.split(sep).join('/').endsWith(`/${project}`);
}

/** Checks the wrap options with wrap's own definitions, so a typo fails now rather than when the client starts the server. */
function parseWrapOptions(wrap: Command, target: string, wrapArgs: readonly string[], server?: NamedServer): WrapFlags {
  const probe = new Command('wrap')
    .argument('[target]')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  for (const option of wrap.options) probe.addOption(option);
  try {
    probe.parse([target, ...wrapArgs], { from: 'user' });
  } catch (error) {
    const message = error instanceof CommanderError ? error.message.replace(/^error: /, '') : String(error);
    throw new CliMcpError('cli-mcp.invalid-option', `the wrap options after the target are not valid: ${message}`);
  }
  for (const stdioOnly of ['http', 'manifest']) {
    if (probe.getOptionValueSource(stdioOnly) === 'cli') throw new CliMcpError('cli-mcp.invalid-option', `--${stdioOnly} cannot be installed: clients start the server over stdio from a target`);
  }
  // A configured server's options, checked now as the server will read them (its --timeout sets the client's).
  if (server !== undefined) applyServerOptions(server, probe);
  if (probe.getOptionValueSource('http') === 'config') throw new CliMcpError('cli-mcp.invalid-option', `server "${server?.name ?? ''}" sets "http": clients start the server over stdio`);
  return probe.opts<WrapFlags>();
}

function fileOf(client: ClientSpec, flags: InstallFlags, place: Place): string {
  return flags.config === undefined ? configPath(client, flags.scope, place) : resolve(place.cwd, flags.config);
}

/** The project a config path lies in (the working directory), which no link in it may lead out of; none for a user file elsewhere. */
function projectOf(file: string, place: Place): string | undefined {
  const rest = relative(place.cwd, file);
  return rest === '' || rest === '..' || rest.startsWith(`..${sep}`) || isAbsolute(rest) ? undefined : place.cwd;
}

export function here(): Place {
  return { cwd: process.cwd(), home: homedir(), platform: process.platform, env: process.env };
}
