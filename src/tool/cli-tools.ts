import { checkArgv } from '../argv/argv-policy.js';
import { buildArgv } from '../argv/build-argv.js';
import { positionalsFirst } from '../argv/layout.js';
import { runCommand } from '../exec/run.js';
import { compose } from '../middleware/compose.js';
import type { CallContext } from '../middleware/types.js';
import { checkInput } from '../middleware/validate.js';
import type { CommandSpec, ToolResult } from '../types.js';
import { buildTools } from './build-tools.js';
import type { ToolDefinition } from './definition.js';
import { layersFor } from './layers.js';
import { lineProgress } from './progress.js';
import { runSettings, type CliToolsOptions, type RunSettings } from './options.js';
import { resolveToolName, unknownToolMessage, type ResolvedToolName } from './resolve-name.js';
import { refuse } from '../middleware/refuse.js';

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
  /** Runs one call through validation, middleware and the CLI; never throws for a bad call. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolResult>;
}

/** Builds the tools of a reflected CLI and the call pipeline that runs them. */
export function createCliTools(root: CommandSpec, options: CliToolsOptions): CliTools {
  const settings = runSettings(options);
  const tools = buildTools(root, options);
  const layers = layersFor(options);
  const byName = new Map(tools.map((tool) => [tool.name, { tool, chain: compose(layers(tool), (ctx) => runTool(ctx, settings)) }]));

  const names = tools.map((tool) => tool.name);

  return {
    tools,
    find: (name) => byName.get(name)?.tool,
    resolve: (name) => resolveToolName(name, names),
    async call(name, input, { signal = new AbortController().signal, log = () => {}, approval = { canAsk: false, grants: new Map() }, progress } = {}) {
      const resolved = resolveToolName(name, names);
      const entry = resolved.kind === 'unknown' ? undefined : byName.get(resolved.name);
      if (!entry) return { isError: true, message: unknownToolMessage(name, resolved.kind === 'unknown' ? resolved.suggestions : []) };
      const { tool, chain } = entry;
      const ctx: CallContext = { tool, rawInput: input, input: { flags: {}, args: [] }, signal, log, approval, progress, timeoutMs: settings.timeoutMs, state: new Map() };
      try {
        await chain(ctx);
      } catch (error) {
        return { isError: true, message: `The call failed inside cli-mcp: ${error instanceof Error ? error.message : String(error)}` };
      }
      return ctx.result ?? { isError: true, message: 'No middleware produced a result (a PreRun must return a result or call next).' };
    },
  };
}

/** The centre of the onion: re-check the input (middleware may have changed it), build argv, run. */
async function runTool(ctx: CallContext, settings: RunSettings): Promise<void> {
  const checked = checkInput(ctx.tool, ctx.input);
  if (!checked.ok) {
    ctx.result = { isError: true, message: `Middleware left invalid input.\n${checked.message}` };
    return;
  }
  const { argvPolicy } = settings;
  const canonical = buildArgv(ctx.tool.command, checked.input);
  // A CLI that does not honour `--` gets none; the policy has checked the positionals behind it first.
  const argv = argvPolicy.honoursDoubleDash === false ? positionalsFirst(canonical) : canonical;
  ctx.argv = argv;
  // The last word before the spawn, whatever the middleware did.
  const refused = checkArgv(canonical, argvPolicy);
  if (refused) {
    refuse(ctx, `Refused: ${refused}`, 'refused: argv policy');
    return;
  }
  const lines = ctx.progress && lineProgress(ctx.progress, settings.cleanText);
  const outcome = await runCommand({
    file: settings.launcher.file,
    args: [...settings.launcher.prefixArgs, ...argv],
    cwd: settings.cwd,
    env: settings.env,
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    killGraceMs: settings.killGraceMs,
    maxOutputBytes: settings.maxOutputBytes,
    onOutput: lines && ((chunk) => lines.write(chunk)),
  });
  lines?.end();
  if (outcome.kind === 'not-started') {
    ctx.result = { isError: true, message: outcome.message };
    return;
  }
  const { output } = outcome;
  ctx.result = { isError: output.timedOut || output.exitCode !== 0, output };
}
