import { describe, expect, it } from 'vitest';
import { clickSpec, optionOf as clickOption } from '../../../src/reflect/python/click-spec.js';
import { optionOf as optparseOption, optparseSpec } from '../../../src/reflect/python/optparse-spec.js';
import type { ClickCommand, ClickParam, OptparseOption, OptparseParser } from '../../../src/reflect/python/parser-tree.js';

const TEXT = { name: 'text', class: 'StringParamType' };

/** A click option as the worker prints it: one text value unless told. */
function option(fields: Partial<ClickParam> & { name: string; opts: readonly string[] }): ClickParam {
  return { kind: 'option', secondary_opts: [], nargs: 1, multiple: false, required: false, type: TEXT, expose_value: true, is_eager: false, envvar: null, is_flag: false, is_bool_flag: false, count: false, hidden: false, help: null, prompt: false, ...fields };
}

function argument(fields: Partial<ClickParam> & { name: string }): ClickParam {
  return { kind: 'argument', opts: [fields.name], secondary_opts: [], nargs: 1, multiple: false, required: true, type: TEXT, expose_value: true, is_eager: false, envvar: null, ...fields };
}

function command(fields: Partial<ClickCommand>): ClickCommand {
  return { name: 'cli', help: null, short_help: null, epilog: null, hidden: false, deprecated: false, params: [], group: false, ...fields };
}

describe('click params become options (click programs: black, cookiecutter, mkdocs, sqlite-utils)', () => {
  it.each([
    ['a bool flag with a secondary off switch has it as its negation and publishes a true default', option({ name: 'color', opts: ['--color'], secondary_opts: ['--no-color'], is_flag: true, is_bool_flag: true, default: true, type: { name: 'boolean', class: 'BoolParamType' } }), { name: 'color', type: 'boolean', flag: '--color', negation: '--no-color', default: true }],
    ['an off switch of another name is the negation too (black --fast/--safe)', option({ name: 'fast', opts: ['--fast'], secondary_opts: ['--safe'], is_flag: true, is_bool_flag: true, default: false }), { name: 'fast', type: 'boolean', flag: '--fast', negation: '--safe' }],
    ['a Choice is an enum', option({ name: 'format', opts: ['--format'], type: { name: 'choice', class: 'Choice', choices: ['html', 'pdf'] }, default: 'html' }), { name: 'format', type: 'string', choices: ['html', 'pdf'], default: 'html' }],
    ['INT and IntRange are integers', option({ name: 'jobs', opts: ['-j', '--jobs'], type: { name: 'integer range', class: 'IntRange' } }), { name: 'jobs', type: 'integer', flag: '--jobs', aliases: ['-j'] }],
    ['FLOAT is a number', option({ name: 'scale', opts: ['--scale'], type: { name: 'float', class: 'FloatParamType' } }), { name: 'scale', type: 'number' }],
    ['BOOL given as a value is spelled true or false', option({ name: 'ok', opts: ['--ok'], type: { name: 'boolean', class: 'BoolParamType' } }), { name: 'ok', type: 'string', choices: ['true', 'false'] }],
    ['multiple repeats the flag once per value', option({ name: 'define', opts: ['--define', '-D'], multiple: true, default: [] }), { name: 'define', type: 'string', variadic: true, aliases: ['-D'] }],
    ['count is counted by repetition', option({ name: 'verbose', opts: ['-v', '--verbose'], count: true, is_flag: false, type: { name: 'integer range', class: 'IntRange' } }), { name: 'verbose', type: 'integer', count: true }],
    ['nargs=2 takes two words a use', option({ name: 'size', opts: ['--size'], nargs: 2, type: { name: 'Tuple', class: 'Tuple' } }), { name: 'size', type: 'string', variadic: true, arity: 2 }],
    ['an environment variable it reads is kept', option({ name: 'target', opts: ['--target'], envvar: 'GITLINT_TARGET' }), { name: 'target', env: 'GITLINT_TARGET' }],
    ['a prompted option says it would be asked for', option({ name: 'password', opts: ['--password'], prompt: true, help: 'The password' }), { name: 'password', description: 'The password. Asked for interactively when not given.' }],
  ])('when %s', (_title, given, expected) => {
    expect(clickOption(given)).toMatchObject(expected);
  });

  it('when a command has hidden params, a version option and arguments then the arguments are positionals and the rest is left out', () => {
    const spec = clickSpec('tool', command({
      help: 'Builds.',
      params: [
        option({ name: 'secret', opts: ['--secret'], hidden: true }),
        option({ name: 'version', opts: ['--version'], is_flag: true, is_eager: true, expose_value: false }),
        argument({ name: 'source' }),
        argument({ name: 'pages', nargs: -1, required: false }),
      ],
    }));
    expect(spec).toMatchObject({ name: 'tool', description: 'Builds.', runnable: true, options: [] });
    expect(spec.positionals).toEqual([
      { name: 'source', type: 'string', required: true, variadic: false },
      { name: 'pages', type: 'string', required: false, variadic: true },
    ]);
  });

  it('when a group has commands then they are subcommands (aliases grouped, hidden ones only kept out of args), and it runs only with invoke_without_command', () => {
    const leaf = (name: string, hidden = false) => ({ ...command({ name, help: `${name} it`, hidden }), aliases: [] as string[] });
    const group = command({ group: true, commands: [{ ...leaf('build'), aliases: ['b'] }, leaf('debug', true), { ...command({ name: 'theme', group: true, commands: [leaf('list')] }), aliases: [] }] });
    const spec = clickSpec('cli', group);
    expect(spec.runnable).toBe(false);
    expect(spec.hiddenCommands).toEqual(['debug']);
    expect(spec.subcommands.map((sub) => [sub.name, sub.aliases, sub.runnable, sub.subcommands.map((inner) => inner.name)])).toEqual([['build', ['b'], true, []], ['theme', undefined, false, ['list']]]);
    expect(clickSpec('cli', { ...group, invoke_without_command: true }).runnable).toBe(true);
  });
});

/** An optparse option as the worker prints it: a string value unless told. */
function opt(fields: Partial<OptparseOption>): OptparseOption {
  return { short: [], long: [], action: 'store', dest: 'x', type: 'string', nargs: 1, takes_value: true, choices: null, metavar: null, hidden: false, help: null, ...fields };
}

describe('optparse options become options (optparse programs: pycodestyle, yt-dlp, pip, docutils)', () => {
  it.each([
    ['an int value is an integer with its default', opt({ short: ['-n'], long: ['--count'], type: 'int', dest: 'count', default: 3 }), { name: 'count', type: 'integer', flag: '--count', aliases: ['-n'], default: 3 }],
    ['a float value is a number', opt({ long: ['--ratio'], type: 'float', dest: 'ratio' }), { name: 'ratio', type: 'number' }],
    ['a choice is an enum', opt({ long: ['--mode'], type: 'choice', choices: ['fast', 'slow'], dest: 'mode' }), { name: 'mode', type: 'string', choices: ['fast', 'slow'] }],
    ['append repeats the flag', opt({ short: ['-I'], long: ['--include'], action: 'append', dest: 'include' }), { name: 'include', variadic: true }],
    ['count is counted, a short-only one keyed by its letter', opt({ short: ['-v'], action: 'count', dest: 'verbosity', takes_value: false, type: null, nargs: null }), { name: 'v', type: 'integer', count: true, flag: '-v' }],
    ['a callback taking a value whose help says it may be repeated repeats the flag (yt-dlp --print)', opt({ long: ['--print'], action: 'callback', dest: 'print', help: 'Field to print. This option can be used multiple times' }), { name: 'print', type: 'string', variadic: true }],
    ['a callback taking no value is a switch', opt({ long: ['--list'], action: 'callback', takes_value: false, type: null, dest: null }), { name: 'list', type: 'boolean' }],
  ])('when %s', (_title, given, expected) => {
    expect(optparseOption(given)).toMatchObject(expected);
  });

  it('when a parser is read then help, --version and hidden options are left out, a --no-x pairs with its switch, and the usage line gives the operands', () => {
    const parser: OptparseParser = {
      prog: 'check', usage: 'Usage: check [options] input ...\n', description: 'Checks inputs.', epilog: null, version: 'check 0.9.2', interspersed: true, help: '',
      options: [
        opt({ short: ['-h'], long: ['--help'], action: 'help', takes_value: false, dest: null }),
        opt({ long: ['--version'], action: 'version', takes_value: false, dest: null }),
        opt({ long: ['--hidden'], hidden: true }),
        opt({ short: ['-q'], long: ['--quiet'], action: 'store_true', takes_value: false, dest: 'quiet', type: null }),
        opt({ long: ['--no-quiet'], action: 'store_false', takes_value: false, dest: 'quiet', type: null }),
      ],
    };
    const spec = optparseSpec('check', parser);
    expect(spec).toMatchObject({ name: 'check', description: 'Checks inputs.', runnable: true, subcommands: [] });
    expect(spec.options).toEqual([{ name: 'quiet', type: 'boolean', flag: '--quiet', aliases: ['-q'], negation: '--no-quiet' }]);
    expect(spec.positionals).toMatchObject([{ name: 'input', required: true, variadic: true }]);
  });
});
