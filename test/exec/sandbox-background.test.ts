import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { resolveSandbox } from '../../src/exec/sandbox.js';
import { fixture } from '../helpers/fixture.js';

const binPath = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const startsDaemon = fixture('sandbox/starts-daemon.mjs');
const sandbox = resolveSandbox({ level: 'contain' });
if (!sandbox) console.warn('\n!!! bwrap is unavailable: the background-process tests below FAIL !!!\n');

async function stderrOf(mode: string): Promise<string> {
  const outcome = await spawnCommand({ file: startsDaemon, args: [mode], sandbox, timeoutMs: 20_000 });
  if (outcome.kind !== 'ran') throw new Error(outcome.message);
  expect(outcome.output.exitCode).toBe(0);
  expect(outcome.output.stdout).toMatch(/^daemon \d+ is up$/m);
  return outcome.output.stderr;
}

describe('a call under contain whose command leaves a process running (class: daemon-starting CLIs, as pm2)', () => {
  it('when the command exits while the daemon it detached still runs then the result says a background process was stopped with the call and how to keep it', async () => {
    expect(sandbox).toBeDefined();
    expect(await stderrOf('detached')).toMatch(/^cli-mcp: a background process it started \((?:fixture-daemon|node)\) was stopped when the command exited: under the contain sandbox no process outlives its call\. To keep it running, serve with --sandbox off, or set "sandbox": "off" on this command in a manifest\.\n$/);
  });

  it('when the command waits for its children, or leaves an ordinary one of its own session, then nothing is said', async () => {
    expect(await stderrOf('waited')).toBe('');
  });
});

describe('a manifest command set to "sandbox": "off"', () => {
  it('when it starts a daemon then the daemon outlives the call and nothing is said, while the same command under contain says it was stopped', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-mcp-sandbox-off-'));
    const command = (sandboxOff: boolean) => ({ name: 'start', runnable: true, options: [], positionals: [{ name: 'mode', type: 'string', required: true, variadic: false }], subcommands: [], ...(sandboxOff ? { sandbox: 'off' } : {}) });
    const manifest = { manifestVersion: 1, program: { name: 'fixture', runnable: false, options: [], positionals: [], subcommands: [command(true), { ...command(false), name: 'contained' }] } };
    writeFileSync(join(dir, 'fixture.json'), JSON.stringify(manifest));
    const call = (tool: string) => execa(process.execPath, [binPath, 'call', '--manifest', join(dir, 'fixture.json'), '--exec', startsDaemon, tool, '--input', JSON.stringify({ args: ['detached'] })], { cwd: dir, reject: false });
    try {
      const off = JSON.parse((await call('fixture_start')).stdout) as { structuredContent: { stdout: string; stderr: string } };
      const pid = Number(/^daemon (\d+) is up$/m.exec(off.structuredContent.stdout)?.[1]);
      expect(off.structuredContent.stderr).toBe('');
      expect(isProcessAlive(pid)).toBe(true);
      process.kill(pid, 'SIGKILL');
      const contained = JSON.parse((await call('fixture_contained')).stdout) as { structuredContent: { stdout: string; stderr: string } };
      // Its pid is one inside the namespace, which is gone: the note is what tells.
      expect(contained.structuredContent.stderr).toContain('was stopped when the command exited');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
