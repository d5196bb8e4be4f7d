/**
 * What a part-read tree (a lazy crawl's) is sure to list, so `auto` can tell early that the whole list passes the budget:
 * a list only grows as commands are read.
 */
import { flattenRunnable } from '../reflect/flatten.js';
import type { CommandSpec } from '../types.js';

/**
 * The tree as a pending command is sure to see it: a command read hands down only the options a command read below it
 * was seen to take from it (a runnable root's own flags reach no pending command), so each pending command lists its
 * name, its line and those options, and each command read lists what it takes.
 */
export function surePart(tree: CommandSpec): CommandSpec {
  const handed = new Set<string>();
  for (const command of flattenRunnable(tree)) {
    if (command.pending === true) continue;
    for (const option of command.options) if (option.depth < command.path.length - 1) handed.add(`${command.path.slice(0, option.depth + 1).join(' ')}\0${option.name}`);
  }
  // Only a command with pending ones below it changes: the rest are as read.
  const sure = (node: CommandSpec, path: readonly string[]): CommandSpec => {
    if (!pendingBelow(node)) return node;
    const key = path.join(' ');
    return {
      ...node,
      options: node.options.map((option) => (option.local === true || handed.has(`${key}\0${option.name}`) ? option : { ...option, local: true })),
      subcommands: node.subcommands.map((sub) => sure(sub, [...path, sub.name])),
    };
  };
  return sure(tree, [tree.name]);
}

function pendingBelow(node: CommandSpec): boolean {
  return node.subcommands.some((sub) => sub.pending === true || pendingBelow(sub));
}
