import { Command } from 'commander';
import { reflectCommander, type CommanderCommand } from '../reflect/commander.js';
import type { CreateMcpServerOptions } from '../server/create-mcp-server.js';
import type { CommandSpec } from '../types.js';
import { addServeOptions, addSharedOptions, serverOptions, type SharedFlags } from './options.js';

/** Options of `mcpCommand`: those of `createMcpServer`, plus the command's own name. */
export interface McpCommandOptions extends CreateMcpServerOptions {
  /** @default 'mcp' */
  readonly commandName?: string;
}

/**
 * A commander command that exposes the program it is added to as an MCP server:
 * `program.addCommand(mcpCommand())` gives `my-cli mcp start` (serve over stdio) and `my-cli mcp tools`.
 * Calls run the program's own script as a child process, so each call is isolated and can be stopped.
 * Both take `cli-mcp wrap`'s options (`--preset`, `--approval`, `--include`, `--timeout`, …); an option given
 * on the command line wins over the same one in `options`.
 */
export function mcpCommand(options: McpCommandOptions = {}): Command {
  const mcp = new Command(options.commandName ?? 'mcp').description('serve this program\'s commands as MCP tools');
  // The MCP SDK loads only when `mcp` runs, so the program's other commands start as fast as before.
  const serverFor = async (command: Command) => {
    const { createMcpServer } = await import('../server/create-mcp-server.js');
    const root = rootOf(command as unknown as CommanderCommand);
    return createMcpServer(withoutCommand(reflectCommander(root), mcp.name()), withFlags({ version: root.version?.() ?? undefined, ...options }, command));
  };
  addServeOptions(addSharedOptions(mcp.command('start').description('serve the commands over stdio'))).action(async (_flags: unknown, command: Command) => {
    (await serverFor(command)).serveStdio();
  });
  addSharedOptions(mcp.command('tools').description('print the tools/list result as JSON')).action(async (_flags: unknown, command: Command) => {
    process.stdout.write(`${JSON.stringify((await serverFor(command)).listTools(), null, 2)}\n`);
  });
  return mcp;
}

/**
 * The code's options with the flags typed on the command line laid over them (a flag's default never
 * overrides the code): objects such as `approval` are merged key by key, anything else replaced.
 */
function withFlags(options: CreateMcpServerOptions, command: Command): CreateMcpServerOptions {
  const opts = command.opts<SharedFlags>();
  const given = Object.fromEntries(Object.entries(opts).filter(([name]) => command.getOptionValueSource(name) !== 'default')) as SharedFlags;
  // --max-queued alone means nothing without the cap it queues for.
  if (given.maxQueued !== undefined && given.maxConcurrent === undefined) given.maxConcurrent = opts.maxConcurrent;
  const merged: Record<string, unknown> = { ...options };
  for (const [name, value] of Object.entries(serverOptions(given))) {
    const flag = compact(value);
    if (flag === undefined) continue;
    const base = merged[name];
    merged[name] = isPlainObject(flag) && isPlainObject(base) ? { ...base, ...flag } : flag;
  }
  return merged as CreateMcpServerOptions;
}

/** A value with its unset parts gone (undefined, empty lists, objects left empty): what no flag said. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (!isPlainObject(value)) return value;
  const kept = Object.entries(value).map(([key, inner]) => [key, compact(inner)] as const).filter(([, inner]) => inner !== undefined);
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
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
