/**
 * Real JS programs (devDependencies, pinned) that each stand for a class of program cli-mcp once read
 * badly: listed with `cli-mcp tools <repo>/node_modules/.bin/<name>` from a scratch directory with a
 * scratch HOME and cache, as a user runs them.
 *
 * | program | class |
 * |---|---|
 * | pm2 7.0.4 | commander 2.15 (value options typed by `<value>`), a daemon under `contain` |
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { binPath, repoRoot } from './clients.js';

const scratch = scratchMaker('cli-mcp-real-js-');
const bin = (name: string): string => path.join(repoRoot, 'node_modules', '.bin', name);
for (const name of ['pm2']) {
  if (!existsSync(bin(name))) console.warn(`\n!!! ${name} is not installed (npm ci): its tests below FAIL !!!\n`);
}

interface ListedTool {
  readonly name: string;
  readonly inputSchema: { readonly properties?: { readonly flags?: { readonly properties?: Record<string, { readonly type?: string }> } } };
}

/** `cli-mcp tools <target> …extra` in a fresh directory, with a fresh HOME and cache. */
async function listTools(target: string, extra: readonly string[] = [], cache = scratch()) {
  const home = scratch();
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, XDG_CACHE_HOME: cache, LANG: 'C.UTF-8' };
  const run = await execa(process.execPath, [binPath, 'tools', target, '--tools', 'all', ...extra], { cwd: scratch(), env, extendEnv: false, reject: false, timeout: 120_000, stdin: 'ignore' });
  const tools = run.exitCode === 0 ? (JSON.parse(run.stdout) as { tools: ListedTool[] }).tools : [];
  return { exitCode: run.exitCode, stderr: run.stderr, tools, names: tools.map((tool) => tool.name) };
}

const flagTypes = (tool: ListedTool | undefined, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, tool?.inputSchema.properties?.flags?.properties?.[name]?.type]));

describe('pm2 7.0.4 (commander 2.15.1)', () => {
  it('when listed then its value options (`--name <name>`, `--lines <n>`) are strings and its switches booleans (class: commander 2.15 value options)', { timeout: 120_000 }, async () => {
    const listing = await listTools(bin('pm2'));
    expect(listing.exitCode, listing.stderr).toBe(0);
    expect(listing.stderr).toMatch(/pm2: 8\d commands, found by commander \(parse\(\) call\)/);
    const start = listing.tools.find((tool) => tool.name === 'pm2_start');
    // Root options reach every command: pm2 declares --name, --instances, --max-memory-restart on the root.
    expect(flagTypes(start, ['name', 'instances', 'max-memory-restart', 'daemon', 'watch'])).toEqual({ name: 'string', instances: 'string', 'max-memory-restart': 'string', daemon: 'boolean', watch: 'boolean' });
    expect(flagTypes(listing.tools.find((tool) => tool.name === 'pm2_logs'), ['lines', 'raw'])).toEqual({ lines: 'string', raw: 'boolean' });
  });

  it('when pm2_start is called under the default contain sandbox then the result says its God daemon was stopped with the call, and how to keep it (class: daemon-starting CLIs)', { timeout: 120_000 }, async () => {
    const home = scratch();
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, XDG_CACHE_HOME: scratch(), LANG: 'C.UTF-8' };
    const run = await execa(process.execPath, [binPath, 'call', bin('pm2'), 'pm2_start', '--input', '{}'], { cwd: scratch(), env, extendEnv: false, reject: false, timeout: 120_000, stdin: 'ignore' });
    const result = JSON.parse(run.stdout) as { structuredContent: { stderr: string } };
    expect(result.structuredContent.stderr).toMatch(/cli-mcp: a background process it started \(PM2 v7\.0\.4: God\) was stopped when the command exited: .* serve with --sandbox off, or set "sandbox": "off" on this command in a manifest\.\n$/);
  });
});
