import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
// @ts-expect-error: the bench's helper is plain JS
import { writeBigProgram } from '../../bench/common.mjs';

// Spawns the built CLI: `npm run build` first.
const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const scratch = scratchMaker('cli-mcp-cached-start-');
const hasCc = (() => {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Every Node process started with this preload appends its script to `log`: the honest count of what a start spawned. */
function writeSpy(dir: string): { env: Record<string, string>; starts: () => string[] } {
  const log = join(dir, 'node-starts.log');
  const spy = join(dir, 'spy.cjs');
  writeFileSync(spy, `require('node:fs').appendFileSync(${JSON.stringify(log)}, process.argv[1] + '\\n');\n`);
  return { env: { NODE_OPTIONS: `--require ${spy}`, XDG_CACHE_HOME: join(dir, 'cache') }, starts: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []) };
}

async function tools(dir: string, env: Record<string, string>, ...args: string[]) {
  const result = await execa(process.execPath, [bin, 'tools', ...args, '--allow-env', 'NODE_OPTIONS'], { cwd: dir, env, extendEnv: false, reject: false, maxBuffer: 512 * 1024 * 1024 });
  if (result.exitCode !== 0) throw new Error(`cli-mcp tools exited ${result.exitCode}: ${result.stderr}`);
  return result.stdout;
}

describe('a cached start', () => {
  it('when a 1,000-command commander CLI starts a second time then no reflection worker runs and tools/list is byte-identical', { timeout: 120_000 }, async () => {
    const dir = scratch();
    const program = writeBigProgram(dir, 1000) as string;
    const spy = writeSpy(dir);
    const cold = await tools(dir, { ...spy.env, PATH: process.env.PATH ?? '' }, program, '--tools', 'all');
    expect(spy.starts().filter((script) => script.endsWith('load-worker.js'))).toHaveLength(1);
    const before = spy.starts().length;
    const cached = await tools(dir, { ...spy.env, PATH: process.env.PATH ?? '' }, program, '--tools', 'all');
    // The only Node process of the cached start is cli-mcp itself.
    expect(spy.starts().slice(before)).toEqual([bin]);
    expect(cached).toBe(cold);
    expect(JSON.parse(cached).tools).toHaveLength(1005);

    const afterCached = spy.starts().length;
    expect(await tools(dir, { ...spy.env, PATH: process.env.PATH ?? '' }, program, '--tools', 'all', '--no-cache')).toBe(cold);
    expect(spy.starts().slice(afterCached).filter((script) => script.endsWith('load-worker.js'))).toHaveLength(1);
  });

  it.skipIf(!hasCc)('when a native help-read binary starts a second time then it is run zero times, not even for --version', { timeout: 60_000 }, async () => {
    const dir = scratch();
    const log = join(dir, 'runs.log');
    writeFileSync(join(dir, 'tiny.c'), tinyBinary(log));
    execFileSync('cc', ['-o', join(dir, 'tiny'), join(dir, 'tiny.c')]);
    const env = { XDG_CACHE_HOME: join(dir, 'cache'), PATH: process.env.PATH ?? '' };
    const first = await tools(dir, env, './tiny');
    const runs = readFileSync(log, 'utf8');
    expect(runs).toContain('--version');
    const second = await tools(dir, env, './tiny');
    expect(readFileSync(log, 'utf8')).toBe(runs);
    expect(second).toBe(first);
    expect(JSON.parse(second).tools.map((tool: { name: string }) => tool.name)).toContain('tiny');
  });
});

/** A native program that logs every run's arguments to `log` (where it can: help runs are sandboxed, `--version` is not) and prints GNU-style help. */
function tinyBinary(log: string): string {
  return `#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  FILE *f = fopen(${JSON.stringify(log)}, "a");
  if (f) {
    for (int i = 1; i < argc; i++) fprintf(f, "%s ", argv[i]);
    fprintf(f, "\\n");
    fclose(f);
  }
  if (argc > 1 && strcmp(argv[1], "--version") == 0) { puts("tiny 1.0"); return 0; }
  if (argc > 1 && strcmp(argv[1], "--help") == 0) {
    puts("Usage: tiny [OPTION]... FILE\\nPrint FILE, tidily.\\n\\nOptions:\\n  -v, --verbose    say more\\n      --width=N    wrap at N columns\\n      --help       show this help");
    return 0;
  }
  return 2;
}
`;
}
