import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, constants, existsSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { loadTarget } from '../../src/reflect/load-program.js';
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
  // Help runs are sandboxed read-only: there the log cannot be written, and the program must still run.
  writeFileSync(spy, `try { require('node:fs').appendFileSync(${JSON.stringify(log)}, process.argv[1] + '\\n'); } catch {}\n`);
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
    const runs = fifoLog(join(dir, 'runs.fifo'));
    writeFileSync(join(dir, 'tiny.c'), tinyBinary(runs.path));
    execFileSync('cc', ['-o', join(dir, 'tiny'), join(dir, 'tiny.c')]);
    const env = { XDG_CACHE_HOME: join(dir, 'cache'), PATH: process.env.PATH ?? '' };
    const first = await tools(dir, env, './tiny');
    expect(runs.read()).toContain('--version');
    const second = await tools(dir, env, './tiny');
    expect(runs.read()).toBe('');
    runs.close();
    expect(second).toBe(first);
    expect(JSON.parse(second).tools.map((tool: { name: string }) => tool.name)).toContain('tiny');
  });
});

/**
 * A log the binary can write from inside the help calls' read-only sandbox: a FIFO (a read-only mount refuses
 * to create or write files, not to write into an existing pipe). Held open for both ends here, so no writer blocks.
 */
function fifoLog(path: string): { path: string; read: () => string; close: () => void } {
  execFileSync('mkfifo', [path]);
  const fd = openSync(path, constants.O_RDWR | constants.O_NONBLOCK);
  const read = () => {
    const chunks: Buffer[] = [];
    const buffer = Buffer.alloc(65536);
    for (;;) {
      try {
        const count = readSync(fd, buffer);
        if (count === 0) break;
        chunks.push(Buffer.from(buffer.subarray(0, count)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
        throw error;
      }
    }
    return Buffer.concat(chunks).toString('utf8');
  };
  return { path, read, close: () => closeSync(fd) };
}

describe('a cached start of a JS bin read from its help', () => {
  it('when a JS bin with its own argument parsing (class: help-read JS bins, as prisma and tsx) starts a second time then no Node process but cli-mcp runs, and a change to it is a new load', { timeout: 60_000 }, async () => {
    const dir = scratch();
    const script = join(dir, 'hand.mjs');
    writeFileSync(script, handParsed('1.0'));
    chmodSync(script, 0o755);
    const spy = writeSpy(dir);
    const env = { ...spy.env, PATH: process.env.PATH ?? '' };
    const first = await tools(dir, env, './hand.mjs');
    const loads = spy.starts().filter((started) => started.endsWith('load-worker.js')).length;
    expect(loads).toBe(1);
    const before = spy.starts().length;
    const second = await tools(dir, env, './hand.mjs');
    expect(spy.starts().slice(before)).toEqual([bin]);
    expect(second).toBe(first);
    expect(JSON.parse(second).tools.find((tool: { name: string }) => tool.name === 'hand').inputSchema.properties.flags.properties).toHaveProperty('width');

    // A new version of the program is loaded again: its help now has --depth.
    writeFileSync(script, handParsed('1.1', '      --depth=N    go N deep'));
    const third = await tools(dir, env, './hand.mjs');
    expect(spy.starts().filter((started) => started.endsWith('load-worker.js')).length).toBe(loads + 1);
    expect(JSON.parse(third).tools.find((tool: { name: string }) => tool.name === 'hand').inputSchema.properties.flags.properties).toHaveProperty('depth');
  });
});

describe('a cached start of a JS bin that exits before any parser', () => {
  it('when it exits 1 run bare and on --help too, loading no commander or yargs (class: usage exit, as npm) then its second start runs no Node process but cli-mcp', { timeout: 60_000 }, async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'hand.mjs'), handParsed('1.0', '', 'process.exit(1)', 'process.exit(1)'));
    chmodSync(join(dir, 'hand.mjs'), 0o755);
    const spy = writeSpy(dir);
    const env = { ...spy.env, PATH: process.env.PATH ?? '' };
    const first = await tools(dir, env, './hand.mjs');
    expect(spy.starts().filter((started) => started.endsWith('load-worker.js'))).toHaveLength(2);
    const before = spy.starts().length;
    const second = await tools(dir, env, './hand.mjs');
    expect(spy.starts().slice(before)).toEqual([bin]);
    expect(second).toBe(first);
    expect(JSON.parse(second).tools.find((tool: { name: string }) => tool.name === 'hand').inputSchema.properties.flags.properties).toHaveProperty('width');
  });

  it('when it exits after loading commander, before building a program, then nothing is cached: the next start loads it again, as its exit may end', { timeout: 60_000 }, async () => {
    const dir = scratch();
    const commander = fileURLToPath(new URL('../../node_modules/commander/index.js', import.meta.url));
    writeFileSync(join(dir, 'hand.mjs'), handParsed('1.0', '', 'process.exit(1)', 'process.exit(1)').replace('\n', `\nawait import(${JSON.stringify(commander)});\n`));
    chmodSync(join(dir, 'hand.mjs'), 0o755);
    const spy = writeSpy(dir);
    const env = { ...spy.env, PATH: process.env.PATH ?? '' };
    await tools(dir, env, './hand.mjs');
    const loads = spy.starts().filter((started) => started.endsWith('load-worker.js')).length;
    expect(loads).toBe(2);
    await tools(dir, env, './hand.mjs');
    expect(spy.starts().filter((started) => started.endsWith('load-worker.js')).length).toBe(2 * loads);
  });
});

describe('a JS bin read from its help, lazily (as `wrap` serves a big one)', () => {
  it('when a help-read JS bin with many commands (class: help-read JS bins, as npm) is loaded lazily then only its own page is read, and a second load runs nothing: no worker, no --version, no page', { timeout: 60_000 }, async () => {
    const dir = scratch();
    const runs = fifoLog(join(dir, 'runs.fifo'));
    writeFileSync(join(dir, 'hub.mjs'), hubBin(runs.path));
    chmodSync(join(dir, 'hub.mjs'), 0o755);
    const options = { cwd: dir, lazy: true, programCacheDir: join(dir, 'programs'), helpCacheDir: join(dir, 'help') };
    const first = await loadTarget('./hub.mjs', options);
    const read = runs.read().split('\n');
    expect(read).toContain('--help');
    expect(read.filter((line) => /^cmd\d+ --help$/.test(line))).toEqual([]);
    expect(first.spec.subcommands).toHaveLength(12);
    expect(first.spec.subcommands.every((command) => command.pending)).toBe(true);

    const second = await loadTarget('./hub.mjs', options);
    expect(runs.read()).toBe('');
    expect(second.method).toMatch(/each command read when asked for, cached\)$/);
    expect(second.spec).toEqual(first.spec);
    // A command is read when asked for: its page alone.
    const cmd07 = await second.readCommand?.(['cmd07']);
    expect(runs.read()).toBe('cmd07 --help\n');
    expect(cmd07?.spec.subcommands.find((command) => command.name === 'cmd07')?.options.map((option) => option.flag)).toContain('--deep');
    runs.close();
  });
});

/** A JS bin with no parser and 12 commands, GNU style, that logs each run's arguments to a FIFO (help runs are sandboxed read-only). */
function hubBin(log: string): string {
  const commands = Array.from({ length: 12 }, (_, index) => `  cmd${String(index + 1).padStart(2, '0')}    do thing ${index + 1}`);
  const root = ['Usage: hub <command> [options]', '', 'Commands:', ...commands, '', 'Options:', '  -h, --help    show this help'].join('\n');
  return `#!/usr/bin/env node
import fs from 'node:fs';
const args = process.argv.slice(2);
try { const fd = fs.openSync(${JSON.stringify(log)}, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK); fs.writeSync(fd, args.join(' ') + '\\n'); fs.closeSync(fd); } catch {}
if (args[0] === '--version') console.log('hub 1.0');
else if (args[0] === '--help') console.log(${JSON.stringify(root)});
else if (args[1] === '--help') console.log('Usage: hub ' + args[0] + ' [options]\\n\\nOptions:\\n  --deep    go deep\\n  -h, --help    show this help');
else { console.error(${JSON.stringify(root)}); process.exit(1); }
`;
}

/** A JS bin that reads its own arguments (no commander, no yargs) and prints GNU-style help; `bare` is what it does run bare, `helped` after its help. */
function handParsed(version: string, extra = '', bare = 'process.exitCode = 2', helped = ''): string {
  const help = ['Usage: hand [OPTION]... FILE', 'Print FILE, by hand.', '', 'Options:', '  -v, --verbose    say more', '      --width=N    wrap at N columns', ...(extra ? [extra] : []), '      --help       show this help'].join('\n');
  return `#!/usr/bin/env node
const args = process.argv.slice(2);
if (args[0] === '--version') console.log('hand ${version}');
else if (args[0] === '--help') { console.log(${JSON.stringify(help)}); ${helped} }
else ${bare};
`;
}

/** A native program that logs every run's arguments to `log` (where it can: help runs are sandboxed, `--version` is not) and prints GNU-style help. */
function tinyBinary(log: string): string {
  return `#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  FILE *f = fopen(${JSON.stringify(log)}, "w");
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
