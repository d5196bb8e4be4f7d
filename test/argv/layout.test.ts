import { describe, expect, it } from 'vitest';
import { buildArgv, layOutArgv } from '../../src/argv/build-argv.js';
import { DEFAULT_ARGV_CONVENTIONS, PARSER_CONVENTIONS } from '../../src/argv/conventions.js';
import type { ArgvConventions, RunnableCommand, ScopedOption, ToolInput } from '../../src/types.js';

const namespace: ScopedOption = { name: 'namespace', type: 'string', flag: '--namespace', depth: 0 };
const output: ScopedOption = { name: 'output', type: 'string', flag: '-o', depth: 1 };
const image: ScopedOption = { name: 'image', type: 'string', flag: '--image', variadic: true, depth: 2 };
const lineNumber: ScopedOption = { name: 'line-number', type: 'boolean', flag: '--line-number', depth: 1 };
// As flattenRunnable gives it under Go flag's conventions: `-refresh=false` is its negation.
const refresh: ScopedOption = { name: 'refresh', type: 'boolean', flag: '-refresh', negation: '-refresh=false', default: true, depth: 1 };
const parallelism: ScopedOption = { name: 'p', type: 'integer', flag: '-p', depth: 1 };

function command(path: readonly string[], options: readonly ScopedOption[], argv?: ArgvConventions, passthrough = false): RunnableCommand {
  return { path, options, positionals: [], ...(argv ? { argv } : {}), ...(passthrough ? { passthrough: { name: 'COMMAND', required: true } } : {}) };
}

const createDeployment = command(['kubectl', 'create', 'deployment'], [namespace, image], PARSER_CONVENTIONS.cobra);
const exec = command(['kubectl', 'exec'], [namespace, { ...output, name: 'container', flag: '--container' }], PARSER_CONVENTIONS.cobra, true);
const grep = command(['git', 'grep'], [lineNumber], PARSER_CONVENTIONS.git);
const plan = command(['terraform', 'plan'], [{ name: 'chdir', type: 'string', flag: '-chdir', depth: 0 }, refresh, parallelism], PARSER_CONVENTIONS.goFlag);
const get = command(['kubectl', 'get'], [namespace, output], PARSER_CONVENTIONS.cobra);

interface Case {
  readonly title: string;
  readonly command: RunnableCommand;
  readonly input: ToolInput;
  readonly expected: readonly string[];
}

const cases: readonly Case[] = [
  { title: 'cobra: command words, positionals, then options, no "--" (kubectl counts words before it)', command: createDeployment, input: { flags: { image: ['nginx'], namespace: 'prod' }, args: ['web'] }, expected: ['create', 'deployment', 'web', '--namespace=prod', '--image=nginx'] },
  { title: 'cobra: a positional starting with "-" gets "--" and the options stay before it', command: get, input: { flags: { output: 'json' }, args: ['pods', '-weird'] }, expected: ['get', '-ojson', '--', 'pods', '-weird'] },
  { title: 'cobra: passthrough words follow a literal "--" after the positionals and options', command: exec, input: { flags: { container: 'app' }, args: ['web-1'], passthrough: ['ls', '-la', '--', 'x'] }, expected: ['exec', 'web-1', '--container=app', '--', 'ls', '-la', '--', 'x'] },
  { title: 'git: options before the positionals and no "--" (git reads paths after it)', command: grep, input: { flags: { 'line-number': true }, args: ['hi'] }, expected: ['grep', '--line-number', 'hi'] },
  { title: 'Go flag: globals before the subcommand, one dash, -x=false, -p=4', command: plan, input: { flags: { chdir: 'infra', refresh: false, p: 4 }, args: [] }, expected: ['-chdir=infra', 'plan', '-refresh=false', '-p=4'] },
  { title: 'Go flag: a positional starting with "-" gets "--" before it', command: plan, input: { flags: {}, args: ['-x'] }, expected: ['plan', '--', '-x'] },
  { title: 'default (commander): options after their word, then the positionals, with no "--" none needs', command: command(['todo', 'add'], [namespace]), input: { flags: { namespace: 'n' }, args: ['milk'] }, expected: ['--namespace=n', 'add', 'milk'] },
  { title: 'default (commander): a positional starting with "-" gets "--" before it', command: command(['todo', 'add'], [namespace]), input: { flags: {}, args: ['-milk'] }, expected: ['add', '--', '-milk'] },
  { title: 'default: no positionals leaves no "--"', command: command(['todo', 'list'], [namespace]), input: { flags: {}, args: [] }, expected: ['list'] },
  { title: 'yargs: words, positionals, then every option', command: command(['kinds', 'run'], [namespace, { ...output, name: 'tag', flag: '--tag', variadic: true }], PARSER_CONVENTIONS.yargs), input: { flags: { namespace: 'a', tag: ['x', 'y'] }, args: ['f'] }, expected: ['run', 'f', '--namespace=a', '--tag=x', '--tag=y'] },
];

describe('layOutArgv', () => {
  it.each(cases)('when $title', ({ command: cmd, input, expected }) => {
    expect(layOutArgv(cmd, input)).toEqual({ ok: true, argv: expected });
  });

  it('when a program never takes "--" and a positional starts with "-" then the call is refused with what to do instead', () => {
    const laid = layOutArgv(grep, { flags: {}, args: ['-e'] });
    expect(laid).toEqual({ ok: false, message: expect.stringMatching(/^args\[0\] "-e" starts with "-": git would read it as an option, and it does not read positionals after `--`/) });
    expect(() => buildArgv(grep, { flags: {}, args: ['-e'] })).toThrow(expect.objectContaining({ code: 'cli-mcp.unrepresentable' }));
  });

  it('when passthrough words are given and a positional starts with "-" then the call is refused (the "--" belongs to the passthrough)', () => {
    const laid = layOutArgv(exec, { flags: {}, args: ['-pod'], passthrough: ['ls'] });
    expect(laid.ok).toBe(false);
    expect(laid.ok || laid.message).toMatch(/introduces the passthrough words/);
  });

  it('when the positional is "-" alone (stdin) then it needs no "--" in any layout', () => {
    expect(layOutArgv(grep, { flags: {}, args: ['-'] })).toEqual({ ok: true, argv: ['grep', '-'] });
    expect(layOutArgv(get, { flags: {}, args: ['-'] })).toEqual({ ok: true, argv: ['get', '-'] });
  });

  it('when laid out in any convention then no token before the first "--" that starts with "-" is a positional', () => {
    const families = [DEFAULT_ARGV_CONVENTIONS, ...Object.values(PARSER_CONVENTIONS)];
    for (const argv of families) {
      const laid = layOutArgv({ ...get, argv }, { flags: { namespace: 'x' }, args: ['a', '-b', 'c'] });
      if (!laid.ok) continue;
      const head = laid.argv.indexOf('--') === -1 ? laid.argv : laid.argv.slice(0, laid.argv.indexOf('--'));
      expect(head.filter((token) => token.startsWith('-'))).toEqual(['--namespace=x']);
    }
  });
});

describe('layOutArgv with values as separate words', () => {
  const output: ScopedOption = { name: 'output', type: 'string', flag: '--output', depth: 0 };
  const level: ScopedOption = { name: 'o', type: 'string', flag: '-o', depth: 0 };
  const color: ScopedOption = { name: 'color', type: 'string', flag: '--color', optionalValue: true, depth: 0 };
  const short: ScopedOption = { name: 'x', type: 'string', flag: '-x', optionalValue: true, depth: 0 };
  const curl = command(['curl'], [output, color, short], { ...PARSER_CONVENTIONS.getopt, longValue: 'separate', shortValue: 'separate' });
  it('when long and short values are separate then each required value is the word after its flag', () => {
    expect(layOutArgv({ ...curl, options: [output, level] }, { flags: { output: 'out.txt', o: 'x' }, args: ['file:///a'] })).toEqual({ ok: true, argv: ['--output', 'out.txt', '-o', 'x', 'file:///a'] });
  });
  it('when a separate value starts with "-" and the parser reads no joined form then the call is refused, saying why', () => {
    const laid = layOutArgv({ ...curl, options: [output, level] }, { flags: { output: '-out.txt' }, args: [] });
    expect(laid).toEqual({ ok: false, message: expect.stringMatching(/^flags\.output "-out\.txt" starts with "-": --output takes its value as the next word/) });
  });
  it('when a value is optional then it stays attached, since a separate word would be read as a positional', () => {
    expect(layOutArgv(curl, { flags: { color: 'always', x: 'y' }, args: [] })).toEqual({ ok: true, argv: ['--color=always', '-xy'] });
  });
});

describe('layOutArgv with each value spelled as its documentation writes it', () => {
  // ffmpeg's help: `-loglevel loglevel  set logging level`, `-f fmt  force format`; its parser knows no `=` and no attached value.
  const ffmpegConventions: ArgvConventions = { ...PARSER_CONVENTIONS.getopt, shortValue: 'separate' };
  const loglevel: ScopedOption = { name: 'loglevel', type: 'string', flag: '-loglevel', valueForm: 'separate', syntax: '-loglevel loglevel', depth: 0 };
  const format: ScopedOption = { name: 'f', type: 'string', flag: '-f', valueForm: 'separate', syntax: '-f fmt', depth: 0 };
  const ffmpeg = command(['ffmpeg'], [loglevel, format], ffmpegConventions);
  // kubectl's help: `-n, --namespace string`, read by pflag, which also takes `--namespace=-x`.
  const documented = command(['kubectl', 'get'], [{ ...namespace, valueForm: 'separate' }, { ...output, name: 'output', valueForm: 'separate' }], PARSER_CONVENTIONS.cobra);

  it('when a one-dash long option and a short one show their value as the next word then argv has it so (the class of ffmpeg\'s -loglevel error, -f null)', () => {
    expect(layOutArgv(ffmpeg, { flags: { loglevel: 'error', f: 'null' }, args: ['-'] })).toEqual({ ok: true, argv: ['-loglevel', 'error', '-f', 'null', '-'] });
  });

  it('when such a value starts with "-" and the parser reads no joined form then the call is refused, saying why', () => {
    expect(layOutArgv(ffmpeg, { flags: { loglevel: '-8' }, args: [] })).toEqual({ ok: false, message: expect.stringMatching(/^flags\.loglevel "-8" starts with "-": -loglevel takes its value as the next word/) });
  });

  it('when a documented separate value starts with "-" and the parser reads joined values then it is sent joined, one token', () => {
    expect(layOutArgv(documented, { flags: { namespace: 'prod', output: '-x' }, args: ['pods'] })).toEqual({ ok: true, argv: ['get', 'pods', '--namespace', 'prod', '-o-x'] });
  });

  it('when the documentation shows "=" or an attached value then that form is kept', () => {
    const equals = command(['ls'], [{ ...namespace, name: 'block-size', flag: '--block-size', valueForm: 'equals' }, { ...output, name: 'I', flag: '-I', depth: 0, valueForm: 'attached' }], ffmpegConventions);
    expect(layOutArgv(equals, { flags: { 'block-size': 'K', I: 'lib' }, args: [] })).toEqual({ ok: true, argv: ['--block-size=K', '-Ilib'] });
  });
});

describe('an optional value documented as a word of its own', () => {
  it('when cmake writes --system-information [file] then the value goes as the next word (cmake knows no --system-information=file)', () => {
    const info: ScopedOption = { name: 'system-information', type: 'string', flag: '--system-information', optionalValue: true, valueForm: 'separate', syntax: '--system-information [file]', depth: 0 };
    expect(layOutArgv(command(['cmake'], [info], PARSER_CONVENTIONS.getopt), { flags: { 'system-information': 'out.txt' }, args: [] })).toEqual({ ok: true, argv: ['--system-information', 'out.txt'] });
    expect(layOutArgv(command(['cmake'], [info], PARSER_CONVENTIONS.getopt), { flags: { 'system-information': true }, args: [] })).toEqual({ ok: true, argv: ['--system-information'] });
  });

  it('when bare, before a word, where no -- can keep the word apart, it is refused, since the program would read the word as its value', () => {
    const info: ScopedOption = { name: 'system-information', type: 'string', flag: '--system-information', optionalValue: true, valueForm: 'separate', syntax: '--system-information [file]', depth: 0 };
    expect(layOutArgv(command(['cmake'], [info], { ...PARSER_CONVENTIONS.getopt, doubleDash: 'never' }), { flags: { 'system-information': true }, args: ['x'] })).toMatchObject({ ok: false, message: expect.stringMatching(/would read the next word "x" as its value/) });
  });
});

describe('an optional value documented attached (git\'s --stat[=<width>], getopt\'s -x[N])', () => {
  it('when the bare flag comes before a word then it is sent, since the program never reads the word as its value', () => {
    const stat: ScopedOption = { name: 'stat', type: 'string', flag: '--stat', optionalValue: true, valueForm: 'equals', syntax: '--stat[=<width>]', depth: 0 };
    const width: ScopedOption = { name: 'w', type: 'string', flag: '-w', optionalValue: true, valueForm: 'attached', syntax: '-w[N]', depth: 0 };
    const diff = command(['git'], [stat, width], { ...PARSER_CONVENTIONS.getopt, doubleDash: 'never' });
    expect(layOutArgv(diff, { flags: { stat: true, w: true }, args: ['HEAD', 'a.txt'] })).toEqual({ ok: true, argv: ['--stat', '-w', 'HEAD', 'a.txt'] });
  });
});

describe('an optional value documented after a colon (Java\'s -verbose[:suboptions])', () => {
  it('when a value is given then it is joined with the colon; true sends the bare flag, which never takes the next word', () => {
    const verbose: ScopedOption = { name: 'verbose', type: 'string', flag: '-verbose', optionalValue: true, valueForm: 'colon', syntax: '-verbose[:suboptions]', depth: 0 };
    const jarsigner = command(['jarsigner'], [verbose], { ...PARSER_CONVENTIONS.getopt, doubleDash: 'never' });
    expect(layOutArgv(jarsigner, { flags: { verbose: 'summary' }, args: ['x.jar'] })).toEqual({ ok: true, argv: ['-verbose:summary', 'x.jar'] });
    expect(layOutArgv(jarsigner, { flags: { verbose: true }, args: ['x.jar'] })).toEqual({ ok: true, argv: ['-verbose', 'x.jar'] });
  });
});

describe('options the usage writes after the operands (unzip file [-d exdir], find\'s primaries)', () => {
  const never = { ...PARSER_CONVENTIONS.getopt, doubleDash: 'never' } as const;
  const unzip = command(['unzip'], [
    { name: 'l', type: 'boolean', flag: '-l', depth: 0 },
    { name: 'd', type: 'string', flag: '-d', valueForm: 'separate', afterOperands: true, depth: 0 },
  ], never);
  const find = command(['find'], [
    { name: 'L', type: 'boolean', flag: '-L', depth: 0 },
    { name: 'name', type: 'string', flag: '-name', valueForm: 'separate', afterOperands: true, depth: 0 },
    { name: 'empty', type: 'boolean', flag: '-empty', afterOperands: true, depth: 0 },
  ], never);

  it('when such options are set then they follow the positionals in the order the call gives them (find reads its expression left to right), the others stay before them', () => {
    expect(layOutArgv(unzip, { flags: { l: true, d: 'out' }, args: ['bundle.zip'] })).toEqual({ ok: true, argv: ['-l', 'bundle.zip', '-d', 'out'] });
    expect(layOutArgv(find, { flags: { name: '*.py', L: true, empty: true }, args: ['.'] })).toEqual({ ok: true, argv: ['-L', '.', '-name', '*.py', '-empty'] });
    expect(layOutArgv(find, { flags: { empty: true, name: '*.py' }, args: ['.'] })).toEqual({ ok: true, argv: ['.', '-empty', '-name', '*.py'] });
  });

  it('when a positional needs a "--" before it then the call is refused: after it the options would be operands too', () => {
    const getopt = command(['unzip'], unzip.options, PARSER_CONVENTIONS.getopt);
    expect(layOutArgv(getopt, { flags: { d: 'out' }, args: ['-odd.zip'] })).toMatchObject({ ok: false, message: expect.stringMatching(/^unzip reads -d after its operands, but args\[0\] "-odd.zip" starts with "-"/) });
  });
});
