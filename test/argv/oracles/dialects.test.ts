/**
 * Oracles per argv convention: for each parser family, a real parser that prints what it parsed, and a
 * seeded property test that random hostile inputs, laid out by layOutArgv, are read back exactly (or
 * refused up front, for a reason the test names). GNU getopt_long (util-linux `getopt`), git's
 * parse-options (`git rev-parse --parseopt`), pflag (kubectl), Python's argparse and Go's flag (terraform).
 */
import { execa, execaSync } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layOutArgv } from '../../../src/argv/build-argv.js';
import { PARSER_CONVENTIONS } from '../../../src/argv/conventions.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import type { CommandSpec, OptionSpec, RunnableCommand, ToolInput } from '../../../src/types.js';
import { generator, hostileFlags, readNormalised, shellWords } from './generate.js';

const SEEDS = Array.from({ length: 25 }, (_, index) => 7000 + index);
/** Whether the oracle program answers as expected; when not, the test says so loudly and its block is skipped. */
function available(file: string, args: readonly string[], exitCode = 0): boolean {
  const found = execaSync(file, args, { reject: false }).exitCode === exitCode;
  if (!found) console.warn(`\n!!! ${file} is not installed: its argv oracle is SKIPPED on this machine !!!\n`);
  return found;
}

/** The one runnable command of a spec, flattened as the pipeline does (conventions resolved, explicit false as negation). */
function runnable(spec: CommandSpec): RunnableCommand {
  const [command] = flattenRunnable(spec);
  if (!command) throw new Error('no runnable command');
  return command;
}
const leaf = (name: string, options: OptionSpec[], extra: Partial<CommandSpec> = {}): CommandSpec => ({ name, runnable: true, options, positionals: [], subcommands: [], ...extra });
const group = (name: string, options: OptionSpec[], subcommands: CommandSpec[], extra: Partial<CommandSpec> = {}): CommandSpec => ({ name, runnable: false, options, positionals: [], subcommands, ...extra });
const files = { name: 'files', type: 'string', required: false, variadic: true } as const;

/** Lays out, or says why not; a refusal must be for a positional starting with "-" under a layout that cannot carry it. */
function laidOut(command: RunnableCommand, input: ToolInput): readonly string[] | undefined {
  const laid = layOutArgv(command, input);
  if (laid.ok) return laid.argv;
  expect(input.args.some((arg) => arg.startsWith('-') && arg !== '-')).toBe(true);
  expect(laid.message).toMatch(/starts with "-"/);
  return undefined;
}

// `getopt -T` exits 4 for util-linux's getopt, the one that parses long options.
describe.skipIf(!available('getopt', ['-T'], 4))('GNU getopt_long (util-linux getopt) reads the getopt layout back', () => {
  const command = runnable(
    group('gop', [], [leaf('run', [{ name: 'flag', type: 'boolean', flag: '--flag' }, { name: 'name', type: 'string', flag: '--name' }, { name: 'tag', type: 'string', flag: '--tag', variadic: true }, { name: 'n', type: 'string', flag: '-n' }], { positionals: [files] })], { argv: PARSER_CONVENTIONS.getopt }),
  );
  it.each(SEEDS)('when the input comes from seed %i then getopt parses exactly that input', async (seed) => {
    const g = generator(seed);
    const flags = hostileFlags(g);
    const args = g.list(g.text);
    const argv = laidOut(command, { flags, args });
    if (!argv) return;
    const { stdout } = await execa('getopt', ['-o', 'n:', '--long', 'flag,name:,tag:', '-n', 'gop', '--', ...argv]);
    const parsed = readNormalised(shellWords(stdout), { '--flag': { key: 'flag', kind: 'on' }, '--name': { key: 'name', kind: 'value' }, '--tag': { key: 'tag', kind: 'list' }, '-n': { key: 'n', kind: 'value' } });
    expect(parsed).toEqual({ flags, operands: ['run', ...args] });
  });
});

describe.skipIf(!available('git', ['--version']))("git's parse-options (rev-parse --parseopt, stopping at the first non-option) reads the git layout back", () => {
  const spec = 'gpo [options] [<args>...]\n--\nf,flag  a switch\ncolor  a switch git also reads as --no-color\nname=  a value\nt,tag=  repeated\nn=  a short value\n';
  const command = runnable(
    leaf('gpo', [{ name: 'flag', type: 'boolean', flag: '--flag' }, { name: 'color', type: 'boolean', flag: '--color', negation: '--no-color' }, { name: 'name', type: 'string', flag: '--name' }, { name: 'tag', type: 'string', flag: '--tag', variadic: true }, { name: 'n', type: 'string', flag: '-n' }], { positionals: [files], argv: PARSER_CONVENTIONS.git }),
  );
  it.each(SEEDS)('when the input comes from seed %i then git parses exactly that input, or it is refused first', async (seed) => {
    const g = generator(seed);
    const flags = hostileFlags(g, true);
    const args = g.list(g.text);
    const argv = laidOut(command, { flags, args });
    if (!argv) return;
    const { stdout } = await execa('git', ['rev-parse', '--parseopt', '--stop-at-non-option', '--', ...argv], { input: spec });
    const spelling = { '-f': { key: 'flag', kind: 'on' }, '--color': { key: 'color', kind: 'on' }, '--no-color': { key: 'color', kind: 'off' }, '--name': { key: 'name', kind: 'value' }, '-t': { key: 'tag', kind: 'list' }, '-n': { key: 'n', kind: 'value' } } as const;
    expect(readNormalised(shellWords(stdout.replace(/^set -- /, '')), spelling)).toEqual({ flags, operands: args });
  });
});

describe.skipIf(!available('kubectl', ['version', '--client']))('pflag (kubectl create configmap --dry-run=client -o json) reads the cobra layout back', () => {
  const command = runnable(
    group('kubectl', [{ name: 'namespace', type: 'string', flag: '--namespace' }], [
      group('create', [], [
        leaf('configmap', [{ name: 'from-literal', type: 'string', flag: '--from-literal', variadic: true }, { name: 'append-hash', type: 'boolean', flag: '--append-hash' }, { name: 'dry-run', type: 'string', flag: '--dry-run' }, { name: 'output', type: 'string', flag: '-o' }], { positionals: [{ name: 'NAME', type: 'string', required: true, variadic: false }] }),
      ]),
    ], { argv: PARSER_CONVENTIONS.cobra }),
  );
  const label = (g: ReturnType<typeof generator>): string => g.list(() => g.pick(['a', 'b', 'z', '0', '9', '-']), 8).join('').replace(/^-+|-+$/g, '') || 'x';
  it.each(SEEDS)('when the input comes from seed %i then kubectl builds exactly that config map', async (seed) => {
    const g = generator(seed);
    const literals = new Map(g.list(() => [`${label(g)}.${g.pick(['k', 'key', '_x'])}`, g.text()] as const, 4));
    const name = label(g);
    const flags: Record<string, unknown> = { 'from-literal': [...literals].map(([key, value]) => `${key}=${value}`), 'dry-run': 'client', output: 'json', 'append-hash': g.maybe() };
    if (g.maybe()) flags.namespace = label(g);
    const argv = laidOut(command, { flags, args: [name] });
    expect(argv?.slice(0, 3)).toEqual(['create', 'configmap', name]);
    const { stdout } = await execa('kubectl', argv ?? [], { env: { KUBECONFIG: '/nonexistent' } });
    const map = JSON.parse(stdout) as { metadata: { name: string; namespace?: string }; data: Record<string, string> };
    expect(map.data).toEqual(Object.fromEntries(literals));
    expect(map.metadata.name).toMatch(flags['append-hash'] ? new RegExp(`^${name}-[a-z0-9]{10}$`) : new RegExp(`^${name}$`));
    expect(map.metadata.namespace).toBe(flags.namespace);
  });
});

describe.skipIf(!available('python3', ['--version']))("Python's argparse reads the getopt layout back", () => {
  const program = join(import.meta.dirname, '../../fixtures/oracle/argparse_oracle.py');
  const command = runnable(
    group('pyo', [{ name: 'verbose', type: 'boolean', flag: '--verbose' }], [
      leaf('run', [{ name: 'flag', type: 'boolean', flag: '--flag' }, { name: 'color', type: 'boolean', flag: '--color', negation: '--no-color' }, { name: 'name', type: 'string', flag: '--name' }, { name: 'tag', type: 'string', flag: '--tag', variadic: true }, { name: 'n', type: 'number', flag: '-n' }], { positionals: [files] }),
    ], { argv: PARSER_CONVENTIONS.getopt }),
  );
  it.each(SEEDS)('when the input comes from seed %i then argparse parses exactly that input', async (seed) => {
    const g = generator(seed);
    const flags: Record<string, unknown> = {};
    if (g.maybe()) flags.verbose = true;
    if (g.maybe()) flags.flag = true;
    if (g.maybe()) flags.color = g.maybe();
    // argparse drops an option value that is exactly "--" (see the known gap below).
    const text = (): string => (value => (value === '--' ? '--x' : value))(g.text());
    if (g.maybe()) flags.name = text();
    if (g.maybe()) flags.tag = g.list(text);
    if (g.maybe()) flags.n = Math.round((g.next() - 0.5) * 2e6) / 100;
    const args = g.list(g.text);
    const argv = laidOut(command, { flags, args });
    if (!argv) return;
    const { stdout } = await execa('python3', [program, ...argv]);
    const parsed = JSON.parse(stdout) as Record<string, unknown>;
    expect(parsed).toEqual({ verbose: flags.verbose === true, command: 'run', flag: flags.flag === true, color: flags.color ?? null, name: flags.name ?? null, tag: flags.tag ?? null, n: flags.n ?? null, files: args });
  });

  it('when an option value is exactly "--" then argparse drops it, even in one --tag=-- token (a known gap of argparse)', async () => {
    const argv = laidOut(command, { flags: { tag: ['--'] }, args: [] });
    const { stdout } = await execa('python3', [program, ...(argv ?? [])]);
    expect(argv).toEqual(['run', '--tag=--']);
    expect((JSON.parse(stdout) as { tag: unknown }).tag).toEqual([[]]);
  });
});

describe.skipIf(!available('terraform', ['version']))("Go's flag package (terraform -chdir=DIR console -var=…) reads the Go flag layout back", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-mcp-goflag-'));
    writeFileSync(join(dir, 'main.tf'), 'variable "a" {\n  type = string\n}\nvariable "b" {\n  type    = string\n  default = ""\n}\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const command = runnable(group('terraform', [{ name: 'chdir', type: 'string', flag: '-chdir' }], [leaf('console', [{ name: 'var', type: 'string', flag: '-var', variadic: true }])], { argv: PARSER_CONVENTIONS.goFlag }));
  it.each(SEEDS)('when the input comes from seed %i then terraform evaluates exactly those values', async (seed) => {
    const g = generator(seed);
    const values = { a: g.text(), b: g.maybe() ? g.text() : '' };
    const argv = laidOut(command, { flags: { chdir: dir, var: [`a=${values.a}`, ...(values.b ? [`b=${values.b}`] : [])] }, args: [] });
    expect(argv?.slice(0, 2)).toEqual([`-chdir=${dir}`, 'console']);
    const { stdout } = await execa('terraform', argv ?? [], { input: 'jsonencode([var.a, var.b])\n', env: { TF_CLI_CONFIG_FILE: '/dev/null', TF_IN_AUTOMATION: '1' } });
    expect(JSON.parse(JSON.parse(stdout.trim()) as string)).toEqual([values.a, values.b]);
  });
});
