/**
 * Publishing readiness: the tarball `npm pack` makes, installed into a fresh directory from the registry
 * (its own npm cache and home, never the user's), runs as `npx cli-mcp` would once published: it reads a
 * commander program there and calls it. Packs the built dist/: `npm run build` first (`npm test` does).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixture.js';
import { scratchMaker } from '../helpers/scratch.js';

const run = promisify(execFile);
const scratch = scratchMaker('cli-mcp-pack-');

const GREET = `#!/usr/bin/env node
import { Command } from 'commander';
new Command('greet').argument('<name>', 'who to greet').option('--loud', 'shout it')
  .action((name, opts) => console.log(opts.loud ? \`HELLO \${name.toUpperCase()}\` : \`hello \${name}\`)).parse();
`;

describe('the npm package', () => {
  it('when the packed tarball is installed in a fresh directory then npx cli-mcp reads a program there and calls it', async () => {
    const dir = scratch();
    const home = join(dir, 'home');
    const fresh = join(dir, 'fresh');
    const cache = join(dir, 'cache');
    for (const made of [home, fresh]) mkdirSync(made);
    const env = { ...process.env, HOME: home, npm_config_cache: cache, npm_config_update_notifier: 'false' };
    // dist/ is built by `npm test`; packing does not build it again.
    const { stdout: packed } = await run('npm', ['pack', '--pack-destination', dir, '--ignore-scripts', '--silent'], { cwd: repoRoot, env });
    const tarball = join(dir, packed.trim().split('\n').at(-1) ?? '');
    const { stdout: listing } = await run('tar', ['-tzf', tarball]);
    expect(listing).toMatch(/^package\/dist\/cli\/bin\.js$/m);
    expect(listing, 'the bundle the bin runs').toMatch(/^package\/dist\/cli\/cli\.cjs$/m);
    expect(listing, 'no code cache of this machine').not.toMatch(/code-cache/);
    expect(listing).toMatch(/^package\/schema\/manifest\.schema\.json$/m);
    expect(listing, 'the stamp the caches key entries with').toMatch(/^package\/dist\/source-stamp\.txt$/m);
    expect(listing).not.toMatch(/^package\/(test|src|bench)\//m);

    writeFileSync(join(fresh, 'package.json'), '{ "name": "fresh", "private": true }\n');
    await run('npm', ['install', tarball, '--omit=dev', '--no-audit', '--no-fund'], { cwd: fresh, env, timeout: 240_000 });
    expect(readdirSync(join(fresh, 'node_modules', '.bin'))).toContain('cli-mcp');
    writeFileSync(join(fresh, 'greet.mjs'), GREET);
    const npx = (...args: string[]) => run('npx', ['--no-install', 'cli-mcp', ...args], { cwd: fresh, env, timeout: 120_000 });
    const version = await npx('--version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const tools = JSON.parse((await npx('tools', './greet.mjs')).stdout) as { tools: { name: string }[] };
    expect(tools.tools.map((tool) => tool.name)).toContain('greet');
    const called = JSON.parse((await npx('call', './greet.mjs', 'greet', '--input', '{"flags":{"loud":true},"args":["Ada"]}')).stdout) as { isError: boolean; structuredContent: { stdout: string } };
    expect(called.isError).toBe(false);
    expect(called.structuredContent.stdout).toBe('HELLO ADA\n');
    // The installed package keeps each command's code cache beside its bundle, for the next start.
    const kept = readdirSync(join(fresh, 'node_modules', 'cli-mcp', 'dist', 'cli', 'code-cache'));
    expect(kept.map((file) => file.split('-')[0]).sort()).toEqual(['call', 'other', 'tools']);
  }, 300_000);
});
