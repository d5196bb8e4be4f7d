import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { run } from '../helpers/run-cli.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = path.join(repo, 'test', 'fixtures', 'install');
const todo = path.join(repo, 'examples', 'todo', 'todo.js');
const bin = path.join(repo, 'dist', 'cli', 'bin.js');
const scratch = scratchMaker('cli-mcp-install-');

/** Each client: a real copy of its config format, the key holding servers, and whether entries say `type`. */
const CLIENTS = [
  { id: 'claude-code', fixture: 'claude-code.mcp.json', key: 'mcpServers', typed: true },
  { id: 'claude-desktop', fixture: 'claude-desktop.json', key: 'mcpServers', typed: false },
  { id: 'vscode', fixture: 'vscode.mcp.json', key: 'servers', typed: true },
  { id: 'cursor', fixture: 'cursor.mcp.json', key: 'mcpServers', typed: false },
  { id: 'codex', fixture: 'codex.config.toml', key: 'mcp_servers', typed: false },
  { id: 'gemini', fixture: 'gemini.settings.json', key: 'mcpServers', typed: false },
  { id: 'windsurf', fixture: 'windsurf.mcp_config.json', key: 'mcpServers', typed: false },
  { id: 'zed', fixture: 'zed.settings.json', key: 'context_servers', typed: false },
] as const;
type Client = (typeof CLIENTS)[number];

/** A fresh copy of the client's fixture, and its original text. */
function copyOf(client: Client): { file: string; original: string } {
  const file = path.join(scratch(), client.fixture);
  copyFileSync(path.join(fixtures, client.fixture), file);
  return { file, original: readFileSync(file, 'utf8') };
}

/** The servers map, read by the format's maintained parser. */
function serversOf(client: Client, file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  const root = (client.id === 'codex' ? parseToml(text) : parseJsonc(text, [], { allowTrailingComma: true })) as Record<string, Record<string, unknown>>;
  return root[client.key] ?? {};
}

function expectedEntry(client: Client, wrapArgs: string[] = [], toolTimeoutSec = 57): Record<string, unknown> {
  return {
    ...(client.typed ? { type: 'stdio' } : {}),
    command: process.execPath,
    args: [bin, 'wrap', todo, ...wrapArgs],
    env: { PATH: process.env.PATH },
    ...(client.id === 'codex' ? { startup_timeout_sec: 70, tool_timeout_sec: toolTimeoutSec } : {}),
  };
}

/** What an edit took out of `before` and put into `after`, between the parts both share. */
function edit(before: string, after: string): { removed: string; inserted: string } {
  let head = 0;
  while (head < before.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before.at(-1 - tail) === after.at(-1 - tail)) tail++;
  return { removed: before.slice(head, before.length - tail), inserted: after.slice(head, after.length - tail) };
}

describe.each(CLIENTS)('cli-mcp install $id', (client) => {
  it('when installed then the file holds the entry with absolute command, args and PATH, and every byte outside it is unchanged', async () => {
    const { file, original } = copyOf(client);
    const before = serversOf(client, file);
    const { code, stderr } = await run('install', client.id, todo, '--config', file);
    expect(stderr).toContain(`added server "todo" to ${file}; the previous file is ${file}.bak`);
    expect(code).toBe(0);
    expect(serversOf(client, file)).toEqual({ ...before, todo: expectedEntry(client) });
    const { removed, inserted } = edit(original, readFileSync(file, 'utf8'));
    expect(removed).toBe('');
    expect(inserted).toContain('todo');
    expect(inserted).not.toContain('docs');
    // Codex's server is a table of its own, as `codex mcp add` writes it.
    if (client.id === 'codex') expect(inserted).toMatch(/^\n\[mcp_servers\.todo\]\ncommand = /);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(original);
  });

  it('when installed twice then the second run changes nothing', async () => {
    const { file } = copyOf(client);
    await run('install', client.id, todo, '--config', file, '--timeout', '30000');
    const once = readFileSync(file, 'utf8');
    const { code, stderr } = await run('install', client.id, todo, '--config', file, '--timeout', '30000');
    expect(code).toBe(0);
    expect(stderr).toMatch(/is already this one; nothing was written/);
    expect(readFileSync(file, 'utf8')).toBe(once);
  });

  it('when a different server has the name then install refuses, and --force replaces only that entry', async () => {
    const { file, original } = copyOf(client);
    const refused = await run('install', client.id, todo, '--config', file, '--name', 'docs');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has a different server named "docs"; --force replaces it/);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(existsSync(`${file}.bak`)).toBe(false);

    const before = serversOf(client, file);
    const forced = await run('install', client.id, todo, '--config', file, '--name', 'docs', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(`replaced server "docs" in ${file}`);
    expect(serversOf(client, file)).toEqual({ ...before, docs: expectedEntry(client) });
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(original);
  });

  it('when --print is given then the diff shows the new entry and nothing is written', async () => {
    const { file, original } = copyOf(client);
    const { code, stdout, stderr } = await run('install', client.id, todo, '--config', file, '--print');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^--- ${file}\\n\\+\\+\\+ ${file}\\n@@ `));
    expect(stdout.split('\n').filter((line) => line.startsWith('+') && line.includes(todo))).toHaveLength(1);
    expect(stdout.split('\n').some((line) => line.startsWith('-') && !line.startsWith('---'))).toBe(false);
    expect(stderr).toContain(`--print: ${file} was not written`);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(existsSync(`${file}.bak`)).toBe(false);
  });

  it('when uninstalled then exactly that entry goes and the file is byte for byte what it was', async () => {
    const { file, original } = copyOf(client);
    await run('install', client.id, todo, '--config', file);
    const installed = readFileSync(file, 'utf8');
    const { code, stderr } = await run('uninstall', client.id, 'todo', '--config', file);
    expect(stderr).toContain(`removed server "todo" from ${file}`);
    expect(code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(installed);
  });
});
