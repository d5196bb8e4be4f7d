/**
 * A direct call that turns on an option that runs its command until stopped is refused, in process, through the
 * whole chain; the CLI is node printing the argv it got, so an allowed call shows exactly what ran.
 */
import { describe, expect, it } from 'vitest';
import { createCliTools, type CliToolsOptions } from '../../src/call/cli-tools.js';
import type { Launcher } from '../../src/exec/launcher.js';
import type { CommandSpec, OptionSpec } from '../../src/types.js';
import { spec } from '../helpers/commands.js';

const printArgv: Launcher = { file: process.execPath, prefixArgs: ['-e', 'console.log(JSON.stringify(process.argv.slice(1)))', '--'] };

const watch: OptionSpec = { name: 'watch', type: 'boolean', flag: '--watch', aliases: ['-w'], negation: '--watch=false', description: 'After listing, watch for changes.' };
const follow: OptionSpec = { name: 'follow', type: 'string', flag: '--follow', aliases: ['-f'], optionalValue: true, choices: ['name', 'descriptor'], description: 'output appended data as the file grows' };
const output: OptionSpec = { name: 'output', type: 'string', flag: '--output' };

/** `kube get` with a watch switch, `kube logs` with tail's optional-value follow. */
function kube(options: { watch?: OptionSpec; extra?: OptionSpec[]; destructive?: boolean } = {}): CommandSpec {
  const get = spec('get', { options: [options.watch ?? watch, output, ...(options.extra ?? [])], positionals: [{ name: 'kind', type: 'string', required: true, variadic: false }], ...(options.destructive ? { annotations: { destructiveHint: true } } : {}) });
  const logs = spec('logs', { options: [follow], positionals: [{ name: 'pod', type: 'string', required: true, variadic: false }] });
  return spec('kube', { runnable: false, subcommands: [get, logs] });
}

function tools(root: CommandSpec = kube(), options: Partial<CliToolsOptions> = {}) {
  return createCliTools(root, { callLog: false, launcher: printArgv, sandbox: 'off', ...options });
}

/** Calls a tool and says whether its process was spawned. */
async function call(root: CommandSpec, name: string, input: unknown, options: Partial<CliToolsOptions> = {}, background = false) {
  let spawned = false;
  const result = await tools(root, options).call(name, input, { background, onSpawn: () => (spawned = true) });
  return { result, spawned, text: result.message ?? '', argv: result.output ? (JSON.parse(result.output.stdout) as string[]) : undefined };
}

describe('refusing direct calls that run until stopped', () => {
  it('when a direct call turns --watch on then it is refused, names the flag and gives the exact run_start call, and nothing runs', async () => {
    const { result, spawned, text } = await call(kube(), 'kube_get', { flags: { watch: true, output: 'json' }, args: ['pods'] });
    expect(result.isError).toBe(true);
    expect(spawned).toBe(false);
    expect(text).toContain('kube_get with --watch (flags.watch) runs until stopped');
    expect(text).toContain('kube_run_start {"command":"kube_get","flags":{"watch":true,"output":"json"},"args":["pods"]}');
    expect(text).toMatch(/then kube_run_status \{"runId": …\} .* reads the output as it comes .* kube_run_cancel \{"runId": …\} stops it/);
  });

  it('when a direct call gives an optional-value follow a value or the bare form then it is refused', async () => {
    for (const value of ['name', true]) {
      const { result, text } = await call(kube(), 'kube_logs', { flags: { follow: value }, args: ['web-1'] });
      expect(result.isError).toBe(true);
      expect(text).toContain('kube_logs with --follow (flags.follow) runs until stopped');
    }
  });

  it('when the call is a background run then --watch reaches the CLI', async () => {
    const { result, spawned, argv } = await call(kube(), 'kube_get', { flags: { watch: true }, args: ['pods'] }, {}, true);
    expect(result.isError).toBe(false);
    expect(spawned).toBe(true);
    expect(argv).toEqual(['get', '--watch', 'pods']);
  });

  it('when the flag is off or absent then the direct call runs', async () => {
    const off = await call(kube(), 'kube_get', { flags: { watch: false }, args: ['pods'] });
    expect(off.result.isError).toBe(false);
    expect(off.argv).toEqual(['get', '--watch=false', 'pods']);
    const absent = await call(kube(), 'kube_get', { flags: { output: 'json' }, args: ['pods'] });
    expect(absent.argv).toEqual(['get', '--output=json', 'pods']);
  });

  it('when a manifest says follows: false then a direct --watch runs', async () => {
    const { result, argv } = await call(kube({ watch: { ...watch, follows: false } }), 'kube_get', { flags: { watch: true }, args: ['pods'] });
    expect(result.isError).toBe(false);
    expect(argv).toEqual(['get', '--watch', 'pods']);
  });

  it('when a manifest says follows: true on an option of another name then a direct call turning it on is refused', async () => {
    const stream: OptionSpec = { name: 'stream', type: 'boolean', flag: '--stream', follows: true };
    const { result, spawned, text } = await call(kube({ extra: [stream] }), 'kube_get', { flags: { stream: true }, args: ['pods'] });
    expect(result.isError).toBe(true);
    expect(spawned).toBe(false);
    expect(text).toContain('kube_get with --stream (flags.stream) runs until stopped');
  });

  it('when background runs are off then the refusal says the command cannot be served here and how to leave the flag out', async () => {
    const { result, text } = await call(kube(), 'kube_get', { flags: { watch: true }, args: ['pods'] }, { runs: false });
    expect(result.isError).toBe(true);
    expect(text).toContain('kube_get with --watch (flags.watch) runs until stopped, and this server cannot serve it');
    expect(text).toContain('background runs are off here');
    expect(text).toContain('call kube_get again without "watch" in flags (or set to false)');
    expect(text).not.toContain('run_start');
  });

  it('when refuseFollow is false then a direct --watch runs', async () => {
    const { result, argv } = await call(kube(), 'kube_get', { flags: { watch: true }, args: ['pods'] }, { refuseFollow: false });
    expect(result.isError).toBe(false);
    expect(argv).toEqual(['get', '--watch', 'pods']);
  });

  it('when the command needs approval then a call that will be refused asks no question', async () => {
    const root = kube({ destructive: true });
    const approval = { canAsk: true, grants: { has: async () => false, add: async () => {}, take: async () => false } };
    const input = { flags: { watch: true }, args: ['pods'] };
    const result = await tools(root, { approval: { mode: 'ask' } }).call('kube_get', input, { approval });
    expect(result.ask).toBeUndefined();
    expect(result.isError).toBe(true);
    expect(result.message).toContain('runs until stopped');
    // Without the refusal the same call would ask.
    expect((await tools(root, { approval: { mode: 'ask' }, refuseFollow: false }).call('kube_get', input, { approval })).ask).toBeDefined();
  });
});
