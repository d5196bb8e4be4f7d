import { Command } from 'commander';
import { reflectCommander, type CommanderCommand } from '../reflect/commander.js';
import type { CreateMcpServerOptions } from '../server/create-mcp-server.js';
import type { CommandSpec } from '../types.js';

/** Options of `mcpCommand`: those of `createMcpServer`, plus the command's own name. */
export interface McpCommandOptions extends CreateMcpServerOptions {
  /** @default 'mcp' */
  readonly commandName?: string;
}

/**
 * A commander command that exposes the program it is added to as an MCP server:
 * `program.addCommand(mcpCommand())` gives `my-cli mcp start` (serve over stdio) and `my-cli mcp tools`.
 * Calls run the program's own script as a child process, so each call is isolated and can be stopped.
 */
export function mcpCommand(options: McpCommandOptions = {}): Command {
  const mcp = new Command(options.commandName ?? 'mcp').description('serve this program\'s commands as MCP tools');
  // The MCP SDK loads only when `mcp` runs, so the program's other commands start as fast as before.
  const serverFor = async (command: Command) => {
    const { createMcpServer } = await import('../server/create-mcp-server.js');
    const root = rootOf(command as unknown as CommanderCommand);
    return createMcpServer(withoutCommand(reflectCommander(root), mcp.name()), { version: root.version?.() ?? undefined, ...options });
  };
  mcp
    .command('start')
    .description('serve the commands over stdio')
    .action(async (_flags: unknown, command: Command) => {
      (await serverFor(command)).serveStdio();
    });
  mcp
    .command('tools')
    .description('print the tools/list result as JSON')
    .action(async (_flags: unknown, command: Command) => {
      process.stdout.write(`${JSON.stringify((await serverFor(command)).listTools(), null, 2)}\n`);
    });
  return mcp;
}

function rootOf(command: CommanderCommand): CommanderCommand {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** The tree without the `mcp` command itself: serving must not expose its own start/tools. */
function withoutCommand(root: CommandSpec, name: string): CommandSpec {
  return { ...root, subcommands: root.subcommands.filter((sub) => sub.name !== name) };
}
