/** Text tools already on the machine: compare, patch, edit, query and convert files (GNU getopt and argp, custom parsers). */
import type { Program } from './corpus-types.js';
import { APP_CONF, HELLO_TXT, NOTES_NEW, NOTES_OLD, NOTES_PATCH, REPOS_CSV, SOURCE_TREE } from './fixtures.js';

const machine = (bin: string) => ({ kind: 'machine', bin }) as const;

export const machineTextPrograms: readonly Program[] = [
  {
    name: 'diff',
    family: 'GNU getopt',
    source: machine('diff'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['diff'] },
    files: { 'old.txt': NOTES_OLD, 'new.txt': NOTES_NEW, 'a/notes.txt': NOTES_OLD, 'a/only-a.txt': HELLO_TXT, 'b/notes.txt': NOTES_NEW },
    calls: [
      {
        does: 'prints a unified diff (-u, exit 1)',
        tool: 'diff',
        input: { flags: { unified: true }, args: ['old.txt', 'new.txt'] },
        exitCode: 1,
        stdout: /^-two\n\+2$/m,
      },
      { does: 'prints a unified diff without context (-U 0, exit 1)', tool: 'diff', input: { flags: { unified: 0 }, args: ['old.txt', 'new.txt'] }, exitCode: 1, stdout: /^@@ -2 \+2 @@\n-two\n\+2$/m },
      { does: 'compares two directories briefly (-rq, exit 1)', tool: 'diff', input: { flags: { recursive: true, brief: true }, args: ['a', 'b'] }, exitCode: 1, stdout: /^Files a\/notes\.txt and b\/notes\.txt differ\nOnly in a: only-a\.txt$/m },
    ],
  },
  {
    name: 'patch',
    family: 'GNU getopt',
    source: machine('patch'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['patch'] },
    files: { 'notes.txt': NOTES_OLD, 'fix.diff': NOTES_PATCH },
    calls: [
      { does: 'checks that a patch applies without changing anything (--dry-run)', tool: 'patch', input: { flags: { strip: 1, 'dry-run': true, input: 'fix.diff' } }, exitCode: 0, stdout: /^checking file notes\.txt$/m },
      { does: 'applies it and keeps a backup (-b)', tool: 'patch', input: { flags: { strip: 1, backup: true, input: 'fix.diff' } }, exitCode: 0, stdout: /^patching file notes\.txt$/m, creates: ['notes.txt.orig'] },
      { does: 'skips a patch already applied (--forward, exit 1)', tool: 'patch', input: { flags: { strip: 1, forward: true, input: 'fix.diff' } }, exitCode: 1, stdout: /Reversed \(or previously applied\) patch detected!\s+Skipping patch\./ },
    ],
  },
  {
    name: 'sed',
    family: 'GNU getopt',
    source: machine('sed'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['sed'] },
    files: { 'app.conf': APP_CONF },
    calls: [
      { does: 'prints a range of lines (-n \'2,3p\')', tool: 'sed', input: { flags: { quiet: true }, args: ['2,3p', 'app.conf'] }, exitCode: 0, stdout: /^version=1\.0\ncolor=blue\n?$/ },
      { does: 'keeps the keys with an extended regular expression (-E)', tool: 'sed', input: { flags: { 'regexp-extended': true }, args: ['s/^([a-z]+)=.*/\\1/', 'app.conf'] }, exitCode: 0, stdout: /^name\nversion\ncolor\n?$/ },
      {
        does: 'does the same with the script given by -e after -E',
        tool: 'sed',
        input: { flags: { 'regexp-extended': true, expression: 's/^([a-z]+)=.*/\\1/' }, args: ['app.conf'] },
        exitCode: 0,
        stdout: /^name\nversion\ncolor\n?$/,
      },
      { does: 'edits the file in place with a backup (-i.bak)', tool: 'sed', input: { flags: { 'in-place': '.bak' }, args: ['s/blue/green/', 'app.conf'] }, exitCode: 0, creates: ['app.conf.bak'] },
    ],
  },
  {
    name: 'mawk',
    family: 'custom (mawk, -W long options)',
    source: machine('mawk'),
    version: ['-W', 'version'],
    method: 'help text (gnu',
    tools: { exactly: ['mawk'] },
    files: { 'repos.csv': REPOS_CSV, 'sum.awk': 'NR > 1 { total += $3 } END { print "total", total }\n' },
    calls: [
      { does: 'prints a CSV column (-F,)', tool: 'mawk', input: { flags: { F: ',' }, args: ['NR > 1 { print $1 }', 'repos.csv'] }, exitCode: 0, stdout: /^rg\nfd\njq\n?$/ },
      { does: 'filters rows on a variable set with -v', tool: 'mawk', input: { flags: { F: ',', v: 'lang=rust' }, args: ['$2 == lang { print $1, $3 }', 'repos.csv'] }, exitCode: 0, stdout: /^rg 45\nfd 33\n?$/ },
      { does: 'runs a program file (-f)', tool: 'mawk', input: { flags: { F: ',', f: 'sum.awk' }, args: ['repos.csv'] }, exitCode: 0, stdout: /^total 108$/m },
    ],
  },
  {
    name: 'find',
    family: 'custom (expression of primaries)',
    source: machine('find'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['find'] },
    files: { ...SOURCE_TREE, 'empty.log': '' },
    calls: [
      { does: 'finds files by name', tool: 'find', input: { flags: { name: '*.py' }, args: ['.'] }, exitCode: 0, stdout: /^\.\/src\/app\.py$/m },
      { does: 'finds regular files by type and name under a directory', tool: 'find', input: { flags: { type: 'f', name: '*.js' }, args: ['src'] }, exitCode: 0, stdout: /^src\/util\.js$/m },
      { does: 'finds empty files at the top level', tool: 'find', input: { flags: { maxdepth: '1', empty: true }, args: ['.'] }, exitCode: 0, stdout: /^\.\/empty\.log$/m },
      // Class: an option whose words a closing word ends (`-exec COMMAND ;`), and an expression read in the call's order.
      { does: 'runs a command on each match (-exec … ;), the test before the action', tool: 'find', input: { flags: { name: '*.py', exec: ['echo', 'found', '{}'] }, args: ['.'] }, exitCode: 0, stdout: /^found \.\/src\/app\.py\n$/ },
      { does: 'runs one command on all matches (-exec … {} +)', tool: 'find', input: { flags: { name: '*.js', exec: ['echo', 'all:', '{}', '+'] }, args: ['src'] }, exitCode: 0, stdout: /^all: src\/util\.js\n$/ },
    ],
  },
  {
    name: 'xxd',
    family: 'custom (xxd)',
    source: machine('xxd'),
    version: ['-v'],
    method: 'help text (gnu',
    tools: { exactly: ['xxd'] },
    files: { 'hello.txt': HELLO_TXT, 'hex.txt': '68656c6c6f0a\n' },
    calls: [
      { does: 'dumps the first 16 bytes (-l 16)', tool: 'xxd', input: { flags: { l: '16' }, args: ['hello.txt'] }, exitCode: 0, stdout: /^00000000: 6865 6c6c 6f20 6672 6f6d 2061 2066 696c {2}hello from a fil$/m },
      // The help names the switch -ps; its man page's `-p | -ps | -postscript | -plain` is the same switch.
      { does: 'prints a plain hex dump (-ps)', tool: 'xxd', input: { flags: { ps: true }, args: ['hello.txt'] }, exitCode: 0, stdout: /^68656c6c6f2066726f6d20612066696c650a$/m },
      { does: 'turns a plain hex dump back into bytes (-r -ps)', tool: 'xxd', input: { flags: { r: true, ps: true }, args: ['hex.txt', 'out.bin'] }, exitCode: 0, creates: ['out.bin'] },
    ],
  },
  {
    name: 'iconv',
    family: 'GNU argp',
    source: machine('iconv'),
    version: ['--version'],
    method: 'help text (gnu',
    tools: { exactly: ['iconv'] },
    setup: [['sh', '-c', "printf 'caf\\351 cr\\350me\\n' > latin1.txt"]],
    calls: [
      { does: 'converts Latin-1 to UTF-8', tool: 'iconv', input: { flags: { 'from-code': 'ISO-8859-1', 'to-code': 'UTF-8' }, args: ['latin1.txt'] }, exitCode: 0, stdout: /^café crème$/m },
      { does: 'writes the conversion to a file (-o)', tool: 'iconv', input: { flags: { 'from-code': 'ISO-8859-1', 'to-code': 'UTF-8', output: 'utf8.txt' }, args: ['latin1.txt'] }, exitCode: 0, creates: ['utf8.txt'] },
      { does: 'transliterates to ASCII', tool: 'iconv', input: { flags: { 'from-code': 'UTF-8', 'to-code': 'ASCII//TRANSLIT' }, args: ['utf8.txt'] }, exitCode: 0, stdout: /^cafe creme$/m },
    ],
  },
];
