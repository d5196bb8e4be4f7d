/** Unix tools already on the machine: GNU getopt/argp, BSD getopt and custom single-dash parsers. */
import type { Program } from './corpus-types.js';
import { DATA_JSON, HELLO_TXT } from './fixtures.js';

const machine = (bin: string) => ({ kind: 'machine', bin }) as const;

export const machineUnixPrograms: readonly Program[] = [
  {
    name: 'jq',
    family: 'custom (jq)',
    source: machine('jq'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['jq'] },
    files: { 'data.json': DATA_JSON },
    calls: [
      { does: 'selects ids by tag into a compact array', tool: 'jq', input: { flags: { c: true }, args: ['[.items[] | select(.tag == "a") | .id]', 'data.json'] }, exitCode: 0, stdout: /^\[1,3\]$/m },
      { does: 'prints a raw string', tool: 'jq', input: { flags: { r: true }, args: ['.name', 'data.json'] }, exitCode: 0, stdout: /^cli-mcp$/m },
      // Class: an option taking two words per use (`--arg name value`), given twice as one list.
      { does: 'sets two variables with --arg name value', tool: 'jq', input: { flags: { n: true, arg: ['a', 'x', 'b', 'y'] }, args: ['$a + $b'] }, exitCode: 0, stdout: /^"xy"$/m },
      { does: 'sets exit 1 for a null result with -e', tool: 'jq', input: { flags: { e: true }, args: ['.missing', 'data.json'] }, exitCode: 1, stdout: /^null$/m },
    ],
  },
  {
    name: 'sqlite3',
    family: 'custom (single-dash)',
    source: machine('sqlite3'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['sqlite3'] },
    calls: [
      { does: 'creates a table, inserts rows and counts them', tool: 'sqlite3', input: { args: ['notes.db', "create table notes(id integer, body text); insert into notes values (1, 'one'), (2, 'two'); select count(*) from notes;"] }, exitCode: 0, stdout: /^2$/m, creates: ['notes.db'] },
      { does: 'queries the rows as JSON', tool: 'sqlite3', input: { flags: { json: true }, args: ['notes.db', 'select id, body from notes order by id'] }, exitCode: 0, stdout: /\[\{"id":1,"body":"one"\},\s*\{"id":2,"body":"two"\}\]/ },
    ],
  },
  {
    name: 'curl',
    family: 'custom (curl)',
    source: machine('curl'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['curl'] },
    files: { 'hello.txt': HELLO_TXT },
    calls: [
      { does: 'reads a file:// URL', tool: 'curl', input: ({ cwd }) => ({ flags: { silent: true }, args: [`file://${cwd}/hello.txt`] }), exitCode: 0, stdout: /^hello from a file$/m },
      { does: 'saves a file:// URL to a file', tool: 'curl', input: ({ cwd }) => ({ flags: { silent: true, output: 'copy.txt' }, args: [`file://${cwd}/hello.txt`] }), exitCode: 0, creates: ['copy.txt'] },
      { does: 'fails with exit 37 on a missing file', tool: 'curl', input: ({ cwd }) => ({ flags: { silent: true, fail: true }, args: [`file://${cwd}/missing.txt`] }), exitCode: 37 },
    ],
  },
  {
    name: 'openssl',
    family: 'custom (single-dash, commands)',
    source: machine('openssl'),
    wrap: ['--include', 'dgst', 'rand', 'enc'],
    version: ['version'],
    method: 'help text (',
    tools: { exactly: ['openssl_dgst', 'openssl_enc', 'openssl_rand'] },
    files: { 'hello.txt': HELLO_TXT },
    calls: [
      { does: 'hashes a file with SHA-256', tool: 'openssl_dgst', input: { flags: { sha256: true }, args: ['hello.txt'] }, exitCode: 0, stdout: /^SHA2?-?256\(hello\.txt\)= [0-9a-f]{64}$/m },
      { does: 'prints 16 random bytes in hex', tool: 'openssl_rand', input: { flags: { hex: true }, args: ['16'] }, exitCode: 0, stdout: /^[0-9a-f]{32}$/m },
      { does: 'base64-encodes a file', tool: 'openssl_enc', input: { flags: { base64: true, in: 'hello.txt' } }, exitCode: 0, stdout: /^aGVsbG8gZnJvbSBhIGZpbGUK$/m },
    ],
  },
  {
    name: 'ssh-keygen',
    family: 'BSD getopt',
    source: machine('ssh-keygen'),
    version: [],
    versionCommand: ['ssh', '-V'],
    method: 'help text (',
    tools: { exactly: ['ssh-keygen'] },
    setup: [['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-C', 'corpus@example', '-f', 'id_ed25519']],
    calls: [
      { does: 'prints a public key\'s fingerprint', tool: 'ssh-keygen', input: { flags: { l: true, f: 'id_ed25519.pub' } }, exitCode: 0, stdout: /^256 SHA256:\S+ corpus@example \(ED25519\)$/m },
      { does: 'derives the public key from the private key', tool: 'ssh-keygen', input: { flags: { y: true, f: 'id_ed25519' } }, exitCode: 0, stdout: /^ssh-ed25519 AAAA\S+/m },
    ],
  },
  {
    name: 'tar',
    family: 'GNU argp',
    source: machine('tar'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['tar'] },
    files: { 'hello.txt': HELLO_TXT, 'data.json': DATA_JSON },
    calls: [
      { does: 'creates an archive of two files', tool: 'tar', input: { flags: { create: true, file: 'notes.tar' }, args: ['hello.txt', 'data.json'] }, exitCode: 0, stdout: /^$/, creates: ['notes.tar'] },
      { does: 'lists the archive', tool: 'tar', input: { flags: { list: true, file: 'notes.tar' } }, exitCode: 0, stdout: /^hello\.txt\ndata\.json$/m },
    ],
  },
  {
    name: 'gzip',
    family: 'GNU getopt',
    source: machine('gzip'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['gzip'] },
    files: { 'hello.txt': HELLO_TXT },
    calls: [
      { does: 'compresses a file and keeps it', tool: 'gzip', input: { flags: { keep: true }, args: ['hello.txt'] }, exitCode: 0, creates: ['hello.txt', 'hello.txt.gz'] },
      { does: 'lists the compressed file', tool: 'gzip', input: { flags: { list: true }, args: ['hello.txt.gz'] }, exitCode: 0, stdout: /uncompressed[\s\S]*hello\.txt$/m },
    ],
  },
  {
    name: 'xz',
    family: 'GNU getopt',
    source: machine('xz'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['xz'] },
    files: { 'data.json': DATA_JSON },
    calls: [
      { does: 'compresses a file and keeps it', tool: 'xz', input: { flags: { keep: true }, args: ['data.json'] }, exitCode: 0, creates: ['data.json', 'data.json.xz'] },
      { does: 'tests the compressed file', tool: 'xz', input: { flags: { test: true, verbose: true }, args: ['data.json.xz'] }, exitCode: 0, stderr: /data\.json\.xz/ },
    ],
  },
  {
    name: 'zstd',
    family: 'custom (zstd)',
    source: machine('zstd'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['zstd'] },
    files: { 'hello.txt': HELLO_TXT },
    setup: [['zstd', '-q', 'hello.txt', '-o', 'packed.zst']],
    calls: [
      { does: 'compresses a file to a named output', tool: 'zstd', input: { flags: { o: 'hello.zst' }, args: ['hello.txt'] }, exitCode: 0, creates: ['hello.txt', 'hello.zst'] },
      { does: 'decompresses it to stdout', tool: 'zstd', input: { flags: { decompress: true, stdout: true }, args: ['packed.zst'] }, exitCode: 0, stdout: /^hello from a file$/m },
    ],
  },
];
