import type { CommandSpec, ToolResult } from '../types.js';
import { buildCatalog, type Catalog } from '../discovery/catalog.js';
import { metaNames, type MetaNames } from '../tool/names.js';
import { compose } from '../middleware/compose.js';
import { riskOf } from '../approval/risk.js';
import { findPage, readOutputPage } from '../output/read-page.js';
import { flattenRunnable } from '../reflect/flatten.js';
import { assignToolNames } from '../tool/names.js';
import { chooseTools } from '../tool/build-tools.js';
import type { ToolDefinition } from '../tool/definition.js';
import { unknownToolMessage, type ResolvedToolName } from '../tool/resolve-name.js';
import type { CallAccess, CallContext, CallOptions } from '../middleware/context.js';
import { memoryGrants } from '../approval/grants.js';
import { layersFor } from './layers.js';
import { checkToolsOptions } from './check-options.js';
import { callSettings, type CliToolsOptions, type CallSettings } from './options.js';
import { callCentre } from './centre.js';
import { createRunRegistry, type RunRegistry } from '../runs/run-registry.js';
import { readPending } from './lazy-tools.js';
import { commandsRead, hasPending, readPendingUntil } from '../reflect/read-pending.js';
import type { ReadyCommand } from '../discovery/meta-tools.js';
import type { WarmPool } from '../exec/warm-pool.js';

export type { CliToolsOptions } from './options.js';

/** The tools of one CLI and the way to call them, independent of any transport. */
export interface CliTools {
  /** One tool per command, listed or not (see `catalog`). */
  readonly tools: readonly ToolDefinition[];
  /** What `tools/list` shows in the discovery mode in force, and how each listed tool is called. */
  readonly catalog: Catalog;
  /**
   * The catalog one connection sees (built once per kind): over the commands its access policy entry allows, so
   * meta-tools and groups never name the others; and, under `auto` discovery, a tool per command for a client that
   * searches tools itself (server-side search would only double its round trips).
   */
  catalogFor(viewer: CatalogViewer): Catalog;
  /**
   * Reads what the viewer's catalog lists whole (under `auto`, a client that searches tools gets every tool): its pending
   * commands, when the tree was read lazily. Resolves true, for the call that started it, when a read changed the tree.
   */
  readyFor(viewer: CatalogViewer): Promise<boolean>;
  find(name: string): ToolDefinition | undefined;
  /** The listed tool a requested name means: exact, or resolved when unambiguous (`kubectl.get` → `kubectl_get`), else suggestions. */
  resolve(name: string): ResolvedToolName;
  /** Resolves the name among the listed tools, then calls it; an unknown name is an isError result with suggestions. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolResult>;
  /** A page of output a cut result linked to (`cli-mcp://output/…`), for a model: the text and where to go on; an isError result when it is not kept. */
  readOutput(uri: string, offset?: number, length?: number, principal?: CallContext['principal']): ToolResult;
  /** The exact page a URI (with `?offset=&length=`, bytes) names, for `resources/read`; a message when there is none. */
  outputPage(uri: string, principal?: CallContext['principal']): ReturnType<typeof findPage>;
  /** Runs one call of a tool from `tools` through validation, middleware and the CLI; never throws for a bad call. */
  run(tool: ToolDefinition, input: unknown, options?: CallOptions): Promise<ToolResult>;
  /** The background runs of every caller (tasks and the run tools); undefined when `runs: false`. */
  readonly runs?: RunRegistry;
  /** The warm workers calls start from; undefined when `warm` is off. */
  readonly warm?: WarmPool;
  /** Stops the background runs and the warm workers. */
  close(): Promise<void>;
  /**
   * The tools of a new command tree (the program changed) with this one's options and state: the same limits,
   * spool and background runs, and the meta-tools' names. Calls in flight finish on the tools they started on.
   */
  reload(root: CommandSpec): CliTools;
}

/** The tools over a tree read as asked, as its reads replace them; and whether they are served in search mode. */
interface Latest {
  tools: CliTools;
  root: CommandSpec;
  searching?: boolean;
}

/** What a reload keeps: everything built from the options, not from the command tree. */
interface Kept {
  readonly options: CliToolsOptions;
  readonly names: MetaNames;
  readonly settings: CallSettings;
  readonly layers: ReturnType<typeof layersFor>;
  readonly runs?: RunRegistry;
  /** The tools over the tree read so far, when its pending commands are read as they are asked for (`readCommand`). */
  readonly latest?: Latest;
}

/** Builds the tools of a reflected CLI and the call pipeline that runs them. */
export function createCliTools(root: CommandSpec, options: CliToolsOptions): CliTools {
  checkToolsOptions(options);
  const names = metaNames(root.name, options.prefix, options.maxToolNameLength, commandToolNames(root, options));
  const settings = callSettings(options, names);
  const layers = layersFor(options, settings);
  const runs = options.runs === false ? undefined : createRunRegistry({ store: options.store, ...options.runs });
  if (options.readCommand === undefined) return toolsOver(root, { options, names, settings, layers, runs });
  const latest = { root } as Latest;
  latest.tools = toolsOver(root, { options, names, settings, layers, runs, latest });
  return newestTools(latest);
}

/** The names the command tools get (before any selection), so the meta-tools can step aside. */
function commandToolNames(root: CommandSpec, options: CliToolsOptions): Set<string> {
  return new Set(assignToolNames(flattenRunnable(root), { prefix: options.prefix, maxLength: options.maxToolNameLength }).map(({ name }) => name));
}

function toolsOver(root: CommandSpec, kept: Kept): CliTools {
  const { options, names, settings, layers, runs } = kept;
  const chosen = chooseTools(root, options);
  const chains = new Map(chosen.map(({ tool, selection }) => [tool, compose(layers(selection), (ctx) => callCentre(ctx, settings))]));
  const tools = chosen.map(({ tool }) => tool);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  // A pending command (or one below a pending group) is read first, and runs as the tool the tree read gives it.
  const readPath = async (path: readonly string[]): Promise<ReadyCommand | ToolResult> => {
    const { latest } = kept;
    const { readCommand } = options;
    if (readCommand === undefined || latest === undefined) return { isError: true, message: unknownToolMessage(path.join(' '), []) };
    return readPending(path, readCommand, (spec) => {
      if (spec === latest.root) return latest.tools;
      const tools = toolsOver(spec, kept);
      // A command read beside a whole read has a tree of fewer commands read than the one it finished before: that one stays.
      if (commandsRead(spec) > commandsRead(latest.root)) Object.assign(latest, { root: spec, tools });
      return tools;
    });
  };
  const ready = async (tool: ToolDefinition): Promise<ReadyCommand | ToolResult> => (tool.command.pending === true ? readPath(tool.command.path) : { tool, run });
  const run: CliTools['run'] = async (tool, input, options = {}) => {
    if (tool.command.pending !== true) return runRead(tool, input, options);
    const read = await ready(tool);
    return 'tool' in read ? read.run(read.tool, input, options) : read;
  };
  const runRead: CliTools['run'] = async (tool, input, { signal = new AbortController().signal, log = () => {}, approval = { canAsk: false, grants: memoryGrants() }, progress, principal, access, timeoutMs = settings.timeoutMs, background = false, onSpawn } = {}) => {
    const chain = chains.get(tool);
    if (!chain) return { isError: true, message: unknownToolMessage(tool.name, []) };
    const ctx: CallContext = { tool, rawInput: input, input: { flags: {}, args: [] }, signal, log, approval, progress, principal, access, timeoutMs, background, onSpawn, state: new Map() };
    try {
      await chain(ctx);
    } catch (error) {
      return { isError: true, message: `The call failed inside cli-mcp: ${error instanceof Error ? error.message : String(error)}` };
    }
    return ctx.result ?? { isError: true, message: 'No middleware produced a result (a PreRun must return a result or call next).' };
  };
  // Output is read back only by the caller it was spooled for.
  const readOutput: CliTools['readOutput'] = (uri, offset, length, principal) => readOutputPage(settings.spool, uri, offset, length, settings.maxResultBytes, names.readOutput, principal?.id);
  const risk = (tool: ToolDefinition) => riskOf(tool.command, options.approval?.risk);
  const source = { program: root.name, tools, names, risk, run, ready, ...(kept.latest === undefined ? {} : { readPath }), readOutput, maxPageBytes: settings.maxResultBytes, spooling: settings.spool !== undefined, runs };
  // Search mode over a tree read as asked holds while its commands are read: a list does not change under its client.
  const discovery = kept.latest?.searching === true ? { ...options.discovery, mode: 'search' as const } : options.discovery;
  const catalog = buildCatalog(source, root, discovery);
  if (kept.latest !== undefined && catalog.mode === 'search') kept.latest.searching = true;
  const catalogs = new Map<string, Catalog>();
  const wholeFor = (searchesTools = false): boolean => searchesTools && (options.discovery?.mode ?? 'auto') === 'auto';
  const catalogFor = ({ access, searchesTools }: CatalogViewer): Catalog => {
    const whole = wholeFor(searchesTools);
    if (!access && !whole) return catalog;
    const key = `${access?.rule ?? ''}\0${whole}`;
    let found = catalogs.get(key);
    if (found) return found;
    const allowed = access ? tools.filter((tool) => access.allows(tool.command.path)) : tools;
    // A caller allowed nothing sees nothing, not even the meta-tools.
    found = allowed.length > 0 ? buildCatalog({ ...source, tools: allowed }, root, whole ? { ...options.discovery, mode: 'all' } : discovery) : { mode: catalog.mode, compacted: false, listed: [], find: () => undefined, resolve: () => ({ kind: 'unknown', suggestions: [] }), note: 'no tools' };
    catalogs.set(key, found);
    return found;
  };

  // Every pending command read once, however many connections ask.
  let readingAll: Promise<boolean> | undefined;
  const readyFor = async ({ searchesTools }: CatalogViewer): Promise<boolean> => {
    const { latest } = kept;
    const { readCommand } = options;
    if (!wholeFor(searchesTools) || latest === undefined || readCommand === undefined || !hasPending(latest.root)) return false;
    if (readingAll !== undefined) return readingAll.then(() => false);
    readingAll = readPendingUntil(latest.root, readCommand, () => 'all').then(({ tree: spec }) => {
      if (spec === latest.root) return false;
      Object.assign(latest, { root: spec, tools: toolsOver(spec, kept) });
      return true;
    });
    return readingAll;
  };

  return {
    tools,
    runs,
    catalog,
    catalogFor,
    readyFor,
    find: (name) => byName.get(name),
    resolve: (name) => catalog.resolve(name),
    run,
    readOutput,
    ...(settings.warm ? { warm: settings.warm } : {}),
    close: async () => {
      await Promise.all([runs?.close(), settings.warm?.close()]);
      settings.spool?.close(); // its files, and its exit listener, go with the tools
    },
    reload: (next) => {
      settings.warm?.recycle(); // its workers imported the program as it was
      return toolsOver(next, kept);
    },
    outputPage: (uri, principal) => findPage(settings.spool, uri, undefined, undefined, settings.maxResultBytes, principal?.id),
    async call(name, input, options) {
      const resolved = catalog.resolve(name);
      const tool = resolved.kind === 'unknown' ? undefined : catalog.find(resolved.name);
      if (!tool) return { isError: true, message: unlistedMessage(name, resolved, catalog, byName, names.describe) };
      return tool.call(input, options);
    },
  };
}

/** Who a catalog is for: the caller's access policy entry, and whether the client searches tools itself. */
export interface CatalogViewer {
  readonly access?: CallAccess;
  readonly searchesTools?: boolean;
}

/** Unknown among the listed tools: a command reachable only through the meta-tools says how to reach it. */
function unlistedMessage(requested: string, resolved: ResolvedToolName, catalog: Catalog, commands: ReadonlyMap<string, ToolDefinition>, describe: string): string {
  if (commands.has(requested) && catalog.find(describe)) return `${requested} is not listed in ${catalog.mode} mode; ${describe} {"command": ${JSON.stringify(requested)}} says which tool runs it.`;
  return unknownToolMessage(requested, resolved.kind === 'unknown' ? resolved.suggestions : []);
}

/** A CliTools that answers with the newest tools in `latest`, which reading a pending command replaces. */
export function newestTools(latest: { tools: CliTools }): CliTools {
  return {
    get tools() {
      return latest.tools.tools;
    },
    get catalog() {
      return latest.tools.catalog;
    },
    get runs() {
      return latest.tools.runs;
    },
    get warm() {
      return latest.tools.warm;
    },
    catalogFor: (viewer) => latest.tools.catalogFor(viewer),
    readyFor: (viewer) => latest.tools.readyFor(viewer),
    find: (name) => latest.tools.find(name),
    resolve: (name) => latest.tools.resolve(name),
    call: (name, input, options) => latest.tools.call(name, input, options),
    // A tool of an older build runs as the newest build's tool of that name.
    run: (tool, input, options) => latest.tools.run(latest.tools.find(tool.name) ?? tool, input, options),
    readOutput: (uri, offset, length, principal) => latest.tools.readOutput(uri, offset, length, principal),
    outputPage: (uri, principal) => latest.tools.outputPage(uri, principal),
    close: () => latest.tools.close(),
    reload: (root) => latest.tools.reload(root),
  };
}
