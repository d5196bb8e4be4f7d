/** Debian packages that .ci/run installs when missing, for archives, copies, signatures, PDFs and image tags (argp, popt, BSD getopt, Go flag, qpdf's topics, a man page alone). */
import type { Program } from './corpus-types.js';
import { DATA_JSON, HELLO_TXT } from './fixtures.js';

const debian = (pkg: string, bin = pkg) => ({ kind: 'debian', pkg, bin }) as const;

const SITE = { 'site/index.html': '<h1>hi</h1>\n', 'site/css/app.css': 'body {}\n', 'site/debug.log': 'noise\n', 'backup/old.html': '<p>gone</p>\n' };

export const debianFilePrograms: readonly Program[] = [
  {
    // Its --help says only to read its documentation: every option comes from its man page.
    name: 'exiftool',
    family: 'man page alone',
    source: debian('libimage-exiftool-perl', 'exiftool'),
    version: ['-ver'],
    method: 'help text (gnu, 1 pages, man page',
    tools: { exactly: ['exiftool'] },
    files: { 'pixel.pbm': 'P1\n1 1\n0\n' },
    calls: [
      { does: 'prints an image\'s tags as JSON (-j, whose file is optional)', tool: 'exiftool', input: { flags: { j: true }, args: ['pixel.pbm'] }, exitCode: 0, stdout: /"ImageWidth": 1,/ },
      { does: 'prints them as CSV (-csv)', tool: 'exiftool', input: { flags: { csv: true }, args: ['pixel.pbm'] }, exitCode: 0, stdout: /^SourceFile,.*ImageWidth,ImageHeight/m },
    ],
  },
  {
    name: 'cpio',
    family: 'GNU argp',
    source: debian('cpio'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['cpio'] },
    files: { 'hello.txt': HELLO_TXT, 'data.json': DATA_JSON },
    setup: [['sh', '-c', "printf 'hello.txt\\ndata.json\\n' | cpio --quiet -o -H newc > notes.cpio"], ['mkdir', 'restored']],
    calls: [
      { does: 'lists an archive (-t -F)', tool: 'cpio', input: { flags: { list: true, file: 'notes.cpio' } }, exitCode: 0, stdout: /^hello\.txt\ndata\.json$/m },
      { does: 'prints one member (-i --to-stdout)', tool: 'cpio', input: { flags: { extract: true, 'to-stdout': true, file: 'notes.cpio' }, args: ['hello.txt'] }, exitCode: 0, stdout: /^hello from a file$/m },
      { does: 'extracts into a directory (-id -D)', tool: 'cpio', input: { flags: { extract: true, 'make-directories': true, directory: 'restored', file: 'notes.cpio' } }, exitCode: 0, creates: ['restored/hello.txt', 'restored/data.json'] },
    ],
  },
  {
    name: 'rsync',
    family: 'popt',
    source: debian('rsync'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['rsync'] },
    files: SITE,
    calls: [
      { does: 'copies a tree in archive mode (-a)', tool: 'rsync', input: { flags: { archive: true }, args: ['site/', 'copy/'] }, exitCode: 0, creates: ['copy/index.html', 'copy/css/app.css'] },
      {
        does: 'shows what a mirror with --delete would change, leaving logs out (-av --dry-run)',
        tool: 'rsync',
        input: { flags: { archive: true, verbose: true, 'dry-run': true, delete: true, exclude: '*.log' }, args: ['site/', 'backup/'] },
        exitCode: 0,
        stdout: /^deleting old\.html$[\s\S]*^index\.html$/m,
      },
      {
        does: 'copies leaving out two patterns (--exclude twice)',
        tool: 'rsync',
        input: { flags: { archive: true, exclude: ['*.log', '*.tmp'] }, args: ['site/', 'clean/'] },
        exitCode: 0,
        creates: ['clean/index.html'],
        gap: 'an option given more than once (rsync --exclude, as its manual does) takes one value',
      },
    ],
  },
  {
    name: 'signify',
    family: 'BSD getopt',
    source: debian('signify-openbsd'),
    version: [],
    versionCommand: ['dpkg-query', '-W', '-f', '${Version}\\n', 'signify-openbsd'],
    method: 'help text (gnu',
    tools: { exactly: ['signify-openbsd'] },
    files: { 'release.tar': HELLO_TXT },
    calls: [
      { does: 'generates a key pair without a passphrase (-G -n)', tool: 'signify-openbsd', input: { flags: { G: true, n: true, p: 'release.pub', s: 'release.sec' } }, exitCode: 0, creates: ['release.pub', 'release.sec'] },
      { does: 'signs a file (-S)', tool: 'signify-openbsd', input: { flags: { S: true, s: 'release.sec', m: 'release.tar' } }, exitCode: 0, creates: ['release.tar.sig'] },
      { does: 'verifies the signature (-V)', tool: 'signify-openbsd', input: { flags: { V: true, p: 'release.pub', m: 'release.tar' } }, exitCode: 0, stdout: /^Signature Verified$/m },
    ],
  },
  {
    name: 'bsdtar',
    family: 'custom (BSD, mode letter first)',
    source: debian('libarchive-tools', 'bsdtar'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['bsdtar'] },
    files: { 'hello.txt': HELLO_TXT, 'data.json': DATA_JSON },
    setup: [['tar', '-czf', 'packed.tar.gz', 'hello.txt', 'data.json']],
    calls: [
      {
        does: 'creates a gzipped archive (-czf)',
        tool: 'bsdtar',
        input: { flags: { c: true, z: true, f: 'notes.tar.gz' }, args: ['hello.txt', 'data.json'] },
        exitCode: 0,
        creates: ['notes.tar.gz'],
      },
      { does: 'lists an archive (-tf)', tool: 'bsdtar', input: { flags: { t: true, f: 'packed.tar.gz' } }, exitCode: 0, stdout: /^hello\.txt\ndata\.json$/m },
      {
        does: 'prints one member (-x --to-stdout -f)',
        tool: 'bsdtar',
        input: { flags: { x: true, 'to-stdout': true, f: 'packed.tar.gz' }, args: ['hello.txt'] },
        exitCode: 0,
        stdout: /^hello from a file$/m,
      },
    ],
  },
  {
    name: 'age',
    family: 'Go flag',
    source: debian('age'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['age'] },
    files: { 'secret.txt': HELLO_TXT },
    setup: [['age-keygen', '-o', 'key.txt'], ['sh', '-c', 'age-keygen -y key.txt > recipients.txt']],
    calls: [
      { does: 'encrypts a file to the recipients in a file (-R -o)', tool: 'age', input: { flags: { 'recipients-file': ['recipients.txt'], output: 'secret.txt.age' }, args: ['secret.txt'] }, exitCode: 0, creates: ['secret.txt.age'] },
      { does: 'decrypts it with the identity file (-d -i)', tool: 'age', input: { flags: { decrypt: true, identity: ['key.txt'] }, args: ['secret.txt.age'] }, exitCode: 0, stdout: /^hello from a file$/m },
      { does: 'encrypts to ASCII armor on stdout (-a)', tool: 'age', input: { flags: { armor: true, 'recipients-file': ['recipients.txt'] }, args: ['secret.txt'] }, exitCode: 0, stdout: /^-----BEGIN AGE ENCRYPTED FILE-----$/m },
    ],
  },
  {
    name: 'qpdf',
    family: 'custom (topic help, closed runs)',
    source: debian('qpdf'),
    version: ['--version'],
    method: 'help text (',
    tools: { exactly: ['qpdf'] },
    calls: [
      // Class: an option whose words `--` closes (`--encrypt user owner key-length [options] --`), with its own options inside.
      { does: 'writes an encrypted PDF that forbids printing (--encrypt … --print=none --)', tool: 'qpdf', input: { flags: { empty: true, encrypt: ['user', 'owner', '256'], print: 'none' }, args: ['locked.pdf'] }, exitCode: 0, creates: ['locked.pdf'] },
      { does: 'shows its encryption with the owner password', tool: 'qpdf', input: { flags: { 'show-encryption': true, password: 'owner' }, args: ['locked.pdf'] }, exitCode: 0, stdout: /^print high resolution: not allowed$/m },
    ],
  },
];
