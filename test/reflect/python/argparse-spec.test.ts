import { describe, expect, it } from 'vitest';
import { argparseSpec, optionOf } from '../../../src/reflect/python/argparse-spec.js';
import type { ArgparseAction, ArgparseParser } from '../../../src/reflect/python/parser-tree.js';

/** An argparse action as the worker prints it, `store` with one value unless told. */
function action(fields: Partial<ArgparseAction> & { option_strings: readonly string[]; dest: string }): ArgparseAction {
  return { kind: 'store', class: '_StoreAction', nargs: null, type: null, choices: null, required: false, help: null, hidden: false, metavar: null, ...fields };
}

function parser(actions: readonly ArgparseAction[], fields: Partial<ArgparseParser> = {}): ArgparseParser {
  return { prog: 'prog', description: null, epilog: null, prefix_chars: '-', actions, exclusive: [], ...fields };
}

const HELP = action({ kind: 'help', class: '_HelpAction', option_strings: ['-h', '--help'], dest: 'help', nargs: 0 });

describe('argparse actions become options (argparse programs: yamllint, flake8, isort, httpie)', () => {
  it.each([
    ['a store_true switch is a boolean keyed by its long name, its short spelling an alias', action({ kind: 'store_true', option_strings: ['-s', '--strict'], dest: 'strict', nargs: 0, default: false }), { name: 'strict', type: 'boolean', flag: '--strict', aliases: ['-s'] }],
    ['an int option is an integer with its default', action({ option_strings: ['--level'], dest: 'level', type: 'int', default: 5 }), { name: 'level', type: 'integer', flag: '--level', default: 5 }],
    ['a float option is a number', action({ option_strings: ['--ratio'], dest: 'ratio', type: 'float' }), { name: 'ratio', type: 'number', flag: '--ratio' }],
    ['choices are an enum of strings, whatever the type', action({ option_strings: ['-f', '--format'], dest: 'format', choices: ['parsable', 'standard'], default: 'standard' }), { name: 'format', type: 'string', flag: '--format', aliases: ['-f'], choices: ['parsable', 'standard'], default: 'standard' }],
    ['int choices are an enum of their spellings', action({ option_strings: ['--jobs'], dest: 'jobs', type: 'int', choices: ['1', '2', '4'] }), { name: 'jobs', type: 'string', choices: ['1', '2', '4'] }],
    ['append repeats the flag once per value', action({ kind: 'append', option_strings: ['-x', '--exclude'], dest: 'exclude' }), { name: 'exclude', type: 'string', variadic: true }],
    ['extend repeats the flag too', action({ kind: 'extend', option_strings: ['--path'], dest: 'path', nargs: '+' }), { name: 'path', type: 'string', variadic: true }],
    ['nargs=2 takes two words a use', action({ option_strings: ['--pair'], dest: 'pair', nargs: 2, type: 'int' }), { name: 'pair', type: 'string', variadic: true, arity: 2 }],
    ['nargs=? may be given bare', action({ option_strings: ['--label'], dest: 'label', nargs: '?' }), { name: 'label', type: 'string', optionalValue: true }],
    ['a count is counted by repetition', action({ kind: 'count', option_strings: ['-v', '--verbose'], dest: 'verbose', nargs: 0, default: 0 }), { name: 'verbose', type: 'integer', count: true, flag: '--verbose' }],
    ['BooleanOptionalAction is a switch with its --no- form as negation', action({ kind: 'boolean_optional', option_strings: ['--color', '--no-color'], dest: 'color', nargs: 0, default: true }), { name: 'color', type: 'boolean', flag: '--color', negation: '--no-color', default: true }],
    ['a lone --no-x storing false is keyed x, false passes it, true by default', action({ kind: 'store_false', option_strings: ['--no-cache'], dest: 'cache', nargs: 0, default: true }), { name: 'cache', type: 'boolean', negation: '--no-cache', default: true }],
    ['a store_false under a name of its own is a switch like any other', action({ kind: 'store_false', option_strings: ['--abort-on-error', '--no-ignore-errors'], dest: 'ignore', nargs: 0 }), { name: 'abort-on-error', type: 'boolean', flag: '--abort-on-error', aliases: ['--no-ignore-errors'] }],
    ['a required option is required', action({ option_strings: ['--token'], dest: 'token', required: true }), { name: 'token', type: 'string', required: true }],
    ['a one-dash long option keeps its spelling', action({ option_strings: ['-foo'], dest: 'foo' }), { name: 'foo', type: 'string', flag: '-foo' }],
    ['a flag that is only a prefix character is keyed by its dest', action({ kind: 'store_true', option_strings: ['-'], dest: 'stdin', nargs: 0 }), { name: 'stdin', type: 'boolean', flag: '-' }],
    ['a metavar written as choices names the choices a type function checks', action({ option_strings: ['--color'], dest: 'color', type: 'use_color', metavar: '{auto,always,never}' }), { name: 'color', type: 'string', choices: ['auto', 'always', 'never'] }],
    ['a program\'s own Action whose help says it may be repeated repeats the flag', action({ kind: 'custom', class: 'Collect', option_strings: ['--header'], dest: 'header', help: 'A header. Can be used multiple times' }), { name: 'header', type: 'string', variadic: true }],
    ['a program\'s own Action taking no value is a switch', action({ kind: 'custom', class: 'Enable', option_strings: ['--enable'], dest: 'enable', nargs: 0 }), { name: 'enable', type: 'boolean' }],
  ])('when %s', (_title, given, expected) => {
    expect(optionOf(given)).toMatchObject(expected);
  });

  it('when a store with nargs=+ is read then it takes one word (a flag a word would keep only the last)', () => {
    const option = optionOf(action({ option_strings: ['--tag'], dest: 'tag', nargs: '+' }));
    expect(option).toMatchObject({ name: 'tag', type: 'string' });
    expect(option.variadic).toBeUndefined();
  });

  it('when a switch defaults to false then no default is published: absent already means false', () => {
    expect(optionOf(action({ kind: 'store_true', option_strings: ['--x'], dest: 'x', nargs: 0, default: false })).default).toBeUndefined();
  });
});

describe('argparse parsers become commands (argparse programs with subparsers: pre-commit)', () => {
  it('when help, --version, hidden and --help-spelled options are read then none is an option, but a version action under another name is', () => {
    const spec = argparseSpec('prog', parser([
      HELP,
      action({ kind: 'version', option_strings: ['--version'], dest: 'version', nargs: 0 }),
      action({ kind: 'version', option_strings: ['--vn', '--version-number'], dest: 'vn', nargs: 0 }),
      action({ option_strings: ['--secret'], dest: 'secret', hidden: true }),
      action({ kind: 'store_true', option_strings: ['-h', '--help'], dest: 'print_help', nargs: 0 }),
    ]));
    expect(spec.options.map((option) => option.flag)).toEqual(['--vn']);
  });

  it('when a store_true and a lone --no-x share a dest then they are one switch with its negation', () => {
    const spec = argparseSpec('prog', parser([
      action({ kind: 'store_true', option_strings: ['--cache'], dest: 'cache', nargs: 0 }),
      action({ kind: 'store_false', option_strings: ['--no-cache'], dest: 'cache', nargs: 0 }),
    ]));
    expect(spec.options).toEqual([{ name: 'cache', type: 'boolean', flag: '--cache', negation: '--no-cache' }]);
  });

  it('when a lone --no-x shares its dest with a value option then it is that option\'s negation (yt-dlp --cache-dir DIR, --no-cache-dir)', () => {
    const spec = argparseSpec('prog', parser([
      action({ option_strings: ['--cache-dir'], dest: 'cachedir' }),
      action({ kind: 'store_false', option_strings: ['--no-cache-dir'], dest: 'cachedir', nargs: 0 }),
    ]));
    expect(spec.options).toEqual([{ name: 'cache-dir', type: 'string', flag: '--cache-dir', negation: '--no-cache-dir' }]);
  });

  it('when a lone --no-x has no partner but its key is taken then it stays a switch of its own, keyed by its whole name', () => {
    const spec = argparseSpec('prog', parser([
      action({ option_strings: ['--cache'], dest: 'cache_path' }),
      action({ kind: 'store_false', option_strings: ['--no-cache'], dest: 'use_cache', nargs: 0 }),
    ]));
    expect(spec.options.map((option) => [option.name, option.flag, option.negation])).toEqual([['cache', '--cache', undefined], ['no-cache', '--no-cache', undefined]]);
  });

  it('when positionals have nargs then they are required, optional or take the rest, in order', () => {
    const spec = argparseSpec('prog', parser([
      action({ option_strings: [], dest: 'output', help: 'where' }),
      action({ option_strings: [], dest: 'count', type: 'int', nargs: '?', default: 1 }),
      action({ option_strings: [], dest: 'files', nargs: '*' }),
    ]));
    expect(spec.positionals).toEqual([
      { name: 'output', description: 'where', type: 'string', required: true, variadic: false },
      { name: 'count', type: 'integer', required: false, variadic: false, default: 1 },
      { name: 'files', type: 'string', required: false, variadic: true },
    ]);
  });

  it('when a positional has nargs=2 and a metavar pair then it is two positionals named by it', () => {
    const spec = argparseSpec('prog', parser([action({ option_strings: [], dest: 'range', nargs: 2, metavar: ['FROM', 'TO'] })]));
    expect(spec.positionals.map((positional) => [positional.name, positional.required])).toEqual([['FROM', true], ['TO', true]]);
  });

  it('when options are mutually exclusive then each one says which others it excludes, and a required group says one is needed', () => {
    const spec = argparseSpec('prog', parser(
      [action({ kind: 'store_true', option_strings: ['--quiet'], dest: 'quiet', nargs: 0, help: 'say nothing' }), action({ kind: 'store_true', option_strings: ['--loud'], dest: 'loud', nargs: 0 })],
      { exclusive: [{ required: true, members: ['quiet', 'loud'] }] },
    ));
    expect(spec.options.map((option) => option.description)).toEqual(['say nothing. Not with --loud. One of --quiet, --loud is required.', 'Not with --quiet. One of --quiet, --loud is required.']);
  });

  it('when a parser has subparsers then it runs only through them, each with its aliases and its own description, and a help command is left out', () => {
    const sub = (description: string | null) => parser([HELP, action({ option_strings: ['--dry-run'], dest: 'dry_run', kind: 'store_true', nargs: 0 })], { description });
    const spec = argparseSpec('prog', parser([HELP, action({
      kind: 'parsers', class: '_SubParsersAction', option_strings: [], dest: 'command', nargs: 'A...',
      commands: [
        { name: 'install', aliases: ['i'], help: 'install it', parser: sub('Installs the thing.') },
        { name: 'gc', aliases: [], help: 'collect garbage', parser: sub(null) },
        { name: 'secret', aliases: [], help: null, hidden: true, parser: sub(null) },
        { name: 'help', aliases: [], help: 'show help', parser: sub(null) },
      ],
    })], { description: 'The program.', epilog: 'Example: prog install x' }));
    expect(spec).toMatchObject({ name: 'prog', description: 'The program.', examples: 'Example: prog install x', runnable: false, positionals: [], hiddenCommands: ['secret', 'help'] });
    expect(spec.subcommands.map((command) => [command.name, command.aliases, command.description, command.runnable, command.options.length])).toEqual([
      ['install', ['i'], 'Installs the thing.', true, 1],
      ['gc', undefined, 'collect garbage', true, 1],
    ]);
  });
});
