/** Developer tools already on the machine (cobra, git, Go flag, clap, optparse and custom parsers). */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Program } from './corpus-types.js';
import { DATA_JSON, HELLO_TXT, MAKEFILE, TERRAFORM_UNFORMATTED } from './fixtures.js';

/** Two contexts on a cluster nobody serves (port 9) and a made-up token: `config` commands read it, nothing reaches a cluster. */
const KUBECONFIG_TWO_CONTEXTS = `apiVersion: v1
kind: Config
clusters:
- name: local
  cluster:
    server: https://127.0.0.1:9
users:
- name: nobody
  user:
    token: not-a-real-token
contexts:
- name: scratch
  context: { cluster: local, namespace: dev, user: nobody }
- name: other
  context: { cluster: local, user: nobody }
current-context: scratch
`;

const machine = (bin: string) => ({ kind: 'machine', bin }) as const;

export const machineDevPrograms: readonly Program[] = [
  {
    name: 'git',
    family: 'git',
    source: machine('git'),
    wrap: ['--preset', 'git'],
    version: ['--version'],
    method: 'help text (git',
    // `git help -a`: the porcelain and ancillary commands installed here (120; gitk, svn, p4 and the like are listed but absent), less the 5 the preset leaves out (filter-branch, difftool, …);
    // `git submodule` is a tool as well as a group: its own options make it runnable (it prints the status).
    tools: {
      count: 116,
      including: ['clone', 'init', 'add', 'mv', 'restore', 'rm', 'bisect', 'diff', 'grep', 'log', 'show', 'status', 'branch', 'commit', 'merge', 'rebase', 'reset', 'switch', 'tag', 'fetch', 'pull', 'push', 'checkout', 'stash', 'cherry-pick', 'blame', 'config', 'worktree_list', 'stash_list'].map((name) => `git_${name}`),
    },
    files: { 'notes.txt': 'first line\nTODO: write docs\n' },
    setup: [
      ['git', 'init', '-q', '-b', 'main'],
      ['git', 'add', 'notes.txt'],
      ['git', '-c', 'user.name=Corpus', '-c', 'user.email=corpus@example.com', 'commit', '-q', '-m', 'first commit: add notes'],
      ['sh', '-c', 'echo "TODO: add tests" >> notes.txt'],
    ],
    calls: [
      { does: 'finds the TODO lines of the work tree with their line numbers', tool: 'git_grep', input: { flags: { 'line-number': true }, args: ['TODO'] }, exitCode: 0, stdout: /notes\.txt:2:TODO: write docs[\s\S]*notes\.txt:3:TODO: add tests/ },
      { does: 'shows the uncommitted change', tool: 'git_diff', input: {}, exitCode: 0, stdout: /^\+TODO: add tests$/m },
      { does: 'shows a file as it was committed', tool: 'git_show', input: { args: ['HEAD:notes.txt'] }, exitCode: 0, stdout: /^first line\nTODO: write docs\n?$/ },
      { does: 'reports the modified file in short format', tool: 'git_status', input: { flags: { short: true } }, exitCode: 0, stdout: /^ M notes\.txt$/m },
      { does: 'prints the last commit on one line with its subject (log options from the manual)', tool: 'git_log', input: { flags: { 'max-count': 1, format: '%s' } }, exitCode: 0, stdout: /^first commit: add notes$/m },
    ],
  },
  {
    name: 'kubectl',
    family: 'cobra',
    source: machine('kubectl'),
    wrap: ['--preset', 'kubectl'],
    version: ['version', '--client'],
    method: 'help text (cobra',
    // 96 commands; the preset leaves out the 8 that edit the kubeconfig's endpoints or credentials or start local programs.
    tools: { count: 88, including: ['kubectl_create_deployment', 'kubectl_create_configmap', 'kubectl_config_get-contexts', 'kubectl_config_current-context', 'kubectl_get', 'kubectl_apply'] },
    // A throwaway kubeconfig: `config` commands read it, and nothing reaches a cluster.
    files: { kubeconfig: KUBECONFIG_TWO_CONTEXTS },
    env: ({ cwd }) => ({ KUBECONFIG: join(cwd, 'kubeconfig') }),
    calls: [
      { does: 'renders a deployment without a cluster (--dry-run=client -o yaml)', tool: 'kubectl_create_deployment', input: { flags: { image: ['nginx:1.27'], replicas: 3, 'dry-run': 'client', output: 'yaml' }, args: ['web'] }, exitCode: 0, stdout: /kind: Deployment[\s\S]*name: web[\s\S]*replicas: 3[\s\S]*image: nginx:1\.27/ },
      { does: 'renders a config map from literals as JSON', tool: 'kubectl_create_configmap', input: { flags: { 'from-literal': ['color=blue', 'size=2'], 'dry-run': 'client', output: 'json' }, args: ['settings'] }, exitCode: 0, stdout: /"kind": "ConfigMap"[\s\S]*"color": "blue"/ },
      { does: 'lists the contexts of the kubeconfig by name', tool: 'kubectl_config_get-contexts', input: { flags: { output: 'name' } }, exitCode: 0, stdout: /^other\nscratch$/m },
      { does: 'names the current context', tool: 'kubectl_config_current-context', input: {}, exitCode: 0, stdout: /^scratch$/m },
    ],
  },
  {
    name: 'docker',
    family: 'cobra',
    source: machine('docker'),
    wrap: ['--preset', 'docker', '--include', 'context *'],
    version: ['--version'],
    method: 'help text (cobra',
    // `docker context --help`; the daemon is not needed for contexts.
    tools: { exactly: ['create', 'export', 'import', 'inspect', 'ls', 'rm', 'show', 'update', 'use'].map((name) => `docker_context_${name}`) },
    calls: [
      { does: 'creates a context pointing at a socket', tool: 'docker_context_create', input: { flags: { docker: ['host=unix:///var/run/scratch.sock'], description: 'scratch context' }, args: ['scratch'] }, exitCode: 0, stdout: /^scratch$/m },
      { does: 'lists the contexts with a Go template', tool: 'docker_context_ls', input: { flags: { format: '{{.Name}}|{{.Description}}' } }, exitCode: 0, stdout: /^scratch\|scratch context$/m },
      { does: 'inspects the new context', tool: 'docker_context_inspect', input: { args: ['scratch'] }, exitCode: 0, stdout: /"Host": "unix:\/\/\/var\/run\/scratch\.sock"/ },
    ],
  },
  {
    name: 'terraform',
    family: 'Go flag (mitchellh/cli)',
    source: machine('terraform'),
    version: ['version'],
    method: 'help text (goflag',
    // `terraform -help` lists 35 commands; `state`, `workspace`, `providers` and `metadata` are groups.
    tools: { count: 38, including: ['terraform_init', 'terraform_validate', 'terraform_fmt', 'terraform_plan', 'terraform_state_list', 'terraform_workspace_new'] },
    files: { 'main.tf': TERRAFORM_UNFORMATTED },
    calls: [
      { does: 'finds the unformatted file with -check (exit 3)', tool: 'terraform_fmt', input: { flags: { check: true } }, exitCode: 3, stdout: /^main\.tf$/m },
      { does: 'initialises a configuration without providers or backend, offline', tool: 'terraform_init', input: { flags: { backend: false, input: false } }, exitCode: 0, stdout: /Terraform has been successfully initialized/ },
      { does: 'validates the configuration as JSON', tool: 'terraform_validate', input: { flags: { json: true } }, exitCode: 0, stdout: /"valid": true/ },
    ],
  },
  {
    name: 'cargo',
    family: 'clap',
    source: machine('cargo'),
    wrap: ['--include', 'new', 'check'],
    version: ['--version'],
    method: 'help text (clap',
    tools: { exactly: ['cargo_check', 'cargo_new'] },
    // rustup's proxies find their toolchains from these, not from the scratch HOME.
    env: () => ({ RUSTUP_HOME: process.env['RUSTUP_HOME'] ?? join(homedir(), '.rustup'), CARGO_HOME: process.env['CARGO_HOME'] ?? join(homedir(), '.cargo') }),
    calls: [
      { does: 'creates a package without version control', tool: 'cargo_new', input: { flags: { vcs: 'none' }, args: ['hello'] }, exitCode: 0, stderr: /Creat(?:ed|ing) binary \(application\) `hello` package/, creates: ['hello/Cargo.toml', 'hello/src/main.rs'] },
      { does: 'checks the new package offline', tool: 'cargo_check', input: { flags: { 'manifest-path': 'hello/Cargo.toml', offline: true } }, exitCode: 0, stderr: /Finished/ },
    ],
  },
  {
    name: 'pip',
    family: 'optparse',
    source: machine('pip'),
    version: ['--version'],
    method: 'help text (',
    // `pip --help` lists 17 commands; `help` is not a tool. `cache` and `config` name theirs by their usage forms (`pip cache dir`).
    tools: {
      exactly: [
        ...['install', 'download', 'uninstall', 'freeze', 'inspect', 'list', 'show', 'check', 'search', 'index', 'wheel', 'hash', 'completion', 'debug'],
        ...['dir', 'info', 'list', 'remove', 'purge'].map((name) => `cache_${name}`),
        ...['list', 'edit', 'get', 'set', 'unset', 'debug'].map((name) => `config_${name}`),
      ].map((name) => `pip_${name}`),
    },
    files: { 'hello.txt': HELLO_TXT },
    calls: [
      { does: 'hashes a file for a requirements file', tool: 'pip_hash', input: { flags: { algorithm: 'sha256' }, args: ['hello.txt'] }, exitCode: 0, stdout: /--hash=sha256:[0-9a-f]{64}/ },
      { does: 'shows an installed package', tool: 'pip_show', input: { flags: { 'disable-pip-version-check': true }, args: ['pip'] }, exitCode: 0, stdout: /^Name: pip$/m },
      { does: 'lists installed packages as JSON', tool: 'pip_list', input: { flags: { format: 'json', 'disable-pip-version-check': true } }, exitCode: 0, stdout: /"name": "pip"/ },
    ],
  },
  {
    name: 'python3',
    family: 'custom (CPython getopt)',
    source: machine('python3'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['python3'] },
    files: { 'data.json': DATA_JSON },
    calls: [
      { does: 'runs a one-line program (-c)', tool: 'python3', input: { flags: { c: 'print(6 * 7)' } }, exitCode: 0, stdout: /^42$/m },
      { does: 'pretty-prints JSON with a library module (-m json.tool)', tool: 'python3', input: { flags: { m: 'json.tool' }, args: ['data.json'] }, exitCode: 0, stdout: /^ {4}"name": "cli-mcp",$/m },
    ],
  },
  {
    name: 'node',
    family: 'custom (Node options)',
    source: machine('node'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['node'] },
    files: { 'broken.js': 'function (\n', 'sum.test.mjs': "import test from 'node:test';\nimport assert from 'node:assert';\ntest('adds', () => assert.equal(1 + 2, 3));\n" },
    calls: [
      { does: 'syntax-checks a broken script (exit 1)', tool: 'node', input: { flags: { check: true }, args: ['broken.js'] }, exitCode: 1, stderr: /SyntaxError/ },
      { does: 'runs a test file with the built-in test runner', tool: 'node', input: { flags: { test: true }, args: ['sum.test.mjs'] }, exitCode: 0, stdout: /# pass 1/ },
    ],
  },
  {
    name: 'perl',
    family: 'custom (perlrun switches)',
    source: machine('perl'),
    version: ['-e', 'print "$^V\\n"'],
    method: 'help text (',
    tools: { exactly: ['perl'] },
    files: { 'broken.pl': 'my $x = ;\n' },
    calls: [
      { does: 'runs a one-line program (-e)', tool: 'perl', input: { flags: { e: 'print 6 * 7, "\\n"' } }, exitCode: 0, stdout: /^42$/m },
      { does: 'syntax-checks a broken script (-c, exit 255)', tool: 'perl', input: { flags: { c: true }, args: ['broken.pl'] }, exitCode: 255, stderr: /syntax error at broken\.pl line 1/ },
    ],
  },
  {
    name: 'make',
    family: 'GNU getopt',
    source: machine('make'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['make'] },
    files: { Makefile: MAKEFILE },
    calls: [
      { does: 'runs a target', tool: 'make', input: { args: ['build'] }, exitCode: 0, stdout: /^building hello$/m },
      { does: 'prints a target\'s recipe without running it (--just-print)', tool: 'make', input: { flags: { 'just-print': true }, args: ['build'] }, exitCode: 0, stdout: /^echo building hello$/m },
      { does: 'fails on a target that does not exist (exit 2)', tool: 'make', input: { args: ['deploy'] }, exitCode: 2, stderr: /No rule to make target 'deploy'/ },
    ],
  },
];
