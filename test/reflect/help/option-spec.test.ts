import { describe, expect, it } from 'vitest';
import { optionEntries } from '../../../src/reflect/help/option-entries.js';
import { optionFromEntry, optionsFromEntries, type OptionRules } from '../../../src/reflect/help/option-spec.js';
import { optionLine } from './summary.js';

const PFLAG: OptionRules = { pflag: true };
const CLICK: OptionRules = { bracketChoices: true };

function line(spec: string, description = '', rules: OptionRules = {}): string | undefined {
  const option = optionFromEntry({ spec, description }, rules);
  return option === undefined ? undefined : optionLine(option);
}

describe('reading one option entry', () => {
  it.each([
    ['--replicas int', '', 'replicas: --replicas integer'],
    ['-o, --output string', 'Output format. One of: json|yaml|wide', 'output: --output string {json|yaml|wide}'],
    ['--timeout duration', '', 'timeout: --timeout string'],
    ['--labels strings', '', 'labels: --labels string repeatable'],
    ['--env stringArray', '', 'env: --env string repeatable'],
    ['--ratio float64', '', 'ratio: --ratio number'],
    ['--count uint', '', 'count: --count integer'],
    ['-w, --watch', '', 'watch: --watch boolean off:--watch=false'],
    ['-A, --all-namespaces=false', '', 'all-namespaces: --all-namespaces boolean =false off:--all-namespaces=false'],
    ['--server-print=true', '', 'server-print: --server-print boolean =true off:--server-print=false'],
    ['--chunk-size=500', '', 'chunk-size: --chunk-size integer =500'],
    ["--request-timeout='0'", '', 'request-timeout: --request-timeout string ="0"'],
    ['--log-flush-frequency=5s', '', 'log-flush-frequency: --log-flush-frequency string ="5s"'],
    ['-f, --filename=[]', '', 'filename: --filename string repeatable'],
    ['-l, --log-level string', 'Set the logging level ("debug", "info", "warn") (default "info")', 'log-level: --log-level string {debug|info|warn} ="info"'],
    ['--name string', 'The name (required)', 'name: --name string required'],
    ['--dry-run string[="unchanged"]', 'Must be "none", "server", or "client".', 'dry-run: --dry-run string value-optional {none|server|client}'],
  ])('when pflag prints `%s` (described "%s") then it reads as `%s`', (spec, description, expected) => {
    expect(line(spec, description, PFLAG)).toBe(expected);
  });

  it.each([
    ['-a, --all', 'all: --all boolean'],
    ['--block-size=SIZE', 'block-size: --block-size string'],
    ['--color[=WHEN]', 'color: --color string value-optional'],
    ['-m, --max-count=NUM', 'max-count: --max-count integer'],
    ['-c', 'c: -c boolean'],
    ['-G, --no-group', 'group: (no flag) boolean =true off:--no-group'],
    ['-v, --[no-]verbose', 'verbose: --verbose boolean off:--no-verbose'],
    ['--decorate[=...]', 'decorate: --decorate string value-optional'],
    ['-S, --gpg-sign[=<key-id>]', 'gpg-sign: --gpg-sign string value-optional'],
    ['-n<num>', 'n: -n integer'],
    ['-b ADDRESS, --bind ADDRESS', 'bind: --bind string'],
    ['--region {eu,us,ap}', 'region: --region string {eu|us|ap}'],
    ['--color, --no-color', 'color: --color boolean off:--no-color'],
    ['--tag TAG [TAG ...]', 'tag: --tag string repeatable'],
    ['--note [NOTE]', 'note: --note string value-optional'],
    ['-v, --verbose...', 'verbose: --verbose integer'], // counted: see options-shapes.test.ts
    ['-p, --package [<SPEC>]', 'package: --package string value-optional'],
    ['--file <FILE>...', 'file: --file string repeatable'],
    ['-j, --jobs <N>', 'jobs: --jobs integer'],
  ])('when getopt, git, argparse or clap print `%s` then it reads as `%s`', (spec, expected) => {
    expect(line(spec)).toBe(expected);
  });

  it.each([
    ['--format [table|json]', 'Output.  [default: table]', 'format: --format string {table|json} ="table"'],
    ['--shout / --no-shout', 'Shout.', 'shout: --shout boolean off:--no-shout'],
    ['--limit INTEGER RANGE', 'Most shown.  [default: 20; 1<=x<=100]', 'limit: --limit integer =20'],
    ['--token TEXT', 'API token.  [env var: TODO_TOKEN; required]', 'token: --token string required env:TODO_TOKEN'],
    ['--ratio FLOAT', '', 'ratio: --ratio number'],
  ])('when click prints `%s` (described "%s") then it reads as `%s`', (spec, description, expected) => {
    expect(line(spec, description, CLICK)).toBe(expected);
  });

  it.each([
    ['Coloring [possible values: auto, always, never]', 'color: --color string {auto|always|never}'],
    ['Coloring Possible values: - auto: guess - always: colour - never: plain', 'color: --color string {auto|always|never}'],
    ['Coloring [default: auto] [env: CARGO_COLOR=]', 'color: --color string ="auto" env:CARGO_COLOR'],
  ])('when clap describes `--color <WHEN>` as "%s" then it reads as `%s`', (description, expected) => {
    expect(line('--color <WHEN>', description)).toBe(expected);
  });

  it('when a choice list names a format that takes an argument (jsonpath=…) then no choices are imposed', () => {
    expect(line('-o, --output string', 'One of: (json, yaml, jsonpath, custom-columns).', PFLAG)).toBe('output: --output string');
  });

  it('when an option is help, or version information, then it is left out', () => {
    expect([line('-h, --help'), line('-V, --version', 'Print version info and exit'), line('--version', 'output version information and exit')]).toEqual([undefined, undefined, undefined]);
    expect(line('--version string', 'chart version to install', PFLAG)).toBe('version: --version string');
  });

  it('when a page lists `-i, --ignore-case` and `--no-ignore-case` then they become one option with a negation', () => {
    const options = optionsFromEntries([
      { spec: '-i, --ignore-case', description: 'ignore case' },
      { spec: '--no-ignore-case', description: 'do not ignore case' },
    ]);
    expect(options.map(optionLine)).toEqual(['ignore-case: --ignore-case boolean off:--no-ignore-case']);
  });

  it('when a spec is unreadable then it is skipped rather than thrown on', () => {
    expect(optionsFromEntries([{ spec: '--', description: 'end of options' }, { spec: '-', description: '' }])).toEqual([]);
  });
});

describe('finding option entries among lines', () => {
  it('when descriptions wrap or sit on the next line then each entry gets its whole description', () => {
    const entries = optionEntries([
      '  -a, --all             do not ignore entries',
      '      --block-size=SIZE  scale sizes by SIZE;',
      '                          e.g., --block-size=M',
      '    --decorate-refs <pattern>',
      '                          only decorate refs that match <pattern>',
    ]);
    expect(entries).toEqual([
      { spec: '-a, --all', description: 'do not ignore entries' },
      { spec: '--block-size=SIZE', description: 'scale sizes by SIZE; e.g., --block-size=M' },
      { spec: '--decorate-refs <pattern>', description: 'only decorate refs that match <pattern>' },
    ]);
  });

  it('when a description line starts with a dash at the description column then it continues the entry', () => {
    const entries = optionEntries(['       -n<num>', '           -1 prints all lines.', '', '       -l, --list', '           List tags.']);
    expect(entries.map((entry) => entry.spec)).toEqual(['-n<num>', '-l, --list']);
    expect(entries[0]?.description).toBe('-1 prints all lines.');
  });

  it("when kubectl ends the flag with a colon and tabs in the description then both are read", () => {
    expect(optionEntries(['    -A, --all-namespaces=false:', '\tIf present, list across all namespaces.'.replace('\t', '        ')])).toEqual([
      { spec: '-A, --all-namespaces=false', description: 'If present, list across all namespaces.' },
    ]);
  });
});

describe('the other spellings of a printed option', () => {
  it.each([
    ['-s, --server string', { pflag: true }, '--server', ['-s']],
    ['-b ADDRESS, --bind ADDRESS', {}, '--bind', ['-b']],
    ['--color / --no-color', {}, '--color', undefined],
    ['--verbose', {}, '--verbose', undefined],
  ] as const)('when the entry is %j then the long form is the flag and the others are aliases', (spec, rules, flag, aliases) => {
    const option = optionFromEntry({ spec, description: 'the thing' }, rules);
    expect(option?.flag).toBe(flag);
    expect(option?.aliases).toEqual(aliases);
  });
});

describe('placeholders listed like options', () => {
  it('when gzip writes -# for a digit then it is no option, while gcc\'s -### is one', () => {
    expect(optionFromEntry({ spec: '-#', description: '' })).toBeUndefined();
    expect(optionFromEntry({ spec: '-###', description: '' })).toMatchObject({ name: '###', type: 'boolean', flag: '-###' });
  });

  it('when exiftool writes its long spelling in parentheses after an optional value (`-j[[+]=JSONFILE] (-json)`) then the value stays optional, as `-csv[[+]=CSVFILE]`\'s is', () => {
    expect(optionFromEntry({ spec: '-j[[+]=JSONFILE] (-json)', description: 'Export/import tags in JSON format' })).toMatchObject({ name: 'j', flag: '-j', valueForm: 'attached', optionalValue: true });
    expect(optionFromEntry({ spec: '-csv[[+]=CSVFILE]', description: 'Export/import tags in CSV format' })).toMatchObject({ optionalValue: true });
  });

  it('when zip writes --longoption for any option then it is none, while restic\'s `-o, --option key=value` is an option of its own', () => {
    expect(optionFromEntry({ spec: '--longoption[-][=value][ value]', description: 'Long options are written so.' })).toBeUndefined();
    expect(optionFromEntry({ spec: '-o, --option key=value', description: 'set extended option (key=value, can be specified multiple times)' }, { pflag: true })).toMatchObject({ name: 'option', type: 'string', aliases: ['-o'] });
  });

  it('when datamash\'s man page has a table row `-1 > x   -  highly skewed left` then it is a comparison, not an option', () => {
    expect(optionFromEntry({ spec: '-1 > x', description: '-  highly skewed left' })).toBeUndefined();
    expect(optionFromEntry({ spec: '-o <file>', description: 'write to file' })).toMatchObject({ type: 'string' });
  });

  it('when cut lists its range forms (`-M  from first to M\'th …`) then -M is no option; wget\'s "path of …" takes a value', () => {
    expect(optionFromEntry({ spec: '-M', description: "from first to M'th (included) byte, character or field" })).toBeUndefined();
    expect(optionFromEntry({ spec: '-M', description: 'print the manual' })).toMatchObject({ name: 'M', type: 'boolean' });
    expect(optionFromEntry({ spec: '--hsts-file', description: 'path of HSTS database (will override default)' })).toMatchObject({ type: 'string' });
    expect(optionFromEntry({ spec: '-V, --validate', description: 'a JSON schema to use for validation' })).toMatchObject({ type: 'string' });
    expect(optionFromEntry({ spec: '--cwd', description: 'Behave as if invoked within this working directory.' })).toMatchObject({ type: 'string' });
    expect(optionFromEntry({ spec: '-X', description: 'Read <tag> argument from STDIN (see example below).' })).toMatchObject({ type: 'string' });
    expect(optionFromEntry({ spec: '-colors value', description: 'preferred number of colors in the image' })).toMatchObject({ type: 'integer' });
    expect(optionFromEntry({ spec: '-q, --quiet', description: 'do not print the parsed json to STDOUT' })).toMatchObject({ type: 'boolean' });
  });
});

describe('spellings and aliases a text states', () => {
  it('when exa writes a letter that may be left out (`--colo[u]r=WHEN`) then both spellings are the option, the shorter sent', () => {
    expect(optionFromEntry({ spec: '--colo[u]r=WHEN', description: 'when to use terminal colours' })).toMatchObject({ name: 'color', type: 'string', flag: '--color', aliases: ['--colour'], valueForm: 'equals' });
    expect(optionFromEntry({ spec: '--colo[u]r-scale', description: 'highlight levels' })).toMatchObject({ name: 'color-scale', type: 'boolean', aliases: ['--colour-scale'] });
  });

  it('when GnuTLS says an option is "an alias for the \'X\' option" then it takes what X takes', () => {
    const options = optionsFromEntries([{ spec: '--starttls-proto=str', description: 'The application protocol' }, { spec: '--app-proto', description: "an alias for the 'starttls-proto' option" }]);
    expect(options.find((option) => option.name === 'app-proto')).toMatchObject({ type: 'string', flag: '--app-proto', valueForm: 'equals' });
    const man = optionsFromEntries([{ spec: '-p, --pskfile=str', description: 'Specify a pre-shared key file' }, { spec: '--passwd', description: 'This is an alias for the --pskfile option. NOTE: THIS OPTION IS DEPRECATED' }]);
    expect(man.find((option) => option.name === 'passwd')).toMatchObject({ type: 'string', flag: '--passwd' });
  });
});

describe('a long name that runs into its text with one space', () => {
  it('when turbo writes `--dangerously-disable-package-manager-check Allow for missing `packageManager` in `package.json`.` then the sentence is the text', () => {
    const entries = optionEntries(['      --dangerously-disable-package-manager-check Allow for missing `packageManager` in `package.json`.', '      --cwd <CWD>    The directory']);
    expect(entries[0]).toEqual({ spec: '--dangerously-disable-package-manager-check', description: 'Allow for missing `packageManager` in `package.json`.' });
  });
});

describe('names and texts as man pages write them', () => {
  it('when xgettext names an option --c++ and readelf writes -L --lint|--enable-checks then the names are whole and the bar parts spellings', () => {
    expect(optionFromEntry({ spec: '-C, --c++', description: 'shorthand for --language=C++' })).toMatchObject({ name: 'c++', type: 'boolean', flag: '--c++', aliases: ['-C'] });
    expect(optionFromEntry({ spec: '-L --lint|--enable-checks', description: 'Display warning messages' })).toMatchObject({ name: 'lint', type: 'boolean', aliases: ['-L', '--enable-checks'] });
  });

  it('when ack\'s text opens with its option\'s name (`--flush` over `--flush flushes output immediately.`) then that line is its text, not a value', () => {
    const entries = optionEntries(['    --flush', '        --flush flushes output immediately.  This is off by default', '        unless ack is running interactively.', '', '    -f  Only print the files.']);
    expect(entries[0]).toEqual({ spec: '--flush', description: '--flush flushes output immediately.  This is off by default unless ack is running interactively.' });
    expect(optionFromEntry(entries[0]!)).toMatchObject({ type: 'boolean' });
  });
});

describe('shell lines in a text', () => {
  it('when heaptrack\'s example goes on after a backslash (`flamegraph.pl … \\` then `--countname allocations < stacks.txt`) then the next line is the text, not an option', () => {
    const entries = optionEntries(['  -p [ --print-flamegraph ] arg   Path to output file.', '        flamegraph.pl --title "heaptrack" --colors mem \\', '', '  --countname allocations < stacks.txt > out.svg', '  -a [ --print-allocators ] arg   Print allocators.']);
    expect(entries.map((entry) => entry.spec)).toEqual(['-p [ --print-flamegraph ] arg', '-a [ --print-allocators ] arg']);
  });
});
