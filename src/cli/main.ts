import { Command, CommanderError } from 'commander';
import { isCliMcpError } from '../errors.js';
import { addSharedOptions, type SharedFlags } from './options.js';
import { packageVersion } from './version.js';

/** Where the CLI writes; tests pass their own. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** Runs `cli-mcp` with `argv` (without node and script); resolves to the exit code. `wrap` keeps serving after it resolves. */
export async function main(argv: readonly string[], io: CliIo = process): Promise<number> {
  const outcome = { exitCode: 0 };
  const program = buildProgram(io, outcome);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return outcome.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr.write(`cli-mcp: ${isCliMcpError(error) || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function buildProgram(io: CliIo, outcome: { exitCode: number }): Command {
  const program = new Command('cli-mcp')
    .description('Turn a command-line program into an MCP server: one typed tool per command.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError();

  const targetCommand = (name: string, description: string): Command =>
    addSharedOptions(program.command(name).description(description).argument('<target>', 'a JS file or installed bin that builds a commander program'));

  targetCommand('wrap', 'serve a CLI\'s commands as MCP tools over stdio').action(async (target: string, flags: SharedFlags) => {
    const server = await loadServer(target, flags, io.stderr);
    const handle = server.serveStdio();
    const stop = (): void => {
      void handle.close().finally(() => process.exit(0));
    };
    process.once('SIGINT', stop).once('SIGTERM', stop);
  });

  targetCommand('tools', 'print the exact tools/list result as JSON').action(async (target: string, flags: SharedFlags) => {
    const server = await loadServer(target, flags, io.stderr);
    io.stdout.write(`${JSON.stringify(server.listTools(), null, 2)}\n`);
  });

  targetCommand('call', 'run one tool call through the whole pipeline and print the MCP result as JSON')
    .argument('<tool>', 'the tool name, as `cli-mcp tools` lists it')
    .option('--input <json>', 'the call\'s arguments: {"flags": {...}, "args": [...]}', '{}')
    .action(async (target: string, toolName: string, flags: SharedFlags & { input: string }) => {
    const input = parseJson(flags.input);
    const server = await loadServer(target, flags, io.stderr);
    if (!server.tools.find(toolName)) {
      const names = server.tools.tools.map((tool) => tool.name).join(', ');
      throw new Error(`no tool named "${toolName}"; the tools are: ${names}`);
    }
    const abort = new AbortController();
    const cancel = (): void => abort.abort();
    process.once('SIGINT', cancel);
    const result = await server.tools.call(toolName, input, { signal: abort.signal }).finally(() => process.off('SIGINT', cancel));
    const { toCallToolResult } = await import('../server/call-result.js');
    io.stdout.write(`${JSON.stringify(toCallToolResult(result), null, 2)}\n`);
    if (result.isError) outcome.exitCode = 1;
  });

  return program;
}

/** Loads a target's server; the MCP SDK is imported only here, so `--help` and `--version` stay quick. */
async function loadServer(...args: Parameters<typeof import('./load.js').loadServer>) {
  const { loadServer: load } = await import('./load.js');
  return load(...args);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`--input is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
