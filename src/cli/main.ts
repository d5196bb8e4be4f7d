import { Argument, Command, CommanderError, Option } from 'commander';
import { CliMcpError, isCliMcpError } from '../errors.js';
import type { Source } from './load.js';
import type { CliIo } from './io.js';

export type { CliIo } from './io.js';
import { accessPolicy, addHttpOptions, authenticatorFor, sharedStore, type HttpFlags } from './http-options.js';
import { addServeOptions, addSharedOptions, addWrapOptions, type SharedFlags } from './options.js';
import { packageVersion } from '../package-files.js';
import { probeSandboxSoon } from '../exec/sandbox-probe.js';
import { SHELLS, type Shell } from './completion.js';
import { addInstallCommands, addListCommands } from './install/command.js';
import { addExportOptions, type ExportFlags } from './export-options.js';
import { CONFIG_FILE, useNamedServer } from './named-servers.js';

/** Signals that stop a server or a call, and with it the CLI's whole process tree. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs `cli-mcp` with `argv` (without node and script); resolves to the exit code. `wrap` keeps serving after it resolves. */
export async function main(argv: readonly string[], io: CliIo = process): Promise<number> {
  const outcome = { exitCode: 0 };
  const program = buildProgram(io, outcome, argv);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return outcome.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr.write(`cli-mcp: ${isCliMcpError(error) || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** cli-mcp's commander program (its commands' options make the config file's schema); `argv`, what it will parse, is what `export` repeats in the call lines it writes. */
export function buildProgram(io: CliIo, outcome: { exitCode: number }, argv: readonly string[] = []): Command {
  const program = new Command('cli-mcp')
    .description('Turn a command-line program into an MCP server: one typed tool per command.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError();

  const targetCommand = (name: string, description: string, manifest: Option): Command =>
    addSharedOptions(
      program
        .command(name)
        .description(description)
        .argument('[target]', `the program: a JS file (./cli.js), an installed bin (./node_modules/.bin/<name>), any program on PATH (kubectl), or a server named in ${CONFIG_FILE}; or --manifest <file> instead`)
        .addOption(manifest)
        .option('--config <file>', `the file of named servers to read, JSON or YAML (default: ${CONFIG_FILE} or .yaml from the working directory up, then ~/.config/cli-mcp/config.json or .yaml)`)
        // A configured name stands for its target and options; what the command line gives wins.
        .hook('preAction', (_program, command) => useNamedServer(command, process.cwd(), process.env)),
    );
  const serveManifest = (): Option => new Option('--manifest <file>', 'serve the commands a manifest file describes, instead of a target (needs --exec)');

  addWrapOptions(addServeOptions(addHttpOptions(targetCommand('wrap', 'serve a CLI\'s commands as MCP tools over stdio (or Streamable HTTP)', serveManifest()))))
    .usage('[options] <target> | --manifest <file> --exec <binary>')
    .action(async (target: string | undefined, flags: SharedFlags & HttpFlags, command: Command) => {
      if (flags.sandbox !== 'off') probeSandboxSoon('bwrap');
      const store = await sharedStore(flags);
      try {
        const source = sourceOf(command, target, flags.manifest);
        const { server, read } = await (await import('./load.js')).loadServed(source, flags, io.stderr, { store, serving: true });
        const auth = flags.http ? await authenticatorFor(flags, io.stderr) : undefined;
        const authenticator = auth?.authenticator;
        const accessFor = flags.accessPolicy === undefined ? undefined : await accessPolicy(flags.accessPolicy, auth);
        if (flags.requireScope && !authenticator) throw new CliMcpError('cli-mcp.invalid-option', '--require-scope needs authentication (--token-file, $CLI_MCP_TOKENS or --oauth-issuer)');
        // Watching starts before serving, so no edit a client makes after connecting is missed.
        const watching = flags.watch ? (await import('./watch.js')).watchSource(source, read, server, flags, io.stderr) : undefined;
        const handle = flags.http ? await server.serveHttp({ ...flags.http, authenticator, accessFor, requiredScopes: flags.requireScope }) : server.serveStdio();
        if ('url' in handle) io.stderr.write(`cli-mcp: serving ${handle.url} (health: /healthz, readiness: /readyz)${store ? '; limits and approvals shared through Redis' : ''}\n`);
        const stop = (): void => {
          watching?.close();
          void handle
            .close()
            .then(() => store?.close())
            .finally(() => process.exit(0));
        };
        // A hangup (terminal closed, parent gone) stops the server like a termination: no process tree is left behind.
        for (const signal of STOP_SIGNALS) process.once(signal, stop);
      } catch (error) {
        // An open connection to Redis would keep a failed start alive.
        await store?.close();
        throw error;
      }
    });

  const writeManifest = new Option('--manifest [file]', 'with a target: print its manifest, or write it to <file>, instead of the tools; without one: list the tools of manifest <file>');
  targetCommand('tools', 'print the exact tools/list result as JSON (or a target\'s manifest)', writeManifest)
    .usage('[options] <target> [--manifest [file]] | --manifest <file>')
    .action(async (target: string | undefined, flags: SharedFlags, command: Command) => {
      if (target !== undefined && flags.manifest !== undefined) {
        const { writeTargetManifest } = await import('./load.js');
        await writeTargetManifest(target, flags.manifest === true ? undefined : flags.manifest, flags, io);
        return;
      }
      const server = await loadServer(sourceOf(command, target, flags.manifest), flags, io.stderr, { listOnly: true });
      io.stdout.write(`${JSON.stringify(server.listTools(), null, 2)}\n`);
    });

  targetCommand('call', 'run one tool call through the whole pipeline and print the MCP result as JSON', serveManifest())
    .argument('[tool]', 'the tool name, as `cli-mcp tools` lists it')
    .usage('[options] <target> <tool> | --manifest <file> --exec <binary> <tool>')
    .option('--input <json>', 'the call\'s arguments: {"flags": {...}, "args": [...]}', '{}')
    .action(async (first: string | undefined, second: string | undefined, flags: SharedFlags & { input: string }, command: Command) => {
      // With --manifest there is no target: a lone positional is the tool.
      const [target, toolName] = flags.manifest !== undefined && second === undefined ? [undefined, first] : [first, second];
      const source = sourceOf(command, target, flags.manifest);
      if (toolName === undefined) command.error("error: missing required argument 'tool'");
      const input = parseJson(flags.input);
      const server = await loadServer(source, flags, io.stderr);
      // Any command's tool, listed or not, and the listed meta-tools of the mode in force.
      const commandTool = server.tools.find(toolName);
      const listed = server.tools.catalog.find(toolName);
      if (!commandTool && !listed) {
        const names = [...new Set([...server.tools.catalog.listed, ...server.tools.tools].map((known) => known.name))].join(', ');
        throw new CliMcpError('cli-mcp.invalid-option', `no tool named "${toolName}"; the tools are: ${names}`);
      }
      const abort = new AbortController();
      const cancel = (): void => abort.abort();
      for (const signal of STOP_SIGNALS) process.once(signal, cancel);
      const call = commandTool ? server.tools.run(commandTool, input, { signal: abort.signal }) : listed ? listed.call(input, { signal: abort.signal }) : undefined;
      const result = await (call as NonNullable<typeof call>).finally(() => {
        for (const signal of STOP_SIGNALS) process.off(signal, cancel);
      });
      const { toCallToolResult } = await import('../server/call-result.js');
      io.stdout.write(`${JSON.stringify(toCallToolResult(result), null, 2)}\n`);
      if (result.isError) outcome.exitCode = 1;
    });

  const listManifest = new Option('--manifest <file>', 'export the tools of manifest <file> instead of a target');
  addExportOptions(targetCommand('export', 'print the tools for an AI SDK (openai, anthropic, ai-sdk, langchain, mcp), a server.json, or instructions for agents (skill, llms, agents)', listManifest))
    .usage('[options] <target> --format <format> | --manifest <file> --format <format>')
    .action(async (target: string | undefined, flags: ExportFlags, command: Command) => {
      const { runExport } = await import('./run-export.js');
      const { callerWords } = await import('./export-instructions.js');
      await runExport(sourceOf(command, target, flags.manifest), flags, io, callerWords(argv));
    });

  addInstallCommands(program, io, outcome);
  addListCommands(program, io, outcome);

  program
    .command('completion')
    .description('print a completion script for your shell: bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell the script is for').choices(SHELLS))
    .action(async (shell: Shell) => {
      const { completionScript } = await import('./completion.js');
      io.stdout.write(completionScript(program, shell));
    });

  return program;
}

/** Loads a target's server; the MCP SDK is imported only here, so `--help` and `--version` stay quick. */
async function loadServer(...args: Parameters<typeof import('./load.js').loadServer>) {
  const { loadServer: load } = await import('./load.js');
  return load(...args);
}

/** Exactly one of a target and a manifest file; a usage error otherwise. */
function sourceOf(command: Command, target: string | undefined, manifest: string | true | undefined): Source {
  if (target !== undefined && manifest !== undefined) command.error('error: give a target or --manifest <file>, not both');
  if (typeof manifest === 'string') return { kind: 'manifest', file: manifest };
  if (manifest === true) command.error('error: --manifest needs a file to read, or a target whose manifest to print');
  if (target === undefined) command.error('error: give a target (a JS file, an installed bin in ./node_modules/.bin, or any program on PATH) or --manifest <file>');
  return { kind: 'target', target };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliMcpError('cli-mcp.invalid-option', `--input is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
