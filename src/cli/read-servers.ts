/**
 * Reads a named-servers file, JSON or YAML, into its servers, each checked for shape (its option values are
 * checked when used, by the options' own parsers) and able to name the line of any of its keys.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliMcpError } from '../errors.js';
import { parseSource } from '../policy/source-lines.js';
import { NAME, type NamedServer } from './server-name.js';

/** The server `name` names in `files` (the first file that has it), or undefined. */
export function findServer(name: string, files: readonly string[]): NamedServer | undefined {
  if (!NAME.test(name)) return undefined;
  for (const file of files) {
    const server = readServers(file).get(name);
    if (server !== undefined) return server;
  }
  return undefined;
}

/** Every server of `file`, checked for shape (its option values are checked when used). */
export function readServers(file: string): Map<string, NamedServer> {
  // YAML 1.2 reads JSON too: one parser keeps every line for either.
  const source = parseSource(readFileSync(file, 'utf8'));
  if ('error' in source.parsed) throw new CliMcpError('cli-mcp.invalid-option', `${file}:${source.parsed.line}: not valid ${/\.ya?ml$/.test(file) ? 'YAML' : 'JSON'}: ${source.parsed.error}`);
  const parsed = source.parsed.value;
  const lineOf = (path: readonly string[]): number => source.lineOf(['servers', ...path]) ?? 1;
  const servers = isObject(parsed) ? parsed.servers : undefined;
  if (!isObject(servers)) throw new CliMcpError('cli-mcp.invalid-option', `${file}:1: expected {"servers": {"<name>": {"target": …, …}}}`);
  const found = new Map<string, NamedServer>();
  for (const [name, entry] of Object.entries(servers)) {
    const at = `${file}:${lineOf([name])}`;
    if (!NAME.test(name)) throw new CliMcpError('cli-mcp.invalid-option', `${at}: server name "${name}" must be 1 to 64 letters, digits, _ or -`);
    if (!isObject(entry)) throw new CliMcpError('cli-mcp.invalid-option', `${at}: server "${name}" must be an object of a target and its options`);
    const { target, manifest, ...options } = entry;
    if ((target === undefined) === (manifest === undefined)) throw new CliMcpError('cli-mcp.invalid-option', `${at}: server "${name}" needs a "target" (a program) or a "manifest" (a file), one of the two`);
    for (const [key, value] of Object.entries({ target, manifest })) {
      if (value !== undefined && (typeof value !== 'string' || value === '')) throw new CliMcpError('cli-mcp.invalid-option', `${file}:${lineOf([name, key])}: server "${name}": "${key}" must be a non-empty string`);
    }
    // A manifest is found from the file that names it, wherever the server is started.
    found.set(name, { name, file, lineOf, ...(target === undefined ? {} : { target: fromFile(file, target as string) }), ...(manifest === undefined ? {} : { manifest: resolve(dirname(file), manifest as string) }), options });
  }
  return found;
}

/** A target written as a path (`./cli.js`, `bin/tool`) is the file's neighbour; a bare name (`kubectl`) is found on PATH. */
function fromFile(file: string, target: string): string {
  return target.includes('/') ? resolve(dirname(file), target) : target;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
