import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// Over a real client and a real spawn: no input to a tool can make commander run another command.
const red = fixture('smuggle/red.js');
let client: TestClient;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-smuggle-'));
  client = await connectInProcess('v2 (2026-07-28)', [red, '--exclude', 'red exec'], { cwd: dir });
});
afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const markers = (): string[] => readdirSync(dir).filter((name) => name.startsWith('ran-'));

describe('subcommand smuggling through a runnable root', () => {
  it.each([
    ['an excluded command', 'red', { args: ['exec', 'touch /tmp/x'] }, /args\[0\] "exec" names a command of red/],
    ['a destructive command, with no prompt', 'red', { args: ['delete', '1'] }, /args\[0\] "delete" names a command of red/],
    ['a hidden command', 'red', { args: ['secret'] }, /args\[0\] "secret" names a command of red/],
    ['an alias', 'red', { args: ['ls'] }, /args\[0\] "ls" names a command of red/],
    ['a command after a bare optional-value flag', 'red_get', { flags: { cheese: true }, args: ['delete', '1'] }, /flags\.cheese is true, which sends the bare --cheese/],
  ])('when the model tries to run %s then the call is refused and nothing runs', async (_what, tool, input, message) => {
    const result = await client.callTool(tool, input);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    expect(markers()).toEqual([]);
    expect(existsSync(join(dir, 'ran-delete'))).toBe(false);
  });

  it('when the root is called with ordinary words then its own action runs with them', async () => {
    const result = await client.callTool('red', { flags: { cheese: true }, args: ['one', 'two'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.json).toEqual({ command: 'red', args: [['one', 'two']], opts: { cheese: true } });
    expect(markers()).toEqual(['ran-red']);
  });
});
