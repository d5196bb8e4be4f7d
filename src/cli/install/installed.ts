/**
 * The cli-mcp servers clients already have: every client's file, project and user scope, read (never
 * written), and the entries that start `cli-mcp wrap` picked out; and which clients are on this machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CLIENTS, configPath, type ClientSpec, type Place, type Scope } from './clients.js';
import { editorFor } from './config-file.js';

/** One entry of a client's file that serves a target through `cli-mcp wrap`. */
export interface InstalledServer {
  readonly client: ClientSpec;
  readonly scope: Scope;
  readonly file: string;
  readonly name: string;
  /** What follows `wrap`: the target (or a configured server's name), then its options. */
  readonly target: string;
  readonly options: readonly string[];
  /** The named-servers file a configured server is read from (`--config <file>` after the name). */
  readonly servers?: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

export interface InstalledList {
  readonly servers: readonly InstalledServer[];
  /** Files that could not be read, with why. */
  readonly unreadable: readonly { readonly file: string; readonly message: string }[];
}

/** Every cli-mcp server in every client's file, project scope first. */
export function installedServers(place: Place, clients: readonly ClientSpec[] = CLIENTS): InstalledList {
  const servers: InstalledServer[] = [];
  const unreadable: { file: string; message: string }[] = [];
  for (const { client, scope, file } of clientFiles(place, clients)) {
    if (!existsSync(file)) continue;
    let entries: Record<string, unknown> | undefined;
    try {
      entries = editorFor(client, file).servers(readFileSync(file, 'utf8'));
    } catch (error) {
      unreadable.push({ file, message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    for (const [name, entry] of Object.entries(entries ?? {})) {
      const served = wrapOf(entry);
      if (served !== undefined) servers.push({ client, scope, file, name, ...served });
    }
  }
  return { servers, unreadable };
}

/** The clients whose config file (either scope) exists here: the ones `install` and `sync` write to when none is named. */
export function detectedClients(place: Place, clients: readonly ClientSpec[] = CLIENTS): ClientSpec[] {
  const present = new Set(clientFiles(place, clients).filter(({ file }) => existsSync(file)).map(({ client }) => client.id));
  return clients.filter((client) => present.has(client.id));
}

function clientFiles(place: Place, clients: readonly ClientSpec[]): { client: ClientSpec; scope: Scope; file: string }[] {
  return clients.flatMap((client) => (['project', 'user'] as const).filter((scope) => (scope === 'project' ? client.project : client.user) !== undefined).map((scope) => ({ client, scope, file: configPath(client, scope, place) })));
}

/** An entry's launch when it runs `cli-mcp wrap …` (through node and cli-mcp's bin, or a `cli-mcp` on PATH). */
function wrapOf(entry: unknown): Omit<InstalledServer, 'client' | 'scope' | 'file' | 'name'> | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { command, args, env } = entry as { command?: unknown; args?: unknown; env?: unknown };
  if (typeof command !== 'string' || !Array.isArray(args) || !args.every((arg): arg is string => typeof arg === 'string')) return undefined;
  const words = [command, ...args];
  const at = words.findIndex((word, index) => word === 'wrap' && index > 0 && isCliMcp(words[index - 1] ?? ''));
  const target = words[at + 1];
  if (at < 0 || target === undefined) return undefined;
  const options = words.slice(at + 2);
  const named = options[0] === '--config' ? options[1] : undefined;
  const environment = typeof env === 'object' && env !== null ? Object.fromEntries(Object.entries(env).filter((pair): pair is [string, string] => typeof pair[1] === 'string')) : {};
  return { target, options, ...(named === undefined ? {} : { servers: named }), command, args, env: environment };
}

/** cli-mcp's bin (`…/dist/cli/bin.js`) or the `cli-mcp` command. */
function isCliMcp(word: string): boolean {
  return word === 'cli-mcp' || basename(word) === 'cli-mcp' || /[\\/]cli[\\/]bin\.js$/.test(word);
}
