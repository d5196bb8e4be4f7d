/**
 * `list`, `sync` and `install` with no client named, on a scratch project whose clients' files exist: three
 * configured servers synced into three clients by name, listed with --check (each entry's own command line,
 * run as `tools`), then the config changed and synced again, touching only the entries that changed.
 * `--check` starts the built CLI: `npm run build` first.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Place } from '../../src/cli/install/clients.js';
import { installedServers } from '../../src/cli/install/installed.js';
import { listInstalled } from '../../src/cli/install/list.js';
import { installDetected } from '../../src/cli/install/run.js';
import { sync } from '../../src/cli/install/sync.js';
import { buildProgram } from '../../src/cli/main.js';
import { repoRoot } from '../helpers/fixture.js';
import { scratchMaker } from '../helpers/scratch.js';

const todo = join(repoRoot, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-sync-');

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return { stream: new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) }), text: () => chunks.join('') };
}
function io() {
  const [stdout, stderr] = [collector(), collector()];
  return { io: { stdout: stdout.stream, stderr: stderr.stream }, stdout: stdout.text, stderr: stderr.text };
}
const wrap = () => buildProgram(io().io, { exitCode: 0 }).commands.find((command) => command.name() === 'wrap')!;

/** A project with a cli-mcp.config.json and the files of Claude Code, Cursor and Codex (empty: each client is "here"). */
function project(servers: Record<string, unknown>): { place: Place; config: string; files: { claude: string; cursor: string; codex: string } } {
  const root = scratch();
  const config = join(root, 'cli-mcp.config.json');
  writeFileSync(config, JSON.stringify({ servers }, null, 2));
  const files = { claude: join(root, '.mcp.json'), cursor: join(root, '.cursor', 'mcp.json'), codex: join(root, '.codex', 'config.toml') };
  for (const dir of ['.cursor', '.codex']) mkdirSync(join(root, dir));
  writeFileSync(files.claude, '{}\n');
  writeFileSync(files.cursor, '{}\n');
  writeFileSync(files.codex, '');
  mkdirSync(join(root, 'home'));
  return { place: { cwd: root, home: join(root, 'home'), platform: 'linux', env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: join(root, 'home') } }, config, files };
}

const entries = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { args: string[] }> }).mcpServers;

describe('installed servers, listed and kept in sync with cli-mcp.config.json', () => {
  it('when three configured servers are synced into the three clients found here then each file has them by name, list --check starts all nine, and a change syncs only what changed', async () => {
    const { place, config, files } = project({ todos: { target: todo, tools: 'all' }, quick: { target: todo, prefix: 'q', timeout: 20_000 }, old: { target: todo, prefix: 'o' } });
    const first = io();
    expect(sync([], {}, wrap(), first.io, place), first.stderr()).toBe(0);
    expect(Object.keys(entries(files.claude))).toEqual(['todos', 'quick', 'old']);
    expect(entries(files.cursor).quick?.args.slice(1)).toEqual(['wrap', 'quick', '--config', config]);
    expect(readFileSync(files.codex, 'utf8')).toMatch(/\[mcp_servers\.quick\][\s\S]*tool_timeout_sec = 32/);

    const installed = installedServers(place).servers;
    expect(installed.map((server) => `${server.client.id} ${server.name}`)).toEqual(['claude-code todos', 'claude-code quick', 'claude-code old', 'cursor todos', 'cursor quick', 'cursor old', 'codex todos', 'codex quick', 'codex old']);
    const listed = io();
    expect(await listInstalled({ check: true, checkTimeout: 120_000 }, listed.io, place), listed.stdout() + listed.stderr()).toBe(0);
    expect(listed.stdout()).toMatch(/^Claude Code \(project\): .*\.mcp\.json\n {2}todos: todos --config \S+ {2}starts: \d+ tools in [\d.]+ s\n/);
    expect(listed.stdout().match(/starts: \d+ tools/g)).toHaveLength(9);

    // quick's timeout changes (Codex's entry holds it), old is gone, new comes.
    const before = { claude: readFileSync(files.claude, 'utf8'), codex: readFileSync(files.codex, 'utf8') };
    writeFileSync(config, JSON.stringify({ servers: { todos: { target: todo, tools: 'all' }, quick: { target: todo, prefix: 'q', timeout: 50_000 }, new: { target: todo, prefix: 'n' } } }, null, 2));
    const preview = io();
    expect(sync(['codex'], { print: true }, wrap(), preview.io, place)).toBe(0);
    expect(preview.stdout()).toMatch(/-tool_timeout_sec = 32\n\+tool_timeout_sec = 62/);
    expect(readFileSync(files.codex, 'utf8')).toBe(before.codex);

    const second = io();
    expect(sync([], {}, wrap(), second.io, place), second.stderr()).toBe(0);
    expect(Object.keys(entries(files.claude))).toEqual(['todos', 'quick', 'new']);
    // Claude Code's entries hold no timeout: todos and quick are the same bytes; only old's lines left and new's came.
    const kept = (text: string, name: string) => new RegExp(`"${name}": \\{[^}]*\\}`).exec(text)?.[0];
    expect(kept(readFileSync(files.claude, 'utf8'), 'todos')).toBe(kept(before.claude, 'todos'));
    expect(kept(readFileSync(files.claude, 'utf8'), 'quick')).toBe(kept(before.claude, 'quick'));
    expect(second.stderr()).toMatch(/Claude Code: server "todos" in \S+ is already this one; nothing was written/);
    expect(second.stderr()).toMatch(/Codex: replaced server "quick"/);
    expect(second.stderr()).toMatch(/Cursor: removed server "old"/);
    expect(readFileSync(files.codex, 'utf8')).toMatch(/\[mcp_servers\.quick\][\s\S]*tool_timeout_sec = 62/);
  }, 240_000);

  it('when an entry of a configured name is not that server\'s then sync leaves it and says so', () => {
    const { place, files } = project({ todos: { target: todo } });
    writeFileSync(files.claude, JSON.stringify({ mcpServers: { todos: { command: 'other-server', args: [] } } }, null, 2));
    const out = io();
    expect(sync(['claude-code'], {}, wrap(), out.io, place)).toBe(1);
    expect(entries(files.claude).todos).toEqual({ command: 'other-server', args: [] });
    expect(out.stderr()).toMatch(/already has a different server named "todos"/);
  });

  it('when install names no client then the target goes into every client whose file exists here, and none found is an error naming the clients', () => {
    const { place, files } = project({});
    const out = io();
    expect(installDetected({ target: todo, wrapArgs: ['--tools', 'all'], flags: {}, wrap: wrap() }, out.io, place)).toBe(0);
    expect(out.stderr()).toMatch(/installing into the clients found here: Claude Code, Cursor, Codex/);
    expect(entries(files.cursor).todo?.args.slice(1)).toEqual(['wrap', todo, '--tools', 'all']);
    const empty = scratch();
    expect(() => installDetected({ target: todo, wrapArgs: [], flags: {}, wrap: wrap() }, out.io, { cwd: empty, home: empty, platform: 'linux', env: {} })).toThrow(/no client's config file exists here: name the client .*claude-code, claude-desktop/);
  });
});
