import type { Server } from '@modelcontextprotocol/server';
import { CliMcpError } from '../errors.js';
import type { Launcher } from '../exec/launcher.js';
import { reflectCommander, type CommanderCommand } from '../reflect/commander.js';
import { createCliTools, type CliTools, type CliToolsOptions } from '../call/cli-tools.js';
import type { CommandSpec } from '../types.js';
import { checkServerOptions } from '../call/check-options.js';
import { serverFactory } from './create-server.js';
import { servedTools } from './served-tools.js';
import type { HttpHandle, HttpSettings } from './http.js';
import { serveStdio, type StdioHandle } from './stdio.js';
import { listTools } from './tool-list.js';
import { DEFAULTS, oneOf, STRUCTURED_CONTENT_CHOICES, wholeNumber, type StructuredContentChoice } from '../options.js';

/** Options of `createMcpServer`: the tool options, how to start the CLI, and what the server calls itself. */
export interface CreateMcpServerOptions extends Omit<CliToolsOptions, 'launcher'> {
  /**
   * How each call starts the CLI: an executable (`'kubectl'`) or a launcher.
   * @default this process's own script under this Node: `process.execPath process.argv[1]`
   */
  readonly launcher?: string | Launcher;
  /** @default the program's name */
  readonly name?: string;
  /** @default the program's version, else `0.0.0` */
  readonly version?: string;
  /** Tools per `tools/list` page; clients follow `nextCursor` for the rest. `cli-mcp tools` and `listTools()` are never paged. @default 100 */
  readonly pageSize?: number;
  /** Longest message read over stdio; a longer one is skipped as it streams and answered with an error while serving goes on. @default 4194304 (4 MiB) */
  readonly maxFrameBytes?: number;
  /**
   * When results carry `structuredContent` and command tools advertise an output schema: `auto` leaves both out for
   * clients known to show their model the JSON rather than the text (Claude Code, Codex, mcporter) or both
   * (LangChain, the Inspector), so their model reads the output once, unescaped; `always`; `never`. @default 'auto'
   */
  readonly structuredContent?: StructuredContentChoice;
}

/** An MCP server over a CLI's tools; build one SDK server per connection, or serve stdio directly. */
export interface CliMcpServer {
  /** The tools served now: `reload()` replaces them. */
  readonly tools: CliTools;
  /**
   * Serves a new command tree (the program changed) with the same options, limits, spool and background runs;
   * when the listed tools differ, tells every connected client (`notifications/tools/list_changed`).
   * Calls in flight finish on the tools they started on. Returns whether the list changed.
   * @throws {CliMcpError} as `createMcpServer` does for a tree it cannot serve; the old tools stay.
   */
  reload(source: CommanderCommand | CommandSpec): boolean;
  /** The exact `tools/list` result. */
  listTools(): ReturnType<typeof listTools>;
  /** A fresh SDK server for one connection (both protocol eras). */
  createServer(): Server;
  /** Serves over this process's stdio. */
  serveStdio(): StdioHandle;
  /** Serves Streamable HTTP on `host:port` (`/mcp`, `/healthz`, `/readyz`); resolves once listening. */
  serveHttp(settings: Omit<HttpSettings, 'pageSize' | 'grantTtlMs' | 'grants' | 'store'>): Promise<HttpHandle>;
}

/** Builds an MCP server from a commander program (reflected here) or an already reflected CommandSpec. */
export function createMcpServer(source: CommanderCommand | CommandSpec, options: CreateMcpServerOptions = {}): CliMcpServer {
  checkServerOptions(options);
  const spec = specOf(source);
  const version = options.version ?? (isSpec(source) ? undefined : source.version?.()) ?? '0.0.0';
  const info = { name: options.name ?? spec.name, version };
  const served = servedTools(createCliTools(spec, { ...options, launcher: launcherFrom(options.launcher) }));
  const settings = {
    pageSize: wholeNumber('pageSize', options.pageSize, DEFAULTS.pageSize),
    grantTtlMs: options.approval?.grantTtlMs,
    maxFrameBytes: wholeNumber('maxFrameBytes', options.maxFrameBytes, DEFAULTS.maxFrameBytes),
    store: options.store,
    structuredContent: oneOf('structuredContent', STRUCTURED_CONTENT_CHOICES, options.structuredContent, DEFAULTS.structuredContent),
  };
  return {
    get tools() {
      return served.current();
    },
    reload: (next) => served.replace(served.current().reload(specOf(next))),
    listTools: () => listTools(served.current()),
    createServer: serverFactory(served, info, settings),
    serveStdio: () => serveStdio(served, info, settings),
    // Imported when asked for: the HTTP stack (hono, the Node adapter) costs a stdio start ~20 ms.
    serveHttp: async (http) => (await import('./http.js')).serveHttp(served, info, { ...settings, ...http }),
  };
}

function specOf(source: CommanderCommand | CommandSpec): CommandSpec {
  if (typeof source !== 'object' || source === null) throw new CliMcpError('cli-mcp.invalid-option', `createMcpServer needs a commander program or a CommandSpec, got ${String(source)}`);
  return isSpec(source) ? source : reflectCommander(source);
}

function isSpec(source: CommanderCommand | CommandSpec): source is CommandSpec {
  return Array.isArray((source as CommandSpec).subcommands);
}

function launcherFrom(launcher: string | Launcher | undefined): Launcher {
  if (typeof launcher === 'string') return { file: launcher, prefixArgs: [] };
  if (launcher) return launcher;
  // Run the program as it was started, node flags (--import, --require, --env-file…) included, debuggers not.
  const flags = process.execArgv.filter((flag) => !/^--(inspect|debug)/.test(flag));
  const script = process.argv[1];
  return { file: process.execPath, prefixArgs: script ? [...flags, script] : flags };
}
