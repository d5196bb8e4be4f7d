import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { startLocalIssuer, RESOURCE, type LocalIssuer } from '../http/auth/local-issuer.js';
import { connectHttp, repoRoot, serveHttp } from './clients.js';

// A static token's principal and a JWT subject of the same name are two callers: nothing of one reaches the other.
const printer = join(repoRoot, 'test/fixtures/output/printer.js');
const scratch = scratchMaker('cli-mcp-principal-kinds-');
const token = `alice-${'a'.repeat(40)}`;
const names = (tools: { name: string }[]) => tools.map((tool) => tool.name).sort();

describe('static-token principals and JWT subjects over HTTP', () => {
  let issuer: LocalIssuer;
  let served: Awaited<ReturnType<typeof serveHttp>>;
  beforeAll(async () => {
    const dir = scratch();
    issuer = await startLocalIssuer();
    writeFileSync(join(dir, 'tokens.json'), JSON.stringify({ tokens: [{ principal: 'alice', token }] }));
    // Static alice may only print big output; everyone else gets every tool.
    writeFileSync(join(dir, 'policy.yaml'), ['default: all', 'rules:', '  - principals: [alice]', '    allow: [big]', ''].join('\n'));
    served = await serveHttp([printer, '--token-file', join(dir, 'tokens.json'), '--oauth-issuer', issuer.url, '--oauth-resource', RESOURCE, '--access-policy', join(dir, 'policy.yaml'), '--max-result', '4096'], dir);
  });
  afterAll(async () => {
    served?.server.kill('SIGTERM');
    await served?.server;
    await issuer?.close();
  });

  it('when a JWT\'s subject is a static token\'s name then it does not get that principal\'s policy rule, its output or its log name', async () => {
    const owner = await connectHttp('v2 (2026-07-28)', served.url, { headers: { authorization: `Bearer ${token}` } });
    const impostor = await connectHttp('v2 (2026-07-28)', served.url, { headers: { authorization: `Bearer ${await issuer.sign({ sub: 'alice' })}` } });
    try {
      const own = names((await owner.listTools()).tools);
      const other = names((await impostor.listTools()).tools);
      expect(own).toContain('printer_big');
      expect(own).not.toContain('printer_forever');
      expect(other).toContain('printer_forever');

      const big = await owner.callTool('printer_big', { args: ['50000'] });
      const uri = JSON.stringify(big).match(/cli-mcp:\/\/output\/[0-9a-f]{32}\/stdout/)?.[0] ?? '';
      expect(uri).not.toBe('');
      expect((await owner.readResource(uri)).contents[0]).toMatchObject({ uri: expect.stringContaining(uri) });
      await expect(impostor.readResource(uri)).rejects.toThrow(/no longer kept/);
      const read = await impostor.callTool('printer_read_output', { uri });
      expect(read.isError).toBe(true);

      await impostor.callTool('printer_big', { args: ['10'] });
      expect(served.stderr()).toMatch(/"tool":"printer_big","principal":"token:alice"/);
      expect(served.stderr()).toContain(`"tool":"printer_big","principal":"jwt:${issuer.url}#alice"`);
    } finally {
      await owner.close();
      await impostor.close();
    }
  });
});

describe('a policy naming principals the server cannot authenticate', () => {
  it('when a bare name is no static token\'s principal then the server refuses to start and says how a JWT subject is written', async () => {
    const dir = scratch();
    const issuer = await startLocalIssuer();
    try {
      writeFileSync(join(dir, 'tokens.json'), JSON.stringify({ tokens: [{ principal: 'alice', token }] }));
      writeFileSync(join(dir, 'policy.yaml'), ['rules:', '  - principals: [alice, carol]', '    allow: [big]', ''].join('\n'));
      const failed = serveHttp([printer, '--token-file', join(dir, 'tokens.json'), '--oauth-issuer', issuer.url, '--oauth-resource', RESOURCE, '--access-policy', join(dir, 'policy.yaml')], dir);
      await expect(failed).rejects.toThrow(/rules\[0\]\.principals\[1\]: "carol" is no static token's principal; a JWT's subject is written "jwt:carol" \(line 2\)/);
    } finally {
      await issuer.close();
    }
  });
});
