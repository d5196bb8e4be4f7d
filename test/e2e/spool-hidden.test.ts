import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSandbox } from '../../src/exec/sandbox.js';
import { scratchMaker } from '../helpers/scratch.js';
import { connect, connectHttp, serveHttp, textOf } from './clients.js';

// The spool keeps whole outputs of calls in files the server's user owns; calls run as that user, so under the
// default sandbox they must not find them on disk (another principal's output, over HTTP).
const scratch = scratchMaker('cli-mcp-spool-hidden-');
const sandboxed = resolveSandbox({ level: 'contain' }) !== undefined;
if (!sandboxed) console.warn('\n!!! bubblewrap does not work here: the spool-hiding end-to-end tests are SKIPPED !!!\n');

describe.skipIf(!sandboxed).each(['contain', 'strict'])('spooled output under --sandbox %s', (level) => {
  it('when a call reads the spool file of an earlier call then it finds nothing there, while the server still pages it', async () => {
    const dir = scratch();
    const big = join(dir, 'big.txt');
    writeFileSync(big, Array.from({ length: 4000 }, (_, index) => `line ${index} of the kept output`).join('\n'));
    const client = await connect('v2 (2026-07-28)', ['cat', '--sandbox', level, '--max-result', '4096'], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_CACHE_HOME: dir } });
    try {
      const first = await client.callTool('cat', { args: [big] });
      const [, id = ''] = /cli-mcp:\/\/output\/([0-9a-f]{32})\/stdout/.exec(JSON.stringify(first)) ?? [];
      expect(id).not.toBe('');
      const spoolDir = readdirSync(tmpdir()).find((name) => name.startsWith(`cli-mcp-spool-${client.pid}-`));
      expect(spoolDir).toBeDefined();
      const file = join(tmpdir(), spoolDir ?? '', `${id}.stdout`);

      const peek = await client.callTool('cat', { args: [file] });
      expect(peek.isError).toBe(true);
      expect(textOf(peek)).toMatch(/No such file or directory/);
      expect(textOf(peek)).not.toContain('of the kept output');
      const kept = await client.readResource(`cli-mcp://output/${id}/stdout`);
      expect(kept.contents[0]?.text).toContain('line 0 of the kept output');
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!sandboxed)('the token file under the default sandbox', () => {
  it('when a principal\'s call reads the --token-file then it cannot open it: no caller learns another\'s token', async () => {
    const dir = scratch();
    const tokens = join(dir, 'tokens.json');
    const token = `alice-${'a'.repeat(40)}`;
    writeFileSync(tokens, JSON.stringify({ tokens: [{ principal: 'alice', token }, { principal: 'bob', token: `bob-${'b'.repeat(40)}` }] }));
    const served = await serveHttp(['cat', '--token-file', tokens], dir);
    const client = await connectHttp('v2 (2026-07-28)', served.url, { headers: { authorization: `Bearer ${token}` } });
    try {
      const read = await client.callTool('cat', { args: [tokens] });
      expect(textOf(read)).toMatch(/tokens\.json: Permission denied/);
      expect(JSON.stringify(read)).not.toContain('bbbb');
    } finally {
      await client.close();
      served.server.kill('SIGTERM');
      await served.server;
    }
  });
});
