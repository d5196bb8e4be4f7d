import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker and the CLI run from dist/: `npm run build` first.
const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

const scratch = scratchMaker('cli-mcp-load-exit-');

describe.concurrent('loadTarget on a program that exits before parse()', () => {
  it('when it exits with an error before building its commands then loading fails with its exit code and stderr', async () => {
    const error: unknown = await loadTarget(fixture('programs', 'exits-early.mjs'), { cwd: scratch() }).then(() => undefined, (reason: unknown) => reason);
    expect(error).toMatchObject({
      name: 'CliMcpError',
      code: 'cli-mcp.program-exited',
      message: expect.stringMatching(/exits-early\.mjs" exited with code 2 before it built its commands:\nexits-early: EXITS_EARLY_TOKEN is not set$/),
      cause: { code: 2, stderr: 'exits-early: EXITS_EARLY_TOKEN is not set\n' },
    });
  });

  it('when its async main exits after awaited work (class: exits from an async main, as npm) then the exit is its end, as in a real run: nothing it would do later is waited for', async () => {
    const cwd = scratch();
    const error: unknown = await loadTarget(fixture('programs', 'exits-later.mjs'), { cwd }).then(() => undefined, (reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'cli-mcp.program-exited', cause: { code: 1, stderr: 'exits-later: no configuration found\n' } });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when it exits with an error after building commands then they are used, with a warning', async () => {
    const loaded = await loadTarget(fixture('programs', 'exit-at-import.mjs'), { cwd: scratch() });
    expect(loaded.spec.subcommands.map((sub) => sub.name)).toEqual(['start', 'status']);
    expect(loaded.warnings).toEqual(['the program exited with code 3 before parse(): the commands it had built by then are used']);
  });

  it('when its own uncaught-exception handler exits (bumpp\'s errorHandler) then the worker lives to say so, and the bin is read from its help (class: exits in a fatal-exception handler)', async () => {
    const loaded = await loadTarget(fixture('programs', 'exit-in-handler.mjs'), { cwd: scratch(), cache: false });
    expect(loaded.method).toMatch(/^help text/);
    expect(loaded.spec.options.map((option) => [option.name, option.type])).toEqual([
      ['preid', 'string'],
      ['all', 'boolean'],
    ]);
  });

  it('when its exit handler exits again on what the intercepted exit threw (npm\'s, from a write\'s callback) then the worker does not loop, and the bin is read from its help (class: exits again on the exit)', async () => {
    const started = performance.now();
    const loaded = await loadTarget(fixture('programs', 'exit-again.mjs'), { cwd: scratch(), cache: false, timeoutMs: 10_000 });
    expect(loaded.method).toMatch(/^help text/);
    expect(loaded.spec.options.map((option) => option.name)).toEqual(['preid', 'all']);
    // Looping, the worker spun until its deadline and the load failed.
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it('when `cli-mcp tools` is given such a bin then it exits non-zero and shows the program\'s own error', () => {
    const cwd = scratch();
    const result = spawnSync(process.execPath, [bin, 'tools', fixture('programs', 'exits-early.mjs')], { cwd, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('exited with code 2 before it built its commands');
    expect(result.stderr).toContain('exits-early: EXITS_EARLY_TOKEN is not set');
    expect(result.stdout).toBe('');
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe.concurrent('loadTarget on a program with coloured texts', () => {
  it('when descriptions, examples and defaults carry ANSI escapes then the loaded spec holds plain text', async () => {
    const { spec } = await loadTarget(fixture('programs', 'ansi.mjs'), { cwd: scratch() });
    expect(spec.description).toBe('Paints things');
    expect(spec.subcommands[0]).toMatchObject({
      description: 'Paint a wall',
      examples: 'Examples:\n  $ ansi paint --colour=blue',
      options: [{ name: 'colour', description: 'the colour', default: 'red' }],
      positionals: [{ name: 'what', description: 'what to paint', default: 'wall' }],
    });
  });

  it('when the variable it needs is allowed with --allow-env then it loads, as its calls would run', () => {
    const cwd = scratch();
    const env = { ...process.env, EXITS_EARLY_TOKEN: 'set' };
    const denied = spawnSync(process.execPath, [bin, 'tools', fixture('programs', 'exits-early.mjs')], { cwd, env, encoding: 'utf8', timeout: 30_000 });
    expect(denied.stderr).toContain('EXITS_EARLY_TOKEN is not set');
    const allowed = spawnSync(process.execPath, [bin, 'tools', fixture('programs', 'exits-early.mjs'), '--allow-env', 'EXITS_EARLY_TOKEN'], { cwd, env, encoding: 'utf8', timeout: 30_000 });
    expect(allowed.status).toBe(0);
    expect((JSON.parse(allowed.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(['early_go', 'early_run_start', 'early_run_status', 'early_run_cancel', 'early_read_output']);
  });

  it('when a program refuses a too-old Node after an await, on stdout, with exitCode 1 and no exit() (class: too-old Node, as cspell 10) then `cli-mcp tools` fails naming the Node it needs and --node, never an empty tool', () => {
    const cwd = scratch();
    const result = spawnSync(process.execPath, [bin, 'tools', fixture('programs', 'needs-node-late/bin.mjs')], { cwd, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`It needs Node >=99.1.0 (engines.node in ${fixture('programs', 'needs-node-late/package.json')}) and ran under Node ${process.versions.node}`);
    expect(result.stderr).toContain('--node <path>');
  });
});
