import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fishOptions, fishOptionsFor, fishSource, fishSpecIdentity, readFishCompletions, withFishChoices } from '../../../src/reflect/help/fish-completions.js';
import { fishCommands } from '../../../src/reflect/help/fish-words.js';
import type { HelpPage } from '../../../src/reflect/help/page.js';
import type { OptionSpec } from '../../../src/types.js';

const words = (script: string) => fishCommands(script).map((command) => command.map((word) => (word.expands ? `{${word.text}}` : word.text)));

describe('a fish script is split into words as fish reads it', () => {
  it.each([
    ['single and double quotes are removed', `complete -c x -d 'It\\'s "here"' -d "a \\"b\\""`, [['complete', '-c', 'x', '-d', `It's "here"`, '-d', 'a "b"']]],
    ['a backslash before a newline continues the line', 'complete -c x \\\n  -l long', [['complete', '-c', 'x', '-l', 'long']]],
    ['a quoted value may span lines (lz4 writes -a "\\n(…)\\n"; complete evaluates it later, here it is text)', 'complete -c x -a "\n(__fish_complete_suffix .lz4)\n"\ncomplete -c y', [['complete', '-c', 'x', '-a', '\n(__fish_complete_suffix .lz4)\n'], ['complete', '-c', 'y']]],
    ['comments and semicolons end what they should', '# a comment -c x\ncomplete -c x; complete -c y # trailing', [['complete', '-c', 'x'], ['complete', '-c', 'y']]],
    ['a variable or a command substitution expands: its text is fish\'s to compute', 'complete -c $cmd -a (list) -d "$text"', [['complete', '-c', '{$cmd}', '-a', '{(list)}', '-d', '{$text}']]],
    ['single quotes keep $ and parentheses as text', `complete -c x -a '(not run) $x'`, [['complete', '-c', 'x', '-a', '(not run) $x']]],
    ['a # inside a word, a backslash before another letter and quotes glued to text stay text', `complete -c x#y -d a\\qb'c\\d'"e\\f"g~`, [['complete', '-c', 'x#y', '-d', '{aqbc\\de\\fg~}']]],
    ['an expansion in the middle of a plain run marks the word', 'complete -c x -a a*b -l ab{c,d}', [['complete', '-c', 'x', '-a', '{a*b}', '-l', '{ab{c,d}}']]],
  ])('when %s', (_title, script, expected) => {
    expect(words(script)).toEqual(expected);
  });
});

describe('fish complete lines become options (fish completion specs: rsync, ffmpeg, wget, git, jq)', () => {
  it('when a line names short, long and single-dash long spellings then they are one option, with its description', () => {
    expect(fishOptions('complete -c ffmpeg -s h -o help -l help -d "Show help"', 'ffmpeg')).toEqual([{ shorts: ['h'], longs: ['help'], olds: ['help'], description: 'Show help', takesValue: false, on: 'anywhere' }]);
  });

  it('when the flags are clustered or written long with = then they read the same (-xa, --long-option=x)', () => {
    const [clustered] = fishOptions(`complete -c rsync -l stderr -xa 'errors all client' -d "change stderr output mode"`, 'rsync');
    expect(clustered).toMatchObject({ longs: ['stderr'], takesValue: true });
    const [long] = fishOptions('complete --command=wget --long-option=spider --description="Check only"', 'wget');
    expect(long).toMatchObject({ longs: ['spider'], description: 'Check only', takesValue: false });
  });

  it('when a line says -r or offers values with -a then the option takes a value; a line that says neither is a switch', () => {
    const options = fishOptions('complete -c x -l out -r\ncomplete -c x -l level -a "1 2 3"\ncomplete -c x -l quiet', 'x');
    expect(options.map((option) => [option.longs[0], option.takesValue])).toEqual([['out', true], ['level', true], ['quiet', false]]);
  });

  it("when a line is another program's, erases, or names its option through a variable then it gives nothing", () => {
    expect(fishOptions('complete -c other -l x\ncomplete -c x -e -l gone\ncomplete -c x -l $name\ncomplete -c $cmd -l y\ncomplete -c x -a "sub"', 'x')).toEqual([]);
  });

  it.each([
    ['no condition is anywhere', '', 'anywhere'],
    ['__fish_use_subcommand is the program before any command', `-n __fish_use_subcommand`, 'program'],
    ['not __fish_seen_subcommand_from is the program too', `-n 'not __fish_seen_subcommand_from get set'`, 'program'],
    ['__fish_seen_subcommand_from names the commands, any of them', `-n '__fish_seen_subcommand_from push pull'`, ['push', 'pull']],
    ["a program's own …_using_command names its command (git, composer, hugo)", `-n '__fish_git_using_command log'`, ['log']],
    ['a clause about other options leaves the place as it is', `-n '__fish_seen_subcommand_from push; and not __fish_contains_opt force'`, ['push']],
    ['two commands deep is unknown (which one the words name is not said)', `-n '__fish_seen_subcommand_from remote; and __fish_seen_subcommand_from add'`, 'unknown'],
    ['a function only fish can run is unknown', `-n '__fish_apt_has_package'`, 'unknown'],
    ['an alternative is unknown', `-n '__fish_seen_subcommand_from a; or __fish_use_subcommand'`, 'unknown'],
    // Class: commands fish computes (tmux's `$attach`, `attach-session attach a`): some command's option, on none read here, never the program's.
    ['__fish_seen_subcommand_from a variable is commands only fish can name', `-n "__fish_seen_subcommand_from $attach"`, []],
    ['__fish_seen_subcommand_from a substitution is too', `-n '__fish_seen_subcommand_from (__fish_aliases)'`, []],
  ])('when the condition: %s', (_title, condition, on) => {
    expect(fishOptions(`complete -c x ${condition} -l opt`, 'x')[0]?.on).toEqual(on);
  });

  it('when options are asked for a command then each comes as a help entry would: -o with a value is a separate word, a lone --no-x negates x, help is dropped', () => {
    const options = fishOptions(
      [
        'complete -c x -o loglevel -x -a "quiet error"',
        'complete -c x -l no-color -n __fish_use_subcommand',
        'complete -c x -s h -l help -d "Show this help"',
        "complete -c x -l force -n '__fish_seen_subcommand_from push'",
        "complete -c x -l tags -n '__fish_apt_thing'",
      ].join('\n'),
      'x',
    );
    const text = 'Usage: x [-loglevel level] [--no-color] [--force] [--tags]';
    expect(fishOptionsFor(options, [], false, text)).toEqual([
      expect.objectContaining({ name: 'loglevel', flag: '-loglevel', type: 'string', valueForm: 'separate' }),
      expect.objectContaining({ name: 'color', negation: '--no-color', type: 'boolean' }),
      expect.objectContaining({ name: 'tags', type: 'boolean' }),
    ]);
    // A program with commands takes at its root only what its lines put there.
    expect(fishOptionsFor(options, [], true, text).map((option) => option.name)).toEqual(['color']);
    expect(fishOptionsFor(options, ['push'], true, text).map((option) => option.name)).toEqual(['force']);
    expect(fishOptionsFor(options, ['push', 'deep'], true, text)).toEqual([]);
  });

  it('when the spec says nothing of a value but the program\'s text writes one then the option takes it (wget\'s --save-cookies=FILE), a letter attached where the text glues its value\'s name on (perl\'s -[mM][-]module, -Idirectory), else in the conventions\' form', () => {
    const options = fishOptions('complete -c x -l save-cookies -d "Save cookies"\ncomplete -c x -s m -x -d "Require module"\ncomplete -c x -s I -r -d "Include path"\ncomplete -c x -s o -r -d "Output"\ncomplete -c x -l quiet', 'x');
    const text = '  --save-cookies=FILE   save cookies to FILE\n  -[mM][-]module  use a module\n  -Idirectory  add to @INC (several -I\'s allowed)\n  -m  see above\n  -o, -output  write there (a single-dash long name is no glued value)\n  --quiet  Quiet';
    expect(fishOptionsFor(options, [], false, text)).toEqual([
      expect.objectContaining({ name: 'save-cookies', type: 'string' }),
      { name: 'm', type: 'string', flag: '-m', description: 'Require module', valueForm: 'attached' },
      { name: 'I', type: 'string', flag: '-I', description: 'Include path', valueForm: 'attached' },
      { name: 'o', type: 'string', flag: '-o', description: 'Output' },
      expect.objectContaining({ name: 'quiet', type: 'boolean' }),
    ]);
    // A long option's value is the next word, as fish completes it (jq takes `--indent 4`, not `--indent=4`).
    expect(fishOptionsFor(options, [], false, text)[0]).toMatchObject({ valueForm: 'separate' });
  });

  it("when a spec generated from a manual (gcc's) says nothing of a value then whether the option is a switch is unknown: it is left out unless the text writes a value (gcc's help names --param only in prose, and --param takes name=value)", () => {
    const generated = `#\n# This is the insanely huge list of completions for gcc. Most of it is autogenerated, but it needs some hand editing...\n#\ncomplete -c gcc -l param -d 'In some places, GCC uses various constants'\ncomplete -c gcc -o std -x -a 'c89 c99' -d 'Standard mode'\ncomplete -c gcc -o include -d 'Process file as input'`;
    const text = 'Options starting with -g, -f, -m, -O, -W, or --param are automatically passed on.\n  -std=<standard>  Assume that the input sources are for <standard>.\nUse -include FILE first.';
    expect(fishOptions(generated, 'gcc').map((option) => option.valueUnknown ?? false)).toEqual([true, false, true]);
    expect(fishOptionsFor(fishOptions(generated, 'gcc'), [], false, text).map((option) => `${option.flag} ${option.type}`)).toEqual(['-std string', '-include string']);
    // An entry of it that writes no value is a switch (curl's manual: `-:, --next`).
    expect(fishOptionsFor(fishOptions(`# These based on the autogenerated completions.\ncomplete -c curl -l next -d 'Use a separate operation for the following URL'`, 'curl'), [], false, '       -:, --next\n              Tells curl to use a separate operation.').map((option) => `${option.flag} ${option.type}`)).toEqual(['--next boolean']);
    // Written by hand, an unsaid line is a switch, as before.
    expect(fishOptionsFor(fishOptions("complete -c gcc -l param -d 'Constants'", 'gcc'), [], false, text).map((option) => `${option.flag} ${option.type}`)).toEqual(['--param boolean']);
  });
});

describe('fish completions complete help pages (a system program whose help leaves options out: jq, wget)', () => {
  const fishInstalled = readFishCompletions('jq') !== undefined && existsSync('/usr/bin/jq');
  if (!fishInstalled) console.warn('\n!!! fish (its completions for jq) or jq is NOT INSTALLED: the system test below is SKIPPED (apt-get install -y fish jq) !!!\n');

  it.skipIf(!fishInstalled)('when fish\'s spec of a program is updated then the crawl\'s cache key changes: it names the spec by path, mtime and size', () => {
    expect(fishSpecIdentity('jq')).toMatch(/^\/usr\/share\/fish\/(vendor_)?completions\/jq\.fish:\d+(\.\d+)?:\d+$/);
    expect(fishSpecIdentity('no-such-program-here')).toBeNull();
  });

  it.skipIf(!fishInstalled)('when jq has fish completions then the options its help leaves out are added (their source named), those it lists kept as it lists them', () => {
    const source = fishSource('jq', '/usr/bin/jq');
    const page: HelpPage = { usage: ['jq [options] <jq filter> [file...]'], options: [{ name: 'slurp', type: 'boolean', flag: '--slurp', aliases: ['-s'], description: 'As the help says.' }], globalOptions: [], positionals: [], subcommands: [] };
    // What the program printed of it: the options fish offers are added only where it names them.
    const text = 'Usage: jq [OPTIONS] FILTER [FILES...]\n  -s, --slurp  read all inputs;\n  --seq        use the application/json-seq MIME type;\n  --stream     parse in streaming fashion.\n  --arg name value  set $name to value;';
    const completed = source?.complete(page, [], text);
    expect(completed?.options[0]).toEqual(page.options[0]);
    expect(completed?.options.map((option) => option.name)).toEqual(['slurp', 'seq', 'stream', 'arg']);
    expect(completed?.options.map((option) => option.source)).toEqual([undefined, 'fish completions', 'fish completions', 'fish completions']);
    expect(source?.added).toBe(3);
  });

  it.skipIf(!fishInstalled)('when fish offers an option the program\'s own text never names then it is not added (one spec serves every build: date\'s lists BSD\'s -j)', () => {
    const source = fishSource('jq', '/usr/bin/jq');
    const page: HelpPage = { usage: [], options: [], globalOptions: [], positionals: [], subcommands: [] };
    expect(source?.complete(page, [], 'Usage: jq [OPTIONS] FILTER\n  --seq   use json-seq').options.map((option) => option.name)).toEqual(['seq']);
  });

  const xzInstalled = readFishCompletions('xz') !== undefined && existsSync('/usr/bin/xz');
  it.skipIf(!xzInstalled)("when xz's page lists --check without choices then the page gains fish's list, its man page confirming it, and nothing else changes", () => {
    const source = fishSource('xz', '/usr/bin/xz');
    const check: OptionSpec = { name: 'check', type: 'string', flag: '--check', aliases: ['-C'], description: 'integrity check type' };
    const page: HelpPage = { usage: [], options: [check], globalOptions: [], positionals: [], subcommands: [] };
    const text = '  -C, --check=CHECK   integrity check type\n\n       -C check, --check=check\n              none   Nothing.\n              crc32  CRC32.\n              crc64  CRC64.\n              sha256 SHA-256.';
    expect(source?.complete(page, [], text).options).toEqual([{ ...check, choices: ['none', 'crc32', 'crc64', 'sha256'] }]);
    expect([source?.added, source?.chosen]).toEqual([0, 1]);
  });

  it('when the program is not a system one then fish is not asked (a ./jq of its own is another program)', () => {
    expect(fishSource('jq', '/home/someone/bin/jq')).toBeUndefined();
  });
});

describe("fish's value lists become choices only where the program's own entry lists the same closed set (xz, wget, rsync, ls, fzf, git, ffmpeg, grep, systemctl)", () => {
  /** `option`, as its page has it, after the fish spec `line` and the program's `text` were read. */
  const chosen = (line: string, program: string, option: OptionSpec, text: string) => withFishChoices(option, fishOptions(line, program), text).choices;

  it.each([
    ["descriptions after a tab are dropped (grep's binary-files)", `complete -c grep -l binary-files -d "Assume data type for binary files" -x -a "binary\\tBinary\\ format text\\tText\\ format"`, 'grep', ['binary', 'text']],
    ["a command substitution is fish's to compute: open (systemctl asks itself, --type=help)", `complete -f -c systemctl -s t -l type -d 'List of unit types' -xa '(systemctl --type=help --no-legend --no-pager | string match -v "*:")'`, 'systemctl', 'open'],
    ["a word that is no plain value is open (curl's 'PEM, DER ENG P12')", `complete -c curl -l cert-type -d '(TLS) Set type of the provided client certificate' -a 'PEM, DER ENG P12'`, 'curl', 'open'],
    ['a line that completes files too (-F) is open', `complete -c x -l out -F -a 'a b'`, 'x', 'open'],
  ])('when a line lists values: %s', (_title, line, program, values) => {
    expect(fishOptions(line, program)[0]?.values).toEqual(values);
  });

  it("when a manual's sub-entries list exactly fish's values then they are the choices (xz --check; `sha256 Calculate` stands apart by one space, in the others' column)", () => {
    const text = [
      '       -C check, --check=check',
      '              Specify the type of the integrity check.  The check is calculated from the uncompressed data and stored in the .xz file.',
      '',
      '              Supported check types:',
      '',
      "              none   Don't calculate an integrity check at all.  This is usually a bad idea.",
      '',
      '              crc32  Calculate CRC32 using the polynomial from IEEE-802.3 (Ethernet).',
      '',
      '              crc64  Calculate CRC64 using the polynomial from ECMA-182.  This is the default.',
      '',
      '              sha256 Calculate SHA-256.  This is somewhat slower than CRC32 and CRC64.',
      '',
      '              Integrity of the .xz headers is always verified with CRC32.',
    ].join('\n');
    const line = `complete -c xz -s C -l check -x -d 'Specify type of integrity check' -a "none crc32 crc64 sha256"`;
    expect(chosen(line, 'xz', { name: 'check', type: 'string', flag: '--check', aliases: ['-C'] }, text)).toEqual(['none', 'crc32', 'crc64', 'sha256']);
  });

  it("when the help's sentence names the placeholder before the list then the list is still exactly fish's (wget's `client certificate type, PEM or DER`)", () => {
    const line = `complete -c wget -f -r -l certificate-type --arguments 'PEM DER' -d "Client certificate type"`;
    const text = '       --certificate-type=TYPE     client certificate type, PEM or DER';
    expect(chosen(line, 'wget', { name: 'certificate-type', type: 'string', flag: '--certificate-type' }, text)).toEqual(['PEM', 'DER']);
  });

  it("when the program writes the values in another case then its spelling is kept (rsync's N|L|B, fish's n l b)", () => {
    const text = '--outbuf=N|L|B           set out buffering to None, Line, or Block';
    // rsync.fish writes `-xa 'N L B'`; the lowercase line stands for a spec that spells them otherwise.
    expect(chosen(`complete -c rsync -l outbuf -xa 'N L B' -d "Set out buffering to None, Line, or Block"`, 'rsync', { name: 'outbuf', type: 'string', flag: '--outbuf' }, text)).toEqual(['N', 'L', 'B']);
    expect(chosen(`complete -c rsync -l outbuf -xa 'n l b'`, 'rsync', { name: 'outbuf', type: 'string', flag: '--outbuf' }, text)).toEqual(['N', 'L', 'B']);
  });

  it("when the program's list holds a value fish's lacks then fish's is a subset: no choices (ls --indicator-style lacks slash, xz --format lacks lzip)", () => {
    const ls = `complete -c ls -l indicator-style -x -a "none classify file-type" -d "Append filetype indicator"`;
    const lsText = ['      --indicator-style=WORD', '                             append indicator with style WORD to entry names:', '                             none (default), slash (-p),', '                             file-type (--file-type), classify (-F)'].join('\n');
    expect(chosen(ls, 'ls', { name: 'indicator-style', type: 'string', flag: '--indicator-style' }, lsText)).toBeUndefined();
    const xz = `complete -c xz -s F -l format -x -d 'Specify file format to compress/decompress' -a "auto xz lzma alone raw"`;
    const xzText = ['       -F format, --format=format', '              Specify the file format to compress or decompress:', '              auto   This is the default.', '              xz     Compress to the .xz file format.', '              lzma, alone', '                     Compress to the legacy .lzma file format.', '              lzip   Accept only .lz files when decompressing.', '              raw    Compress or uncompress a raw stream (no headers).'].join('\n');
    expect(chosen(xz, 'xz', { name: 'format', type: 'string', flag: '--format', aliases: ['-F'] }, xzText)).toBeUndefined();
  });

  it("when the text names fish's values outside any list then nothing confirms the set: no choices (ffmpeg's `-pass n  select the pass number (1 to 3)`)", () => {
    expect(chosen('complete -x -c ffmpeg -o pass -a "1 2 3" -d "Select the pass number"', 'ffmpeg', { name: 'pass', type: 'string', flag: '-pass' }, '-pass n             select the pass number (1 to 3)')).toBeUndefined();
  });

  it('when the value is a list or a repeat of them then one word is too narrow: no choices (git range-diff --diff-filter, fzf --tiebreak)', () => {
    const git = `complete -x -c git -n '__fish_git_using_command diff show range-diff' -l diff-filter -d 'Choose diff filters' -a "A\\t'Added files' C\\t'Copied files' D\\t'Deleted files'\nM\\t'Modified files' R\\t'Renamed files' T\\t'Type changed files' U\\t'Unmerged files' X\\t'Unknown files' B\\t'Broken pairing files'"`;
    const gitText = '    --diff-filter [(A|C|D|M|R|T|U|X|B)...[*]]\n                          select files by diff type';
    const [offered] = fishOptions(git, 'git');
    expect(offered?.values).toEqual(['A', 'C', 'D', 'M', 'R', 'T', 'U', 'X', 'B']);
    expect(withFishChoices({ name: 'diff-filter', type: 'string', flag: '--diff-filter' }, [offered!], gitText).choices).toBeUndefined();
    const fzf = `complete -c fzf -l tiebreak -d 'Sort criteria when breaking ties' -x -a 'length begin end index'`;
    const fzfText = '    --tiebreak=CRI[,..]    Comma-separated list of sort criteria to apply\n                           when the scores are tied [length|chunk|begin|end|index]';
    expect(chosen(fzf, 'fzf', { name: 'tiebreak', type: 'string', flag: '--tiebreak' }, fzfText)).toBeUndefined();
  });

  it("when nothing confirms fish's list closed then its values are examples, shown to the model and not enforced (gcc's -std=<standard>: c89, c99, gnu99…)", async () => {
    const line = `complete -c gcc -o std -d "Standard mode" -x -a '\n\tc89\\t"ISO C90"\n\tc99\\t"ISO C99"\n\tc9x \\t"ISO C99"\n\tgnu99\\t"ISO C99 plus GNU extentions"\n\tc++98\\t"ISO C++98"\n'`;
    const std = withFishChoices({ name: 'std', type: 'string', flag: '-std', valueForm: 'equals' }, fishOptions(line, 'gcc'), '  -std=<standard>          Assume that the input sources are for <standard>.');
    // gcc.fish's `c9x \\t"ISO C99"`: the stray space leaves a description alone, which offers nothing.
    expect(std).toMatchObject({ examples: ['c89', 'c99', 'c9x', 'gnu99', 'c++98'] });
    expect(std.choices).toBeUndefined();
    const { describeOption } = await import('../../../src/schema/describe.js');
    expect(describeOption({ ...std, description: 'Assume that the input sources are for <standard>.' })).toBe('Assume that the input sources are for <standard>. (e.g. c89, c99, c9x, gnu99, c++98)');
    expect(describeOption({ ...std, examples: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toBe('(e.g. a, b, c, d, e, f, …)');
    const { inputSchemaFor } = await import('../../../src/schema/input.js');
    expect(inputSchemaFor({ path: ['gcc'], options: [{ ...std, depth: 0 }], positionals: [] }).safeParse({ flags: { std: 'c2x' } }).success).toBe(true);
  });

  it("when fish computes the values then there are no choices, whatever the text says (systemctl's --type)", () => {
    const line = `complete -f -c systemctl -s t -l type -d 'List of unit types' -xa '(systemctl --type=help --no-legend --no-pager | string match -v "*:")'`;
    const option: OptionSpec = { name: 'type', type: 'string', flag: '--type', aliases: ['-t'] };
    expect(withFishChoices(option, fishOptions(line, 'systemctl'), '  -t --type=TYPE         List units of a particular type')).toBe(option);
  });

  it("when the option already has choices from its help then it keeps them (grep's TYPE is 'binary', 'text', or 'without-match'; fish lists two)", () => {
    const line = `complete -c grep -l binary-files -d "Assume data type for binary files" -x -a "binary\\tBinary\\ format text\\tText\\ format"`;
    const text = "      --binary-files=TYPE   assume that binary files are TYPE;\n                            TYPE is 'binary', 'text', or 'without-match'";
    const option: OptionSpec = { name: 'binary-files', type: 'string', flag: '--binary-files', choices: ['binary', 'text', 'without-match'] };
    expect(withFishChoices(option, fishOptions(line, 'grep'), text)).toBe(option);
  });

  it('when the page types the option a switch or a number then it is left as the page has it (choices are for string values)', () => {
    const line = `complete -c xz -s C -l check -x -a "none crc32"`;
    const option: OptionSpec = { name: 'check', type: 'boolean', flag: '--check' };
    expect(withFishChoices(option, fishOptions(line, 'xz'), '  --check=CHECK  none or crc32')).toBe(option);
  });
});

describe('a fish spec read again', () => {
  it('when a lazy crawl completes one program\'s pages again then its spec is parsed once, and another program\'s spec on its own', () => {
    const script = 'complete -c x -l verbose -d "Say more"\ncomplete -c y -l quiet';
    const first = fishOptions(script, 'x');
    expect(first.map((option) => option.longs)).toEqual([['verbose']]);
    expect(fishOptions(script, 'x')).toBe(first);
    expect(fishOptions(script, 'y').map((option) => option.longs)).toEqual([['quiet']]);
  });
});
