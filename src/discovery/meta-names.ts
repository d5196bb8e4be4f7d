import { CliMcpError } from '../errors.js';
import { DEFAULT_TOOL_NAME_LENGTH } from '../reflect/tool-name.js';

/** The names of the tools that are not one command, all starting like the command tools do. */
export interface MetaNames {
  /** The word every tool name starts with (the program's, or the prefix; may be empty). */
  readonly lead: string;
  readonly search: string;
  readonly describe: string;
  readonly run: string;
  readonly runReadOnly: string;
  readonly readOutput: string;
}

const SUFFIXES: Readonly<Record<Exclude<keyof MetaNames, 'lead'>, string>> = {
  search: 'search_commands',
  describe: 'describe_command',
  run: 'run_command',
  runReadOnly: 'run_read_only_command',
  readOutput: 'read_output',
};

/** `kubectl_search_commands`, …: the program's word (or the prefix) and a suffix no command path is likely to give; the word is cut to fit the longest name. */
export function metaNames(program: string, prefix: string | undefined, maxLength = DEFAULT_TOOL_NAME_LENGTH): MetaNames {
  const lead = (prefix ?? program).replace(/[^A-Za-z0-9_-]+/g, '_');
  const name = (suffix: string): string => toolNameWith(lead.slice(0, Math.max(1, maxLength - suffix.length - 1)), suffix);
  const names = Object.fromEntries(Object.entries(SUFFIXES).map(([key, suffix]) => [key, name(suffix)]));
  return { lead, ...names } as MetaNames;
}

/** `lead_word`, or `word` alone when there is no lead; characters outside `[A-Za-z0-9_-]` become `_`. */
export function toolNameWith(lead: string, word: string): string {
  return (lead === '' ? word : `${lead}_${word}`).replace(/[^A-Za-z0-9_-]+/g, '_');
}

/** @throws {CliMcpError} `cli-mcp.tool-name-collision` when a command's tool took a meta-tool's name. */
export function checkMetaNames(names: MetaNames, commandToolNames: readonly string[]): void {
  const taken = new Set(commandToolNames);
  const { lead: _lead, ...tools } = names;
  for (const name of Object.values(tools)) {
    if (taken.has(name)) throw new CliMcpError('cli-mcp.tool-name-collision', `a command's tool is named "${name}", which cli-mcp needs for one of its own tools; give the tools another prefix (--prefix)`);
  }
}
