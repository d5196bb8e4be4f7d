import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/exec/run.js';
import type { RunOutcome } from '../../src/exec/run.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/exec/${name}`, import.meta.url));

function ran(outcome: RunOutcome) {
  if (outcome.kind !== 'ran') throw new Error(`expected the command to run, got ${outcome.code}: ${outcome.message}`);
  return outcome;
}

describe('runCommand', () => {
  it('when arguments hold shell syntax, spaces and quotes then they reach the CLI verbatim', async () => {
    const args = ['; id', '$(id)', '`id`', 'two words', `"double" 'single'`, '*', '--flag=a b', '', '\\n'];
    const { output } = ran(await runCommand({ file: fixture('echo-argv'), args }));
    expect(JSON.parse(output.stdout)).toEqual(args);
    expect(output).toMatchObject({ exitCode: 0, timedOut: false, truncated: false });
    expect(output.signal).toBeUndefined();
  });

  it('when the CLI exits non-zero then the exit code and stderr come back as data', async () => {
    const outcome = ran(await runCommand({ file: fixture('exit-code'), args: ['3'] }));
    expect(outcome.aborted).toBe(false);
    expect(outcome.output).toMatchObject({ exitCode: 3, stdout: 'out\n', stderr: 'something failed\n', timedOut: false });
    expect(outcome.output.durationMs).toBeGreaterThan(0);
  });

  it('when the file does not exist then the outcome is not-started with ENOENT and names the file', async () => {
    const outcome = await runCommand({ file: '/nonexistent/cli-mcp-missing', args: [] });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
    expect(outcome.kind === 'not-started' && outcome.message).toContain('/nonexistent/cli-mcp-missing');
  });

  it('when a bare command name is not on PATH then the outcome is not-started with ENOENT', async () => {
    const outcome = await runCommand({ file: 'cli-mcp-no-such-command', args: [] });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
  });

  it('when the file is not executable then the outcome is not-started with EACCES', async () => {
    const outcome = await runCommand({ file: fixture('not-executable.js'), args: [] });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'EACCES' });
    expect(outcome.kind === 'not-started' && outcome.message).toContain('not-executable.js');
  });

  it('when the working directory does not exist then the message says so', async () => {
    const outcome = await runCommand({ file: process.execPath, args: ['-v'], cwd: '/nonexistent/cli-mcp-dir' });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ENOENT' });
    expect(outcome.kind === 'not-started' && outcome.message).toContain('/nonexistent/cli-mcp-dir');
  });

  it('when the CLI reads stdin then it sees end of input at once', async () => {
    const { output } = ran(await runCommand({ file: fixture('wait-stdin'), args: [], timeoutMs: 5_000 }));
    expect(output).toMatchObject({ stdout: 'done\n', exitCode: 0, timedOut: false });
  });

  it('when an environment is given then the CLI sees exactly that environment', async () => {
    const env = { CLI_MCP_ONE: '1', CLI_MCP_SPACES: 'a b; $(id)' };
    const { output } = ran(await runCommand({ file: process.execPath, args: [fixture('env-print')], env }));
    expect(JSON.parse(output.stdout)).toEqual(env);
  });

  it('when a variable is undefined in the given environment then it is left out', async () => {
    const env = { CLI_MCP_SET: 'yes', CLI_MCP_UNSET: undefined };
    const { output } = ran(await runCommand({ file: process.execPath, args: [fixture('env-print')], env }));
    expect(JSON.parse(output.stdout)).toEqual({ CLI_MCP_SET: 'yes' });
  });

  it('when the working directory is given then the CLI runs there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-mcp-cwd-'));
    const { output } = ran(await runCommand({ file: process.execPath, args: ['-p', 'process.cwd()'], cwd: dir }));
    expect(output.stdout).toBe(`${dir}\n`);
  });

  it('when the output is not valid UTF-8 then it is decoded with replacement characters', async () => {
    const script = 'process.stdout.write(Buffer.from([0x68, 0xff, 0x69]))';
    const { output } = ran(await runCommand({ file: process.execPath, args: ['-e', script] }));
    expect(output.stdout).toBe('h\uFFFDi');
  });

  it('when the signal is already aborted then nothing is spawned', async () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'cli-mcp-abort-')), 'spawned');
    const script = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x')`;
    const outcome = await runCommand({ file: process.execPath, args: ['-e', script], signal: AbortSignal.abort() });
    expect(outcome).toMatchObject({ kind: 'not-started', code: 'ABORT_ERR' });
    await sleep(300);
    expect(existsSync(marker)).toBe(false);
  });
});
