import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArgv } from '../../../src/argv/build-argv.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import { loadTarget, type LoadedTarget } from '../../../src/reflect/load-program.js';
import { scratchMaker } from '../../helpers/scratch.js';

const PYTHON = '/usr/bin/python3';
const python = existsSync(PYTHON);
const click = python && (() => {
  try {
    execFileSync(PYTHON, ['-c', 'import click'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!python) console.warn(`\n!!! ${PYTHON} is NOT INSTALLED: the Python parser load tests are SKIPPED !!!\n`);
else if (!click) console.warn('\n!!! python3-click is NOT INSTALLED: the click load tests are SKIPPED (apt-get install python3-click) !!!\n');

const scratch = scratchMaker('cli-mcp-python-load-');
const dir = scratch();
const cwd = scratch();
const fixture = (name: string): string => join(dir, name);
let saved: string | undefined;
beforeAll(() => {
  for (const file of readdirSync(new URL('../../fixtures/python/', import.meta.url).pathname)) cpSync(new URL(`../../fixtures/python/${file}`, import.meta.url).pathname, fixture(file));
  saved = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = scratch();
});
afterAll(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
});

/** What the fixture parsed from the argv cli-mcp built for `flags` and `args`: the oracle of the mapping. */
function run(loaded: LoadedTarget, path: readonly string[], flags: Record<string, unknown>, args: readonly string[] = []): unknown {
  const command = flattenRunnable(loaded.spec).find((candidate) => candidate.path.join(' ') === path.join(' '));
  if (command === undefined) throw new Error(`no command ${path.join(' ')}`);
  const argv = buildArgv(command, { flags, args });
  return JSON.parse(execFileSync(loaded.launcher.file, [...loaded.launcher.prefixArgs, ...argv], { cwd, encoding: 'utf8' })) as unknown;
}

describe.runIf(python)('loadTarget reads a Python script from its parser', () => {
  it('when the script is an argparse program then the method says so, it runs as itself, and every flag reaches the parser as typed', async () => {
    const loaded = await loadTarget(fixture('argparse_tool.py'), { cache: false });
    expect(loaded).toMatchObject({ method: 'python parser (argparse)', version: '2.4.1', launcher: { file: fixture('argparse_tool.py'), prefixArgs: [] } });
    expect(flattenRunnable(loaded.spec).map((command) => command.path.join(' '))).toEqual(['argparse_tool pack', 'argparse_tool ship']);
    const flags = { verbose: 2, color: false, level: 3, ratio: 0.5, format: 'tar', exclude: ['*.tmp', '-x'], pair: ['k', 'v'], tag: 'release', label: true, cache: false, token: 't', loud: true };
    expect(run(loaded, ['argparse_tool', 'pack'], flags, ['out.zip', '-a.txt', 'b.txt'])).toEqual({
      command: 'pack', verbose: 2, color: false, level: 3, ratio: 0.5, format: 'tar', exclude: ['*.tmp', '-x'], pair: ['k', 'v'], tag: ['release'], label: 'auto',
      cache: false, token: 't', quiet: false, loud: true, secret_knob: null, output: 'out.zip', files: ['-a.txt', 'b.txt'],
    });
    expect(run(loaded, ['argparse_tool', 'ship'], { mode: 'sea', carrier: 'courier', when: 'never' }, ['box', '3'])).toMatchObject({ archive: 'box', copies: 3, mode: 'sea', carrier: 'courier', when: 'never' });
    const ship = flattenRunnable(loaded.spec).find((command) => command.path.at(-1) === 'ship');
    // Choices without a length (httpie's lazy plugin list) and choices a type function checks, named in the metavar (pre-commit's --color).
    expect(ship?.options.filter((option) => option.choices !== undefined).map((option) => [option.name, option.choices])).toEqual([['mode', ['air', 'sea']], ['carrier', ['post', 'courier']], ['when', ['auto', 'always', 'never']]]);
  });

  it('when --python names an interpreter then a script whose #! line names one that is gone (a venv moved away) is read, and runs, under it', async () => {
    const script = fixture('moved_venv_tool.py');
    writeFileSync(script, readFileSync(fixture('argparse_tool.py'), 'utf8').replace(/^#!.*\n/, '#!/nonexistent/venv/bin/python3\n'));
    chmodSync(script, 0o755);
    await expect(loadTarget(script, { cache: false })).rejects.toThrow();
    const loaded = await loadTarget(script, { cache: false, python: PYTHON });
    expect(loaded).toMatchObject({ method: 'python parser (argparse)', launcher: { file: PYTHON, prefixArgs: [script] } });
    expect(run(loaded, ['moved_venv_tool', 'ship'], { mode: 'air' }, ['crate'])).toMatchObject({ archive: 'crate', mode: 'air' });
  });

  it.runIf(click)('when the script is a click group then its commands are tools and each flag, count, tuple and negation reaches click as typed', async () => {
    const loaded = await loadTarget(fixture('click_tool.py'), { cache: false });
    expect(loaded).toMatchObject({ method: 'python parser (click)', version: '3.1.4' });
    expect(flattenRunnable(loaded.spec).map((command) => command.path.join(' '))).toEqual(['click_tool build', 'click_tool theme list']);
    const flags = { verbose: 3, color: false, format: 'pdf', jobs: 4, scale: 1.5, define: ['a=1', 'b=2'], strict: true, fast: false, size: ['640', '480'] };
    expect(run(loaded, ['click_tool', 'build'], flags, ['src', 'p1', 'p2'])).toEqual({
      command: 'build', verbose: 3, color: false, format: 'pdf', jobs: 4, scale: 1.5, define: ['a=1', 'b=2'], strict: true, fast: false, size: [640, 480], secret: null, source: 'src', pages: ['p1', 'p2'],
    });
  });

  it('when the script is an optparse program then its operands come from its usage line and its options reach it as typed', async () => {
    const loaded = await loadTarget(fixture('optparse_tool.py'), { cache: false });
    expect(loaded).toMatchObject({ method: 'python parser (optparse)', version: '0.9.2' });
    expect(run(loaded, ['optparse_tool'], { count: 7, ratio: 2.5, mode: 'slow', quiet: false, include: ['a', 'b'], v: 2 }, ['in.txt'])).toEqual({
      args: ['in.txt'], options: { count: 7, ratio: 2.5, mode: 'slow', quiet: false, include: ['a', 'b'], verbosity: 2, hidden: null },
    });
  });

  it('when a program dispatches its commands by hand (pip\'s class) then each listed command is read by its word and is a tool', async () => {
    const loaded = await loadTarget(fixture('dispatch.py'), { cache: false });
    expect(loaded.method).toBe('python parser (optparse, 2 commands read by their word)');
    expect(flattenRunnable(loaded.spec).map((command) => command.path.join(' '))).toEqual(['dispatch hash', 'dispatch show']);
    expect(run(loaded, ['dispatch', 'hash'], { algorithm: 'sha384' }, ['f'])).toEqual({ command: 'hash', options: { algorithm: 'sha384' } });
  });

  it('when a program keeps unknown options for another (parse_known_args, as yq hands jq\'s on) then the options only its help documents are added', async () => {
    const loaded = await loadTarget(fixture('hands_on.py'), { cache: false });
    expect(loaded.method).toBe('python parser (argparse) + help text (2 options it hands on)');
    expect(run(loaded, ['hands_on'], { upper: true, n: true }, ['hi'])).toEqual({ upper: true, words: ['hi'], handed: ['-n'] });
  });

  it('when its help names a set (pip\'s freeze --all) then every read gives it in one order, whatever hash seed Python would pick (class: help that varies run to run)', async () => {
    const reads = await Promise.all(Array.from({ length: 4 }, () => loadTarget(fixture('set_order.py'), { cwd, cache: false })));
    const texts = reads.map((read) => read.spec.options.find((option) => option.name === 'all')?.description);
    expect(texts[0]).toMatch(/^Do not skip these packages in the output: /);
    // Four reads agreeing by chance under random seeds: one in 24³.
    expect(new Set(texts).size).toBe(1);
  });

  it('when a script exits before any parser then it is read from its help text, and the warning says why', async () => {
    const loaded = await loadTarget(fixture('early_exit.py'), { cache: false });
    expect(loaded.method).toMatch(/^help text \(/);
    expect(loaded.warnings).toEqual(['read from its help text: no Python parser was read (it exited before it parsed its arguments)']);
    expect(loaded.spec.options.map((option) => option.flag)).toEqual(['--shout']);
  });

  it('when a script writes a file before any parser then the write never lands (help sandbox) and it is read from its help', async () => {
    // A directory of its own: the calls above ran the other fixtures' actions, which write their marker beside them.
    const alone = scratch();
    cpSync(fixture('writes_first.py'), join(alone, 'writes_first.py'));
    const loaded = await loadTarget(join(alone, 'writes_first.py'), { cache: false });
    expect(loaded.method).toMatch(/^help text \(/);
    expect(existsSync(join(alone, 'ran.marker'))).toBe(false);
  });

  it('when the script\'s #! names a venv\'s python then the parser is read under it, with the venv\'s own packages', async () => {
    const venv = join(scratch(), 'venv');
    execFileSync(PYTHON, ['-m', 'venv', '--without-pip', venv]);
    const site = execFileSync(join(venv, 'bin', 'python'), ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], { encoding: 'utf8' }).trim();
    writeFileSync(join(site, 'venv_only_cli.py'), 'import argparse\n\ndef main():\n    parser = argparse.ArgumentParser(prog="venv_tool")\n    parser.add_argument("--depth", type=int)\n    parser.parse_args()\n');
    const script = fixture('venv_tool');
    writeFileSync(script, `#!${join(venv, 'bin', 'python')}\nimport venv_only_cli\nvenv_only_cli.main()\n`);
    chmodSync(script, 0o755);
    const loaded = await loadTarget(script, { cache: false });
    expect(loaded.method).toBe('python parser (argparse)');
    expect(loaded.spec.options).toEqual([{ name: 'depth', type: 'integer', flag: '--depth' }]);
  });

  it('when a shell script is the target then no Python runs: it is read from its help as before', async () => {
    const script = fixture('hello.sh');
    writeFileSync(script, '#!/bin/sh\necho "usage: hello [--loud] NAME"\n');
    chmodSync(script, 0o755);
    expect((await loadTarget(script, { cache: false })).method).toMatch(/^help text \(/);
  });
});

describe.runIf(python)('a Python script read from its parser is cached on the files it loaded', () => {
  // The interpreter is a wrapper that refuses to run once a file named `broken` sits beside it.
  const bin = join(dir, 'bin');
  const script = fixture('cached_tool.py');
  beforeAll(() => {
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'python3'), `#!/bin/sh\n[ -e "${bin}/broken" ] && exit 7\nexec ${PYTHON} "$@"\n`);
    chmodSync(join(bin, 'python3'), 0o755);
    writeFileSync(script, readFileSync(fixture('optparse_tool.py'), 'utf8').replace(/^#!.*/, `#!${bin}/python3`));
    chmodSync(script, 0o755);
  });

  it('when it is loaded twice then the second start runs no Python (its interpreter refuses to run, and the load still succeeds from the cache)', async () => {
    expect((await loadTarget(script)).method).toBe('python parser (optparse)');
    writeFileSync(join(bin, 'broken'), '');
    const again = await loadTarget(script);
    expect(again).toMatchObject({ method: 'python parser (optparse, cached)', fromCache: true });
    expect(again.spec.options.map((option) => option.name)).toContain('count');
  });

  it('when --no-cache is given then the parser is read again (and here fails, as its interpreter refuses to run)', async () => {
    await expect(loadTarget(script, { cache: false })).rejects.toThrow();
  });

  it('when the script changes then the entry no longer matches and it is read again', async () => {
    writeFileSync(script, `${readFileSync(script, 'utf8')}\n# changed\n`);
    await expect(loadTarget(script)).rejects.toThrow();
  });
});
