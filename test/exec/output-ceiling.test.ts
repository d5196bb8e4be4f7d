import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { spawnCommand, type CommandOutcome } from '../../src/exec/spawn-command.js';
import { DEFAULTS } from '../../src/options.js';
import { resolveSandbox } from '../../src/exec/sandbox.js';
import { killMarked, pidsWithMarker } from './sandbox-pids.js';
import { fixture } from '../helpers/fixture.js';

const MiB = 1024 * 1024;
const ceiling = 8 * MiB;
const marker = `cli-mcp-ceiling-${process.pid}`;
const sandbox = resolveSandbox({ level: 'contain' });

afterAll(() => killMarked(marker));

function ran(outcome: CommandOutcome) {
  if (outcome.kind !== 'ran') throw new Error(`expected the command to run, got ${outcome.code}: ${outcome.message}`);
  return outcome.output;
}

describe('spawnCommand with a total-output ceiling', () => {
  it('when the default is asked for then it is 256 MiB', () => {
    expect(DEFAULTS.maxTotalOutputBytes).toBe(256 * MiB);
  });

  // A 20 s timeout is the backstop: should the ceiling not stop it, timedOut says so instead of a hang.
  it('when a CLI prints forever then the ceiling stops its whole tree within seconds', async () => {
    const output = ran(await spawnCommand({ file: fixture('exec', 'print-forever'), args: [], maxTotalOutputBytes: ceiling, maxOutputBytes: 64 * 1024, killGraceMs: 200, timeoutMs: 20_000 }));
    const { parent, child } = JSON.parse(output.stderr.split('\n')[0] ?? '') as { parent: number; child: number };
    expect(output).toMatchObject({ outputExceeded: true, truncated: true, timedOut: false, exitCode: null, signal: 'SIGTERM' });
    expect(output.durationMs).toBeLessThan(5_000);
    expect(output.stdout).toMatch(/^x{1023}\n/); // the head is kept as without the ceiling
    expect(isProcessAlive(parent)).toBe(false);
    expect(isProcessAlive(child)).toBe(false); // it ignores SIGTERM: the group's SIGKILL ended it
  });

  it('when stdout and stderr each stay under the ceiling but pass it together then the tree is stopped', async () => {
    const script = `const mb = 'y'.repeat(${MiB}); for (let i = 0; i < 5; i++) { process.stdout.write(mb); process.stderr.write(mb); } setInterval(() => {}, 1e9);`;
    const output = ran(await spawnCommand({ file: process.execPath, args: ['-e', script], maxTotalOutputBytes: ceiling, killGraceMs: 200, timeoutMs: 20_000 }));
    expect(output).toMatchObject({ outputExceeded: true, truncated: true, timedOut: false });
  });

  it('when a CLI prints exactly the ceiling then the result has no outputExceeded key', async () => {
    const output = ran(await spawnCommand({ file: process.execPath, args: ['-e', 'process.stdout.write("a".repeat(600)); process.stderr.write("b".repeat(400))'], maxTotalOutputBytes: 1_000 }));
    expect(output).toMatchObject({ exitCode: 0, timedOut: false, truncated: false });
    expect(output).not.toHaveProperty('outputExceeded');
    expect(output.stdout.length + output.stderr.length).toBe(1_000);
  });

  it('when the ceiling is not a positive integer then the call rejects naming it before anything runs', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await expect(spawnCommand({ file: 'true', args: [], maxTotalOutputBytes: bad })).rejects.toThrow(`maxTotalOutputBytes must be a positive whole number, got ${bad} (a number)`);
    }
  });
});

if (sandbox === undefined) process.stderr.write('output-ceiling: SKIPPING the sandbox tests: bwrap cannot make a PID namespace here\n');

describe.runIf(sandbox !== undefined)('spawnCommand with a total-output ceiling in the contain sandbox', () => {
  it('when a sandboxed CLI prints forever then the ceiling stops it and its setsid daemon', async () => {
    const script = `setsid sh -c 'sleep 300' ${marker}-daemon & exec yes ${marker}-yes`;
    const output = ran(await spawnCommand({ file: 'sh', args: ['-c', script], sandbox, maxTotalOutputBytes: ceiling, maxOutputBytes: 64 * 1024, killGraceMs: 200, timeoutMs: 20_000 }));
    expect(output).toMatchObject({ outputExceeded: true, truncated: true, timedOut: false, exitCode: null });
    expect(output.durationMs).toBeLessThan(5_000);
    expect(pidsWithMarker(marker)).toEqual([]);
  });
});
