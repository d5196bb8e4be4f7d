import { Option, type Command } from 'commander';
import type { CliIo } from '../io.js';
import { CLIENT_IDS } from './clients.js';
import type { InstallFlags } from './run.js';
import { CliMcpError } from '../../errors.js';

/** Registers `install` and `uninstall` on the program; `wrap` must be registered first (its options are checked against it). */
export function addInstallCommands(program: Command, io: CliIo, outcome: { exitCode: number }): void {
  const scope = (): Option => new Option('--scope <scope>', 'the project\'s file or your user file (default: project where the client has one)').choices(['project', 'user']);
  const config = (): Option => new Option('--config <file>', 'edit this file instead of the client\'s usual one');
  const print = (): Option => new Option('--print', 'show the change as a diff and write nothing');

  program
    .command('install')
    .description('add a `cli-mcp wrap` server to an MCP client\'s config file, with absolute paths and your PATH')
    .argument('<client>', `the client: ${CLIENT_IDS.join(', ')}; left out, every client whose config file exists here`)
    .argument('[target]', 'a JS file or installed bin, as for wrap, or a server named in cli-mcp.config.json')
    .argument('[wrap options...]', 'wrap options the server runs with, after the target (e.g. --preset kubectl --timeout 30000)')
    .usage('[client] <target> [wrap options] [--name <name>] [--inline] [--scope project|user] [--config <file>] [--force] [--print]')
    .option('--name <name>', 'the server\'s name in the client (default: the program\'s name, or the configured server\'s)')
    .option('--inline', 'for a server named in cli-mcp.config.json: write its target and options into the client\'s entry instead of its name')
    .addOption(scope())
    .addOption(config())
    .option('--force', 'replace a different server of the same name; edit a project config that a link leads out of the project')
    .addOption(print())
    // Wrap's options pass through, then are checked against wrap itself.
    .allowUnknownOption()
    .action(async (client: string, target: string | undefined, wrapArgs: string[], flags: InstallFlags) => {
      const { install, installDetected } = await import('./run.js');
      const wrap = commandNamed(program, 'wrap');
      // No client named: the first word is the target, and the clients are those found on this machine.
      if (!CLIENT_IDS.includes(client)) outcome.exitCode = installDetected({ target: client, wrapArgs: target === undefined ? wrapArgs : [target, ...wrapArgs], flags, wrap }, io);
      else if (target === undefined) throw new CliMcpError('cli-mcp.invalid-option', `give the target to serve: cli-mcp install ${client} <target>`);
      else outcome.exitCode = install({ client, target, wrapArgs, flags, wrap }, io);
    });

  program
    .command('uninstall')
    .description('remove a server from an MCP client\'s config file, and nothing else')
    .argument('<client>', `the client: ${CLIENT_IDS.join(', ')}`)
    .argument('<name>', 'the server\'s name in the client')
    .addOption(scope())
    .addOption(config())
    .option('--force', 'edit a project config that a link leads out of the project')
    .addOption(print())
    .action(async (client: string, name: string, flags: InstallFlags) => {
      const { uninstall } = await import('./run.js');
      outcome.exitCode = uninstall({ client, name, flags }, io);
    });
}

/** Registers `list` and `sync`: what clients hold, and clients made to match cli-mcp.config.json. */
export function addListCommands(program: Command, io: CliIo, outcome: { exitCode: number }): void {
  program
    .command('list')
    .description('list the cli-mcp servers in every client\'s config file (project and user scope)')
    .option('--check', 'start each one as its client would and say whether it lists its tools')
    .option('--check-timeout <ms>', 'the longest one --check may take', (value) => positiveMs(value, '--check-timeout'), 90_000)
    .option('--json', 'print the list as JSON')
    .action(async (flags: { check?: boolean; checkTimeout: number; json?: boolean }) => {
      const { listInstalled } = await import('./list.js');
      const { here } = await import('./run.js');
      outcome.exitCode = await listInstalled(flags, io, here());
    });

  program
    .command('sync')
    .description('make clients\' entries match the servers named in cli-mcp.config.json: add, update, and remove those gone')
    .argument('[clients...]', `the clients to sync (default: every client whose config file exists here): ${CLIENT_IDS.join(', ')}`)
    .addOption(new Option('--scope <scope>', 'the project\'s file or your user file (default: project where the client has one)').choices(['project', 'user']))
    .option('--print', 'show the changes as diffs and write nothing')
    .action(async (clients: string[], flags: { scope?: 'project' | 'user'; print?: boolean }) => {
      const { sync } = await import('./sync.js');
      const { here } = await import('./run.js');
      outcome.exitCode = sync(clients, flags, commandNamed(program, 'wrap'), io, here());
    });
}

function positiveMs(value: string, name: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be a positive whole number of milliseconds; got "${value}"`);
  return ms;
}

function commandNamed(program: Command, name: string): Command {
  const found = program.commands.find((command) => command.name() === name);
  if (!found) throw new Error(`cli-mcp has no ${name} command to take options from`);
  return found;
}
