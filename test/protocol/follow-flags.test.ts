/**
 * GNU tail, read from its --help and served to a real MCP client: `tail --follow` would run until
 * stopped, so a direct call is refused with the background-run call that serves it; without it tail runs and ends.
 */
import { execaSync } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { textOf, type TestClient } from '../e2e/clients.js';
import { connectInProcess } from '../helpers/in-process.js';

const scratch = scratchMaker('cli-mcp-follow-');
const hasTail = execaSync('tail', ['--version'], { reject: false }).exitCode === 0;
if (!hasTail) console.warn('\n!!! tail is NOT installed: the follow-flag e2e tests are SKIPPED !!!\n');

describe.skipIf(!hasTail)('a command that runs until stopped, called directly', () => {
  let client: TestClient;
  let file: string;
  beforeAll(async () => {
    const dir = scratch();
    file = join(dir, 'app.log');
    writeFileSync(file, Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n') + '\n');
    // tail's help is read afresh: test/helpers/hermetic.ts gives this file its own cache, and help is read in the C locale.
    client = await connectInProcess('v2 (2026-07-28)', ['tail', '--timeout', '10000'], { cwd: dir });
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('when tail is called with follow on then the call is refused at once, naming --follow and the run_start call with the same flags and args', async () => {
    const started = Date.now();
    const result = await client.callTool('tail', { flags: { follow: true, lines: '3' }, args: [file] });
    expect(result.isError).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    const text = textOf(result);
    expect(text).toContain('tail with --follow (flags.follow) runs until stopped');
    expect(text).toContain(`tail_run_start ${JSON.stringify({ command: 'tail', flags: { follow: true, lines: '3' }, args: [file] })}`);
    expect(text).toContain('tail_run_status');
    expect(text).toContain('tail_run_cancel');
  });

  it('when tail is called with -F, which its help calls the same as --follow=name --retry, then it is refused too', async () => {
    const result = await client.callTool('tail', { flags: { F: true }, args: [file] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('tail with -F (flags.F) runs until stopped');
  });

  it('when tail is called without follow then it runs and returns the file\'s last lines', async () => {
    const result = await client.callTool('tail', { flags: { lines: '3' }, args: [file] });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent?.stdout).toBe('line 18\nline 19\nline 20\n');
  });
});
