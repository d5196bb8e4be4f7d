import { resolve } from 'node:path';
import { CliMcpError } from '../errors.js';
import { checkArgv, checkLauncherFile, validateArgvPolicy, type ArgvPolicy } from '../argv/argv-policy.js';
import { buildArgv } from '../argv/build-argv.js';
import { childEnvironment, type EnvironmentOptions } from '../exec/environment.js';
import type { Launcher } from '../exec/launcher.js';
import { DEFAULT_KILL_GRACE_MS, DEFAULT_MAX_OUTPUT_BYTES, runCommand } from '../exec/run.js';
import { compose } from '../middleware/compose.js';
import { hardenInputMiddleware, type InputLimits } from '../middleware/harden-input.js';
import { logCalls, type LogCallsOptions } from '../middleware/log-calls.js';
import { DEFAULT_TIMEOUT_MS } from '../middleware/timeout.js';
import type { CallContext, Middleware } from '../middleware/types.js';
import { checkInput, validate } from '../middleware/validate.js';
import type { CommandSpec, ToolResult } from '../types.js';
import { buildTools, type ToolShapeOptions } from './build-tools.js';
import { resolveToolName, unknownToolMessage, type ResolvedToolName } from './resolve-name.js';
import type { ToolDefinition } from './definition.js';

/** How tools are made and run. Every field is optional but `launcher`. */
export interface CliToolsOptions extends ToolShapeOptions {
  /** How to start the CLI: the executable and the arguments that come before the command path. */
  readonly launcher: Launcher;
  /** Middleware for every tool, outside each selector's own. */
  readonly middleware?: readonly Middleware[];
  /** One structured line per call; `false` turns it off. @default a JSON line on stderr */
  readonly callLog?: false | LogCallsOptions;
  /** Limits on raw input, checked before validation (prototype keys, NUL/CR/LF, sizes, counts, depth). */
  readonly inputLimits?: InputLimits;
  /** How long a process may run before its tree is stopped. @default 60000 */
  readonly timeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when a process tree is stopped. @default 2000 */
  readonly killGraceMs?: number;
  /** Most bytes kept of each of stdout and stderr. @default 1048576 */
  readonly maxOutputBytes?: number;
  /** Working directory of the CLI. @default process.cwd() */
  readonly cwd?: string;
  /** Which environment variables the CLI gets. @default an allowlist: PATH, HOME, LANG, TERM, TMPDIR, … */
  readonly env?: EnvironmentOptions;
}

/** Per-call hooks from the transport. */
export interface CallOptions {
  /** The client's cancel. */
  readonly signal?: AbortSignal;
  /** Where middleware log messages for the client go. @default nowhere */
  readonly log?: CallContext['log'];
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
  const settings = normalise(options);
  const tools = buildTools(root, options);
  const byName = new Map(
    tools.map((tool) => [tool.name, { tool, chain: compose([...settings.outer, validate, ...settings.middleware, ...tool.middleware], (ctx) => runTool(ctx, settings)) }]),
  );

  const names = tools.map((tool) => tool.name);

  return {
    tools,
    find: (name) => byName.get(name)?.tool,
    resolve: (name) => resolveToolName(name, names),
    async call(name, input, { signal = new AbortController().signal, log = () => {} } = {}) {
      const resolved = resolveToolName(name, names);
      const entry = resolved.kind === 'unknown' ? undefined : byName.get(resolved.name);
      if (!entry) return { isError: true, message: unknownToolMessage(name, resolved.kind === 'unknown' ? resolved.suggestions : []) };
      const { tool, chain } = entry;
      const ctx: CallContext = { tool, rawInput: input, input: { flags: {}, args: [] }, signal, log, timeoutMs: settings.timeoutMs, state: new Map() };
      try {
        await chain(ctx);
      } catch (error) {
        return { isError: true, message: `The call failed inside cli-mcp: ${error instanceof Error ? error.message : String(error)}` };
      }
      return ctx.result ?? { isError: true, message: 'No middleware produced a result (a PreRun must return a result or call next).' };
    },
  };
}

type Settings = ReturnType<typeof normalise>;

function normalise(options: CliToolsOptions) {
  return {
    launcher: options.launcher,
    middleware: options.middleware ?? [],
    // The call log is outermost, so it records refusals by any other layer.
    outer: [...(options.callLog === false ? [] : [logCalls(options.callLog)]), hardenInputMiddleware(options.inputLimits)],
    timeoutMs: positive('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    killGraceMs: positive('killGraceMs', options.killGraceMs, DEFAULT_KILL_GRACE_MS),
    maxOutputBytes: positive('maxOutputBytes', options.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES),
    cwd: options.cwd,
    env: environmentFor(options),
    argvPolicy: checkedPolicy(options),
  };
}

/** The child's environment, computed once: the allowlist applied to this process's environment. */
function environmentFor(options: CliToolsOptions): Record<string, string> {
  const env = childEnvironment(process.env, options.env);
  // An inherited PWD would name the server's directory, not the one the CLI runs in.
  if (env.PWD !== undefined) env.PWD = resolve(options.cwd ?? process.cwd());
  return env;
}

function checkedPolicy(options: CliToolsOptions): ArgvPolicy {
  const policy = options.argvPolicy ?? {};
  validateArgvPolicy(policy);
  const refused = checkLauncherFile(options.launcher.file);
  if (refused) throw new CliMcpError('cli-mcp.invalid-option', refused);
  return policy;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new CliMcpError('cli-mcp.invalid-option', `${name} must be a positive number, got ${value}`);
  return value;
}

/** The centre of the onion: re-check the input (middleware may have changed it), build argv, run. */
async function runTool(ctx: CallContext, settings: Settings): Promise<void> {
  const checked = checkInput(ctx.tool, ctx.input);
  if (!checked.ok) {
    ctx.result = { isError: true, message: `Middleware left invalid input.\n${checked.message}` };
    return;
  }
  const { argvPolicy } = settings;
  const canonical = buildArgv(ctx.tool.command, checked.input);
  // A CLI that does not honour `--` gets none; the policy has checked the positionals behind it first.
  const argv = argvPolicy.honoursDoubleDash === false ? canonical.filter((_, index) => index !== canonical.indexOf('--')) : canonical;
  ctx.argv = argv;
  // The last word before the spawn, whatever the middleware did.
  const refused = checkArgv(canonical, argvPolicy);
  if (refused) {
    ctx.result = { isError: true, message: `Refused: ${refused}` };
    ctx.state.set('decision', 'refused: argv policy');
    return;
  }
  const outcome = await runCommand({
    file: settings.launcher.file,
    args: [...settings.launcher.prefixArgs, ...argv],
    cwd: settings.cwd,
    env: settings.env,
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    killGraceMs: settings.killGraceMs,
    maxOutputBytes: settings.maxOutputBytes,
  });
  if (outcome.kind === 'not-started') {
    ctx.result = { isError: true, message: outcome.message };
    return;
  }
  const { output } = outcome;
  ctx.result = { isError: output.timedOut || output.exitCode !== 0, output };
}
