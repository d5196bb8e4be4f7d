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
import type { OptionSpec } from '../types.js';

const NAMES: ReadonlySet<string> = new Set(['watch', 'watch-all', 'watch-only', 'follow', 'follow-new']);

/** What `follow` means when it is not "keep printing what comes", and a watch that ends by itself. */
const ENDS = /\b(?:renam\w*|symlinks?|symbolic|links?|redirects?|tags?)\b|\buntil (?:it is|it's|they are|they're) (?:done|complete|finished|ready)\b/i;

/** "same as --follow=name --retry", "equivalent to --watch": the option this one stands for. */
const SAME_AS = /^\s*(?:same as|equivalent to|alias (?:for|of)|shorthand for|short for)\s+`?(--?[A-Za-z0-9][\w-]*)/i;

/** `watchAll` → `watch-all`, `Watch_Only` → `watch-only`. */
function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/_/g, '-').toLowerCase();
}

/** Whether the option, by itself, runs its command until stopped: `follows` when set, else the rule above (without the "same as" part). */
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
