import { createHash } from 'node:crypto';
import { CliMcpError } from '../errors.js';
import type { RunnableCommand } from '../types.js';
import { DEFAULTS } from '../options.js';

/** The longest tool name the MCP spec and most clients accept. */
export const MAX_TOOL_NAME_LENGTH = 64;
/** The default longest name: one popular editor refuses names over 60 characters. */
export const DEFAULT_TOOL_NAME_LENGTH = 60;
/** Room for a hash suffix and a few characters of the name. */
const MIN_TOOL_NAME_LENGTH = 16;

const HASH_LENGTH = 8;

/** A tool name paired with the command it runs. */
export interface NamedCommand {
  readonly name: string;
  readonly command: RunnableCommand;
}

function pathHash(path: readonly string[]): string {
  return createHash('sha256').update(path.join(' ')).digest('hex').slice(0, HASH_LENGTH);
}

function withHash(base: string, path: readonly string[], maxLength: number): string {
  return `${base.slice(0, maxLength - HASH_LENGTH - 1)}_${pathHash(path)}`;
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
    return base.length > maxLength ? withHash(base, path, maxLength) : base;
  });
  const counts = new Map<string, number>();
  for (const name of first) counts.set(name, (counts.get(name) ?? 0) + 1);
  const named = commands.map((command, i): NamedCommand => {
    const name = first[i] ?? '';
    const clash = (counts.get(name) ?? 0) > 1;
    return { name: clash && name === bases[i] ? withHash(name, command.path, maxLength) : name, command };
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
