import { createHash } from 'node:crypto';
import { CliMcpError } from '../errors.js';
import { DEFAULTS } from '../options.js';

/** The names of the tools that are not one command, all starting like the command tools do. */
export interface MetaNames {
  /** The word every tool name starts with (the program's, or the prefix; may be empty). */
  readonly lead: string;
  /** The longest tool name. */
  readonly maxLength: number;
  readonly search: string;
  readonly describe: string;
  readonly run: string;
  readonly runReadOnly: string;
  readonly readOutput: string;
  /** Starts a command in the background (`<p>_run_start`). */
  readonly runStart: string;
  readonly runStatus: string;
  readonly runCancel: string;
}

/** Each meta-tool's word after the lead (`kubectl_search_commands`). */
export const SUFFIXES: Readonly<Record<Exclude<keyof MetaNames, 'lead' | 'maxLength'>, string>> = {
  search: 'search_commands',
  describe: 'describe_command',
  run: 'run_command',
  runReadOnly: 'run_read_only_command',
  readOutput: 'read_output',
  runStart: 'run_start',
  runStatus: 'run_status',
  runCancel: 'run_cancel',
};

/** A second wording for each, taken only where a command already has the first name (`gh run cancel` is `gh_run_cancel`). */
export const OTHER_SUFFIXES: Readonly<Record<keyof typeof SUFFIXES, string>> = {
  search: 'find_commands',
  describe: 'command_help',
  run: 'call_command',
  runReadOnly: 'call_read_only_command',
  readOutput: 'read_spooled_output',
  runStart: 'start_background_run',
  runStatus: 'background_run_status',
  runCancel: 'cancel_background_run',
};

/**
 * `kubectl_search_commands`, …: the program's word (or the prefix) and a suffix no command path is likely to give; the word is
 * cut to fit the longest name. A command's tool keeps its name: where one has a meta-tool's name (`commands`, the command
 * tools' names), the meta-tool takes its second wording (`gh_cancel_background_run` beside gh's own `gh_run_cancel`).
 */
export function metaNames(program: string, prefix: string | undefined, maxLength = DEFAULTS.maxToolNameLength, commands: ReadonlySet<string> = new Set()): MetaNames {
  const lead = (prefix ?? program).replace(/[^A-Za-z0-9_-]+/g, '_');
  const name = (suffix: string): string => toolNameWith(lead.slice(0, Math.max(1, maxLength - suffix.length - 1)), suffix, maxLength);
  const free = (key: keyof typeof SUFFIXES): string => {
    const first = name(SUFFIXES[key]);
    return commands.has(first) ? name(OTHER_SUFFIXES[key]) : first;
  };
  const names = Object.fromEntries((Object.keys(SUFFIXES) as (keyof typeof SUFFIXES)[]).map((key) => [key, free(key)]));
  return { lead, maxLength, ...names } as MetaNames;
}

/**
 * `lead_word`, or `word` alone when there is no lead; characters outside `[A-Za-z0-9_-]` become `_`;
 * a name over `maxLength` is cut and ends with `_` and 8 hex characters of its sha256, as command tools' names are.
 */
export function toolNameWith(lead: string, word: string, maxLength: number): string {
  const name = (lead === '' ? word : `${lead}_${word}`).replace(/[^A-Za-z0-9_-]+/g, '_');
  if (name.length <= maxLength) return name;
  return `${name.slice(0, maxLength - 9)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

/** @throws {CliMcpError} `cli-mcp.tool-name-collision` when a command's tool took a meta-tool's name (any prefix gives both the same start). */
export function checkMetaNames(names: MetaNames, commands: readonly { readonly name: string; readonly command: { readonly path: readonly string[] } }[]): void {
  const { lead: _lead, maxLength: _maxLength, ...tools } = names;
  const taken = new Set<string>(Object.values(tools));
  const clash = commands.find((tool) => taken.has(tool.name));
  if (!clash) return;
  const words = clash.command.path.slice(1).join(' ');
  throw new CliMcpError('cli-mcp.tool-name-collision', `the command \`${clash.command.path.join(' ')}\` gets the tool name "${clash.name}", which cli-mcp needs for one of its own tools (both of its wordings are commands' names); leave it out (--exclude "${words}") to serve the rest`);
}
