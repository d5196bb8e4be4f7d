import type { CommandSpec, RunnableCommand, ScopedOption } from '../types.js';

/**
 * The runnable commands of a tree, depth-first in declaration order (the root first when it is
 * runnable). Each carries its path from the root and its options: ancestors' first, then its own,
 * each with the `depth` of the declaring command; a nearer option shadows a farther one of the same name.
 * @example flattenRunnable(spec).map((c) => c.path) // [['kubectl', 'get'], ['kubectl', 'config', 'view']]
 */
export function flattenRunnable(root: CommandSpec): RunnableCommand[] {
  const runnable: RunnableCommand[] = [];
  const walk = (node: CommandSpec, path: readonly string[], inherited: readonly ScopedOption[]): void => {
    const depth = path.length - 1;
    const own = node.options.map((option): ScopedOption => ({ ...option, depth }));
    const ownNames = new Set(own.map((option) => option.name));
    const options = [...inherited.filter((option) => !ownNames.has(option.name)), ...own];
    if (node.runnable) {
      const command: RunnableCommand = { path, options, positionals: node.positionals };
      runnable.push({
        ...command,
        ...(node.description !== undefined ? { description: node.description } : {}),
        ...(node.examples !== undefined ? { examples: node.examples } : {}),
        ...(node.annotations !== undefined ? { annotations: node.annotations } : {}),
      });
    }
    for (const sub of node.subcommands) walk(sub, [...path, sub.name], options);
  };
  walk(root, [root.name], []);
  return runnable;
}
