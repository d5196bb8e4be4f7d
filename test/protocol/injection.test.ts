import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// Over a real client and a real spawn: what a model sends can never change which flags the CLI sees.
const oracle = fixture('oracle/oracle.js');
let client: TestClient;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-inject-'));
  client = await connectInProcess('v2 (2026-07-28)', [oracle], { cwd: dir });
});
afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function parsed(flags: Record<string, unknown>, args: string[] = []): Promise<{ args: unknown[]; opts: Record<string, unknown> }> {
  const result = await client.callTool('oracle_kinds', { flags, args });
  expect(result.isError).toBeFalsy();
  return result.structuredContent?.json as { args: unknown[]; opts: Record<string, unknown> };
}

describe('injection through arguments', () => {
  it('when args hold "--force" then it reaches the CLI as a positional and the flag stays unset', async () => {
    const { args, opts } = await parsed({}, ['--force']);
    expect(args).toEqual([['--force']]);
    expect(opts.force).toBeUndefined();
  });

  it('when a flag value is "--x=y" then it arrives as that value', async () => {
    const { opts } = await parsed({ name: '--x=y' });
    expect(opts).toEqual({ color: true, name: '--x=y' });
  });

  it('when a value holds shell syntax then it arrives as one literal argument and nothing runs', async () => {
    const marker = join(dir, 'pwned');
    const { args, opts } = await parsed({ name: `; touch ${marker}` }, [`$(touch ${marker})`, '`id`', '; id']);
    expect(opts.name).toBe(`; touch ${marker}`);
    expect(args).toEqual([[`$(touch ${marker})`, '`id`', '; id']]);
    expect(existsSync(marker)).toBe(false);
  });

  it('when a value is a different flag then it cannot set that flag', async () => {
    const { opts } = await parsed({ name: '--force', s: '--force', many: ['--force', '-g'] });
    expect(opts.force).toBeUndefined();
    expect(opts.debug).toBeUndefined();
    expect(opts).toMatchObject({ name: '--force', s: '--force', many: ['--force', '-g'] });
  });

  it('when the model sends an option under its flag spelling then it sets that option alone, and a flag no option has is refused', async () => {
    const { opts } = await parsed({ '--force': true });
    expect(opts.force).toBe(true);
    expect(opts.debug).toBeUndefined();
    const result = await client.callTool('oracle_kinds', { flags: { '--no-such-flag': true } });
    expect(result.isError).toBe(true);
  });
});
