/** Debian packages that .ci/run installs when missing (clap, Go flag, argparse, click, optparse, cobra, custom). */
import type { Program } from './corpus-types.js';
import { BAD_SH, BAD_STYLE_PY, DUPLICATE_KEY_YAML, GOOD_PY, GOOD_SH, GOOD_YAML, SOURCE_TREE, UGLY_PY, UGLY_SH } from './fixtures.js';

const debian = (pkg: string, bin = pkg) => ({ kind: 'debian', pkg, bin }) as const;

export const debianPrograms: readonly Program[] = [
  {
    name: 'ripgrep',
    family: 'clap',
    source: debian('ripgrep', 'rg'),
    version: ['--version'],
    method: 'help text (clap',
    tools: { exactly: ['rg'] },
    files: SOURCE_TREE,
    calls: [
      { does: 'finds the TODO in Python files only, with line numbers', tool: 'rg', input: { flags: { 'line-number': true, type: ['py'] }, args: ['TODO', '.'] }, exitCode: 0, stdout: /^\.\/src\/app\.py:2:\s+# TODO: parse args$/m },
      { does: 'lists the files with a match', tool: 'rg', input: { flags: { 'files-with-matches': true, sort: 'path' }, args: ['TODO', 'src'] }, exitCode: 0, stdout: /^src\/app\.py\nsrc\/util\.js$/m },
      { does: 'exits 1 when nothing matches', tool: 'rg', input: { args: ['NOT_IN_ANY_FILE', 'src'] }, exitCode: 1, stdout: /^$/ },
    ],
  },
  {
    name: 'fd',
    family: 'clap',
    source: debian('fd-find', 'fdfind'),
    version: ['--version'],
    method: 'help text (clap',
    tools: { exactly: ['fdfind'] },
    files: SOURCE_TREE,
    calls: [
      { does: 'finds files by extension', tool: 'fdfind', input: { flags: { extension: 'py' } }, exitCode: 0, stdout: /^src\/app\.py$/m },
      { does: 'finds files by glob', tool: 'fdfind', input: { flags: { glob: true, type: 'f' }, args: ['*.md'] }, exitCode: 0, stdout: /^README\.md$/m },
    ],
  },
  {
    name: 'hyperfine',
    family: 'clap',
    source: debian('hyperfine'),
    version: ['--version'],
    method: 'help text (clap',
    tools: { exactly: ['hyperfine'] },
    calls: [
      { does: 'benchmarks a command and exports JSON', tool: 'hyperfine', input: { flags: { runs: 3, shell: 'none', style: 'basic', 'export-json': 'bench.json' }, args: ['true'] }, exitCode: 0, stdout: /Benchmark 1: true/, creates: ['bench.json'] },
      { does: 'fails on a command that exits non-zero', tool: 'hyperfine', input: { flags: { runs: 2, shell: 'none', style: 'basic' }, args: ['false'] }, exitCode: 1, stderr: /non-zero exit code/ },
    ],
  },
  {
    name: 'shfmt',
    family: 'Go flag (pflag-like long and short)',
    source: debian('shfmt'),
    version: ['--version'],
    method: 'help text (goflag',
    tools: { exactly: ['shfmt'] },
    files: { 'ugly.sh': UGLY_SH },
    calls: [
      { does: 'prints the diff that formatting would make (exit 1)', tool: 'shfmt', input: { flags: { diff: true }, args: ['ugly.sh'] }, exitCode: 1, stdout: /^\+\techo hi$/m },
      { does: 'formats with two-space indentation', tool: 'shfmt', input: { flags: { indent: 2 }, args: ['ugly.sh'] }, exitCode: 0, stdout: /^if \[ -n "\$1" \]; then\n {2}echo hi\nfi$/m },
    ],
  },
  {
    name: 'shellcheck',
    family: 'custom (Haskell GetOpt)',
    source: debian('shellcheck'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['shellcheck'] },
    files: { 'bad.sh': BAD_SH, 'good.sh': GOOD_SH },
    calls: [
      { does: 'reports an unquoted expansion in gcc format (exit 1)', tool: 'shellcheck', input: { flags: { format: 'gcc' }, args: ['bad.sh'] }, exitCode: 1, stdout: /^bad\.sh:2:\d+: \w+: Double quote to prevent globbing and word splitting\. \[SC2086\]$/m },
      { does: 'passes a clean script', tool: 'shellcheck', input: { flags: { shell: 'sh' }, args: ['good.sh'] }, exitCode: 0, stdout: /^$/ },
    ],
  },
  {
    name: 'yamllint',
    family: 'argparse',
    source: debian('yamllint'),
    version: ['--version'],
    method: 'python parser (argparse)',
    tools: { exactly: ['yamllint'] },
    files: { 'bad.yaml': DUPLICATE_KEY_YAML, 'good.yaml': GOOD_YAML },
    calls: [
      { does: 'reports a duplicated key (exit 1)', tool: 'yamllint', input: { flags: { format: 'parsable' }, args: ['bad.yaml'] }, exitCode: 1, stdout: /^bad\.yaml:3:1: \[error\] duplication of key "key" in mapping \(key-duplicates\)$/m },
      { does: 'passes a clean file in strict mode', tool: 'yamllint', input: { flags: { strict: true }, args: ['good.yaml'] }, exitCode: 0, stdout: /^$/ },
    ],
  },
  {
    name: 'pycodestyle',
    family: 'optparse',
    source: debian('pycodestyle'),
    version: ['--version'],
    method: 'python parser (optparse)',
    tools: { exactly: ['pycodestyle'] },
    files: { 'bad_style.py': BAD_STYLE_PY, 'good.py': GOOD_PY },
    calls: [
      { does: 'reports only the selected error (exit 1)', tool: 'pycodestyle', input: { flags: { select: 'E225' }, args: ['bad_style.py'] }, exitCode: 1, stdout: /^bad_style\.py:2:2: E225 missing whitespace around operator$/m },
      { does: 'passes a clean file', tool: 'pycodestyle', input: { flags: { 'max-line-length': 100 }, args: ['good.py'] }, exitCode: 0, stdout: /^$/ },
    ],
  },
  {
    name: 'black',
    family: 'click',
    source: debian('black'),
    version: ['--version'],
    method: 'python parser (click)',
    tools: { exactly: ['black'] },
    files: { 'ugly.py': UGLY_PY },
    calls: [
      { does: 'finds a file to reformat with --check (exit 1)', tool: 'black', input: { flags: { check: true }, args: ['ugly.py'] }, exitCode: 1, stderr: /would reformat .*ugly\.py/ },
      { does: 'prints the reformatting as a diff', tool: 'black', input: { flags: { diff: true, quiet: true }, args: ['ugly.py'] }, exitCode: 0, stdout: /^\+x = \{"a": 37, "b": 42, "c": 927\}$/m },
    ],
  },
  {
    name: 'jo',
    family: 'custom (getopt)',
    source: debian('jo'),
    version: ['-v'],
    method: 'help text (',
    tools: { exactly: ['jo'] },
    calls: [
      { does: 'builds an object with typed values', tool: 'jo', input: { args: ['name=cli-mcp', 'tools=3', 'ok=true'] }, exitCode: 0, stdout: /^\{"name":"cli-mcp","tools":3,"ok":true\}$/m },
      { does: 'builds an array (-a)', tool: 'jo', input: { flags: { a: true }, args: ['1', 'two', 'true'] }, exitCode: 0, stdout: /^\[1,"two",true\]$/m },
      // Class: options written among the operands after `--` (`[--] [-s|-n|-b] [word...]`): words of args, sent after `--`.
      { does: 'coerces one value to a string (-s among the operands)', tool: 'jo', input: { args: ['-s', 'n=1', 'm=2'] }, exitCode: 0, stdout: /^\{"n":"1","m":2\}$/m },
    ],
  },
  {
    name: 'gh',
    family: 'cobra',
    source: debian('gh'),
    // `run cancel` gets gh_run_cancel, the name of cli-mcp's own run tool, which takes its second wording instead.
    wrap: ['--preset', 'gh', '--include', 'config *', 'alias *', 'run cancel'],
    version: ['--version'],
    method: 'help text (cobra',
    // `gh config --help` and `gh alias --help`; neither needs a login or the network.
    tools: { exactly: ['gh_alias_delete', 'gh_alias_list', 'gh_alias_set', 'gh_config_get', 'gh_config_list', 'gh_config_set', 'gh_run_cancel'] },
    calls: [
      { does: 'sets a configuration value', tool: 'gh_config_set', input: { args: ['editor', 'vim'] }, exitCode: 0 },
      { does: 'reads the value back', tool: 'gh_config_get', input: { args: ['editor'] }, exitCode: 0, stdout: /^vim$/m },
      { does: 'adds an alias', tool: 'gh_alias_set', input: { args: ['co', 'pr checkout'] }, exitCode: 0 },
      { does: 'lists the alias', tool: 'gh_alias_list', input: {}, exitCode: 0, stdout: /co:\s+pr checkout/ },
    ],
  },
];
