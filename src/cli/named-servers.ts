/**
 * Named servers from `cli-mcp.config.json` (or `.yaml`): each a target (or a manifest) and its options, keyed by the long
 * flag names users type (`{"servers": {"kube": {"target": "kubectl", "preset": "kubectl", "tools": "all"}}}`).
 * `wrap`, `tools`, `call` and `export` take a name wherever they take a target; the flags on the command line
 * win over the file's. A value is checked by the flag's own parser, as if typed, and an error names the file,
 * the line and the option.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Command, type Option } from 'commander';
import { CliMcpError } from '../errors.js';
import { NAME, type NamedServer } from './server-name.js';

export type { NamedServer } from './server-name.js';

/** The project's file, found from the working directory up. */
export const CONFIG_FILE = 'cli-mcp.config.json';
/** Its names, JSON or YAML; one folder may hold only one of them. */
const CONFIG_NAMES = ['cli-mcp.config.json', 'cli-mcp.config.yaml', 'cli-mcp.config.yml'];
/** The user's, in ~/.config/cli-mcp. */
const USER_NAMES = ['config.json', 'config.yaml', 'config.yml'];



/** The config files that apply from `cwd`, nearest first: the project's (from `cwd` up), then the user's. */
export function configFiles(cwd: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const found: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const here = oneIn(dir, CONFIG_NAMES);
    if (here !== undefined) {
      found.push(here);
      break;
    }
    if (dirname(dir) === dir) break;
  }
  const user = oneIn(join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'cli-mcp'), USER_NAMES);
  if (user !== undefined) found.push(user);
  return found;
}

/** The one of `names` that `dir` holds; two of them there is an error (which would win is no one's guess). */
function oneIn(dir: string, names: readonly string[]): string | undefined {
  const present = names.map((name) => join(dir, name)).filter((file) => existsSync(file));
  if (present.length > 1) throw new CliMcpError('cli-mcp.invalid-option', `${dir} holds ${present.map((file) => basename(file)).join(' and ')}: keep one`);
  return present[0];
}

/**
 * The server's options on `command` wherever its command line left them unset: each value parsed by the
 * option's own parser, as the words a user would type. @throws {CliMcpError} naming the file, the line and the option
 */
export function applyServerOptions(server: NamedServer, command: Command): void {
  for (const { option, value, at } of serverOptions(server, command)) {
    const attribute = option.attributeName();
    if (command.getOptionValueSource(attribute) === 'cli') continue;
    const probe = new Command(command.name()).exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
    probe.addOption(option);
    const words = wordsOf(option, value, at);
    try {
      probe.parse(words, { from: 'user' });
    } catch (error) {
      throw new CliMcpError('cli-mcp.invalid-option', `${at}: ${error instanceof Error ? error.message.replace(/^error: /, '') : String(error)}`);
    }
    const parsed: unknown = probe.getOptionValue(attribute);
    if (Array.isArray(value) && value.length > 1 && !Array.isArray(parsed)) throw new CliMcpError('cli-mcp.invalid-option', `${at} takes one value, got a list`);
    if (probe.getOptionValueSource(attribute) === 'cli') command.setOptionValueWithSource(attribute, parsed, 'config');
  }
}

/** The server's options as the words a user would type after its target (`--tools=all`, `--no-cache`). */
export function serverWords(server: NamedServer, command: Command): string[] {
  return serverOptions(server, command).flatMap(({ option, value, at }) => wordsOf(option, value, at));
}

/** Each of the server's options with `command`'s option of that long name, and where the file sets it. */
function serverOptions(server: NamedServer, command: Command): { option: Option; value: unknown; at: string }[] {
  return Object.entries(server.options).map(([key, value]) => {
    const at = `${server.file}:${server.lineOf([server.name, key])}: server "${server.name}": "${key}"`;
    const option = command.options.find((candidate) => candidate.long === `--${key}`);
    if (option === undefined) throw new CliMcpError('cli-mcp.invalid-option', `${at} is not an option of cli-mcp ${command.name()}; options are keyed by their long names without dashes (preset, deny-flag, no-cache)`);
    return { option, value, at };
  });
}

/** The words that give `option` this value on a command line: `--tools=all`, `--no-cache`, `--deny-flag=-s` once per element. */
function wordsOf(option: Option, value: unknown, at: string): string[] {
  const flag = option.long as string;
  if (option.isBoolean() || option.negate) {
    if (typeof value !== 'boolean') throw new CliMcpError('cli-mcp.invalid-option', `${at} is a switch: true or false, got ${JSON.stringify(value)}`);
    return value ? [flag] : [];
  }
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.some((one) => typeof one !== 'string' && typeof one !== 'number')) throw new CliMcpError('cli-mcp.invalid-option', `${at} takes ${option.variadic ? 'a list of ' : ''}strings or numbers, got ${JSON.stringify(value)}`);
  return values.map((one) => `${flag}=${String(one)}`);
}


/**
 * Before a target command runs: when its target names a configured server, the server's target (or manifest) takes
 * its place and its options fill what the command line left unset. The file is `--config`, else the nearest.
 */
export async function useNamedServer(command: Command, cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const name = command.processedArgs[0] as unknown;
  // A path (`./cli.js`) is never a server's name: no file is looked for.
  if (typeof name !== 'string' || !NAME.test(name)) return;
  const flags = command.opts<{ config?: string; cwd?: string }>();
  const files = flags.config !== undefined ? [resolve(cwd, flags.config)] : configFiles(resolve(cwd, flags.cwd ?? '.'), env);
  if (files.length === 0) return;
  // The reader (and its YAML parser) loads only when there is a file to read: a plain `wrap` never loads it.
  const { findServer, readServers } = await import('./read-servers.js');
  const server = findServer(name, files);
  if (server === undefined) {
    if (flags.config !== undefined) throw new CliMcpError('cli-mcp.invalid-option', `${files[0]} names no server "${name}"; its servers are: ${[...readServers(files[0] as string).keys()].join(', ') || 'none'}`);
    return;
  }
  command.processedArgs[0] = server.target;
  if (server.manifest !== undefined && command.getOptionValueSource('manifest') !== 'cli') command.setOptionValueWithSource('manifest', server.manifest, 'config');
  applyServerOptions(server, command);
}
