import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/exec/kill-tree.js';
import { spawnNodeWorker } from '../../src/exec/node-worker.js';
import { fixture } from '../helpers/fixture.js';


describe('spawnNodeWorker', () => {
  it('when the script sends a message then it resolves with it, despite the script printing to stdout', async () => {
    const answer = await spawnNodeWorker<{ args: string[]; pid: number }>(fixture('exec', 'worker-answers.js'), ['a b', '$(id)'], { timeoutMs: 10_000 });
    expect(answer.args).toEqual(['a b', '$(id)']);
    expect(isProcessAlive(answer.pid)).toBe(false);
  });

  it('when the script throws then it rejects with the stderr text', async () => {
    await expect(spawnNodeWorker(fixture('exec', 'worker-throws.js'), [], { timeoutMs: 10_000 })).rejects.toThrow(
      /exited \(exit code 1\) without answering[\s\S]*worker exploded on purpose/,
    );
  });

  it('when the script never answers then it rejects after the timeout', async () => {
    const before = Date.now();
    await expect(spawnNodeWorker(fixture('exec', 'worker-silent.js'), [], { timeoutMs: 300 })).rejects.toThrow(/did not answer within 300 ms/);
    expect(Date.now() - before).toBeLessThan(3_000);
  });

  it('when the script does not exist then it rejects with node\'s error', async () => {
    await expect(spawnNodeWorker(fixture('exec', 'no-such-worker.js'), [], { timeoutMs: 10_000 })).rejects.toThrow(/Cannot find module/);
  });

  it('when node flags are given then the worker runs with them', async () => {
    const answer = await spawnNodeWorker<{ args: string[] }>(fixture('exec', 'worker-answers.js'), [], { timeoutMs: 10_000, execArgv: ['--no-warnings'] });
    expect(answer.args).toEqual([]);
  });
});
