import { DEFAULT_ARGV_CONVENTIONS, inheritConventions } from '../argv/conventions.js';
import type { ArgvConventions, CommandSpec, OptionSpec, RunnableCommand, ScopedOption } from '../types.js';

/**
 * The runnable commands of a tree, depth-first in declaration order (the root first when it is
 * runnable). Each carries its path from the root and its options: ancestors' first, then its own,
 * each with the `depth` of the declaring command; a nearer option shadows a farther one of the same name.
 * Argv conventions are resolved from the root down (a command's own fields over its parent's). Each also
 * carries the words that run the commands under it (names, aliases, hidden ones), which it must never receive as a positional.
 * @example flattenRunnable(spec).map((c) => c.path) // [['kubectl', 'get'], ['kubectl', 'config', 'view']]
 */
export function flattenRunnable(root: CommandSpec): RunnableCommand[] {
  const runnable: RunnableCommand[] = [];
  const walk = (node: CommandSpec, path: readonly string[], inherited: readonly ScopedOption[], parentConventions: ArgvConventions): void => {
    const depth = path.length - 1;
    const conventions = inheritConventions(parentConventions, node.argv);
    const own = node.options.map((option): ScopedOption => ({ ...withExplicitFalse(option, conventions), depth }));
    const ownNames = new Set(own.map((option) => option.name));
    const options = [...inherited.filter((option) => !ownNames.has(option.name)), ...own];
    if (node.runnable) {
      const subcommandNames = [...node.subcommands.flatMap((sub) => [sub.name, ...(sub.aliases ?? [])]), ...(node.hiddenCommands ?? [])];
      runnable.push({
        path,
        options,
        positionals: node.positionals,
        ...(node.description !== undefined ? { description: node.description } : {}),
        ...(node.examples !== undefined ? { examples: node.examples } : {}),
        ...(node.details !== undefined ? { details: node.details } : {}),
        ...(node.annotations !== undefined ? { annotations: node.annotations } : {}),
        ...(node.longRunning ? { longRunning: true } : {}),
        ...(node.sandbox === 'off' ? { sandbox: 'off' as const } : {}),
        ...(node.pending ? { pending: true as const } : {}),
        ...(conventions !== DEFAULT_ARGV_CONVENTIONS ? { argv: conventions } : {}),
        ...(node.passthrough !== undefined ? { passthrough: node.passthrough } : {}),
        ...(subcommandNames.length > 0 ? { subcommandNames } : {}),
      });
    }
    // A local option stays here; an inherited one it shadowed reaches the subcommands again.
    const passedNames = new Set(own.filter((option) => option.local !== true).map((option) => option.name));
    const passed = [...inherited.filter((option) => !passedNames.has(option.name)), ...own.filter((option) => option.local !== true)];
    for (const sub of node.subcommands) walk(sub, [...path, sub.name], passed, conventions);
  };
  walk(root, [root.name], [], DEFAULT_ARGV_CONVENTIONS);
  return runnable;
}

/** pflag and Go's flag turn a switch off with `--x=false`: where the conventions say so, that is its negation. */
function withExplicitFalse(option: OptionSpec, conventions: ArgvConventions): OptionSpec {
  if (conventions.falseValue !== 'explicit' || option.type !== 'boolean' || option.negation !== undefined || option.flag === undefined || option.count === true) return option;
  return { ...option, negation: `${option.flag}=false` };
}
