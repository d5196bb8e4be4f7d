import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVE_FLAGS, SHARED_FLAGS, WRAP_FLAGS } from '../../src/options.js';
import { run } from '../helpers/run-cli.js';

/** What bash's completion offers for `words`, the last being the word under the cursor. */
function bashCompletes(script: string, words: readonly string[]): string[] {
  const quotedWords = words.map((word) => `'${word}'`).join(' ');
  const out = execFileSync('bash', ['-c', `${script}\nCOMP_WORDS=(${quotedWords}); COMP_CWORD=${words.length - 1}; _cli_mcp; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

/** Whether `shell` is installed; a test that needs it says loudly when it is not. */
function has(shell: string): boolean {
  const found = spawnSync(shell, ['-c', 'exit 0']).status === 0;
  if (!found) console.warn(`\n!!! ${shell} is not installed: its completion script is checked only as text !!!\n`);
  return found;
}

describe('cli-mcp completion', () => {
  it('when bash completes then it offers the commands, a command\'s options, and an option\'s choices', async () => {
    const { code, stdout: script } = await run('completion', 'bash');
    expect(code).toBe(0);
    expect(bashCompletes(script, ['cli-mcp', 'wr'])).toEqual(['wrap']);
    expect(bashCompletes(script, ['cli-mcp', 'wrap', '--ti'])).toEqual(['--timeout']);
    expect(bashCompletes(script, ['cli-mcp', 'wrap', 'kubectl', '--tools', ''])).toEqual(['auto', 'all', 'search', 'groups']);
    expect(bashCompletes(script, ['cli-mcp', 'export', '--format', 'o'])).toEqual(['openai']);
    expect(bashCompletes(script, ['cli-mcp', 'install', '--scope', ''])).toEqual(['project', 'user']);
    // A free value and an operand get nothing from the script: bash falls back to file names.
    expect(bashCompletes(script, ['cli-mcp', 'wrap', '--cwd', ''])).toEqual([]);
    expect(bashCompletes(script, ['cli-mcp', 'wrap', ''])).toEqual([]);
  });

  it('when the options table has a flag then wrap completes it in every shell', async () => {
    const scripts = await Promise.all(['bash', 'zsh', 'fish'].map(async (shell) => (await run('completion', shell)).stdout));
    for (const row of [...Object.values(SHARED_FLAGS), ...Object.values(SERVE_FLAGS), ...Object.values(WRAP_FLAGS)]) {
      const long = row.flag.split(' ')[0] ?? '';
      const [bash, zsh, fish] = scripts;
      expect(bash, long).toMatch(new RegExp(`wrap\\) opts='[^']*${long}\\b`));
      expect(zsh, long).toContain(`'${long}[`);
      expect(fish, long).toContain(`'__fish_seen_subcommand_from wrap' -l ${long.slice(2)}`);
    }
  });

  it('when zsh or fish reads its script then the syntax is valid', async () => {
    const zsh = (await run('completion', 'zsh')).stdout;
    const fish = (await run('completion', 'fish')).stdout;
    expect(zsh).toMatch(/^#compdef cli-mcp\n/);
    expect(fish).toContain("complete -c cli-mcp -n '__fish_seen_subcommand_from wrap' -l sandbox -x -a 'off contain strict'");
    if (has('zsh')) expect(spawnSync('zsh', ['-n'], { input: zsh, encoding: 'utf8' }).stderr).toBe('');
    if (has('fish')) {
      const file = join(mkdtempSync(join(tmpdir(), 'cli-mcp-fish-')), 'cli-mcp.fish');
      writeFileSync(file, fish);
      expect(spawnSync('fish', ['--no-execute', file], { encoding: 'utf8' }).stderr).toBe('');
    }
  });

  it('when the shell is not one it knows then it exits 1 naming the shells', async () => {
    const { code, stderr } = await run('completion', 'tcsh');
    expect(code).toBe(1);
    expect(stderr).toContain('Allowed choices are bash, zsh, fish');
  });
});
