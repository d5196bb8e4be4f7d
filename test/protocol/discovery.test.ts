import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { clientKinds, textOf, type ClientKind, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess, textSink } from '../helpers/in-process.js';
import { scratchMaker } from '../helpers/scratch.js';

// 95 commander commands under kubectl's 27 global options: the full list is far past the 16k-token budget.
const kube = fixture('discovery/kube.mjs');
const scratch = scratchMaker('cli-mcp-discovery-');
const BUDGET = 16_000;
const META_TOOLS = ['kube_search_commands', 'kube_describe_command', 'kube_run_read_only_command', 'kube_run_command', 'kube_run_start', 'kube_run_status', 'kube_run_cancel', 'kube_read_output'];

/** Estimated tokens of a tools/list result, as the budget counts them: its JSON's UTF-8 bytes / 4. */
const tokensOf = (list: unknown): number => Math.ceil(Buffer.byteLength(JSON.stringify(list)) / 4);

/** What the fixture ran in `dir`, one parsed line per run. */
const ranIn = (dir: string): Array<{ path: string[]; args: string[]; opts: Record<string, unknown> }> => {
  const log = join(dir, 'ran.log');
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line)) : [];
};

/** `cli-mcp tools` over the fixture, run in process: the printed list and the note on stderr. */
async function toolsCommand(...flags: string[]): Promise<{ list: { tools: Array<{ name: string }> }; note: string }> {
  const [stdout, stderr] = [textSink(), textSink()];
  const exitCode = await main(['tools', kube, ...flags], { stdout: stdout.stream, stderr: stderr.stream });
  if (exitCode !== 0) throw new Error(`cli-mcp tools exited ${exitCode}: ${stderr.text()}`);
  return { list: JSON.parse(stdout.text()), note: stderr.text() };
}

describe('a kubectl-sized CLI on the default --tools auto', () => {
  it('when every command is its own tool then the list is far past the budget even compacted, so auto serves search mode and says so on stderr', async () => {
    const [full, compact, auto] = await Promise.all([toolsCommand('--tools', 'all', '--list-budget', '100000000'), toolsCommand('--tools', 'all'), toolsCommand()]);
    expect(full.list.tools).toHaveLength(99);
    expect(tokensOf(full.list)).toBeGreaterThan(4 * BUDGET);
    expect(compact.note).toContain('all mode, 100 tools listed');
    expect(tokensOf(compact.list)).toBeGreaterThan(BUDGET);
    expect(auto.list.tools.map((tool) => tool.name)).toEqual(META_TOOLS);
    expect(auto.note).toMatch(/^cli-mcp: kube: 95 commands, .*; search mode, 8 tools listed \(about [\d,]+ tokens\): 95 commands found through kube_search_commands: the full list passes the 16,000-token budget even compacted \(--tools auto\)$/m);
  });

  describe.each(clientKinds)('through the %s client', (kind: ClientKind) => {
    let client: TestClient;
    let dir: string;
    let reply: 'accept' | 'decline' = 'decline';
    const asked: string[] = [];

    beforeAll(async () => {
      dir = scratch();
      client = await connectInProcess(kind, [kube], { cwd: dir, elicit: (message) => (asked.push(message), reply) });
    });
    afterAll(() => client?.close());

    it('when the tools are listed then the meta-tools come back within the budget', async () => {
      const list = await client.listTools();
      expect(list.tools.map((tool) => tool.name)).toEqual(META_TOOLS);
      expect(tokensOf(list)).toBeLessThanOrEqual(BUDGET);
      expect(list.tools.find((tool) => tool.name === 'kube_run_read_only_command')?.annotations).toMatchObject({ readOnlyHint: true });
    });

    it('when a model searches, describes and runs a read-only command then it runs with the flags and arguments given', async () => {
      const found = await client.callTool('kube_search_commands', { query: 'rollout status' });
      expect(found.isError).toBeFalsy();
      expect(textOf(found).split('\n')[0]).toMatch(/^kube_rollout_status: Show the status of the rollout\.? \(read-only\)$/);

      const described = await client.callTool('kube_describe_command', { command: 'kube_rollout_status' });
      expect(described.isError).toBeFalsy();
      const description = JSON.parse(textOf(described)) as { runWith: string; inputSchema: { properties: { flags: { properties: Record<string, unknown> } } } };
      expect(description.runWith).toBe('kube_run_read_only_command');
      expect(Object.keys(description.inputSchema.properties.flags.properties)).toEqual(expect.arrayContaining(['namespace', 'request-timeout', 'output', 'selector']));

      const ran = await client.callTool(description.runWith, { command: 'kube_rollout_status', flags: { namespace: 'prod', output: 'json' }, args: ['deployment/web'] });
      expect(ran.isError, textOf(ran)).toBeFalsy();
      expect(ran.structuredContent?.json).toEqual({ path: ['rollout', 'status'], args: ['deployment/web'], opts: { namespace: 'prod', output: 'json' } });
      expect(ranIn(dir).at(-1)?.path).toEqual(['rollout', 'status']);
    });

    it('when the read-only run tool is asked for a destructive command then it refuses, names kube_run_command, and nothing runs', async () => {
      const before = ranIn(dir).length;
      const refused = await client.callTool('kube_run_read_only_command', { command: 'delete', args: ['pod', 'web-1'] });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^`kube delete` is destructive, not read-only, .*kube_run_command/);
      expect(ranIn(dir)).toHaveLength(before);
      expect(asked).toEqual([]);
    });

    it('when a destructive command goes through kube_run_command then the user is asked: declined, nothing runs; accepted, it runs', async () => {
      reply = 'decline';
      const declined = await client.callTool('kube_run_command', { command: 'delete', args: ['pod', 'web-1'] });
      expect(declined.isError).toBe(true);
      expect(textOf(declined)).toContain('The user declined to run kube_delete');
      expect(asked).toEqual([expect.stringContaining('kube delete pod web-1')]);
      expect(ranIn(dir).filter((run) => run.path[0] === 'delete')).toEqual([]);

      reply = 'accept';
      const accepted = await client.callTool('kube_run_command', { command: 'delete', args: ['pod', 'web-2'] });
      expect(accepted.isError, textOf(accepted)).toBeFalsy();
      expect(asked).toHaveLength(2);
      expect(asked[1]).toContain('kube delete pod web-2');
      expect(ranIn(dir).filter((run) => run.path[0] === 'delete')).toEqual([{ path: ['delete'], args: ['pod', 'web-2'], opts: {} }]);
    });
  });
});
