import { describe, expect, it } from 'vitest';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import { positionalLines } from './summary.js';

// Option lines as less common parsers print them, each a real program's, read as the crawl reads it.
describe('option lines as less common parsers print them', () => {
  const read = (text: string, path: readonly string[]) => parseHelp(text, { path }).options.map((found) => [found.name, found.flag ?? found.negation, found.aliases ?? [], found.required ?? false]);

  it('when ICU\'s tools write `-p or --name` and mark a required option `[REQ]` where the indent is (pkgdata) then both are spellings of one option, and it is required', () => {
    const text = 'usage: pkgdata [-options] [-] [packageFile]\n\n options:\n[REQ] -p or --name        Set the data name\n      -O or --bldopt      The directory where the ICU is located\n      -v or --verbose     Make the output verbose\n';
    expect(read(text, ['pkgdata'])).toEqual([
      ['name', '--name', ['-p'], true],
      ['bldopt', '--bldopt', ['-O'], false],
      ['verbose', '--verbose', ['-v'], false],
    ]);
  });

  it('when LLVM\'s option parser parts names and text with a dash, one space from a long name (split-file\'s `--no-leading-lines - Don\'t…`) then the dash is no part of the text and each name is read', () => {
    const text = "USAGE: split-file [options] filename directory\n\nOPTIONS:\n\n  --help             - Display available options\n  --leading-lines    - Preserve line numbers\n  --no-leading-lines - Don't preserve line numbers (default)\n  --limit=<int>      - How many parts\n";
    const options = parseHelp(text, { path: ['split-file'] }).options;
    expect(options.find((found) => found.name === 'leading-lines')).toMatchObject({ flag: '--leading-lines', negation: '--no-leading-lines', type: 'boolean', description: 'Preserve line numbers' });
    expect(options.find((found) => found.name === 'limit')).toMatchObject({ type: 'integer', description: 'How many parts' });
  });

  it('when a name holds plus signs (gcc\'s `-fdump-c++-spec-verbose`, `-Wc++-compat`) then all of it is the name', () => {
    const text = 'Usage: lto-dump [options]\n\nOptions:\n  -fdump-c++-spec-verbose     \t\t[disabled]\n  -Wc++-compat                \t\t[available in C, ObjC]\n  -nostdinc++                 \t\t[disabled]\n';
    expect(read(text, ['lto-dump']).map(([name]) => name)).toEqual(['fdump-c++-spec-verbose', 'Wc++-compat', 'nostdinc++']);
  });

  it('when the long name comes first, the short after it and a comma before the value (rolldown\'s `--dir -d, <dir>`) then both are spellings and the value is read; and two forms on a line joined by `or` are two forms', () => {
    const text = 'USAGE rolldown -c <config> or rolldown <input> <options>\n\nOPTIONS\n\n  --config -c, <filename>     Path to the config file.\n  --dir -d, <dir>             Output directory.\n  --minify -m,                Minify the bundled file.\n';
    const rolldown = parseHelp(text, { path: ['rolldown'] });
    expect(rolldown.options.map((found) => [found.name, found.type, found.aliases])).toEqual([
      ['config', 'string', ['-c']],
      ['dir', 'string', ['-d']],
      ['minify', 'boolean', ['-m']],
    ]);
    expect(rolldown.positionals.map((one) => [one.name, one.required])).toEqual([['input', false]]);
  });

  it('when three spellings stand in cells of their own before the text (patch\'s `-s  --quiet  --silent  Work silently…`) then all are one option\'s', () => {
    const text = 'Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]\n\n  -s  --quiet  --silent  Work silently unless an error occurs.\n  -t  --batch  Ask no questions; skip bad-Prereq patches; assume reversed.\n  -f  --force  Like -t, but ignore bad-Prereq patches, and assume unreversed.\n';
    expect(read(text, ['patch'])).toEqual([
      ['quiet', '--quiet', ['-s', '--silent'], false],
      ['batch', '--batch', ['-t'], false],
      ['force', '--force', ['-f'], false],
    ]);
  });

  it('when a lone dash stands as a short name (colcrt\'s `-,  --no-underlining`) then the long name is read', () => {
    const text = 'Usage:\n colcrt [options] [<file>...]\n\nOptions:\n -,  --no-underlining    suppress all underlining\n -2, --half-lines        print all half-lines\n';
    expect(read(text, ['colcrt'])).toEqual([
      ['underlining', '--no-underlining', [], false],
      ['half-lines', '--half-lines', ['-2'], false],
    ]);
  });

  it('when each option line brackets its flag, flush left, and a value is written after a colon (jarsigner\'s `[-keystore <url>]     keystore location`, `[-verbose[:suboptions]]`) then each is read, the colon its value\'s form', () => {
    const text = 'Usage: jarsigner [options] jar-file alias\n       jarsigner -verify [options] jar-file [alias...]\n\n[-keystore <url>]           keystore location\n\n[-storepass <password>]     password for keystore integrity\n\n[-tsadigestalg <algorithm>] algorithm of digest data in timestamping request\n\n[-verbose[:suboptions]]     verbose output when signing/verifying.\n\n[-certs]                    display certificates when verbose and verifying\n';
    const options = parseHelp(text, { path: ['jarsigner'] }).options;
    expect(options.map((found) => [found.name, found.type, found.valueForm])).toEqual([
      ['keystore', 'string', 'separate'],
      ['storepass', 'string', 'separate'],
      ['tsadigestalg', 'string', 'separate'],
      ['verbose', 'string', 'colon'],
      ['certs', 'boolean', undefined],
    ]);
  });

  it('when a usage form wraps onto an indented line opening with a bracketed flag (mke2fs\'s `\\t[-jnqvDFSV] device [blocks-count]`) then that line is the form\'s, its operands read', () => {
    const text = 'Usage: mke2fs [-c|-l filename] [-b block-size] [-C cluster-size]\n\t[-t fs-type] [-T usage-type ] [-U UUID] [-e errors_behavior][-z undo_file]\n\t[-jnqvDFSV] device [blocks-count]\n';
    const page = parseHelp(text, { path: ['mke2fs'] });
    expect(positionalLines(page.positionals)).toBe('<device> [blocks-count]');
    expect(page.options.map((found) => found.flag)).toEqual(expect.arrayContaining(['-c', '-t', '-z', '-j', '-V']));
  });

  it('when Java writes a value\'s choices after a colon (javac\'s `-proc:{none,only,full}`) then they are the option\'s choices, sent after the colon', () => {
    const text = 'Usage: javac <options> <source files>\nwhere possible options include:\n  -implicit:{none,class}\n        Specify whether or not to generate class files for implicitly referenced files\n  -proc:{none,only,full}\n        Control whether annotation processing and/or compilation is done.\n';
    const options = parseHelp(text, { path: ['javac'] }).options;
    expect(options.map((found) => [found.name, found.valueForm, found.choices])).toEqual([
      ['implicit', 'colon', ['none', 'class']],
      ['proc', 'colon', ['none', 'only', 'full']],
    ]);
  });

  it('when a colon suffix names a stream before a value of its own (ffmpeg\'s `-disposition[:stream_specifier] value`) then the value is never joined by the colon', () => {
    const text = 'Usage: ffmpeg [options] [[infile options] -i infile]... {[outfile options] outfile}...\n\nPer-stream options:\n-disposition[:stream_specifier] value  disposition\n-top[:stream_specifier] n  top=1/bottom=0/auto=-1 field first\n';
    const forms = parseHelp(text, { path: ['ffmpeg'] }).options.map((found) => found.valueForm);
    expect(forms).toHaveLength(2);
    expect(forms).not.toContain('colon');
  });

  it('when Java documents a flag bare and again with a value after a colon (javac\'s `-g` and `-g:{lines,vars,source}`) then both forms are one option\'s: true sends `-g`, a value `-g:lines`', () => {
    const text = 'Usage: javac <options> <source files>\nwhere possible options include:\n  -g                           Generate all debugging info\n  -g:{lines,vars,source}       Generate only some debugging info\n';
    const [g] = parseHelp(text, { path: ['javac'] }).options;
    expect(g).toMatchObject({ name: 'g', flag: '-g', optionalValue: true, valueForm: 'colon', choices: ['lines', 'vars', 'source'], description: 'Generate all debugging info; with a value: Generate only some debugging info' });
  });
});
