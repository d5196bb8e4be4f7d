/**
 * Where each MCP client keeps its servers, as plain data: adding a client is one entry.
 *
 * | client         | project file           | user file (macOS · Linux · Windows)                                              | key             | source |
 * |----------------|------------------------|----------------------------------------------------------------------------------|-----------------|--------|
 * | claude-code    | .mcp.json              | ~/.claude.json                                                                   | mcpServers      | code.claude.com/docs/en/mcp (scopes: local, project, user) |
 * | claude-desktop | –                      | ~/Library/Application Support/Claude · ~/.config/Claude · %APPDATA%\Claude, /claude_desktop_config.json | mcpServers | modelcontextprotocol.io/quickstart/user |
 * | vscode         | .vscode/mcp.json       | <user data>/Code/User/mcp.json ("MCP: Open User Configuration")                  | servers         | code.visualstudio.com/docs/copilot/reference/mcp-configuration |
 * | cursor         | .cursor/mcp.json       | ~/.cursor/mcp.json                                                               | mcpServers      | cursor.com/docs/mcp |
 * | codex          | .codex/config.toml     | $CODEX_HOME/config.toml (~/.codex)                                               | [mcp_servers.x] | developers.openai.com/codex/config-reference |
 * | gemini         | .gemini/settings.json  | ~/.gemini/settings.json                                                          | mcpServers      | geminicli.com/docs/tools/mcp-server |
 * | windsurf       | –                      | ~/.codeium/windsurf/mcp_config.json                                              | mcpServers      | docs.windsurf.com/windsurf/cascade/mcp |
 * | zed            | .zed/settings.json     | ~/.config/zed/settings.json · $XDG_CONFIG_HOME/zed · %APPDATA%\Zed               | context_servers | zed.dev/docs/ai/mcp, zed.dev/docs/configuring-zed |
 */
import { CliMcpError } from '../../errors.js';

/** What a server entry holds, in the order it is written. */
export type EntryField = 'type' | 'command' | 'args' | 'env' | 'startup_timeout_sec' | 'tool_timeout_sec';

export type Scope = 'project' | 'user';

/** A path per OS; `~` is the home directory and `${NAME:-default}` an environment variable. */
export interface OsPaths {
  readonly darwin: string;
  readonly linux: string;
  readonly win32: string;
}

export interface ClientSpec {
  /** The name `cli-mcp install <client>` takes. */
  readonly id: string;
  readonly label: string;
  readonly format: 'json' | 'toml';
  /** The top-level key that maps server names to entries. */
  readonly key: string;
  /** Relative to the project directory (the current one). */
  readonly project?: string;
  readonly user?: OsPaths;
  readonly fields: readonly EntryField[];
  /** What the user still has to do before the client starts a server from a project's file. */
  readonly projectTrust?: string;
  /** Where the path and shape come from. */
  readonly source: string;
}

const samePath = (path: string): OsPaths => ({ darwin: path, linux: path, win32: path });
const STDIO: readonly EntryField[] = ['command', 'args', 'env'];

export const CLIENTS: readonly ClientSpec[] = [
  {
    id: 'claude-code',
    label: 'Claude Code',
    format: 'json',
    key: 'mcpServers',
    project: '.mcp.json',
    user: samePath('~/.claude.json'),
    fields: ['type', ...STDIO],
    projectTrust: 'Claude Code asks to approve a project\'s servers the next time it starts in this folder; until then /mcp shows the server as pending',
    source: 'https://code.claude.com/docs/en/mcp',
  },
  {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    format: 'json',
    key: 'mcpServers',
    user: {
      darwin: '~/Library/Application Support/Claude/claude_desktop_config.json',
      // No official Linux build: community builds read the XDG location.
      linux: '${XDG_CONFIG_HOME:-~/.config}/Claude/claude_desktop_config.json',
      win32: '${APPDATA:-~/AppData/Roaming}/Claude/claude_desktop_config.json',
    },
    fields: STDIO,
    source: 'https://modelcontextprotocol.io/quickstart/user',
  },
  {
    id: 'vscode',
    label: 'VS Code',
    format: 'json',
    key: 'servers',
    project: '.vscode/mcp.json',
    user: {
      darwin: '~/Library/Application Support/Code/User/mcp.json',
      linux: '${XDG_CONFIG_HOME:-~/.config}/Code/User/mcp.json',
      win32: '${APPDATA:-~/AppData/Roaming}/Code/User/mcp.json',
    },
    fields: ['type', ...STDIO],
    source: 'https://code.visualstudio.com/docs/copilot/reference/mcp-configuration',
  },
  {
    id: 'cursor',
    label: 'Cursor',
    format: 'json',
    key: 'mcpServers',
    project: '.cursor/mcp.json',
    user: samePath('~/.cursor/mcp.json'),
    fields: STDIO,
    source: 'https://cursor.com/docs/mcp',
  },
  {
    id: 'codex',
    label: 'Codex',
    format: 'toml',
    key: 'mcp_servers',
    // Codex reads a project's file only once the project is trusted.
    project: '.codex/config.toml',
    user: samePath('${CODEX_HOME:-~/.codex}/config.toml'),
    fields: [...STDIO, 'startup_timeout_sec', 'tool_timeout_sec'],
    projectTrust: 'Codex reads a project\'s .codex/config.toml only once the project is trusted: accept when Codex asks to trust this folder (or install with --scope user)',
    source: 'https://developers.openai.com/codex/config-reference',
  },
  {
    id: 'gemini',
    label: 'Gemini CLI',
    format: 'json',
    key: 'mcpServers',
    project: '.gemini/settings.json',
    user: samePath('~/.gemini/settings.json'),
    fields: STDIO,
    projectTrust: 'Gemini CLI starts a project\'s servers only in a trusted folder: trust this folder when Gemini CLI asks (or install with --scope user)',
    source: 'https://geminicli.com/docs/tools/mcp-server',
  },
  {
    id: 'windsurf',
    label: 'Windsurf',
    format: 'json',
    key: 'mcpServers',
    user: samePath('~/.codeium/windsurf/mcp_config.json'),
    fields: STDIO,
    source: 'https://docs.windsurf.com/windsurf/cascade/mcp',
  },
  {
    id: 'zed',
    label: 'Zed',
    format: 'json',
    key: 'context_servers',
    project: '.zed/settings.json',
    user: {
      darwin: '~/.config/zed/settings.json',
      linux: '${XDG_CONFIG_HOME:-~/.config}/zed/settings.json',
      win32: '${APPDATA:-~/AppData/Roaming}/Zed/settings.json',
    },
    fields: STDIO,
    source: 'https://zed.dev/docs/ai/mcp',
  },
];

export const CLIENT_IDS: readonly string[] = CLIENTS.map((client) => client.id);

export function clientById(id: string): ClientSpec {
  const client = CLIENTS.find((known) => known.id === id);
  if (!client) throw new CliMcpError('cli-mcp.invalid-option', `unknown client "${id}"; the clients are: ${CLIENT_IDS.join(', ')}`);
  return client;
}

/** Where the machine's files are; tests pass their own. */
export interface Place {
  readonly cwd: string;
  readonly home: string;
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The config file of `client` in `scope` (default: project where the client has one, else user). */
export function configPath(client: ClientSpec, scope: Scope | undefined, place: Place): string {
  const chosen = scope ?? (client.project ? 'project' : 'user');
  if (chosen === 'project') {
    if (!client.project) throw new CliMcpError('cli-mcp.invalid-option', `${client.label} has no project scope: use --scope user (or --config <file>)`);
    return joinPath(place, place.cwd, client.project);
  }
  if (!client.user) throw new CliMcpError('cli-mcp.invalid-option', `${client.label} has no user scope: use --scope project (or --config <file>)`);
  const os = place.platform === 'darwin' || place.platform === 'win32' ? place.platform : 'linux';
  return expand(client.user[os], place);
}

/** Expands `${NAME:-default}` (an empty variable takes the default) and a leading `~`. */
function expand(template: string, place: Place): string {
  const withVars = template.replace(/\$\{(\w+):-([^}]*)\}/g, (_match, name: string, fallback: string) => place.env[name] || fallback);
  const withHome = withVars.startsWith('~') ? place.home + withVars.slice(1) : withVars;
  return place.platform === 'win32' ? withHome.replaceAll('/', '\\') : withHome;
}

function joinPath(place: Place, dir: string, relative: string): string {
  const separator = place.platform === 'win32' ? '\\' : '/';
  return `${dir.replace(/[\\/]+$/, '')}${separator}${place.platform === 'win32' ? relative.replaceAll('/', '\\') : relative}`;
}
