import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import type { CommandOutcome } from '../../src/exec/spawn-command.js';
import { fixture } from '../helpers/fixture.js';


function ran(outcome: CommandOutcome) {
  if (outcome.kind !== 'ran') throw new Error(`expected the command to run, got ${outcome.code}: ${outcome.message}`);
  return outcome;
}

describe('spawnCommand', () => {
  it('when arguments hold shell syntax, spaces and quotes then they reach the CLI verbatim', async () => {
    const args = ['; id', '$(id)', '`id`', 'two words', `"double" 'single'`, '*', '--flag=a b', '', '\\n'];
    const { output } = ran(await spawnCommand({ file: fixture('exec', 'echo-argv'), args }));
    expect(JSON.parse(output.stdout)).toEqual(args);
    expect(output).toMatchObject({ exitCode: 0, timedOut: false, truncated: false });
    expect(output.signal).toBeUndefined();
  });

  it('when the CLI exits non-zero then the exit code and stderr come back as data', async () => {
    const outcome = ran(await spawnCommand({ file: fixture('exec', 'exit-code'), args: ['3'] }));
    expect(outcome.aborted).toBe(false);
    expect(outcome.output).toMatchObject({ exitCode: 3, stdout: 'out\n', stderr: 'something failed\n', timedOut: false });
    expect(outcome.output.durationMs).toBeGreaterThan(0);
  });

  it('when the file does not exist then the outcome is not-started with ENOENT and names the file', async () => {
    const outcome = await spawnCommand({ file: '/nonexistent/cli-mcp-missing', args: [] });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
    expect(outcome.kind === 'not-started' && outcome.message).toContain('/nonexistent/cli-mcp-missing');
  });

  it('when a bare command name is not on PATH then the outcome is not-started with ENOENT', async () => {
    const outcome = await spawnCommand({ file: 'cli-mcp-no-such-command', args: [] });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
  });

  it('when the file is not executable then the outcome is not-started with EACCES', async () => {
    const outcome = await spawnCommand({ file: fixture('exec', 'not-executable.js'), args: [] });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'EACCES' });
    expect(outcome.kind === 'not-started' && outcome.message).toContain('not-executable.js');
  });

  it('when the working directory does not exist then the message says so', async () => {
    const outcome = await spawnCommand({ file: process.execPath, args: ['-v'], cwd: '/nonexistent/cli-mcp-dir' });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
    expect(outcome.kind === 'not-started' && outcome.message).toContain('/nonexistent/cli-mcp-dir');
  });

  it('when the CLI reads stdin then it sees end of input at once', async () => {
    const { output } = ran(await spawnCommand({ file: fixture('exec', 'wait-stdin'), args: [], timeoutMs: 5_000 }));
    expect(output).toMatchObject({ stdout: 'done\n', exitCode: 0, timedOut: false });
  });

  it('when an environment is given then the CLI sees exactly that environment', async () => {
    const env = { CLI_MCP_ONE: '1', CLI_MCP_SPACES: 'a b; $(id)' };
    const { output } = ran(await spawnCommand({ file: process.execPath, args: [fixture('exec', 'env-print')], env }));
    expect(JSON.parse(output.stdout)).toEqual(env);
  });

  it('when a variable is undefined in the given environment then it is left out', async () => {
    const env = { CLI_MCP_SET: 'yes', CLI_MCP_UNSET: undefined };
    const { output } = ran(await spawnCommand({ file: process.execPath, args: [fixture('exec', 'env-print')], env }));
    expect(JSON.parse(output.stdout)).toEqual({ CLI_MCP_SET: 'yes' });
  });

  it('when the working directory is given then the CLI runs there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-mcp-cwd-'));
    const { output } = ran(await spawnCommand({ file: process.execPath, args: ['-p', 'process.cwd()'], cwd: dir }));
    expect(output.stdout).toBe(`${dir}\n`);
  });

  it('when the output is not valid UTF-8 then it is decoded with replacement characters', async () => {
    const script = 'process.stdout.write(Buffer.from([0x68, 0xff, 0x69]))';
    const { output } = ran(await spawnCommand({ file: process.execPath, args: ['-e', script] }));
    expect(output.stdout).toBe('h\uFFFDi');
  });

  it('when the signal is already aborted then nothing is spawned', async () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'cli-mcp-abort-')), 'spawned');
    const script = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x')`;
    const outcome = await spawnCommand({ file: process.execPath, args: ['-e', script], signal: AbortSignal.abort() });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ABORT_ERR' });
    await sleep(300);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('spawnCommand output cap', () => {
  const line = (i: number): string => `line ${String(i).padStart(10, '0')}\n`; // what print-lines prints: 16 bytes each
  const lines = (from: number, to: number): string => Array.from({ length: to - from }, (_, k) => line(from + k)).join('');

  it('when a CLI prints 64 MiB then it runs to its end and the head and tail are kept around a marker', async () => {
    const cap = 64 * 1024;
    const count = (64 * 1024 * 1024) / 16;
    const { output } = ran(await spawnCommand({ file: fixture('exec', 'print-lines'), args: [String(count)], maxOutputBytes: cap, timeoutMs: 25_000 }));
    const marker = '\n[… 67,043,328 bytes cut from the middle of stdout …]\n';
    expect(output).toMatchObject({ exitCode: 0, timedOut: false, truncated: true, stderr: '' });
    expect(output.stdout).toBe(lines(0, cap / 2 / 16) + marker + lines(count - cap / 2 / 16, count));
    expect(Buffer.byteLength(output.stdout)).toBeLessThanOrEqual(cap + Buffer.byteLength(marker));
  });

  it('when the cap cuts multi-byte characters at both edges then the partial characters are dropped', async () => {
    const script = "process.stdout.write('é'.repeat(100))"; // 2 bytes each; head and tail are 25 bytes
    const { output } = ran(await spawnCommand({ file: process.execPath, args: ['-e', script], maxOutputBytes: 50 }));
    expect(output.truncated).toBe(true);
    expect(output.stdout).toBe(`${'é'.repeat(12)}\n[… 152 bytes cut from the middle of stdout …]\n${'é'.repeat(12)}`);
  });

  it('when the output is exactly at the cap then it is whole and not truncated', async () => {
    const script = "process.stdout.write('a'.repeat(100))";
    const { output } = ran(await spawnCommand({ file: process.execPath, args: ['-e', script], maxOutputBytes: 100 }));
    expect(output).toMatchObject({ truncated: false, stdout: 'a'.repeat(100), exitCode: 0 });
  });

  it('when stderr passes the cap then only stderr is cut and stdout stays whole', async () => {
    const script = "process.stdout.write('ok'); process.stderr.write('e'.repeat(300))";
    const { output } = ran(await spawnCommand({ file: process.execPath, args: ['-e', script], maxOutputBytes: 100 }));
    expect(output).toMatchObject({ truncated: true, stdout: 'ok', exitCode: 0 });
    expect(output.stderr).toBe(`${'e'.repeat(50)}\n[… 200 bytes cut from the middle of stderr …]\n${'e'.repeat(50)}`);
  });

  it('when the cap is not a non-negative number then spawnCommand throws before anything is spawned', async () => {
    await expect(spawnCommand({ file: fixture('exec', 'echo-argv'), args: [], maxOutputBytes: -1 })).rejects.toThrow(RangeError);
  });
});
