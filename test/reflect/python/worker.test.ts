import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { helpSandbox } from '../../../src/reflect/help/fetch-page.js';
import type { PythonAnswer } from '../../../src/reflect/python/parser-tree.js';
import { runPythonWorker, type PythonCall, type WorkerOutcome } from '../../../src/reflect/python/run-worker.js';
import { scratchMaker } from '../../helpers/scratch.js';

const PYTHON = '/usr/bin/python3';
const FIXTURES = new URL('../../fixtures/python/', import.meta.url).pathname;
const has = (module: string): boolean => {
  try {
    execFileSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const python = existsSync(PYTHON);
const click = python && has('click');
if (!python) console.warn(`\n!!! ${PYTHON} is NOT INSTALLED: the Python worker tests are SKIPPED !!!\n`);
else if (!click) console.warn('\n!!! python3-click is NOT INSTALLED: the click worker tests are SKIPPED (apt-get install python3-click) !!!\n');

const scratch = scratchMaker('cli-mcp-python-worker-');
let dir: string;
beforeEach(() => {
  // Each test gets its own copy: a marker an action writes lands beside the script, where the test looks.
  dir = scratch();
  for (const file of readdirSync(FIXTURES)) cpSync(join(FIXTURES, file), join(dir, file));
});

const marker = (): boolean => existsSync(join(dir, 'ran.marker'));
/** The worker on a fixture, outside any sandbox: only the worker itself stands between the program and its action. */
async function read(script: string, sandbox: PythonCall['sandbox'] = 'none'): Promise<WorkerOutcome> {
  // Run from another directory, as cli-mcp runs it (an empty one): the sandbox leaves only that one writable.
  const call: PythonCall = { script: join(dir, script), interpreter: [PYTHON], cwd: scratch(), env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' }, timeoutMs: 20_000, sandbox };
  return runPythonWorker(call, ['--help']);
}
function parsed(outcome: WorkerOutcome, kind: string): PythonAnswer & { ok: true } {
  if (!outcome.ok) throw new Error(`no parser: ${outcome.message}`);
  expect(outcome.kind).toBe(kind);
  return outcome;
}

describe.runIf(python)('the Python worker stops a program at its parser', () => {
  it('when an argparse program with subparsers is read then its whole parser comes back and no command action ran (no marker)', async () => {
    const answer = parsed(await read('argparse_tool.py'), 'argparse');
    if (answer.kind !== 'argparse') return;
    const kinds = Object.fromEntries(answer.root.actions.map((action) => [action.dest, action.kind]));
    expect(kinds).toMatchObject({ help: 'help', verbose: 'count', color: 'boolean_optional', version: 'version', command: 'parsers' });
    const commands = answer.root.actions.find((action) => action.kind === 'parsers')?.commands ?? [];
    expect(commands.map((command) => [command.name, command.aliases])).toEqual([['pack', ['p']], ['ship', []], ['help', []]]);
    const pack = commands[0]?.parser.actions.find((action) => action.dest === 'level');
    expect(pack).toMatchObject({ type: 'int', default: 5, help: 'compression level (default: 5)' });
    expect(answer.files).toContain(join(dir, 'argparse_tool.py'));
    expect(marker()).toBe(false);
  });

  it.runIf(click)('when a click group is read then its commands and params come back and no command ran (no marker)', async () => {
    const answer = parsed(await read('click_tool.py'), 'click');
    if (answer.kind !== 'click') return;
    expect(answer.root).toMatchObject({ group: true, version: '3.1.4' });
    expect(answer.root.commands?.map((command) => [command.name, command.hidden])).toEqual([['build', false], ['debug', true], ['theme', false]]);
    expect(answer.root.params.find((param) => param.name === 'color')).toMatchObject({ opts: ['--color'], secondary_opts: ['--no-color'], is_flag: true, default: true });
    expect(marker()).toBe(false);
  });

  it('when an optparse program is read then its options come back with %default expanded and nothing ran (no marker)', async () => {
    const answer = parsed(await read('optparse_tool.py'), 'optparse');
    if (answer.kind !== 'optparse') return;
    expect(answer.root.options.find((option) => option.dest === 'count')).toMatchObject({ type: 'int', default: 3, help: 'how many [default: 3]' });
    expect(answer.root.version).toBe('optparse_tool.py 0.9.2');
    expect(marker()).toBe(false);
  });

  it('when a fixture is run directly then its action does write the marker (the control: the marker works)', () => {
    execFileSync(join(dir, 'argparse_tool.py'), ['ship', 'box', '--mode', 'air'], { cwd: dir, stdio: 'ignore' });
    expect(marker()).toBe(true);
  });

  it('when a program reads a few options with a help-less parser first (flake8, virtualenv) then that parse is let through and the real parser is read', async () => {
    const answer = parsed(await read('two_pass.py'), 'argparse');
    if (answer.kind !== 'argparse') return;
    expect(answer.root.actions.map((action) => action.dest)).toEqual(['help', 'config', 'max_line_length', 'files']);
    expect(answer.via).toBe('parse_args');
  });

  it('when a program exits before any parser then the worker says so and gives no parser', async () => {
    expect(await read('early_exit.py')).toMatchObject({ ok: false, reason: 'exited', message: 'it exited before it parsed its arguments' });
  });

  it('when a program writes before any parser then under the help sandbox the write does not land (outside it, it would)', async () => {
    expect(await read('writes_first.py', helpSandbox())).toMatchObject({ ok: false, reason: 'exited' });
    expect(marker()).toBe(false);
    await read('writes_first.py', 'none');
    expect(marker()).toBe(true);
  });

  it('when a program dispatches its commands by hand then running it with a command word, its own parse let through, reads that command\'s parser', async () => {
    const call: PythonCall = { script: join(dir, 'dispatch.py'), interpreter: [PYTHON], cwd: dir, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 20_000, sandbox: 'none' };
    const answer = parsed(await runPythonWorker(call, ['hash', '--help'], 1), 'optparse');
    if (answer.kind !== 'optparse') return;
    expect(answer.root.prog).toBe('dispatch hash');
    expect(answer.root.options.map((option) => option.long[0])).toEqual(['--help', '--algorithm']);
  });

  it('when the interpreter cannot be started then the outcome says so instead of throwing', async () => {
    const call: PythonCall = { script: join(dir, 'argparse_tool.py'), interpreter: [join(dir, 'no-such-python')], cwd: dir, env: {}, timeoutMs: 5_000, sandbox: 'none' };
    expect(await runPythonWorker(call, ['--help'])).toMatchObject({ ok: false, reason: 'failed' });
  });
});

// Clean up markers a failed assertion may have left in the copies.
beforeEach(() => rmSync(join(dir, 'ran.marker'), { force: true }));
