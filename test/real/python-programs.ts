/**
 * The Debian Python programs of python-programs.test.ts: what cli-mcp must read from each one's parser
 * (checked by hand against the program's source and `--help`), and one call that does real work offline.
 */
import { expect } from 'vitest';
import type { OptionSpec } from '../../src/types.js';

export interface PythonProgram {
  /** The name under /usr/bin. */
  readonly bin: string;
  /** Its Debian package, for the install hint. */
  readonly pkg: string;
  /** The parser it is built on, and its shape. */
  readonly family: string;
  /** What the test checks, as the middle of its title. */
  readonly checks: string;
  /** What loadTarget says it read; a pattern where the count depends on the installed version. */
  readonly method: string | RegExp;
  /** Commands (without the program's name) that must be tools. */
  readonly commands?: readonly string[];
  /** [command path, option name, what the option must be (fields of an OptionSpec, or matchers)]. */
  readonly options: readonly (readonly [string, string, { readonly [K in keyof OptionSpec]?: unknown }])[];
  /** [command path, option name] of options the parser hides (deprecated ones): never options of the tool. */
  readonly hidden?: readonly (readonly [string, string])[];
  readonly call: {
    readonly tool: string;
    /** What it does, as the end of the title. */
    readonly does: string;
    readonly input: { readonly flags?: Record<string, unknown>; readonly args?: readonly string[] };
    readonly files?: Readonly<Record<string, string>>;
    readonly stdout: RegExp;
    readonly creates?: readonly string[];
  };
}

const GOOD_PY = 'import os\n\nprint(os.sep)\n';

export const PYTHON_PROGRAMS: readonly PythonProgram[] = [
  {
    bin: 'yamllint', pkg: 'yamllint', family: 'argparse', checks: 'its --format choices are an enum with their default', method: 'python parser (argparse)',
    options: [['yamllint', 'format', { type: 'string', choices: ['parsable', 'standard', 'colored', 'github', 'auto'], default: 'auto', aliases: ['-f'] }], ['yamllint', 'strict', { type: 'boolean', flag: '--strict' }]],
    call: { tool: 'yamllint', does: 'passes a clean file in strict mode', input: { flags: { format: 'parsable', strict: true }, args: ['good.yaml'] }, files: { 'good.yaml': '---\nkey: value\n' }, stdout: /^$/ },
  },
  {
    bin: 'black', pkg: 'black', family: 'click', checks: '--line-length is an integer of 88 and --fast turns off with --safe', method: 'python parser (click)',
    hidden: [['black', 'experimental-string-processing']],
    options: [['black', 'line-length', { type: 'integer', default: 88 }], ['black', 'fast', { type: 'boolean', negation: '--safe' }], ['black', 'target-version', { variadic: true, choices: expect.arrayContaining(['py311']) }]],
    call: { tool: 'black', does: 'formats code given as a string', input: { flags: { code: 'x=1', 'line-length': 100 } }, stdout: /^x = 1$/m },
  },
  {
    bin: 'flake8', pkg: 'flake8', family: 'argparse, a first pass without help', checks: '--max-line-length is an integer of 79', method: 'python parser (argparse)',
    options: [['flake8', 'max-line-length', { type: 'integer', default: 79 }], ['flake8', 'max-complexity', { type: 'integer', default: -1 }]],
    call: { tool: 'flake8', does: 'passes a clean file', input: { flags: { 'max-line-length': 100 }, args: ['good.py'] }, files: { 'good.py': GOOD_PY }, stdout: /^$/ },
  },
  {
    bin: 'pycodestyle', pkg: 'pycodestyle', family: 'optparse', checks: '--max-line-length is an integer of 79 and its operands come from its usage', method: 'python parser (optparse)',
    options: [['pycodestyle', 'max-line-length', { type: 'integer', default: 79 }]],
    call: { tool: 'pycodestyle', does: 'passes a clean file', input: { flags: { 'max-line-length': 100 }, args: ['good.py'] }, files: { 'good.py': GOOD_PY }, stdout: /^$/ },
  },
  {
    bin: 'isort', pkg: 'isort', family: 'argparse', checks: '--line-length is an integer under four spellings and --multi-line an enum', method: /^python parser \(argparse\) \+ man page \(\d+ options its parser hides\)$/,
    options: [['isort', 'line-length', { type: 'integer', aliases: ['-l', '-w', '--line-width'] }], ['isort', 'multi-line', { choices: expect.arrayContaining(['GRID', 'VERTICAL']) }], ['isort', 'check-only', { type: 'boolean' }]],
    call: { tool: 'isort', does: 'checks a sorted file', input: { flags: { 'check-only': true, 'line-length': 100 }, args: ['good.py'] }, files: { 'good.py': GOOD_PY }, stdout: /^$/ },
  },
  {
    bin: 'http', pkg: 'httpie', family: 'argparse (its own parse_args over parse_known_args)', checks: '--pretty is an enum, --timeout a number and -v a count', method: 'python parser (argparse)',
    options: [['http', 'pretty', { choices: ['all', 'colors', 'format', 'none'] }], ['http', 'timeout', { type: 'number', default: 0 }], ['http', 'verbose', { type: 'integer', count: true }]],
    call: { tool: 'http', does: 'prints the request it would send, offline', input: { flags: { offline: true, 'ignore-stdin': true, print: 'H' }, args: ['example.org'] }, stdout: /^GET \/ HTTP\/1\.1$/m },
  },
  {
    bin: 'yt-dlp', pkg: 'yt-dlp', family: 'optparse (its own parse loop)', checks: '--max-downloads is an integer and the options its parser hides but its man page lists are there, described by what replaces them',
    method: /^python parser \(optparse\) \+ man page \(\d+ options its parser hides\)$/,
    options: [['yt-dlp', 'max-downloads', { type: 'integer' }], ['yt-dlp', 'dump-user-agent', { type: 'boolean' }], ['yt-dlp', 'get-title', { type: 'boolean', description: 'Same as --print title.' }]],
    call: { tool: 'yt-dlp', does: 'prints its user agent without fetching anything', input: { flags: { 'dump-user-agent': true }, args: ['https://example.org/video'] }, stdout: /^Mozilla\/5\.0 /m },
  },
  {
    bin: 'pygmentize', pkg: 'python3-pygments', family: 'argparse (one-letter options)', checks: '-O repeats and -N takes a file', method: 'python parser (argparse)',
    options: [['pygmentize', 'O', { type: 'string', variadic: true, flag: '-O' }], ['pygmentize', 'N', { type: 'string', flag: '-N' }]],
    call: { tool: 'pygmentize', does: 'guesses a file\'s lexer', input: { flags: { N: 'app.py' } }, files: { 'app.py': GOOD_PY }, stdout: /^python$/m },
  },
  {
    bin: 'cookiecutter', pkg: 'cookiecutter', family: 'click', checks: '--output-dir defaults to . and --no-input is a switch', method: 'python parser (click)',
    options: [['cookiecutter', 'output-dir', { type: 'string', default: '.', aliases: ['-o'] }], ['cookiecutter', 'no-input', { type: 'boolean' }]],
    call: {
      tool: 'cookiecutter', does: 'renders a local template without asking', input: { flags: { 'no-input': true, 'output-dir': 'out' }, args: ['tpl'] },
      files: { 'tpl/cookiecutter.json': '{"name": "demo"}\n', 'tpl/{{cookiecutter.name}}/README.md': 'hi\n' }, stdout: /^$/, creates: ['out/demo/README.md'],
    },
  },
  {
    bin: 'virtualenv', pkg: 'python3-virtualenv', family: 'argparse, passes without help before the real parser', checks: '-p repeats and --no-seed is a switch', method: 'python parser (argparse)',
    options: [['virtualenv', 'python', { type: 'string', variadic: true, aliases: ['-p'] }], ['virtualenv', 'no-seed', { type: 'boolean', aliases: ['--without-pip'] }]],
    call: { tool: 'virtualenv', does: 'creates an environment without pip', input: { flags: { 'no-seed': true, activators: 'bash' }, args: ['venv'] }, stdout: /created virtual environment/, creates: ['venv/bin/activate'] },
  },
  {
    bin: 'pip3', pkg: 'python3-pip', family: 'optparse, commands dispatched by hand', checks: 'its commands are read by their word, list --format an enum', method: 'python parser (optparse, 16 commands read by their word)',
    commands: ['install', 'list', 'show', 'hash', 'download'],
    options: [['pip3 list', 'format', { choices: ['columns', 'freeze', 'json'], default: 'columns' }], ['pip3 hash', 'algorithm', { choices: ['sha256', 'sha384', 'sha512'], default: 'sha256' }]],
    call: { tool: 'pip3_hash', does: 'hashes a file', input: { flags: { algorithm: 'sha384' }, args: ['hello.txt'] }, files: { 'hello.txt': 'hello\n' }, stdout: /--hash=sha384:[0-9a-f]{96}/ },
  },
  {
    bin: 'mkdocs', pkg: 'mkdocs', family: 'click group', checks: 'its commands are subcommands and build --theme an enum', method: 'python parser (click)',
    commands: ['build', 'gh-deploy', 'new', 'serve'],
    options: [['mkdocs build', 'theme', { choices: ['mkdocs', 'readthedocs'] }], ['mkdocs build', 'strict', { type: 'boolean' }]],
    call: { tool: 'mkdocs_new', does: 'creates a project', input: { args: ['site'] }, stdout: /^$/, creates: ['site/mkdocs.yml'] },
  },
  {
    bin: 'sqlite-utils', pkg: 'sqlite-utils', family: 'click group of 44 commands', checks: 'query and tables are commands and --csv a switch', method: 'python parser (click)',
    commands: ['query', 'tables', 'insert', 'memory'],
    options: [['sqlite-utils query', 'csv', { type: 'boolean' }], ['sqlite-utils insert', 'batch-size', { type: 'integer' }]],
    call: { tool: 'sqlite-utils_query', does: 'runs SQL into CSV', input: { flags: { csv: true }, args: ['data.db', 'select 1 as one'] }, stdout: /^one\n1$/m },
  },
  {
    bin: 'pre-commit', pkg: 'pre-commit', family: 'argparse subparsers', checks: 'run --hook-stage is an enum with its default', method: 'python parser (argparse)',
    commands: ['run', 'install', 'autoupdate', 'sample-config', 'validate-config'],
    options: [['pre-commit run', 'hook-stage', { choices: expect.arrayContaining(['commit', 'push', 'manual']), default: 'commit' }]],
    call: { tool: 'pre-commit_sample-config', does: 'prints a sample configuration', input: {}, stdout: /^repos:$/m },
  },
  {
    bin: 'csvcut', pkg: 'csvkit', family: 'argparse', checks: '-n is a switch and -c takes columns', method: 'python parser (argparse)',
    options: [['csvcut', 'names', { type: 'boolean', aliases: ['-n'] }], ['csvcut', 'columns', { type: 'string', aliases: ['-c'] }]],
    call: { tool: 'csvcut', does: 'lists a file\'s columns', input: { flags: { names: true }, args: ['data.csv'] }, files: { 'data.csv': 'a,b\n1,2\n' }, stdout: /^ {2}1: a\n {2}2: b$/m },
  },
  {
    bin: 'yq', pkg: 'yq', family: 'argparse parse_known_args, handing jq\'s options on', checks: 'its own options come from its parser and jq\'s from its help', method: 'python parser (argparse) + help text (16 options it hands on)',
    options: [['yq', 'yaml-output', { type: 'boolean', aliases: ['--yml-output', '-y'] }], ['yq', 'r', { type: 'boolean', flag: '-r' }]],
    call: { tool: 'yq', does: 'prints a raw string from YAML (jq\'s -r)', input: { flags: { r: true }, args: ['.name', 'config.yaml'] }, files: { 'config.yaml': 'name: cli-mcp\n' }, stdout: /^cli-mcp$/m },
  },
];
