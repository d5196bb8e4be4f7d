import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox, probeSandboxSoon } from '../../src/exec/sandbox-probe.js';
import { scratchMaker } from '../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-sandbox-probe-');

/** A stand-in for bwrap that logs each run to a file and exits with `status` (saying why on stderr when it fails). */
function fakeBwrap(status: number): { readonly command: string; readonly runs: () => number } {
  const dir = scratch();
  const log = join(dir, 'runs');
  writeFileSync(log, '');
  const command = join(dir, 'bwrap');
  writeFileSync(command, `#!/bin/sh\necho run >> ${log}\n[ ${status} -eq 0 ] || echo "bwrap: No permissions to create new namespace" >&2\nexit ${status}\n`);
  chmodSync(command, 0o755);
  return { command, runs: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the sandbox probe, started beside the server\'s start-up', () => {
  it('when the early probe succeeded then the check finds its answer and runs nothing more', async () => {
    const bwrap = fakeBwrap(0);
    probeSandboxSoon(bwrap.command);
    await until(() => bwrap.runs() === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(probeSandbox(bwrap.command)).toEqual({ ok: true });
    expect(bwrap.runs()).toBe(1);
  });

  it('when the early probe failed then the check runs again and says why', async () => {
    const bwrap = fakeBwrap(1);
    probeSandboxSoon(bwrap.command);
    await until(() => bwrap.runs() === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(probeSandbox(bwrap.command)).toEqual({ ok: false, reason: 'bwrap: No permissions to create new namespace' });
    expect(bwrap.runs()).toBe(2);
  });

  it('when the check comes before the early probe is done then it probes on its own, once', () => {
    const bwrap = fakeBwrap(0);
    probeSandboxSoon(bwrap.command);
    expect(probeSandbox(bwrap.command)).toEqual({ ok: true });
    expect(probeSandbox(bwrap.command)).toEqual({ ok: true });
    expect(bwrap.runs()).toBeLessThanOrEqual(2);
  });
});
