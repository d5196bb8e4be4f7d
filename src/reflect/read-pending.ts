/**
 * A lazily read tree's pending commands read breadth-first, a batch at a time, until a caller has seen enough:
 * `auto` discovery until the commands read pass the list budget or project a list well past it (the whole tree in one
 * crawl once they project one that fits), a client that lists every tool until none is left.
 */
import type { CommandSpec, ReadCommand } from '../types.js';

/** Commands asked for together at first (the lazy reader reads them in one crawl, its help calls a few at a time); each batch doubles it. */
const FIRST_BATCH = 8;

/** What a caller makes of the tree read so far: enough is read, read the next batch, or read the whole tree now (in one crawl). */
export type ReadMore = 'enough' | 'batch' | 'all';

/**
 * Reads pending commands, shallowest first, until `judge(tree)` says enough or none is left (each is asked for once), and
 * returns the tree as read and how many commands were asked for. A read that fails leaves its command pending, as it was.
 */
export async function readPendingUntil(tree: CommandSpec, readCommand: ReadCommand, judge: (tree: CommandSpec) => ReadMore): Promise<{ readonly tree: CommandSpec; readonly asked: number }> {
  let latest = tree;
  const tried = new Set<string>();
  // Commands the whole read read, once it has run.
  let wholeRead: number | undefined;
  // Small at first, since a few commands may be enough; doubled, so a tree read whole takes few crawls.
  for (let size = FIRST_BATCH, more = judge(latest); more !== 'enough'; size *= 2, more = judge(latest)) {
    // Once: what a whole read leaves pending could not be read, and is read no more.
    if (more === 'all' && wholeRead === undefined) {
      const before = commandsRead(latest);
      latest = (await readCommand([], { below: true }).catch(() => undefined))?.spec ?? latest;
      wholeRead = commandsRead(latest) - before;
      for (const words of pendingPaths(latest)) tried.add(words.join(' '));
      continue;
    }
    const batch = pendingPaths(latest).filter((words) => !tried.has(words.join(' '))).slice(0, size);
    if (batch.length === 0) break;
    for (const words of batch) tried.add(words.join(' '));
    const reads = await Promise.all(batch.map((words) => readCommand(words).catch(() => undefined)));
    latest = reads.findLast((read) => read !== undefined)?.spec ?? latest;
  }
  return { tree: latest, asked: tried.size + (wholeRead ?? 0) };
}

/** Commands of the tree read, the root with them. */
export function commandsRead(tree: CommandSpec): number {
  return tree.subcommands.reduce((sum, sub) => sum + commandsRead(sub), tree.pending === true ? 0 : 1);
}

/** Whether any command of the tree is still pending. */
export function hasPending(tree: CommandSpec): boolean {
  return pendingPaths(tree).length > 0;
}

/** The words after the program of each pending command, shallowest first (a pending root is `[]`). */
function pendingPaths(tree: CommandSpec): string[][] {
  const found: string[][] = [];
  const walk = (node: CommandSpec, words: string[]): void => {
    if (node.pending === true) found.push(words);
    for (const sub of node.subcommands) walk(sub, [...words, sub.name]);
  };
  walk(tree, []);
  return found.sort((a, b) => a.length - b.length);
}
