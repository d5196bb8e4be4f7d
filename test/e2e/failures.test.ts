import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { binPath } from './clients.js';

// The process's own exit and streams; the failures a client sees are in test/protocol/failures.test.ts.
describe('failures end to end', () => {
  it('when the target does not exist then wrap exits 1 and says so on stderr, with nothing on stdout', async () => {
    const run = await execa(process.execPath, [binPath, 'wrap', 'no/such/cli.js'], { reject: false, input: '' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('cannot find "no/such/cli.js"');
  });
});
