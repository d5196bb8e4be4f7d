import { accessSync, constants, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { describe, expect, it } from 'vitest';
import { clientById, configPath, type Place, type Scope } from '../../src/cli/install/clients.js';
import { scratchMaker } from '../helpers/scratch.js';
import { run } from '../helpers/run-cli.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const todo = path.join(repo, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-install-options-');

type Servers = Record<string, { command: string; args: string[]; env: Record<string, string>; startup_timeout_sec?: number; tool_timeout_sec?: number }>;
const jsonServers = (file: string, key = 'mcpServers'): Servers => (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Servers>)[key] ?? {};

describe('where each client keeps its servers', () => {
  const linux: Place = { cwd: '/work/app', home: '/home/ana', platform: 'linux', env: {} };
  const mac: Place = { cwd: '/Users/ana/app', home: '/Users/ana', platform: 'darwin', env: {} };
  const windows: Place = { cwd: 'C:\\app', home: 'C:\\Users\\ana', platform: 'win32', env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' } };
  const cases: Array<[client: string, scope: Scope | undefined, place: Place, file: string]> = [
    ['claude-code', undefined, linux, '/work/app/.mcp.json'],
    ['claude-code', 'user', linux, '/home/ana/.claude.json'],
    ['claude-desktop', undefined, mac, '/Users/ana/Library/Application Support/Claude/claude_desktop_config.json'],
    ['claude-desktop', undefined, windows, 'C:\\Users\\ana\\AppData\\Roaming\\Claude\\claude_desktop_config.json'],
    ['claude-desktop', undefined, linux, '/home/ana/.config/Claude/claude_desktop_config.json'],
    ['vscode', undefined, windows, 'C:\\app\\.vscode\\mcp.json'],
    ['vscode', 'user', mac, '/Users/ana/Library/Application Support/Code/User/mcp.json'],
    ['vscode', 'user', { ...linux, env: { XDG_CONFIG_HOME: '/xdg' } }, '/xdg/Code/User/mcp.json'],
    ['cursor', undefined, linux, '/work/app/.cursor/mcp.json'],
    ['cursor', 'user', linux, '/home/ana/.cursor/mcp.json'],
    ['codex', undefined, linux, '/work/app/.codex/config.toml'],
    ['codex', 'user', linux, '/home/ana/.codex/config.toml'],
    ['codex', 'user', { ...linux, env: { CODEX_HOME: '/opt/codex' } }, '/opt/codex/config.toml'],
    ['gemini', 'user', mac, '/Users/ana/.gemini/settings.json'],
    ['windsurf', undefined, windows, 'C:\\Users\\ana\\.codeium\\windsurf\\mcp_config.json'],
    ['zed', undefined, mac, '/Users/ana/app/.zed/settings.json'],
    ['zed', 'user', linux, '/home/ana/.config/zed/settings.json'],
    ['zed', 'user', windows, 'C:\\Users\\ana\\AppData\\Roaming\\Zed\\settings.json'],
  ];
  it.each(cases)('when the client is %s and the scope %s then the file is the documented one', (client, scope, place, file) => {
    expect(configPath(clientById(client), scope, place)).toBe(file);
  });

  it('when a client has no project file then --scope project is refused and names the way out', () => {
    expect(() => configPath(clientById('claude-desktop'), 'project', linux)).toThrow('Claude Desktop has no project scope: use --scope user (or --config <file>)');
  });
});

describe('cli-mcp install options', () => {
  it('when wrap options follow the target then they are written verbatim, --cwd made absolute, and Codex timeouts follow --timeout', async () => {
    const file = path.join(scratch(), 'config.toml');
    const { code } = await run('install', 'codex', todo, '--config', file, '--timeout', '30000', '--kill-grace=1000', '--preset', 'git', '--cwd', 'examples');
    expect(code).toBe(0);
    const entry = (parseToml(readFileSync(file, 'utf8')) as { mcp_servers: Servers }).mcp_servers.todo;
    expect(entry?.args.slice(3)).toEqual(['--timeout', '30000', '--kill-grace=1000', '--preset', 'git', '--cwd', path.join(process.cwd(), 'examples')]);
    expect(entry?.tool_timeout_sec).toBe(41);
    expect(entry?.startup_timeout_sec).toBe(70);
  });

  it('when a wrap option is unknown or --http is given then nothing is written and the error says why', async () => {
    const file = path.join(scratch(), '.mcp.json');
    const unknown = await run('install', 'claude-code', todo, '--config', file, '--bogus');
    expect(unknown).toMatchObject({ code: 1, stderr: "cli-mcp: the wrap options after the target are not valid: unknown option '--bogus'\n" });
    const http = await run('install', 'claude-code', todo, '--config', file, '--http', '8080');
    expect(http).toMatchObject({ code: 1, stderr: 'cli-mcp: --http cannot be installed: clients start the server over stdio from a target\n' });
    const misplaced = await run('install', 'claude-code', '--timeout', '5', todo, '--config', file);
    expect(misplaced.stderr).toMatch(/^cli-mcp: give the target before wrap options/);
    expect(existsSync(file)).toBe(false);
  });

  it('when the target is relative or a bare program name then the entry holds its absolute path', async () => {
    const file = path.join(scratch(), '.mcp.json');
    expect((await run('install', 'cursor', 'examples/todo/todo.js', '--config', file)).code).toBe(0);
    expect(jsonServers(file).todo?.args[2]).toBe(todo);
    expect((await run('install', 'cursor', 'node', '--config', file)).code).toBe(0);
    const node = jsonServers(file).node?.args[2] ?? '';
    expect(path.isAbsolute(node) && path.basename(node) === 'node').toBe(true);
    accessSync(node, constants.X_OK);
    const missing = await run('install', 'cursor', 'no-such-program-anywhere', '--config', file);
    expect(missing).toMatchObject({ code: 1, stderr: `cli-mcp: cannot find "no-such-program-anywhere": no file in ${process.cwd()}, no bin in ./node_modules/.bin, no program on PATH\n` });
  });

  it('when the file is a project\'s that the client reads only once trusted then install says that step, and a user file gets no such line', async () => {
    for (const [client, project] of [['claude-code', '.mcp.json'], ['codex', '.codex/config.toml'], ['gemini', '.gemini/settings.json']] as const) {
      const file = path.join(scratch(), ...project.split('/'));
      const { code, stderr } = await run('install', client, todo, '--config', file);
      expect(code).toBe(0);
      expect(stderr.split('\n')[1]).toMatch(/^cli-mcp: next: .*(approve|trust)/);
    }
    const user = await run('install', 'codex', todo, '--config', path.join(scratch(), 'config.toml'));
    expect(user.stderr).not.toContain('next:');
  });

  it('when the config file does not exist then it is created with only the entry and no backup', async () => {
    const file = path.join(scratch(), 'nested', '.vscode', 'mcp.json');
    const { code, stderr } = await run('install', 'vscode', todo, '--config', file, '--name', 'tasks');
    expect(code).toBe(0);
    expect(stderr).toBe(`cli-mcp: VS Code: added server "tasks" to ${file}\n`);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['servers']);
    expect(Object.keys(jsonServers(file, 'servers'))).toEqual(['tasks']);
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
    expect(existsSync(`${file}.bak`)).toBe(false);
  });

  it('when neighbours sit on one line each then install leaves them so, and removing the first entry takes only its lines', async () => {
    const file = path.join(scratch(), 'settings.json');
    const original = '{\n  "theme": "dark",\n  "mcpServers": {\n    "a": { "command": "a" },\n    "b": {"command":"b"}\n  }\n}\n';
    writeFileSync(file, original);
    await run('install', 'gemini', todo, '--config', file);
    const installed = readFileSync(file, 'utf8');
    expect(installed.startsWith('{\n  "theme": "dark",\n  "mcpServers": {\n    "a": { "command": "a" },\n    "b": {"command":"b"},\n    "todo": {\n      "command": ')).toBe(true);
    await run('uninstall', 'gemini', 'a', '--config', file);
    expect(readFileSync(file, 'utf8')).toBe(installed.replace('    "a": { "command": "a" },\n', ''));
  });

  it('when the file has no servers key yet then it is added after the other settings', async () => {
    const file = path.join(scratch(), 'settings.json');
    writeFileSync(file, '{\n  // mine\n  "theme": "dark"\n}\n');
    await run('install', 'zed', todo, '--config', file, '--name', 't');
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('{\n  // mine\n  "theme": "dark",\n  "context_servers": {\n    "t": {\n      "command": ')).toBe(true);
    expect(text.endsWith('      }\n    }\n  }\n}\n')).toBe(true);
  });

  it('when a name is not a plain key then install refuses it and asks for --name', async () => {
    const file = path.join(scratch(), '.mcp.json');
    const { code, stderr } = await run('install', 'claude-code', todo, '--config', file, '--name', 'my.todo');
    expect(code).toBe(1);
    expect(stderr).toBe('cli-mcp: server name "my.todo" must be 1 to 64 letters, digits, _ or -: choose one with --name\n');
  });

  it('when the file is not valid JSON then nothing is changed and the error gives the line', async () => {
    const file = path.join(scratch(), '.mcp.json');
    writeFileSync(file, '{\n  "mcpServers": {\n    "a": }\n}\n');
    const { code, stderr } = await run('install', 'claude-code', todo, '--config', file);
    expect(code).toBe(1);
    expect(stderr).toBe(`cli-mcp: ${file} is not valid JSON: ValueExpected on line 3; nothing was changed\n`);
    expect(readFileSync(file, 'utf8')).toBe('{\n  "mcpServers": {\n    "a": }\n}\n');
  });
});

describe('cli-mcp uninstall', () => {
  it('when the server is not there then it exits 1, lists the servers there and changes nothing', async () => {
    const file = path.join(scratch(), '.mcp.json');
    writeFileSync(file, '{ "mcpServers": { "docs": { "command": "docs" } } }\n');
    const { code, stderr } = await run('uninstall', 'claude-code', 'todo', '--config', file);
    expect(code).toBe(1);
    expect(stderr).toBe(`cli-mcp: ${file} has no server named "todo" (it has: docs); nothing was changed\n`);
    expect(existsSync(`${file}.bak`)).toBe(false);
  });

  it('when --print is given then the removal is shown as a diff and nothing is written', async () => {
    const file = path.join(scratch(), '.mcp.json');
    writeFileSync(file, '{\n  "mcpServers": {\n    "docs": { "command": "docs" },\n    "todo": { "command": "todo" }\n  }\n}\n');
    const { code, stdout } = await run('uninstall', 'claude-code', 'todo', '--config', file, '--print');
    expect(code).toBe(0);
    expect(stdout).toBe(`--- ${file}\n+++ ${file}\n@@ -1,6 +1,5 @@\n {\n   "mcpServers": {\n-    "docs": { "command": "docs" },\n-    "todo": { "command": "todo" }\n+    "docs": { "command": "docs" }\n   }\n }\n`);
    expect(readFileSync(file, 'utf8')).toContain('"todo"');
  });

  it('when the client is unknown then it exits 1 and lists the clients', async () => {
    const { code, stderr } = await run('uninstall', 'emacs', 'todo');
    expect(code).toBe(1);
    expect(stderr).toBe('cli-mcp: unknown client "emacs"; the clients are: claude-code, claude-desktop, vscode, cursor, codex, gemini, windsurf, zed\n');
  });
});

describe('the install boundary', () => {
  const src = path.join(repo, 'src');
  // `import type` is erased: it loads nothing.
  const staticImports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^import\s(?!type\s)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] as string);
  const reachable = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const specifier of staticImports(file)) if (specifier.startsWith('.')) reachable(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
    return seen;
  };

  it('when cli-mcp starts then the config parsers are not loaded until install or uninstall runs', () => {
    const loaded = [...reachable(path.join(src, 'cli', 'main.ts'))];
    expect(loaded).toContain(path.join(src, 'cli', 'install', 'command.ts'));
    const parsers = loaded.filter((file) => staticImports(file).some((specifier) => specifier === 'jsonc-parser' || specifier === '@decimalturn/toml-patch'));
    expect(parsers).toEqual([]);
  });
});
