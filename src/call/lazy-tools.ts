/**
 * Tools over a tree whose commands are read when they are asked for (a lazy help crawl): a pending command's
 * tool is a placeholder, read before it is described or called; the tools are then rebuilt over the tree read.
 */
import type { ToolDefinition } from '../tool/definition.js';
import type { ReadCommand, ToolResult } from '../types.js';
import type { ReadyCommand } from '../discovery/meta-tools.js';
import { firstSentence } from '../discovery/search.js';

/** The tools built over a tree: what a read command is looked up in. */
export interface BuiltTools {
  readonly tools: readonly ToolDefinition[];
  readonly run: ReadyCommand['run'];
}

/**
 * Reads the command at `path` (program first; a pending command, or one below it) and finds its tool among the tools
 * rebuilt over the tree read. A command whose help could not be read, or that is a group, is an isError result that says so.
 */
export async function readPending(path: readonly string[], readCommand: ReadCommand, rebuild: (spec: Awaited<ReturnType<ReadCommand>>['spec']) => BuiltTools): Promise<ReadyCommand | ToolResult> {
  const words = path.slice(1);
  const where = path.join(' ');
  let read: Awaited<ReturnType<ReadCommand>>;
  try {
    read = await readCommand(words);
  } catch (error) {
    return { isError: true, message: `Could not read the help of "${where}": ${error instanceof Error ? error.message : String(error)}.` };
  }
  if (read.failure !== undefined) return { isError: true, message: read.failure };
  const next = rebuild(read.spec);
  const found = next.tools.find((candidate) => candidate.command.path.join(' ') === where);
  if (found !== undefined && found.command.pending !== true) return { tool: found, run: next.run };
  const below = next.tools.filter((candidate) => candidate.command.path.length > words.length + 1 && candidate.command.path.slice(0, words.length + 1).join(' ') === where);
  if (below.length === 0) return { isError: true, message: `\`${where}\` runs nothing by itself and lists no command.` };
  const listed = below.map((candidate) => `${candidate.name} (${firstSentence(candidate.description)})`).join('; ');
  return { isError: true, message: `\`${where}\` is a group of commands, not one to run; describe one of its ${below.length}: ${listed}` };
}
