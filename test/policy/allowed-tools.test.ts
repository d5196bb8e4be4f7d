import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCatalog, type Catalog } from '../../src/discovery/catalog.js';
import { metaNames } from '../../src/tool/names.js';
import { riskOf } from '../../src/approval/risk.js';
import { allowedTools, policyFor } from '../../src/policy/policy-for.js';
import { parsePolicy, readPolicy } from '../../src/policy/read-policy.js';
import { readManifest } from '../../src/reflect/manifest.js';
import { buildTools } from '../../src/tool/build-tools.js';
import type { ToolDefinition } from '../../src/tool/definition.js';

type Principal = Parameters<typeof policyFor>[1];

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kubectl = readManifest(join(repo, 'examples/kubectl-manifest/kubectl.json'));
const tools = buildTools(kubectl);
const policy = readPolicy(join(repo, 'test/policy/fixtures/kubectl-policy.yaml'));

const toolsOf = (principal: Principal): ToolDefinition[] => allowedTools(policyFor(policy, principal), tools);
const namesOf = (principal: Principal): string[] => toolsOf(principal).map((tool) => tool.name);

/** The search-mode catalog served over `allowed` only; runs answer with the tool's name instead of spawning. */
function searchCatalog(allowed: readonly ToolDefinition[]): Catalog {
  const names = metaNames('kubectl', undefined);
  const run = async (tool: ToolDefinition) => ({ isError: false, message: `ran ${tool.name}` });
  const readOutput = () => ({ isError: true, message: 'none' });
  return buildCatalog({ program: 'kubectl', tools: allowed, names, risk: (tool) => riskOf(tool.command), run, readOutput, maxPageBytes: 1000, spooling: false }, kubectl, { mode: 'search' });
}

const listed = (allowed: readonly ToolDefinition[]): string[] => searchCatalog(allowed).listed.map((tool) => tool.name);

describe('the tools a principal may see, on the kubectl example manifest', () => {
  it('when each principal of the README example is served then it gets exactly its commands\' tools, in the manifest\'s order', () => {
    expect(tools.map((tool) => tool.name)).toEqual(['kubectl_version', 'kubectl_get', 'kubectl_describe', 'kubectl_logs', 'kubectl_api-resources', 'kubectl_config_current-context', 'kubectl_config_get-contexts', 'kubectl_delete']);
    expect(namesOf({ id: 'token:ci-bot', scopes: [] })).toEqual(['kubectl_get', 'kubectl_describe', 'kubectl_logs']);
    expect(namesOf({ id: 'token:ops', scopes: ['kubectl.admin'] })).toEqual(tools.map((tool) => tool.name).filter((name) => name !== 'kubectl_delete'));
    expect(namesOf({ id: 'token:viewer', scopes: ['kubectl.read'] })).toEqual(['kubectl_version', 'kubectl_get', 'kubectl_describe', 'kubectl_logs', 'kubectl_config_current-context']);
    expect(namesOf({ id: 'token:stranger', scopes: [] })).toEqual([]);
  });

  it('when a catalog is built over a principal\'s allowed tools then search finds only those, and the run tool refuses the others as unknown', async () => {
    const catalog = searchCatalog(toolsOf({ id: 'token:ci-bot', scopes: [] }));
    const search = await catalog.find('kubectl_search_commands')?.call({});
    expect((search?.structured as { commands: Array<{ name: string }> }).commands.map((command) => command.name)).toEqual(['kubectl_get', 'kubectl_describe', 'kubectl_logs']);
    const denied = await catalog.find('kubectl_run_command')?.call({ command: 'delete' });
    expect(denied).toMatchObject({ isError: true, message: expect.stringMatching(/^Unknown command/) });
    expect(await catalog.find('kubectl_run_command')?.call({ command: 'get' })).toEqual({ isError: false, message: 'ran kubectl_get' });
  });

  it('when none of a principal\'s allowed commands is read-only then the read-only run tool is not listed', () => {
    expect(listed(toolsOf({ id: 'token:ci-bot', scopes: [] }))).toContain('kubectl_run_read_only_command');
    const onlyDelete = allowedTools(policyFor(parsePolicy('default: { allow: [delete] }'), { id: 'token:x', scopes: [] }), tools);
    expect(listed(onlyDelete)).toEqual(['kubectl_search_commands', 'kubectl_describe_command', 'kubectl_run_command']);
  });
});
