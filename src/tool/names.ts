/**
 * Every tool name is made here: a command's (`kubectl_get_pods`), cli-mcp's own (`kubectl_search_commands`) and a
 * group's, with one length rule and one hash for names that are too long or clash.
 */
import { createHash } from 'node:crypto';
import { CliMcpError } from '../errors.js';
import type { RunnableCommand } from '../types.js';
import { DEFAULTS } from '../options.js';

/** The longest tool name the MCP spec and most clients accept. */
export const MAX_TOOL_NAME_LENGTH = 64;
/** Room for a hash suffix and a few characters of the name. */
const MIN_TOOL_NAME_LENGTH = 16;

const HASH_LENGTH = 8;

/** A tool name paired with the command it runs. */
export interface NamedCommand {
  readonly name: string;
  readonly command: RunnableCommand;
}

/** `name` cut to `maxLength` with `_` and 8 hex characters of the sha256 of `key`: the one way every long or clashing name is made unique. */
function withHash(name: string, key: string, maxLength: number): string {
  return `${name.slice(0, maxLength - HASH_LENGTH - 1)}_${createHash('sha256').update(key).digest('hex').slice(0, HASH_LENGTH)}`;
}

function baseName(path: readonly string[], prefix: string | undefined): string {
  const [root = '', ...rest] = path;
  const words = prefix === undefined ? path : prefix === '' ? (rest.length > 0 ? rest : [root]) : [prefix, ...rest];
  return words.join('_').replace(/[^A-Za-z0-9_-]+/g, '_');
}

/**
 * Names one tool per command, in input order: the path joined with `_` (`kubectl_get_pods`),
 * `prefix` replacing the root word (`''` drops it; a root-only tool keeps the root name).
 * Characters outside `[A-Za-z0-9_-]` become `_`. A name over `maxLength` characters (60 by default,
 * at most 64) is cut and ends with `_` and 8 hex characters of the sha256 of the path joined by spaces; when different paths give
 * the same name, every one of them gets that suffix, so the result does not depend on input order.
 * Keep the returned pairs (or `toolNameMap`) to go from name to command: a name never splits back into a path.
 * @throws {CliMcpError} `cli-mcp.tool-name-collision` when the same path appears twice or names still clash.
 */
export function assignToolNames(
  commands: readonly RunnableCommand[],
  options?: { readonly prefix?: string; readonly maxLength?: number },
): NamedCommand[] {
  const maxLength = checkedMaxLength(options?.maxLength);
  const bases = commands.map((command) => baseName(command.path, options?.prefix));
  const first = bases.map((base, i) => {
    const path = commands[i]?.path ?? [];
    return base.length > maxLength ? withHash(base, path.join(' '), maxLength) : base;
  });
  const counts = new Map<string, number>();
  for (const name of first) counts.set(name, (counts.get(name) ?? 0) + 1);
  const named = commands.map((command, i): NamedCommand => {
    const name = first[i] ?? '';
    const clash = (counts.get(name) ?? 0) > 1;
    return { name: clash && name === bases[i] ? withHash(name, command.path.join(' '), maxLength) : name, command };
  });
  toolNameMap(named);
  return named;
}

function checkedMaxLength(maxLength: number | undefined): number {
  if (maxLength === undefined) return DEFAULTS.maxToolNameLength;
  if (!Number.isSafeInteger(maxLength) || maxLength < MIN_TOOL_NAME_LENGTH || maxLength > MAX_TOOL_NAME_LENGTH) {
    throw new CliMcpError('cli-mcp.invalid-option', `maxToolNameLength must be a whole number from ${MIN_TOOL_NAME_LENGTH} to ${MAX_TOOL_NAME_LENGTH}, got ${maxLength}`);
  }
  return maxLength;
}

/**
 * Name → command lookup for the pairs `assignToolNames` returned.
 * @throws {CliMcpError} `cli-mcp.tool-name-collision` when two pairs share a name.
 */
export function toolNameMap(named: readonly NamedCommand[]): Map<string, RunnableCommand> {
  const map = new Map<string, RunnableCommand>();
  for (const { name, command } of named) {
    const existing = map.get(name);
    if (existing !== undefined) {
      throw new CliMcpError(
        'cli-mcp.tool-name-collision',
        `Tool name "${name}" is given to both "${existing.path.join(' ')}" and "${command.path.join(' ')}"`,
      );
    }
    map.set(name, command);
  }
  return map;
}

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
export function metaNames(program: string, prefix: string | undefined, longest?: number, commands: ReadonlySet<string> = new Set()): MetaNames {
  const maxLength = checkedMaxLength(longest);
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
  return withHash(name, name, maxLength);
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
