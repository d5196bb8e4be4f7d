/** Perl and Python programs already on the machine: Getopt::Long, argparse, optparse, click. */
import type { Program } from './corpus-types.js';
import { CALC_TEST_PY, CONFIG_YAML, DATA_JSON, FAILING_T, GREET_POD, HELLO_TXT, NOTES_RST, PASSING_T } from './fixtures.js';

const machine = (bin: string) => ({ kind: 'machine', bin }) as const;


export const machineScriptPrograms: readonly Program[] = [
  {
    name: 'shasum',
    family: 'Perl Getopt::Long',
    source: machine('shasum'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['shasum'] },
    files: { 'hello.txt': HELLO_TXT },
    setup: [['sh', '-c', 'shasum -a 256 hello.txt > SHA256SUMS']],
    calls: [
      {
        does: 'prints a SHA-256 checksum (-a 256)',
        tool: 'shasum',
        input: { flags: { algorithm: '256' }, args: ['hello.txt'] },
        exitCode: 0,
        stdout: /^bffc61ff16a681ec\w{48} {2}hello\.txt$/m,
      },
      { does: 'checks the files a checksum list names (-c)', tool: 'shasum', input: { flags: { check: true }, args: ['SHA256SUMS'] }, exitCode: 0, stdout: /^hello\.txt: OK$/m },
      { does: 'prints a BSD-style checksum (--tag)', tool: 'shasum', input: { flags: { tag: true }, args: ['hello.txt'] }, exitCode: 0, stdout: /^SHA1 \(hello\.txt\) = [0-9a-f]{40}$/m },
    ],
  },
  {
    name: 'prove',
    family: 'Perl Getopt::Long',
    source: machine('prove'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['prove'] },
    files: { 't/basic.t': PASSING_T, 't/broken.t': FAILING_T },
    calls: [
      { does: 'runs a test file', tool: 'prove', input: { args: ['t/basic.t'] }, exitCode: 0, stdout: /^All tests successful\.$/m },
      { does: 'runs it verbosely (-v)', tool: 'prove', input: { flags: { verbose: true }, args: ['t/basic.t'] }, exitCode: 0, stdout: /^ok 1 - adds$/m },
      { does: 'runs a directory of tests with a failing one (exit 1)', tool: 'prove', input: { args: ['t'] }, exitCode: 1, stdout: /^Result: FAIL$/m },
    ],
  },
  {
    name: 'pod2man',
    family: 'Perl Getopt::Long',
    source: machine('pod2man'),
    version: [],
    versionCommand: ['perl', '-MPod::Man', '-e', 'print "$Pod::Man::VERSION\\n"'],
    method: 'help text (gnu',
    tools: { exactly: ['pod2man'] },
    files: { 'greet.pod': GREET_POD },
    calls: [
      {
        does: 'writes a manual page in section 1',
        tool: 'pod2man',
        input: { flags: { section: '1', center: 'Greet Manual' }, args: ['greet.pod', 'greet.1'] },
        exitCode: 0,
        creates: ['greet.1'] ,
      },
      {
        does: 'prints the manual page source',
        tool: 'pod2man',
        input: { flags: { utf8: true }, args: ['greet.pod'] },
        exitCode: 0,
        stdout: /^\.SH "?NAME"?$/m ,
      },
    ],
  },
  {
    name: 'yq',
    family: 'argparse (wrapping jq)',
    source: machine('yq'),
    version: ['--version'],
    // Its parser (parse_known_args) hands jq's options on: those come from its help.
    method: 'python parser (argparse) + help text (',
    tools: { exactly: ['yq'] },
    files: { 'config.yaml': CONFIG_YAML, 'data.json': DATA_JSON },
    calls: [
      { does: 'prints a raw string from YAML (-r)', tool: 'yq', input: { flags: { r: true }, args: ['.name', 'config.yaml'] }, exitCode: 0, stdout: /^cli-mcp$/m },
      { does: 'selects ids by tag into a compact array (-c)', tool: 'yq', input: { flags: { c: true }, args: ['[.items[] | select(.tag == "a") | .id]', 'config.yaml'] }, exitCode: 0, stdout: /^\[1\]$/m },
      { does: 'converts JSON to YAML (-y)', tool: 'yq', input: { flags: { 'yaml-output': true }, args: ['.', 'data.json'] }, exitCode: 0, stdout: /^name: cli-mcp$/m },
    ],
  },
  {
    name: 'pygmentize',
    family: 'argparse (hand-written usage)',
    source: machine('pygmentize'),
    version: ['-V'],
    method: 'help text (gnu',
    tools: { exactly: ['pygmentize'] },
    files: { 'app.py': 'def add(a, b):\n    return a + b\n' },
    calls: [
      { does: 'guesses a file\'s lexer (-N)', tool: 'pygmentize', input: { flags: { N: 'app.py' } }, exitCode: 0, stdout: /^python$/m },
      { does: 'highlights a file into a whole HTML page', tool: 'pygmentize', input: { flags: { l: 'python', f: 'html', O: 'full,style=monokai', o: 'app.html' }, args: ['app.py'] }, exitCode: 0, creates: ['app.html'] },
      { does: 'prints a style\'s CSS (-S default -f html)', tool: 'pygmentize', input: { flags: { S: 'default', f: 'html' } }, exitCode: 0, stdout: /^\.hll \{ background-color: #ffffcc \}$/m },
    ],
  },
  {
    name: 'rst2html',
    family: 'optparse (docutils)',
    source: machine('rst2html.py'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['rst2html'] },
    files: { 'notes.rst': NOTES_RST },
    calls: [
      { does: 'converts reStructuredText to an HTML file', tool: 'rst2html', input: { args: ['notes.rst', 'notes.html'] }, exitCode: 0, creates: ['notes.html'] },
      { does: 'prints the HTML of a document with strict checking', tool: 'rst2html', input: { flags: { strict: true }, args: ['notes.rst'] }, exitCode: 0, stdout: /<em>short<\/em>/ },
    ],
  },
  {
    name: 'dotenv',
    family: 'click (group)',
    source: machine('dotenv'),
    version: ['--version'],
    method: 'help text (click',
    tools: { exactly: ['dotenv_get', 'dotenv_list', 'dotenv_run', 'dotenv_set', 'dotenv_unset'] },
    files: { '.env': 'PORT=8080\n', 'ci.env': 'MODE=test\n' },
    calls: [
      { does: 'stores a value', tool: 'dotenv_set', input: { args: ['DEBUG', 'true'] }, exitCode: 0, stdout: /^DEBUG=true$/m },
      { does: 'reads a value back', tool: 'dotenv_get', input: { args: ['PORT'] }, exitCode: 0, stdout: /^8080$/m },
      { does: 'lists the values as JSON', tool: 'dotenv_list', input: { flags: { format: 'json' } }, exitCode: 0, stdout: /"PORT": "8080"/ },
      { does: 'lists another file\'s values (the group\'s -f before the command)', tool: 'dotenv_list', input: { flags: { file: 'ci.env' } }, exitCode: 0, stdout: /^MODE=test$/m },
      { does: 'runs a command with the values in its environment', tool: 'dotenv_run', input: { args: ['printenv', 'PORT'] }, exitCode: 0, stdout: /^8080$/m },
    ],
  },
  {
    name: 'pytest',
    family: 'argparse (pytest)',
    source: machine('pytest'),
    version: ['--version'],
    method: 'help text (argparse',
    tools: { exactly: ['pytest'] },
    files: { 'test_calc.py': CALC_TEST_PY },
    calls: [
      { does: 'runs a test file quietly with a failing test (exit 1)', tool: 'pytest', input: { flags: { quiet: true }, args: ['test_calc.py'] }, exitCode: 1, stdout: /^1 failed, 2 passed in/m },
      { does: 'selects tests by keyword (-k)', tool: 'pytest', input: { flags: { k: 'not broken' } }, exitCode: 0, stdout: /2 passed, 1 deselected/ },
      { does: 'stops at the first failure with one-line tracebacks (-x --tb=line)', tool: 'pytest', input: { flags: { exitfirst: true, tb: 'line' }, args: ['test_calc.py'] }, exitCode: 1, stdout: /stopping after 1 failures/ },
    ],
  },
];
