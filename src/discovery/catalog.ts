/**
 * What `tools/list` shows, by discovery mode, and which call each listed name runs. `all`: a tool per
 * command, compacted (shared flags described once, first sentences) when the full list passes the
 * budget; `search`: meta-tools to search, describe and run; `groups`: a tool per command group;
 * `auto`: `all` while it fits the budget, else `search` (over a tree read in part, also when the commands read project
 * a list well past it). Pinned commands are always their own tools; every
 * mode ends with the background run tools (when runs are kept) and the read-output tool (when output is spooled).
 */
import { CliMcpError } from '../errors.js';
import { riskAnnotations } from '../approval/risk.js';
import { outputJsonSchema } from '../schema/output.js';
import { allowCommands } from '../tool/select.js';
import type { ToolDefinition } from '../tool/definition.js';
import type { CommandSpec } from '../types.js';
import type { DiscoveryChoice, DiscoveryMode } from './budget.js';
import { resolveToolName, type ResolvedToolName } from '../tool/resolve-name.js';
import { compactInputSchema, sharedOptionNames } from './compact.js';
import { groupTools } from './groups.js';
import { listedToolJson, type ListedTool } from './listed-tool.js';
import { checkMetaNames } from '../tool/names.js';
import { describeTool, readOutputTool, commandCallTool, searchTool, type MetaSource } from './meta-tools.js';
import { runTools } from './run-tools.js';
import { firstSentence } from './search.js';
import { DEFAULTS, DISCOVERY_CHOICES, oneOf, wholeNumber } from '../options.js';
import { formatCount } from '../messages.js';

/** How the commands are offered. */
export interface DiscoveryOptions {
  /** @default 'auto' */
  readonly mode?: DiscoveryChoice;
  /** Commands listed as their own tools in `search` and `groups` mode (paths or globs, as `allowCommands` takes). @default none */
  readonly pin?: readonly string[];
  /** The largest list `auto` serves as one tool per command, and past which `all` compacts its schemas, in estimated tokens. @default 16000 */
  readonly budgetTokens?: number;
}

/** The listed tools of one mode and how each is called. */
export interface Catalog {
  readonly mode: DiscoveryMode;
  /** Flag descriptions were shortened in the list (the describe tool has them whole). */
  readonly compacted: boolean;
  readonly listed: readonly ListedTool[];
  /** The listed tool of this name. */
  find(name: string): ListedTool | undefined;
  /** The listed tool a requested name means: exact, or resolved when unambiguous (`kubectl.get` → `kubectl_get`), else suggestions. */
  resolve(requested: string): ResolvedToolName;
  /** One line on how the tools are offered, and why (for stderr). */
  readonly note: string;
  /** `auto` over a tree read in part: the compact list its commands read project for every command known. */
  readonly projectedTokens?: number;
}

export function buildCatalog(source: MetaSource, root: CommandSpec, options: DiscoveryOptions = {}): Catalog {
  const choice = oneOf('discovery.mode', DISCOVERY_CHOICES, options.mode, DEFAULTS.discovery);
  const budget = wholeNumber('discovery.budgetTokens', options.budgetTokens, DEFAULTS.listBudgetTokens);
  checkMetaNames(source.names, source.tools);
  const matches = options.pin?.length ? allowCommands(...options.pin) : undefined;
  const pinned = (tool: ToolDefinition): boolean => matches?.(tool.command) ?? false;
  const { tools } = source;
  // Every mode ends the same way: the background run tools (when runs are kept), then read output.
  const closing = [...runTools(source), ...(source.spooling ? [readOutputTool(source)] : [])];
  const full = (): ListedTool[] => [...tools.map((tool) => direct(tool, source)), ...closing];
  const shared = (): Set<string> => sharedOptionNames(tools.map((tool) => tool.command));

  const projected = choice === 'auto' ? projectedTokens(tools, source) : undefined;
  const chosen = (): Catalog => {
    if (projected !== undefined && projected > budget * PROJECTION_MARGIN) {
      const read = tools.filter((tool) => tool.command.pending !== true).length;
      return searchCatalog(source, tools, pinned, closing, `the ${read} commands read so far project about ${formatCount(projected)} tokens for all ${tools.length} compacted, well past the ${formatCount(budget)}-token budget (--tools auto)`);
    }
    if (choice === 'all' || choice === 'auto') {
      const whole = full();
      const wholeTokens = measure(whole, budget);
      if (wholeTokens !== undefined) return catalog('all', false, whole, 'a tool per command', wholeTokens);
      const over = `the full list passes the ${formatCount(budget)}-token budget`;
      if (choice === 'all' || hopeful(tools.length, budget)) {
        const names = shared();
        const compact = [...tools.map((tool) => direct(tool, source, names)), describeTool(source, (tool) => tool.name), ...closing];
        // Measured only up to the budget: past it, a forced list's schemas are built page by page, as clients ask.
        const tokens = measure(compact, budget);
        if (choice === 'all' || tokens !== undefined) return catalog('all', true, compact, `a tool per command, compacted: ${over}`, tokens);
      }
      return searchCatalog(source, tools, pinned, closing, `${over} even compacted (--tools auto)`);
    }
    if (choice === 'search') return searchCatalog(source, tools, pinned, closing, 'as asked');
    const names = shared();
    const pins = tools.filter(pinned);
    const grouped = groupTools(source, root, tools.filter((tool) => !pinned(tool)), names, (tool) => direct(tool, source, names));
    const listed = [...pins.map((tool) => direct(tool, source, names)), ...grouped.listed, describeTool(source, (tool) => grouped.runWith.get(tool) ?? tool.name), ...closing];
    return catalog('groups', true, listed, `${grouped.listed.length} tools for ${tools.length - pins.length} commands${pins.length > 0 ? `, ${pins.length} pinned` : ''}`, measure(listed));
  };
  return projected === undefined ? chosen() : { ...chosen(), projectedTokens: projected };
}

function searchCatalog(source: MetaSource, tools: readonly ToolDefinition[], pinned: (tool: ToolDefinition) => boolean, closing: readonly ListedTool[], why: string): Catalog {
  const pins = tools.filter(pinned);
  const anyReadOnly = tools.some((tool) => source.risk(tool) === 'read-only');
  const runWith = (tool: ToolDefinition): string => (pins.includes(tool) ? tool.name : source.risk(tool) === 'read-only' ? source.names.runReadOnly : source.names.run);
  const listed = [
    ...pins.map((tool) => direct(tool, source)),
    searchTool(source),
    describeTool(source, runWith),
    ...(anyReadOnly ? [commandCallTool(source, 'read-only')] : []),
    commandCallTool(source, 'any'),
    ...closing,
  ];
  const pinNote = pins.length > 0 ? `, ${pins.length} pinned` : '';
  return catalog('search', true, listed, `${tools.length} commands found through ${source.names.search}${pinNote}: ${why}`, measure(listed));
}

function catalog(mode: DiscoveryMode, compacted: boolean, listed: readonly ListedTool[], why: string, tokens: number | undefined): Catalog {
  const byName = new Map<string, ListedTool>();
  for (const tool of listed) {
    if (byName.has(tool.name)) throw new CliMcpError('cli-mcp.tool-name-collision', `two listed tools are named "${tool.name}" in ${mode} mode (a pinned command and a command group, or two groups whose words differ only in punctuation); pin fewer commands or serve another mode`);
    byName.set(tool.name, tool);
  }
  const size = tokens === undefined ? '' : ` (about ${formatCount(tokens)} tokens)`;
  const note = `${mode} mode, ${listed.length} tools listed${size}: ${why}`;
  const names = [...byName.keys()];
  return { mode, compacted, listed, find: (name) => byName.get(name), resolve: (requested) => resolveToolName(requested, names), note };
}

/**
 * A part-read tree's compact list, projected: the commands read, at their mean compact size, times every command known
 * (a pending group counted as one). Undefined when nothing is pending, or too few are read to tell.
 */
function projectedTokens(tools: readonly ToolDefinition[], source: MetaSource): number | undefined {
  const read = tools.filter((tool) => tool.command.pending !== true);
  if (read.length === tools.length || read.length < MIN_SAMPLE) return undefined;
  const names = sharedOptionNames(read.map((tool) => tool.command));
  const bytes = read.reduce((sum, tool) => sum + Buffer.byteLength(JSON.stringify(listedToolJson(direct(tool, source, names)))) + 1, 0);
  return Math.ceil((bytes / 4 / read.length) * tools.length);
}

/** Commands read before a projection is trusted, and how far past the budget it must go: a few read commands tell a list's size only roughly. */
const MIN_SAMPLE = 5;
const PROJECTION_MARGIN = 1.25;

/** Whether a compact list of this many tools could fit: a tool with a name, a line and an empty schema is already ~25 tokens. */
function hopeful(count: number, budgetTokens: number): boolean {
  return count * MIN_TOOL_TOKENS < budgetTokens;
}

const MIN_TOOL_TOKENS = 25;

/**
 * A command's own tool; with `shared`, in its compact list form, which also leaves out the output
 * schema every such tool repeats (the result still carries its structured content).
 */
function direct(tool: ToolDefinition, source: MetaSource, shared?: ReadonlySet<string>): ListedTool {
  let compact: ReturnType<typeof compactInputSchema> | undefined;
  return {
    name: tool.name,
    // In a compact list a title that is only the command's path tells nothing the name does not.
    ...(shared && tool.title === tool.command.path.join(' ') ? {} : { title: tool.title }),
    description: withRunHint(shared ? firstSentence(tool.description) : tool.description, tool, source),
    get inputSchema() {
      return shared ? (compact ??= compactInputSchema(tool.inputJsonSchema, shared)) : tool.inputJsonSchema;
    },
    ...(shared ? {} : { outputSchema: outputJsonSchema }),
    annotations: riskAnnotations(source.risk(tool), tool.annotations),
    ...(tool.command.longRunning ? { longRunning: true } : {}),
    call: (input, options) => source.run(tool, input, options),
  };
}

/** A long-running command's description says where to start it, so the model need not wait on a direct call. */
function withRunHint(description: string, tool: ToolDefinition, source: MetaSource): string {
  if (!tool.command.longRunning || !source.runs) return description;
  return `${description}${description === '' ? '' : ' '}Usually takes minutes: start it with ${source.names.runStart} to poll its output.`;
}

/**
 * The estimated tokens of a list's `tools/list` JSON, all pages together (exactly `estimateTokens({ tools })`),
 * or undefined once past the budget: counting stops there, so a huge list builds few schemas.
 */
function measure(listed: readonly ListedTool[], budgetTokens = Number.MAX_SAFE_INTEGER / 4): number | undefined {
  let bytes = LIST_WRAPPER_BYTES - 1;
  for (const tool of listed) {
    bytes += Buffer.byteLength(JSON.stringify(listedToolJson(tool))) + 1;
    if (bytes > budgetTokens * 4) return undefined;
  }
  return Math.ceil(bytes / 4);
}

/** `{"tools":[` and `]}`. */
const LIST_WRAPPER_BYTES = '{"tools":[]}'.length;
