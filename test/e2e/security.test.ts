import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixture.js';
import { connect, type TestClient } from './clients.js';

// The security promises about the server's own environment: a spawned server holds a secret the test process does not.
// The other promises are in test/protocol/security.test.ts.
const gitlike = fixture('secure/gitlike.js');
const canary = 'canary-7f3e9b2c-do-not-leak';
const serverEnv = { ...(process.env as Record<string, string>), CLI_MCP_CANARY_SECRET: canary };
let dir: string;
let client: TestClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-secure-'));
  client = await connect('v2 (2026-07-28)', [gitlike], { cwd: dir, env: serverEnv });
});
afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('environment', () => {
  it('when the server holds a secret then the CLI does not inherit it and it never reaches the output', async () => {
    const result = await client.callTool('gitlike_env', {});
    const childEnv = result.structuredContent?.json as Record<string, string>;
    expect(childEnv.CLI_MCP_CANARY_SECRET).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain(canary);
    expect(childEnv.PATH).toBeTruthy();
  });

  it('when the whole environment is passed on purpose then the secret reaches the CLI, and redaction still masks it in the output', async () => {
    const masked = await connect('v2 (2025-11-25)', [gitlike, '--inherit-env'], { cwd: dir, env: serverEnv });
    const leaky = await connect('v1 sdk', [gitlike, '--inherit-env', '--no-redact'], { cwd: dir, env: serverEnv });
    try {
      const maskedEnv = (await masked.callTool('gitlike_env', {})).structuredContent?.json as Record<string, string>;
      expect(maskedEnv.CLI_MCP_CANARY_SECRET).toBe('[REDACTED]');
      // With both defences off the same secret does leak: so the tests above can fail.
      const leakedEnv = (await leaky.callTool('gitlike_env', {})).structuredContent?.json as Record<string, string>;
      expect(leakedEnv.CLI_MCP_CANARY_SECRET).toBe(canary);
    } finally {
      await masked.close();
      await leaky.close();
    }
  });
});
