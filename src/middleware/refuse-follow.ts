import type { Middleware } from './context.js';
import { followingFlag } from './follows.js';
import type { OptionSpec, ToolInput } from '../types.js';
import { refuse } from './refuse.js';

/** The names of the tools that start, poll and cancel a background run. */
export interface RunToolNames {
  readonly runStart: string;
  readonly runStatus: string;
  readonly runCancel: string;
}

/** Longest call echoed back in the refusal; a longer one is described instead of repeated. */
const MAX_ECHO_CHARS = 2000;

/**
 * Refuses a direct call that turns on an option that runs its command until stopped (`tail --follow`,
 * `kubectl get --watch`, see `followingOptions`): it could only end at the timeout, output cut short. The
 * refusal names the flag and the exact background-run call that serves it, or, when runs are off, how to leave
 * the flag out. A background run (`ctx.background`: a task or `<p>_run_start`) goes through.
 */
export function refuseFollow(runTools: RunToolNames | undefined): Middleware {
  return async (ctx, next) => {
    if (ctx.background) return next();
    const option = followingFlag(ctx.tool.command.options, ctx.input.flags);
    if (!option) return next();
    const what = `${ctx.tool.name} with ${option.flag ?? option.name} (flags.${option.name}) runs until stopped`;
    const message = runTools
      ? `${what}, so a direct call would only end at its timeout. Start it in the background instead: ${runTools.runStart} ${startInput(ctx.tool.name, ctx.input)}; then ${runTools.runStatus} {"runId": …} with the runId it gives reads the output as it comes (pass nextCursor to get only what is new), and ${runTools.runCancel} {"runId": …} stops it. Nothing was run.`
      : `${what}, and this server cannot serve it: a call must end within its timeout, and background runs are off here. To run it once and get its output, call ${ctx.tool.name} again without ${JSON.stringify(option.name)} in flags${offHint(option)}. Nothing was run.`;
    refuse(ctx, message, 'refused: runs until stopped');
  };
}

/** The run-start tool's input for the same call: the command, its flags, args and passthrough. */
function startInput(tool: string, input: ToolInput): string {
  const call = { command: tool, flags: input.flags, args: input.args, ...(input.passthrough ? { passthrough: input.passthrough } : {}) };
  const text = JSON.stringify(call);
  return text.length <= MAX_ECHO_CHARS ? text : `{"command": ${JSON.stringify(tool)}, "flags": <the same flags>, "args": <the same args>${input.passthrough ? ', "passthrough": <the same words>' : ''}}`;
}

function offHint(option: OptionSpec): string {
  return option.type === 'boolean' ? ' (or set to false)' : '';
}
