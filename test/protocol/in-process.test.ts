import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientKinds } from '../e2e/clients.js';
import { waitForMarked } from '../exec/sandbox-pids.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess, serveInProcess } from '../helpers/in-process.js';
import { scratchMaker } from '../helpers/scratch.js';
import { stillAlive } from '../helpers/ticker-tasks.js';

// The in-process server the protocol tests use: wrap's flags, wrap's stderr, and nothing left running after close().
const gitlike = fixture('secure/gitlike.js');
const scratch = scratchMaker('cli-mcp-in-process-');

describe('a server in process', () => {
  it.each(clientKinds)('when the %s client connects then the protocol era is settled as over stdio and wrap\'s flags apply', async (kind) => {
    const client = await connectInProcess(kind, [gitlike, '--prefix', 'gl', '--include', 'echo']);
    try {
      expect(client.protocolVersion()).toBe(kind === 'v2 (2026-07-28)' ? '2026-07-28' : kind === 'v1 sdk' ? undefined : '2025-11-25');
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('gl_echo');
      expect(client.stderr()).toMatch(/^cli-mcp: gitlike: 1 command, found by /m);
    } finally {
      await client.close();
    }
  });

  it('when --cwd is relative then it is read from the cwd option, as wrap reads it from where it was started', async () => {
    const dir = scratch();
    const client = await connectInProcess('v2 (2026-07-28)', [gitlike, '--cwd', '.'], { cwd: dir });
    try {
      const result = await client.callTool('gitlike_log', { flags: { output: 'written.txt' } });
      expect(result.isError).toBeFalsy();
      expect(existsSync(join(dir, 'written.txt'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('when a flag is not wrap\'s, or an environment or --watch is asked for, then it refuses to start and says why', async () => {
    await expect(serveInProcess([gitlike, '--no-such-flag'])).rejects.toThrow(/unknown option '--no-such-flag'/);
    await expect(serveInProcess([gitlike], { env: {} })).rejects.toThrow(/spawn it with connect\(\)/);
    await expect(serveInProcess([gitlike, '--watch'])).rejects.toThrow(/spawn it with connect\(\)/);
  });

  it('when the client closes with a call in flight then the call\'s process is stopped', async () => {
    const manifest = join(scratch(), 'ticker.json');
    const options = ['count', 'interval'].map((name) => ({ name, type: 'integer', flag: `--${name}` })).concat([{ name: 'marker', type: 'string', flag: '--marker' }]);
    writeFileSync(manifest, JSON.stringify({ manifestVersion: 1, program: { name: 'ticker', runnable: true, options, positionals: [], subcommands: [] } }));
    const client = await connectInProcess('v2 (2026-07-28)', ['--manifest', manifest, '--exec', fixture('runs/ticker.js'), '--sandbox', 'off']);
    const marker = `in-flight-${process.pid}-${Date.now()}`;
    const call = client.callTool('ticker', { flags: { count: 100_000, interval: 100, marker } }).catch(() => undefined);
    const running = await waitForMarked(marker, 1);
    await client.close();
    await call;
    expect(await stillAlive(running, 5_000)).toEqual([]);
  });
});
