/** npm CLIs built on other parsers, which cli-mcp reads from their --help (devDependencies, pinned). */
import type { Program } from './corpus-types.js';
import { BAD_TS, BROKEN_JS, CLEAN_JS, DUPLICATE_KEY_YAML, GOOD_TS, GOOD_YAML, JSON_SCHEMA, NO_SEMI_JS, UGLY_JS, UNUSED_JS } from './fixtures.js';

const npm = (pkg: string, bin = pkg) => ({ kind: 'npm', pkg, bin }) as const;

export const npmHelpPrograms: readonly Program[] = [
  {
    name: 'prettier',
    family: 'custom (minimist-based)',
    source: npm('prettier'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['prettier'] },
    files: { 'ugly.js': UGLY_JS },
    calls: [
      { does: 'finds an unformatted file with --check (exit 1)', tool: 'prettier', input: { flags: { check: true }, args: ['ugly.js'] }, exitCode: 1, stderr: /\[warn\] ugly\.js/ },
      { does: 'prints the file formatted', tool: 'prettier', input: { args: ['ugly.js'] }, exitCode: 0, stdout: /^const a = \{ b: 1, c: 2 \};$/m },
    ],
  },
  {
    name: 'eslint',
    family: 'optionator',
    source: npm('eslint'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['eslint'] },
    files: { 'eslint.config.mjs': "export default [{ rules: { 'no-unused-vars': 'error' } }];\n", 'unused.js': UNUSED_JS, 'clean.js': CLEAN_JS, 'nosemi.js': NO_SEMI_JS },
    calls: [
      { does: 'reports an unused variable (exit 1)', tool: 'eslint', input: { args: ['unused.js'] }, exitCode: 1, stdout: /'unused' is assigned a value but never used\s+no-unused-vars/ },
      { does: 'passes a clean file with the JSON formatter', tool: 'eslint', input: { flags: { format: 'json' }, args: ['clean.js'] }, exitCode: 0, stdout: /"errorCount":0/ },
      { does: 'applies a rule given on the command line without the config file', tool: 'eslint', input: { flags: { 'config-lookup': false, rule: 'semi: error' }, args: ['nosemi.js'] }, exitCode: 1, stdout: /Missing semicolon/ },
    ],
  },
  {
    name: 'tsc',
    family: 'custom (TypeScript)',
    source: npm('typescript', 'tsc'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['tsc'] },
    files: { 'bad.ts': BAD_TS, 'good.ts': GOOD_TS },
    calls: [
      { does: 'reports a type error (exit 1)', tool: 'tsc', input: { flags: { noEmit: true, strict: true }, args: ['bad.ts'] }, exitCode: 1, stdout: /bad\.ts\(1,7\): error TS2322: Type 'string' is not assignable to type 'number'/ },
      { does: 'compiles a file with declarations into a directory', tool: 'tsc', input: { flags: { outDir: 'out', declaration: true }, args: ['good.ts'] }, exitCode: 0, creates: ['out/good.js', 'out/good.d.ts'] },
    ],
  },
  {
    name: 'js-yaml',
    family: 'argparse (JS port)',
    source: npm('js-yaml'),
    version: ['--version'],
    method: 'help text (argparse',
    tools: { exactly: ['js-yaml'] },
    files: { 'good.yaml': GOOD_YAML, 'bad.yaml': DUPLICATE_KEY_YAML },
    calls: [
      { does: 'converts YAML to JSON', tool: 'js-yaml', input: { args: ['good.yaml'] }, exitCode: 0, stdout: /"name": "cli-mcp"/ },
      { does: 'reports a duplicated key (exit 1)', tool: 'js-yaml', input: { args: ['bad.yaml'] }, exitCode: 1, stderr: /duplicated mapping key/ },
    ],
  },
  {
    name: 'semver',
    family: 'custom',
    source: npm('semver'),
    version: ['--help'],
    method: 'help text (',
    tools: { exactly: ['semver'] },
    calls: [
      { does: 'keeps the versions that satisfy a range', tool: 'semver', input: { flags: { range: '>=1.2.0 <2.0.0' }, args: ['1.0.0', '1.5.0', '2.1.0'] }, exitCode: 0, stdout: /^1\.5\.0$/m },
      { does: 'increments the minor version', tool: 'semver', input: { flags: { increment: 'minor' }, args: ['1.2.3'] }, exitCode: 0, stdout: /^1\.3\.0$/m },
      { does: 'exits 1 when no version satisfies the range', tool: 'semver', input: { flags: { range: '^3' }, args: ['1.0.0'] }, exitCode: 1, stdout: /^$/ },
    ],
  },
  {
    name: 'marked',
    family: 'custom',
    source: npm('marked'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['marked'] },
    files: { 'doc.md': '# Title\n\nSome *text*.\n' },
    calls: [
      { does: 'renders a Markdown file to HTML', tool: 'marked', input: { flags: { input: 'doc.md' } }, exitCode: 0, stdout: /<h1>Title<\/h1>\s*<p>Some <em>text<\/em>\.<\/p>/ },
      { does: 'renders a Markdown string', tool: 'marked', input: { flags: { string: '**bold** and `code`' } }, exitCode: 0, stdout: /<p><strong>bold<\/strong> and <code>code<\/code><\/p>/ },
    ],
  },
  {
    name: 'ajv-cli',
    family: 'minimist',
    source: npm('ajv-cli', 'ajv'),
    version: [],
    versionCommand: ['node', '-p', "require('ajv-cli/package.json').version"],
    method: 'help text (',
    // `ajv help` lists four commands.
    tools: { exactly: ['ajv_compile', 'ajv_migrate', 'ajv_test', 'ajv_validate'] },
    files: { 'schema.json': JSON_SCHEMA, 'person.json': '{"name":"Ada","age":36}', 'nobody.json': '{"age":-1}' },
    calls: [
      { does: 'validates a document against a schema', tool: 'ajv_validate', input: { flags: { s: 'schema.json', d: 'person.json' } }, exitCode: 0, stdout: /person\.json valid/ },
      { does: 'rejects an invalid document (exit 1)', tool: 'ajv_validate', input: { flags: { s: 'schema.json', d: 'nobody.json' } }, exitCode: 1, stderr: /nobody\.json invalid/ },
      { does: 'compiles a schema', tool: 'ajv_compile', input: { flags: { s: 'schema.json' } }, exitCode: 0, stdout: /schema schema\.json is valid/ },
    ],
  },
  {
    name: 'esbuild',
    family: 'custom (Go)',
    source: npm('esbuild'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['esbuild'] },
    files: { 'greet.ts': GOOD_TS + "console.log(greet('x'));\n", 'broken.js': BROKEN_JS },
    calls: [
      { does: 'strips types and minifies a TypeScript file to stdout', tool: 'esbuild', input: { flags: { minify: true }, args: ['greet.ts'] }, exitCode: 0, stdout: /console\.log\(/ },
      { does: 'bundles into an output file', tool: 'esbuild', input: { flags: { bundle: true, format: 'esm', outfile: 'out/greet.js' }, args: ['greet.ts'] }, exitCode: 0, creates: ['out/greet.js'] },
      { does: 'reports a syntax error (exit 1)', tool: 'esbuild', input: { args: ['broken.js'] }, exitCode: 1, stderr: /ERROR/ },
    ],
  },
  {
    name: 'mocha',
    family: 'node:util parseArgs',
    source: npm('mocha'),
    version: ['--version'],
    method: 'help text (',
    // `mocha --help`: the default command and `init <path>`.
    tools: { exactly: ['mocha', 'mocha_init'] },
    files: {
      'pass.spec.cjs': "const assert = require('node:assert');\nit('adds', () => assert.equal(1 + 2, 3));\n",
      'fail.spec.cjs': "const assert = require('node:assert');\nit('subtracts', () => assert.equal(3 - 1, 3));\n",
    },
    calls: [
      { does: 'runs a passing spec', tool: 'mocha', input: { args: ['pass.spec.cjs'] }, exitCode: 0, stdout: /1 passing/ },
      { does: 'runs a failing spec (exit 1)', tool: 'mocha', input: { flags: { reporter: 'dot' }, args: ['fail.spec.cjs'] }, exitCode: 1, stdout: /1 failing/ },
      { does: 'writes a browser setup', tool: 'mocha_init', input: { args: ['browser'] }, exitCode: 0, creates: ['browser/index.html', 'browser/tests.spec.js'] },
    ],
  },
  {
    name: 'sass',
    family: 'custom (Dart args)',
    source: npm('sass'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['sass'] },
    files: { 'button.scss': '$color: #336699;\n.button {\n  color: $color;\n  &:hover { color: red; }\n}\n', 'broken.scss': '.button { color: $missing; }\n' },
    calls: [
      { does: 'compiles SCSS to compressed CSS', tool: 'sass', input: { flags: { style: 'compressed', 'source-map': false }, args: ['button.scss'] }, exitCode: 0, stdout: /^\.button\{color:#369\}\.button:hover\{color:red\}$/m },
      { does: 'reports an undefined variable (exit 65)', tool: 'sass', input: { args: ['broken.scss'] }, exitCode: 65, stderr: /Undefined variable/ },
    ],
  },
  {
    name: 'jsonlint',
    family: 'nomnom',
    source: npm('jsonlint'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['jsonlint'] },
    files: { 'good.json': '{"b":1,"a":[1,2]}', 'bad.json': '{"a": 1,}' },
    calls: [
      { does: 'pretty-prints valid JSON with sorted keys', tool: 'jsonlint', input: { flags: { 'sort-keys': true }, args: ['good.json'] }, exitCode: 0, stdout: /^\{\n {2}"a": \[/m },
      { does: 'reports a trailing comma (exit 1)', tool: 'jsonlint', input: { args: ['bad.json'] }, exitCode: 1, stderr: /Parse error on line 1/ },
    ],
  },
  {
    name: 'cpy-cli',
    family: 'meow',
    source: npm('cpy-cli', 'cpy'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['cpy'] },
    files: { 'a.txt': 'a\n', 'b.txt': 'b\n', 'README.md': '# readme\n' },
    calls: [
      { does: 'copies files matching a glob into a directory', tool: 'cpy', input: { args: ['*.txt', 'backup'] }, exitCode: 0, creates: ['backup/a.txt', 'backup/b.txt'] },
      // cpy 7 copies a lone file to a file named `docs` unless the destination ends with `/`.
      { does: 'copies a file under a new name', tool: 'cpy', input: { flags: { rename: 'COPY.md' }, args: ['README.md', 'docs/'] }, exitCode: 0, creates: ['docs/COPY.md'] },
    ],
  },
];
