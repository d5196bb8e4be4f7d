/** Archivers and file crypto already on the machine: Info-ZIP's and bzip2's own parsers, GnuPG's. */
import type { Program } from './corpus-types.js';
import { HELLO_TXT, SOURCE_TREE } from './fixtures.js';

const machine = (bin: string) => ({ kind: 'machine', bin }) as const;

export const machineFilePrograms: readonly Program[] = [
  {
    name: 'zip',
    family: 'custom (Info-ZIP)',
    source: machine('zip'),
    version: ['-v'],
    method: 'help text (gnu',
    tools: { exactly: ['zip'] },
    files: { ...SOURCE_TREE, 'src/debug.log': 'noise\n' },
    calls: [
      { does: 'zips a directory recursively (-r)', tool: 'zip', input: { flags: { r: true }, args: ['site.zip', 'src', 'README.md'] }, exitCode: 0, stdout: /adding: src\/app\.py/, creates: ['site.zip'] },
      {
        does: 'zips a directory leaving out the logs (--exclude, -x in its help, after the operands)',
        tool: 'zip',
        input: { flags: { r: true, exclude: '*.log' }, args: ['code.zip', 'src'] },
        exitCode: 0,
        creates: ['code.zip'],
      },
      { does: 'tests the archive (-T)', tool: 'zip', input: { flags: { T: true }, args: ['site.zip'] }, exitCode: 0, stdout: /^test of site\.zip OK$/m },
    ],
  },
  {
    name: 'unzip',
    family: 'custom (Info-ZIP)',
    source: machine('unzip'),
    version: ['-v'],
    method: 'help text (gnu',
    tools: { exactly: ['unzip'] },
    files: { 'hello.txt': HELLO_TXT, 'src/app.py': SOURCE_TREE['src/app.py'] },
    setup: [['zip', '-q', '-r', 'bundle.zip', 'hello.txt', 'src']],
    calls: [
      { does: 'lists an archive (-l)', tool: 'unzip', input: { flags: { l: true }, args: ['bundle.zip'] }, exitCode: 0, stdout: /\bhello\.txt\n[\s\S]*\bsrc\/app\.py$/m },
      { does: 'prints one member (-p)', tool: 'unzip', input: { flags: { p: true }, args: ['bundle.zip', 'hello.txt'] }, exitCode: 0, stdout: /^hello from a file$/m },
      {
        does: 'extracts into a directory (-d exdir)',
        tool: 'unzip',
        input: { flags: { d: 'out' }, args: ['bundle.zip'] },
        exitCode: 0,
        creates: ['out/hello.txt', 'out/src/app.py'],
      },
    ],
  },
  {
    name: 'bzip2',
    family: 'custom (bzip2)',
    source: machine('bzip2'),
    version: ['-V'],
    method: 'help text (gnu',
    tools: { exactly: ['bzip2'] },
    files: { 'hello.txt': HELLO_TXT },
    calls: [
      { does: 'compresses a file at the best level and keeps it (-k -9)', tool: 'bzip2', input: { flags: { keep: true, 9: true }, args: ['hello.txt'] }, exitCode: 0, creates: ['hello.txt', 'hello.txt.bz2'] },
      { does: 'tests the compressed file (-tv)', tool: 'bzip2', input: { flags: { test: true, verbose: true }, args: ['hello.txt.bz2'] }, exitCode: 0, stderr: /hello\.txt\.bz2: ok/ },
      { does: 'decompresses it to stdout (-dc)', tool: 'bzip2', input: { flags: { decompress: true, stdout: true }, args: ['hello.txt.bz2'] }, exitCode: 0, stdout: /^hello from a file$/m },
    ],
  },
  {
    name: 'gpg',
    family: 'custom (GnuPG argparse)',
    source: machine('gpg'),
    version: ['--version'],
    method: 'help text (gnu',
    // One command; its list is compacted (over the budget), which the corpus's checks do not mind.
    tools: { exactly: ['gpg'] },
    files: { 'hello.txt': HELLO_TXT },
    calls: [
      { does: 'prints a file\'s SHA-256 digest (--print-md)', tool: 'gpg', input: { flags: { 'print-md': true }, args: ['SHA256', 'hello.txt'] }, exitCode: 0, stdout: /^hello\.txt: BFFC61FF 16A681EC/m },
      {
        does: 'encrypts a file with a passphrase (--symmetric)',
        tool: 'gpg',
        input: { flags: { batch: true, passphrase: 'correct horse', symmetric: true, output: 'hello.txt.gpg' }, args: ['hello.txt'] },
        exitCode: 0,
        creates: ['hello.txt.gpg'],
      },
      { does: 'decrypts it', tool: 'gpg', input: { flags: { batch: true, passphrase: 'correct horse', decrypt: true }, args: ['hello.txt.gpg'] }, exitCode: 0, stdout: /^hello from a file$/m },
    ],
  },
];
