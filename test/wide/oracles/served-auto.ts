/**
 * (e) `auto` as served: a server started cold on a program read from its help (`cli-mcp wrap`, whose crawl reads a command
 * when asked for, and reads them until `auto` is sure) lists what `auto` lists over the full crawl: the same mode, the same
 * commands known, and the same `tools/list`. Nothing here is written for a program: the full crawl is the oracle. In search
 * mode a command not read yet stands for those under it (`git stash` for `git stash list`: read when described or called),
 * and may be one the full crawl could not read; the search tools' descriptions count the commands known, so only their names
 * are compared.
 */
import { loadServed } from '../../../src/cli/load.js';
import { serverOptions, type SharedFlags } from '../../../src/cli/options.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import { createMcpServer, type CliMcpServer } from '../../../src/server/create-mcp-server.js';
import type { Launcher } from '../../../src/exec/launcher.js';
import type { CommandSpec } from '../../../src/types.js';
import { textSink } from '../../helpers/in-process.js';

export interface AutoChoice {
  readonly mode: string;
  /** Commands known (read or pending). */
  readonly commands: number;
  /** Tools in `tools/list`. */
  readonly listed: number;
}

export interface AutoResult {
  readonly exact: AutoChoice;
  /** Undefined when the served start failed (`error` says why). */
  readonly served?: AutoChoice;
  /** How the served start read the program (`help text (…, 1 pages, each command read when asked for); 7 commands read to choose…`). */
  readonly how?: string;
  /** Commands the full crawl knows that the served tree does not, nor a command of it not read yet above them. */
  readonly missing: readonly string[];
  /** Commands the served tree read that the full crawl does not know. */
  readonly extra: readonly string[];
  /** Commands the served tree has not read that the full crawl does not know (it could not read their help). */
  readonly unreadPending: number;
  /** Listed tools whose entry (name, description, schemas) differs from the full crawl's. */
  readonly differing: readonly string[];
  readonly error?: string;
}

/** Whether the served start listed what the full crawl's `auto` lists. */
export function autoAgrees(result: AutoResult): boolean {
  return result.served !== undefined && result.served.mode === result.exact.mode && result.missing.length === 0 && result.extra.length === 0 && result.differing.length === 0;
}

/**
 * Starts `target` as `wrap` would (cold: no cache; no warm workers, runs or spool, which list nothing) and compares its list
 * with `auto` over `full`, the corpus's full crawl of the same program. `exclude`: commands whose tool names cli-mcp reserves.
 */
export async function servedAuto(target: string, full: CommandSpec, launcher: Launcher, setting: { readonly cwd: string; readonly exclude: readonly string[] }): Promise<AutoResult> {
  const flags: SharedFlags = { tools: 'auto', cache: false, quiet: true, warm: false, runs: false, spool: false, cwd: setting.cwd, ...(setting.exclude.length > 0 ? { exclude: [...setting.exclude] } : {}) };
  const exactServer = createMcpServer(full, { ...serverOptions(flags), launcher, warm: false });
  const exact = choiceOf(exactServer, full);
  let served: { server: CliMcpServer; read: { spec: CommandSpec; how: string } } | undefined;
  try {
    served = await loadServed({ kind: 'target', target }, flags, textSink().stream, { serving: true });
    const known = new Set(commandNames(full));
    const commands = flattenRunnable(served.read.spec);
    const pending = commands.filter((command) => command.pending === true).map((command) => command.path.join(' '));
    const readNames = new Set(commands.filter((command) => command.pending !== true).map((command) => command.path.join(' ')));
    const standsFor = (name: string): boolean => readNames.has(name) || pending.some((above) => name === above || name.startsWith(`${above} `));
    // Search mode: the search tools' descriptions count the commands known, which differ while some are not read.
    const entry = exact.mode === 'search' ? (tool: { name: string }) => tool.name : (tool: object) => JSON.stringify(tool);
    const exactList = new Map(exactServer.listTools().tools.map((tool) => [tool.name, entry(tool)]));
    const servedList = served.server.listTools().tools;
    const differing = [...new Set([...servedList.filter((tool) => exactList.get(tool.name) !== entry(tool)).map((tool) => tool.name), ...[...exactList.keys()].filter((name) => !servedList.some((tool) => tool.name === name))])];
    return {
      exact,
      served: choiceOf(served.server, served.read.spec),
      how: served.read.how,
      missing: [...known].filter((name) => !standsFor(name)),
      extra: [...readNames].filter((name) => !known.has(name)),
      unreadPending: pending.filter((name) => !known.has(name) && ![...known].some((command) => command.startsWith(`${name} `))).length,
      differing,
    };
  } catch (error) {
    return { exact, missing: [], extra: [], unreadPending: 0, differing: [], error: (error instanceof Error ? error.message : String(error)).slice(0, 600) };
  } finally {
    await Promise.all([exactServer.tools.close(), served?.server.tools.close()]);
  }
}

function choiceOf(server: CliMcpServer, tree: CommandSpec): AutoChoice {
  return { mode: server.tools.catalog.mode, commands: commandNames(tree).length, listed: server.listTools().tools.length };
}

function commandNames(tree: CommandSpec): string[] {
  return flattenRunnable(tree).map((command) => command.path.join(' '));
}
