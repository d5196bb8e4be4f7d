import { existsSync } from 'node:fs';
import { execaSync } from 'execa';
import { describe, expect, it } from 'vitest';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { isSystemProgram, namesProgram, pageFromManual } from '../../../src/reflect/help/man-page.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { helpText } from './summary.js';

// The man page as a source beside --help: captured pages (test/fixtures/help/layouts/man-*.txt), and the real curl.
const scratch = scratchMaker('cli-mcp-man-page-');

describe('reading a man page', () => {
  it('when rsync\'s man page is read then its OPTIONS, its SYNOPSIS operands and its NAME line are the command\'s', () => {
    const page = pageFromManual(helpText('layouts/man-rsync.txt'), ['rsync']);
    expect(page.options.length).toBeGreaterThanOrEqual(150);
    expect(page.options.find((option) => option.name === 'rsh')).toMatchObject({ type: 'string', aliases: ['-e'] });
    expect(page.positionals.at(-1)?.variadic).toBe(true);
    expect(page.description).toBe('a fast, versatile, local/remote file-copying tool');
  });

  it('when the SYNOPSIS names the program as it is installed past a symlink (identify is identify-im6.q16) then its operands are read (class: Debian alternatives)', () => {
    const text = 'NAME\n       identify - describes the format of image files.\n\nSYNOPSIS\n       identify-im6.q16 [options] input-file\n\nOPTIONS\n       -verbose\n              print detailed information\n';
    expect(pageFromManual(text, ['identify'], 'identify-im6.q16').positionals).toEqual([expect.objectContaining({ name: 'input-file', required: true })]);
    expect(pageFromManual(text, ['identify']).positionals).toEqual([]);
  });

  it('when the NAME line capitalises the program (wget\'s `Wget - The non-interactive network downloader.`) then the page is its own, and another program\'s is not', () => {
    const text = 'NAME\n       Wget - The non-interactive network downloader.\n';
    expect(namesProgram(text, 'wget')).toBe(true);
    expect(namesProgram(text, 'curl')).toBe(false);
  });

  it('when a package renamed the program and its page keeps the upstream name (Debian\'s fdfind says `fd`, libarchive\'s bsdtar says `tar`) then the page is its own, and another program\'s is not (class: renamed programs)', () => {
    const fd = 'NAME\n       fd - find entries in the filesystem\n';
    expect(namesProgram(fd, 'fdfind')).toBe(true);
    const tar = 'NAME\n     tar — manipulate tape archives\n';
    expect(namesProgram(tar, 'bsdtar')).toBe(true);
    expect(namesProgram(tar, 'bsdcpio')).toBe(false);
    expect(namesProgram('NAME\n       x - one letter\n', 'xz')).toBe(false);
  });

  it('when the NAME line names the project after a double dash and the SYNOPSIS the program (Miller\'s `Miller -- like awk…`, `Usage: mlr [flags] {verb}`) then the page is its own, and another program\'s is not', () => {
    const text = 'NAME\n       Miller -- like awk, sed, cut, join, and sort for name-indexed data.\n\nSYNOPSIS\n       Usage: mlr [flags] {verb} [verb-dependent options ...] {zero or more\n       file names}\n\nDESCRIPTION\n       mlr cat\n';
    expect(namesProgram(text, 'mlr')).toBe(true);
    expect(namesProgram(text, 'miller')).toBe(true);
    expect(namesProgram(text, 'cat')).toBe(false);
  });

  it('when a manual documents its verbs\' or functions\' options in sections of their own (Miller\'s VERBS, FUNCTIONS FOR FILTER/PUT) then they are not the program\'s', () => {
    const text = 'NAME\n       Miller -- like awk.\n\nSYNOPSIS\n       Usage: mlr [flags] {verb} {file names}\n\nCSV/TSV-ONLY FLAGS\n       --quote-all              Force double-quoting of CSV fields.\n\nVERBS\n   nest\n       Usage: mlr nest [options]\n       --explode                Explode the field.\n       --across-records         Put values in separate records.\n\nFUNCTIONS FOR FILTER/PUT\n   strftime\n       --local                  Use the local time zone.\n';
    expect(pageFromManual(text, ['mlr']).options.map((option) => option.name)).toEqual(['quote-all']);
  });

  it('when a system bin is Debian\'s alternatives link into /usr/lib (/usr/bin/java to /usr/lib/jvm/…/bin/java) then it is a system program; a link into a home is not', () => {
    if (!existsSync('/usr/bin/java')) console.warn('\n!!! java is NOT installed: the alternatives-link case is checked by its rule alone !!!\n');
    if (existsSync('/usr/bin/java')) expect(isSystemProgram('/usr/bin/java')).toBe(true);
    expect(isSystemProgram('/usr/bin/ls')).toBe(true);
    expect(isSystemProgram('/home/someone/project/cli.js')).toBe(false);
  });

  it('when Java\'s manual lists a value\'s choices in brackets with spaces after the colon (javac\'s `-Xdiags:[compact, verbose]`) then the value is attached with the colon and takes those choices (class: bracketed value lists)', () => {
    const text = 'NAME\n       javac - read Java declarations and compile them into class files\n\nOPTIONS\n       -Xdiags:[compact, verbose]\n              Selects a diagnostic mode.\n\n       -Xpkginfo:[always, legacy, nonempty]\n              Specifies when and how the javac command generates package-info.class files.\n\n       -Xdoclint\n              Enables recommended checks.\n';
    const options = pageFromManual(text, ['javac']).options;
    expect(options.find((option) => option.name === 'Xdiags')).toMatchObject({ type: 'string', flag: '-Xdiags', valueForm: 'colon', choices: ['compact', 'verbose'] });
    expect(options.find((option) => option.name === 'Xpkginfo')).toMatchObject({ valueForm: 'colon', choices: ['always', 'legacy', 'nonempty'] });
    expect(options.find((option) => option.name === 'Xdoclint')).toMatchObject({ type: 'boolean' });
  });

  it('when a tag and its text share a line one space apart (--help Print a short help page) then the tag is the option and the rest its text', () => {
    const help = pageFromManual(helpText('layouts/man-rsync.txt'), ['rsync']).options.find((option) => option.name === 'version');
    expect(help).toBeUndefined(); // --version and --help are the program's own switches, never tools
    const option = pageFromManual(helpText('layouts/man-rsync.txt'), ['rsync']).options.find((found) => found.name === 'quiet');
    expect(option).toMatchObject({ type: 'boolean', aliases: ['-q'] });
  });

  it('when a tagged paragraph is one line (black\'s `--diff Don\'t write the files back…`) then the section\'s usual text column parts tag and text', () => {
    const options = pageFromManual(helpText('layouts/man-black.txt'), ['black']).options;
    expect(options.find((option) => option.name === 'diff')).toMatchObject({ type: 'boolean', flag: '--diff', description: expect.stringMatching(/^Don't write the files back/) });
    expect(options.find((option) => option.name === 'check')).toMatchObject({ type: 'boolean' });
  });

  it('when a COMMANDS section lists switches with words (gpg\'s `--print-md algo`) then they stay switches, the words being operands; OPTIONS keep their values; tags stacked over one text (--sign over -s) are one option', () => {
    const options = pageFromManual(helpText('layouts/man-gpg-excerpt.txt'), ['gpg']).options;
    expect(options.find((option) => option.name === 'print-md')).toMatchObject({ type: 'boolean', flag: '--print-md' });
    expect(options.find((option) => option.name === 'sign')).toMatchObject({ type: 'boolean', aliases: ['-s'] });
    expect(options.find((option) => option.name === 'output')).toMatchObject({ type: 'string', valueForm: 'separate' });
  });

  it('when a tag\'s value ends at the column its text starts in (find\'s `-group gname` over `File belongs to…`) then the word is the value, not the text', () => {
    const text = ['NAME', '       find - search for files in a directory hierarchy', '', 'TESTS', '       -group gname', '              File belongs to group gname (numeric group ID allowed).', '', '       -empty File is empty and is either a regular file or a directory.', ''].join('\n');
    const options = pageFromManual(text, ['find']).options;
    expect(options.find((option) => option.name === 'group')).toMatchObject({ type: 'string', valueForm: 'separate', description: 'File belongs to group gname (numeric group ID allowed).' });
    expect(options.find((option) => option.name === 'empty')).toMatchObject({ type: 'boolean', description: expect.stringMatching(/^File is empty/) });
  });

  it('when patch joins a tag\'s spellings with a spaced "or" (`-x num  or  --debug=num`) then they are one option taking the value', () => {
    const text = ['NAME', '       patch - apply a diff file to an original', '', 'OPTIONS', '       -x num  or  --debug=num', '          Set internal debugging flags of interest only to patch patchers.', '', '       -Y pref  or  --basename-prefix=pref', '          Prefix pref to a file name when generating its simple backup file name.', ''].join('\n');
    const options = pageFromManual(text, ['patch']).options;
    expect(options.find((option) => option.name === 'debug')).toMatchObject({ type: 'integer', flag: '--debug', aliases: ['-x'], valueForm: 'equals' });
    expect(options.find((option) => option.name === 'basename-prefix')).toMatchObject({ type: 'string', aliases: ['-Y'] });
    expect(options.find((option) => option.name === 'x')).toBeUndefined();
  });

  it('when sftp\'s INTERACTIVE COMMANDS list options of their own (`ls -n`) then those are typed at its prompt and are no options of the program', () => {
    const text = ['NAME', '     sftp - OpenSSH secure file transfer', '', 'DESCRIPTION', '     -q      Quiet mode.', '', 'INTERACTIVE COMMANDS', '     ls [-1afhlnrSt] [path]', '             Display a remote directory listing.', '', '             -n      Produce a long listing with user and group information', '                     presented numerically.', ''].join('\n');
    expect(pageFromManual(text, ['sftp']).options.map((option) => option.name)).toEqual(['q']);
  });

  it('when a section goes on to a companion program (units\' `You invoke units_cur like this:` over `units_cur [options] [outfile]`) then the options after that are not this program\'s', () => {
    const text = ['NAME', '       units - unit conversion and calculation program', '', 'OPTIONS', '       -q, --quiet', '              Suppress prompting.', '', 'UPDATING CURRENCY EXCHANGE RATES', '       You invoke units_cur like this:', '', '       units_cur [options] [outfile]', '', '       -k key, --key key', '              Set the API key to key for sources that require it.', ''].join('\n');
    expect(pageFromManual(text, ['units']).options.map((option) => option.name)).toEqual(['quiet']);
  });

  it('when eqn glues two letters its text names one by one (`-dxy  Specify delimiters x and y`) then -d takes them attached', () => {
    const text = ['NAME', '       eqn - format equations for troff', '', 'OPTIONS', '       -dxy   Specify delimiters x and y for the left and right end.', '', '       -C     Recognize .EQ and .EN.', ''].join('\n');
    expect(pageFromManual(text, ['eqn']).options.find((option) => option.flag === '-d')).toMatchObject({ type: 'string', valueForm: 'attached' });
  });

  it('when Info-ZIP marks an option as another system\'s (`[VMS]`, `[MacOS]`, `[Systems using EBCDIC]`) then this build\'s tools leave it out, and `--longoption` is no option', () => {
    const text = ['NAME', '       zip - package and compress (archive) files', '', 'OPTIONS', '       -a', '       --ascii', '              [Systems using EBCDIC] Translate file to ASCII format.', '', '       --datafork', '              [MacOS] Include only data-fork of files zipped into the archive.', '', '       -X', '       --no-extra', '              [Unix, VMS] Do not save extra file attributes.', '', '       --longoption[-][=value][ value]', '              Long options are written so.', '', '       -r', '       --recurse-paths', '              Travel the directory structure recursively.', ''].join('\n');
    expect(pageFromManual(text, ['zip']).options.map((option) => option.flag ?? option.negation)).toEqual(['--no-extra', '--recurse-paths']);
  });

  it('when eqn glues its values\' names to one-letter flags that its text uses as words (`-mn  The minimum point-size is n`, `-Tname The output is for device name.`) then each takes its value attached', () => {
    const text = ['NAME', '       eqn - format equations for troff or MathML', '', 'OPTIONS', '       -C     Recognize .EQ and .EN even when followed by a character other than space or newline.', '       -mn    The minimum point-size is n.  eqn does not reduce the size of subscripts.', '       -Tname The output is for device name.  Normally, the only effect of this is to define a macro name.', '       -Mdir  Search dir for eqnrc before the default directories.', '       -fF    This is equivalent to a gfont F command.', ''].join('\n');
    const options = pageFromManual(text, ['eqn']).options;
    expect(options.map((option) => [option.flag, option.type === 'boolean' ? 'switch' : option.valueForm])).toEqual([['-C', 'switch'], ['-m', 'attached'], ['-T', 'attached'], ['-M', 'attached'], ['-f', 'attached']]);
    expect(options.find((option) => option.name === 'T')?.description).toMatch(/^The output is for device name\./);
  });

  it('when a program\'s --help says only to read its documentation (exiftool) then its man page gives its options and operands', () => {
    const page = pageFromManual(helpText('layouts/man-exiftool.txt'), ['exiftool']);
    expect(page.options.length).toBeGreaterThanOrEqual(60);
    expect(page.options.find((option) => option.name === 'json' || option.name === 'j')).toBeDefined();
    expect(page.positionals.length).toBeGreaterThan(0);
  });
});

const hasCurlManual = execaSync('man', ['-w', 'curl'], { reject: false }).exitCode === 0;
if (!hasCurlManual) console.warn('\n!!! no man page for curl on this machine: the crawl-with-man-page test is SKIPPED !!!\n');

describe.skipIf(!hasCurlManual)('the crawl of a system program with a man page', () => {
  it('when curl (whose --help lists a tenth of its options) is read then the man page adds the rest and the method says so', async () => {
    const read = await reflectHelp('curl', { cacheDir: scratch() });
    // fish's completions for curl come third where fish is installed.
    expect(read.sources.slice(0, 2)).toEqual(['help', 'man page']);
    expect(read.spec.options.length).toBeGreaterThanOrEqual(200);
    expect(read.spec.options.find((option) => option.name === 'compressed')).toMatchObject({ type: 'boolean' });
  });
});

describe('the crawl of a program installed as a link to another', () => {
  it('when pkg-config (a link to pkgconf, whose page names pkgconf) is read then its manual is its own, and gives the values its terse help leaves out (class: linked programs)', async () => {
    const found = execaSync('sh', ['-c', 'command -v pkg-config || true']).stdout.trim();
    if (found === '') throw new Error('pkg-config is NOT INSTALLED on this machine: install pkgconf');
    const read = await reflectHelp('pkg-config', { cacheDir: scratch() });
    expect(read.sources).toContain('man page');
    // `--atleast-version   require a specific version of a module` in --help; `--atleast-version=VERSION` in the manual.
    expect(read.spec.options.find((option) => option.name === 'atleast-version')).toMatchObject({ type: 'string' });
  });
});

// Class: a manual that documents its commands too (tmux's), each command's flags in prose under its form.
describe('a manual with commands of its own', () => {
  it('when a command\'s form (`server-access [-adlrw] [user]`) heads text that names its flags then those are the command\'s, not the program\'s', () => {
    const manual = pageFromManual('NAME\n     tmux - terminal multiplexer\n\nDESCRIPTION\n     -2            Force 256 colours.\n\n     -f file       Use file as the configuration.\n\nCLIENTS AND SESSIONS\n     server-access [-adlrw] [user]\n             Change the access of user.\n\n             -a and -d are used to give or revoke access.\n\n     refresh-client [-cDLRSU] [-B name:what:format]\n                   (alias: refresh)\n             -B sets a subscription to a format for a control mode client.\n', ['tmux']);
    expect(manual.options.map((option) => option.flag)).toEqual(['-2', '-f']);
  });
});
