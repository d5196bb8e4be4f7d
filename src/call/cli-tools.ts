import type { CommandSpec, ToolResult } from '../types.js';
import { compose } from '../middleware/compose.js';
import { chooseTools } from '../tool/build-tools.js';
import type { ToolDefinition } from '../tool/definition.js';
import { resolveToolName, unknownToolMessage, type ResolvedToolName } from '../tool/resolve-name.js';
import type { CallContext } from './context.js';
import { layersFor } from './layers.js';
import { runSettings, type CliToolsOptions } from './options.js';
import { runTool } from './run-tool.js';

export type { CliToolsOptions } from './options.js';

/** Per-call hooks from the transport. */
export interface CallOptions {
  /** The client's cancel. */
  readonly signal?: AbortSignal;
  /** Where middleware log messages for the client go. @default nowhere */
  readonly log?: CallContext['log'];
  /** Receives the CLI's output lines as it runs (sanitised and redacted, rate-limited). @default none */
  readonly progress?: (message: string) => void;
  /** Whether the user can be asked, their answer, and the session's grants. @default cannot ask, no grants */
  readonly approval?: CallContext['approval'];
}

/** The tools of one CLI and the way to call them, independent of any transport. */
export interface CliTools {
  readonly tools: readonly ToolDefinition[];
  find(name: string): ToolDefinition | undefined;
  /** The tool a requested name means: exact, or resolved when unambiguous (`kubectl.get` → `kubectl_get`), else suggestions. */
  resolve(name: string): ResolvedToolName;
  /** Resolves the name, then runs the call (see `run`); an unknown name is an isError result with suggestions. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolResult>;
  /** Runs one call of a tool from `tools` through validation, middleware and the CLI; never throws for a bad call. */
  run(tool: ToolDefinition, input: unknown, options?: CallOptions): Promise<ToolResult>;
}

/** Builds the tools of a reflected CLI and the call pipeline that runs them. */
export function createCliTools(root: CommandSpec, options: CliToolsOptions): CliTools {
  const settings = runSettings(options);
  const chosen = chooseTools(root, options);
  const layers = layersFor(options, settings);
  const chains = new Map(chosen.map(({ tool, selection }) => [tool, compose(layers(selection), (ctx) => runTool(ctx, settings))]));
  const tools = chosen.map(({ tool }) => tool);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const names = tools.map((tool) => tool.name);
  const resolve = (name: string): ResolvedToolName => resolveToolName(name, names);

  const run: CliTools['run'] = async (tool, input, { signal = new AbortController().signal, log = () => {}, approval = { canAsk: false, grants: new Map() }, progress } = {}) => {
    const chain = chains.get(tool);
    if (!chain) return { isError: true, message: unknownToolMessage(tool.name, []) };
    const ctx: CallContext = { tool, rawInput: input, input: { flags: {}, args: [] }, signal, log, approval, progress, timeoutMs: settings.timeoutMs, state: new Map() };
    try {
      await chain(ctx);
    } catch (error) {
      return { isError: true, message: `The call failed inside cli-mcp: ${error instanceof Error ? error.message : String(error)}` };
    }
    return ctx.result ?? { isError: true, message: 'No middleware produced a result (a PreRun must return a result or call next).' };
  };

  return {
    tools,
    find: (name) => byName.get(name),
    resolve,
    run,
    async call(name, input, options) {
      const resolved = resolve(name);
      const tool = resolved.kind === 'unknown' ? undefined : byName.get(resolved.name);
      if (!tool) return { isError: true, message: unknownToolMessage(name, resolved.kind === 'unknown' ? resolved.suggestions : []) };
      return run(tool, input, options);
    },
  };
}
