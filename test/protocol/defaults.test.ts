/**
 * Defaults that contradict their own options are not published: a client that fills defaults in, or a
 * model that copies them, would otherwise send values the tool refuses or the program misreads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

describe('a program whose defaults contradict their options, listed through a real client', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectInProcess('v2 (2026-07-28)', [fixture('defaults/contradicting.mjs')]);
  });
  afterAll(() => client?.close());

  it('when listed then only the default that fits its option is published', async () => {
    const { tools } = await client.listTools();
    const flags = (tools[0]?.inputSchema as { properties: { flags: { properties: Record<string, { default?: unknown }> } } }).properties.flags.properties;
    expect(Object.fromEntries(Object.entries(flags).map(([name, schema]) => [name, schema.default]))).toEqual({ depth: undefined, mode: undefined, dry: undefined, retries: undefined, label: 'none' });
  });

  it('when called without those flags then the program applies its own defaults, none of them sent', async () => {
    const result = await client.callTool('defaults_run', {});
    expect(result.structuredContent?.json).toEqual({ depth: 0, mode: 'medium', dry: { enabled: true }, retries: 2.5, label: 'none' });
  });
});
