import { execaSync } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// Redaction on what real programs print with `-o json`: secrets go, the structure stays. kubectl's, which reads
// a kubeconfig named by the server's own environment, is in test/e2e/redact-json.test.ts.
const M = '[REDACTED]';
const hasJq = execaSync('jq', ['--version'], { reject: false }).exitCode === 0;
if (!hasJq) console.warn('\n!!! jq is not installed: some redaction end-to-end tests are SKIPPED on this machine !!!\n');

describe.skipIf(!hasJq)('redaction of real jq output, through a real MCP client', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectInProcess('v1 sdk', ['--manifest', fixture('real-manifests/jq.json'), '--exec', 'jq']);
  });
  afterAll(() => client?.close());

  const jq = (filter: string) => client.callTool('jq', { flags: { 'null-input': true, 'compact-output': true }, args: [filter] });

  it('when secret-named variables are unset then their nulls and the closing brace come back untouched', async () => {
    const result = await jq('{SECRET_API_KEY: env.SECRET_API_KEY, HOME: env.HOME, MY_PASSWORD: env.MY_PASSWORD}');
    expect(result.structuredContent?.json).toEqual({ SECRET_API_KEY: null, HOME: expect.any(String) as unknown, MY_PASSWORD: null });
    expect(textOf(result)).toMatch(/"MY_PASSWORD":null}\n$/);
  });

  it('when secret values are strings beside numbers, booleans, objects and lists then only the strings are masked', async () => {
    const filter = '{password: "a\\"b}c", token: {name: "t"}, tokenTtl: 3600, secret_enabled: true, api_key: "k-1", credentials: ["x"], user: "me"}';
    const result = await jq(filter);
    expect(result.structuredContent?.json).toEqual({ password: M, token: { name: 't' }, tokenTtl: 3600, secret_enabled: true, api_key: M, credentials: ['x'], user: 'me' });
  });

  it('when the output is pretty-printed JSON then it still parses after masking', async () => {
    const result = await client.callTool('jq', { flags: { 'null-input': true }, args: ['{auth: {token: "abc", expires: null}, items: [{secret: "s1"}, {secret: null}]}'] });
    expect(result.structuredContent?.json).toEqual({ auth: { token: M, expires: null }, items: [{ secret: M }, { secret: null }] });
  });
});
