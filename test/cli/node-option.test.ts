import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { satisfies } from '../../src/reflect/node-version.js';
import { binPath, repoRoot } from '../e2e/clients.js';

// The pinned node@22 dev dependency stands in for a user's newer Node.
const node22 = join(repoRoot, 'node_modules/node/bin/node');
const target = join(repoRoot, 'test/fixtures/programs/needs-node22/cli.js');
const olderThan22 = Number(process.versions.node.split('.')[0]) < 22;

const cliMcp = (args: readonly string[]) => execa(process.execPath, [binPath, ...args], { cwd: repoRoot, reject: false });

describe.skipIf(!existsSync(node22)).concurrent('--node <path>', () => {
  it.skipIf(!olderThan22)('when a program exits because its Node is too old then the error names the Node it needs, the one it ran under, and --node', async () => {
    const result = await cliMcp(['tools', target]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('requires Node.js >= 22');
    expect(result.stderr).toContain(`It needs Node >=22 (engines.node in ${join(repoRoot, 'test/fixtures/programs/needs-node22/package.json')}) and ran under Node ${process.versions.node}`);
    expect(result.stderr).toContain('--node <path>');
  });

  it('when --node names a newer Node then the program is loaded and every call runs under it', async () => {
    const listed = await cliMcp(['tools', target, '--node', node22]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).tools.map((tool: { name: string }) => tool.name)).toContain('needs22_version');
    const called = await cliMcp(['call', target, 'needs22_version', '--node', 'node_modules/node/bin/node']);
    expect(called.exitCode, called.stderr).toBe(0);
    expect(JSON.parse(called.stdout)).toMatchObject({ isError: false, structuredContent: { stdout: /^v22\./ } });
  });

  it('when --node names something that does not run as Node then it fails before loading, naming the path', async () => {
    const result = await cliMcp(['tools', target, '--node', 'no/such/node']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`--node no/such/node: ${join(repoRoot, 'no/such/node')} does not run as Node`);
  });
});

describe('engines.node ranges', () => {
  it.each([
    ['20.20.2', '>=22', false],
    ['22.23.3', '>=22', true],
    ['20.19.0', '>=20.19', true],
    ['20.18.9', '>=20.19', false],
    ['22.1.0', '^22', true],
    ['23.0.0', '^22', false],
    ['18.2.0', '>=18 <20', true],
    ['20.0.0', '>=18 <20', false],
    ['20.5.0', '^18 || ^20', true],
    ['22.4.0', '22.x', true],
    ['20.4.0', 'lts/*', undefined],
    // jsonlint 1.6's engines: the operator apart from its version.
    ['20.20.2', '>= 0.6', true],
    ['20.20.2', '>= 18 < 20', false],
  ] as const)('when Node %s meets range %s then the answer is %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});
