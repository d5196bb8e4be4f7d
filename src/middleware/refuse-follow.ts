/**
 * Which options make a command run until stopped (`tail --follow`, `kubectl get --watch`, `tsc --watch`): a call
 * that turns one on never ends by itself, so only a background run may make it. A manifest's `follows` decides;
 * else the option is inferred to follow when all of these hold:
 *
 * - its long name is `watch`, `watch-all`, `watch-only`, `follow` or `follow-new` (camelCase too: `watchAll`), so
 *   `--watch-files`, `--output-watch-events` and `--follow-tags` are not; a one-letter name never is (`-f` is force or file as often);
 * - it is a switch, or a value it may go without (`tail --follow[=name]`): never one that needs a value (`--watch <dir>`);
 * - it can be turned on (it has a flag) and is not on by default (`kubectl rollout status --watch=true` ends when the rollout does);
 * - its description does not give `follow` another meaning (renames, links, redirects, tags: `git log --follow`) or say it ends.
 *
 * And a switch described as the same as such an option (`tail -F`: "same as --follow=name --retry") follows too.
 */
import type { Middleware } from './context.js';
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

const NAMES: ReadonlySet<string> = new Set(['watch', 'watch-all', 'watch-only', 'follow', 'follow-new']);

/** What `follow` means when it is not "keep printing what comes", and a watch that ends by itself. */
const ENDS = /\b(?:renam\w*|symlinks?|symbolic|links?|redirects?|tags?)\b|\buntil (?:it is|it's|they are|they're) (?:done|complete|finished|ready)\b/i;

/** "same as --follow=name --retry", "equivalent to --watch": the option this one stands for. */
const SAME_AS = /^\s*(?:same as|equivalent to|alias (?:for|of)|shorthand for|short for)\s+`?(--?[A-Za-z0-9][\w-]*)/i;

/** `watchAll` → `watch-all`, `Watch_Only` → `watch-only`. */
function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/_/g, '-').toLowerCase();
}

/** Whether the option, by itself, runs its command until stopped: `follows` when set, else the rule at the top of this file (without the "same as" part). */
export function followsByItself(option: OptionSpec): boolean {
  if (option.follows !== undefined) return option.follows;
  if (option.name.length < 2 || !NAMES.has(kebab(option.name))) return false;
  if (option.type !== 'boolean' && option.optionalValue !== true) return false;
  if (option.flag === undefined || option.default === true) return false;
  return !ENDS.test(option.description ?? '');
}

/** The options of a command that run it until stopped, its "same as" switches included. */
export function followingOptions(options: readonly OptionSpec[]): OptionSpec[] {
  const direct = options.filter(followsByItself);
  const tokens = new Set(direct.flatMap((option) => [option.flag, ...(option.aliases ?? [])]));
  const standIns = options.filter((option) => {
    if (option.follows !== undefined || option.type !== 'boolean' || option.flag === undefined || direct.includes(option)) return false;
    const named = SAME_AS.exec(option.description ?? '')?.[1];
    return named !== undefined && tokens.has(named);
  });
  return [...direct, ...standIns];
}

/** Whether a call's value turns the option on: `true` (the bare flag), a non-empty value, a list with items; never `false` or absent. */
export function turnsOn(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'string') return value !== '' && value.toLowerCase() !== 'false';
  if (typeof value === 'number') return value !== 0;
  return Array.isArray(value) && value.length > 0;
}

const cache = new WeakMap<readonly OptionSpec[], OptionSpec[]>();

/** The first option of these that the call's flags turn on and that runs the command until stopped. */
export function followingFlag(options: readonly OptionSpec[], flags: Readonly<Record<string, unknown>>): OptionSpec | undefined {
  let following = cache.get(options);
  if (!following) cache.set(options, (following = followingOptions(options)));
  return following.find((option) => Object.hasOwn(flags, option.name) && turnsOn(flags[option.name]));
}
