/** The oracles' own extractors, on help and man layouts copied from real programs. */
import { describe, expect, it } from 'vitest';
import { buildTools } from '../../src/tool/build-tools.js';
import type { CommandSpec } from '../../src/types.js';
import { optionCoverage } from './oracles/option-coverage.js';
import { documentedOptions, isHelpOrVersion } from './oracles/documented-options.js';
import { helpUsages, manUsages, parseUsage } from './oracles/usage-operands.js';
import { rejectionClass, spellingErrorLines } from './oracles/usage-errors.js';
import { inputFor, saysUnknown, unknownToBuild, valueUndocumented } from './oracles/argv-acceptance.js';
import { answersDiffer, everyAlternativeUnknown, inventedSpelling, joinedValueRefused, joinedValues, movedBeforeCommand, otherSpellings, refusedOtherwise, respelled, unsupportedByBuild, valueBoundAndRefused, valueRefusedInEverySpelling } from './oracles/controls.js';

const spellingsOf = (text: string) => documentedOptions(text).map((doc) => [doc.tokens.join(' '), doc.value]);

describe('documented options', () => {
  it.each([
    ['GNU, short and long', '  -a, --all                  do not ignore entries starting with .', [['-a --all', 'none']]],
    ['GNU, optional value', '      --color[=WHEN]         color the output WHEN', [['--color', 'optional']]],
    ['GNU, value after =', '      --block-size=SIZE      with -l, scale sizes by SIZE', [['--block-size', 'required']]],
    ['long first (rsync)', ' --verbose, -v            increase verbosity', [['--verbose -v', 'none']]],
    ['cobra type word', '      --log-file string   Log file', [['--log-file', 'required']]],
    ['Go flag, single dash long', '  -addr string', [['-addr', 'required']]],
    ['argparse metavars', '  -o OUTPUT, --output OUTPUT', [['-o --output', 'required']]],
    ['click negation pair', '  --color / --no-color   Show colors', [['--color --no-color', 'none']]],
    ['commander angle value', '  -p, --port <port>      port to use', [['-p --port', 'required']]],
    ['yargs type tag', '  -p, --port  Port to use  [number] [default: 8080]', [['-p --port', 'required']]],
    ['negatable in brackets', '  --[no-]color           colour', [['--color --no-color', 'none']]],
    ['two columns (pandoc)', '  -f FORMAT, -r FORMAT  --from=FORMAT, --read=FORMAT', [['-f -r', 'required'], ['--from --read', 'required']]],
    ['two entries a line (zip)', '  -d   delete entries in zipfile       -m   move into zipfile (delete OS files)', [['-d', 'none'], ['-m', 'none']]],
    ['a note in parentheses (ffmpeg man)', '       -y (global)', [['-y', 'none']]],
    ['man find primary', '       -name pattern', [['-name', 'required']]],
    ['a switch with its default (kubectl)', '    --save-config=false:', [['--save-config', 'none']]],
  ])('when a line is written %s then its spellings and value form are read', (_layout, line, expected) => {
    expect(spellingsOf(line)).toEqual(expected);
  });

  it('when a line is prose that starts with an option then it is not an entry', () => {
    expect(spellingsOf('       --foo is used when nothing else is given, and the default applies')).toEqual([]);
    expect(spellingsOf('  -1 means unlimited')).toEqual([]);
  });

  it('when a wrapped man line starts with an option and ends a sentence (`--recursive).`, `--backup without --backup-dir.`) then it is not an entry', () => {
    expect(spellingsOf('              --recursive).\n              --backup without --backup-dir.')).toEqual([]);
  });

  it('when a man page lists a command with its words under COMMANDS (gpg\'s `--delete-keys name`) then the words are operands, not a value', () => {
    expect(spellingsOf('COMMANDS\n       --delete-keys name\n              Remove key from the public keyring.\nOPTIONS\n       --output file\n              Write output to file.')).toEqual([['--delete-keys', 'none'], ['--output', 'required']]);
  });

  it('when placeholders follow dashes (-NUM, --no-OPTION) then they are not options', () => {
    expect(spellingsOf('  -NUM                    same as --lines=NUM\n  --no-OPTION    turn off an implied OPTION')).toEqual([]);
  });

  it('when a man page lists values or hyphenates a word at a line break then those are not options', () => {
    expect(spellingsOf('       -1.25   -0.75\n       -4w:+4w   valid from four weeks ago\n       see --re\u2010')).toEqual([]);
  });

  it('when a man entry says on the line below that it prints the version then it is left out', () => {
    const [version] = documentedOptions('       -V\n              Print the version number and exit.');
    expect(isHelpOrVersion(version!)).toBe(true);
  });

  it('when an entry is a help or version switch then the oracle leaves it out, and -v for verbose stays', () => {
    const [help, version, verbose, human] = documentedOptions('  -h, --help     display this help\n  -V             print version\n  -v             verbose output\n  -h             human-readable sizes');
    expect([help, version, verbose].map((doc) => isHelpOrVersion(doc!))).toEqual([true, true, false]);
    expect(human).toBeUndefined(); // merged with the first -h by spelling
  });
});

describe('usage operands', () => {
  const none = new Set<string>();
  it.each([
    ['GNU repeat', 'ls [OPTION]... [FILE]...', 1, true],
    ['two operands', 'cp [OPTION]... [-T] SOURCE DEST', 2, false],
    ['bare words with colons (rclone)', 'rclone copy source:path dest:path [flags]', 3, false],
    ['words in brackets (zip)', 'zip [-options] [-b path] [zipfile list] [-xi list]', 2, false],
    ['an option and its value are not operands', 'rg [OPTIONS] -e PATTERN ... [PATH ...]', 1, true],
    ['yargs repeat with two dots', 'mocha [spec..]', 1, true],
    ['cac rest with leading dots', 'vitest [...filters]', 1, true],
    ['alternatives count once (browse is no command here)', 'gh browse [<number> | <path>] [flags]', 2, false],
    ['plural in parentheses', 'readelf <option(s)> elf-file(s)', 1, true],
    ['placeholders ending in options', 'pg_dump [connection-option...] [option...] [dbname]', 1, false],
    ['a described operand', 'bzip2 [flags and input files in any order]', 1, true],
    ['a note in parentheses', 'markdown_py [options] [INPUTFILE] (STDIN is assumed if no INPUTFILE is given)', 1, false],
    ['a description after a colon', 'sponge [-a] <file>: soak up all input from stdin and write it to <file>', 1, false],
    ['an optional suffix glued to a word', 'degit <src>[#ref] [<dest>] [options]', 2, false],
  ])('when the usage is %s then its operands are counted', (_shape, usage, count, unbounded) => {
    const parsed = parseUsage(usage, none);
    expect([parsed.count, parsed.unbounded]).toEqual([count, unbounded]);
  });

  it('when the words after the program spell a command then they are the command path, not operands', () => {
    const parsed = parseUsage('rclone copy source:path dest:path [flags]', new Set(['copy']));
    expect([parsed.words, parsed.count]).toEqual([['copy'], 2]);
  });

  it('when a usage names a command placeholder then it dispatches and names no operand', () => {
    expect(parseUsage('git [--version] <command> [<args>]', none).dispatch).toBe(true);
    expect(parseUsage('pre-commit [-h] {autoupdate,clean,run}', new Set(['run'])).dispatch).toBe(true);
  });

  it('when options stand before the command words then the words are still the command path', () => {
    const parsed = parseUsage('gresource [--section SECTION] list FILE [PATH]', new Set(['list']));
    expect([parsed.words, parsed.count]).toEqual([['list'], 2]);
  });

  it('when a line starting with the program name is a sentence then it is prose, not a usage', () => {
    expect(parseUsage('jc converts the output of many commands to JSON', none).prose).toBe(true);
    expect(parseUsage('lnstat Version 6.1.0', none).prose).toBe(true);
  });

  it('when help has or: lines and wrapped lines then each usage is read whole', () => {
    const help = 'Usage: cp [OPTION]... [-T] SOURCE DEST\n  or:  cp [OPTION]... SOURCE... DIRECTORY\nCopy SOURCE to DEST.\n\nusage: ssh [-46AaC] [-B bind_interface]\n           destination [command [argument ...]]';
    expect(helpUsages(help, ['cp', 'ssh'])).toEqual(['cp [OPTION]... [-T] SOURCE DEST', 'cp [OPTION]... SOURCE... DIRECTORY', 'ssh [-46AaC] [-B bind_interface] destination [command [argument ...]]']);
  });

  it("when one line joins two usages with `or` before the program's name (rolldown) then each is read apart; an `or` inside one stays", () => {
    expect(helpUsages('Usage: rolldown -c <config> or rolldown <input> <options>\n', ['rolldown'])).toEqual(['rolldown -c <config>', 'rolldown <input> <options>']);
    expect(helpUsages('Usage: pick [a or b] FILE\n', ['pick'])).toEqual(['pick [a or b] FILE']);
  });

  it('when citty writes USAGE in capitals with the usage on its line then it is read', () => {
    expect(helpUsages('Download templates\n\nUSAGE giget [OPTIONS] <TEMPLATE> [DIR]\n\nARGUMENTS\n', ['giget'])).toEqual(['giget [OPTIONS] <TEMPLATE> [DIR]']);
  });

  it("when a man SYNOPSIS lists other programs' usages then only the program's own are kept", () => {
    const man = 'NAME\n       dot - filter\n\nSYNOPSIS\n       dot [-(G|N|E)name=value] [files]\n       neato [-(G|N|E)name=value]\n             [files]\n\nDESCRIPTION\n';
    expect(manUsages(man, ['dot'])).toEqual(['dot [-(G|N|E)name=value] [files]']);
  });
});

describe('usage errors', () => {
  it.each([
    ['getopt short', "ls: invalid option -- 'q'", ['-q']],
    ['getopt long', "tar: option '--exclude-caches-under' doesn't allow an argument", ['--exclude-caches-under']],
    ['ffmpeg attached', "Unrecognized option 'loglevel=error'.", ['-loglevel']],
    ['pflag', 'Error: unknown flag: --repo', ['--repo']],
    ['meow on two lines', 'Unknown flag\n--wide', ['--wide']],
    ['argparse', 'error: argument --format: expected one argument', ['--format']],
  ])('when the program answers %s then the line naming the option is found', (_parser, output, spellings) => {
    expect(spellingErrorLines(output, spellings)).toHaveLength(1);
  });

  it('when a documented option, sent in its one documented spelling, is unknown to the program then it is set apart from the rejections, and only then', () => {
    const quiet = { name: 'quiet', type: 'boolean', flag: '--quiet', depth: 0 } as const;
    const documented = new Set(['--quiet', '--lint', '-n', '--nosymlinks']);
    expect(unknownToBuild(quiet, ['--quiet', 'wide-operand'], "readelf: unrecognized option '--quiet'", documented)).toBe(true);
    // A value missing is cli-mcp's typing, not the build's; an undocumented flag is cli-mcp's reading; another documented spelling might work.
    expect(unknownToBuild({ ...quiet, type: 'string' }, ['--quiet'], "option '--quiet' requires an argument", documented)).toBe(false);
    expect(unknownToBuild(quiet, ['--quiet'], "unrecognized option '--quiet'", new Set(['--lint']))).toBe(false);
    expect(unknownToBuild({ ...quiet, name: 'nosymlinks', flag: '--nosymlinks', aliases: ['-n'] }, ['--nosymlinks'], "unrecognized option '--nosymlinks'", documented)).toBe(false);
    // A letter getopt calls invalid may be read out of place; an option that needs another is no unknown one.
    expect(unknownToBuild({ ...quiet, name: 's', flag: '-s' }, ['-s'], "jo: invalid option -- 's'", new Set(['-s']))).toBe(false);
    expect(unknownToBuild({ ...quiet, name: 'race', flag: '--race' }, ['--race'], 'ERROR: Invalid Option: --race (without parallel)', new Set(['--race']))).toBe(false);
  });

  it("when a program words an unknown option `invalid option` (GnuPG's kbxutil) then that says unknown once the controls blamed nothing else (npm-run-all words `--race (without parallel)` so); a value's complaint never does", () => {
    expect(saysUnknown('invalid option "--quiet"')).toBe(false);
    expect(saysUnknown('invalid option "--quiet"', true)).toBe(true);
    expect(saysUnknown("unrecognized option '--quiet'")).toBe(true);
    expect(saysUnknown('Invalid option value: --install wide-value', true)).toBe(false);
    expect(saysUnknown('invalid option argument for --x', true)).toBe(false);
  });

  it('when the complaint is about the value or names another option then it is not a spelling error of this one', () => {
    expect(spellingErrorLines("ls: invalid argument 'x' for '--color'", ['--color'])).toEqual([]);
    expect(spellingErrorLines('objdump: unrecognized argument to --disassembler-color: cause of error unknown', ['--disassembler-color'])).toEqual([]);
    expect(spellingErrorLines('error: unknown option --other', ['--wide'])).toEqual([]);
    expect(spellingErrorLines('Invalid option value: --install wide-value. Valid values are: always, never, prompt.', ['--install'])).toEqual([]);
    expect(spellingErrorLines('ctags: Warning: Unsupported parameter \'w\' for "extras" option', ['--extras'])).toEqual([]);
  });

  it('when a control call spells the option otherwise then the word holding it changes, in the option\'s own shape', () => {
    expect(inventedSpelling('--pset', new Set())).toBe('--wide-unknown');
    expect(inventedSpelling('-std', new Set())).toBe('-wideunknown');
    expect(inventedSpelling('-D', new Set(['-Q', '-J']))).toBe('-K');
    expect(respelled(['--pset=wide-value', 'x'], '--pset', '--wide-unknown')).toEqual(['--wide-unknown=wide-value', 'x']);
    expect(respelled(['--bits-per-code=1'], '--bits-per-code', '-b')).toEqual(['-b', '1']);
    expect(respelled(['-D', 'wide-value'], '-D', '-Q')).toEqual(['-Q', 'wide-value']);
  });

  it.each([
    ['gcc suggests the option itself with another value', "gcc: error: unrecognized command-line option ‘-std=wide-value’; did you mean ‘-std=f95’?", "gcc: error: unrecognized command-line option ‘-wideunknown=wide-value’", '-std', '-wideunknown', true],
    ['valgrind names the value', 'valgrind: Bad option: --sim-hints=wide-value\nvalgrind: wide-value is an invalid sim-hints set', 'valgrind: Unknown option: --wide-unknown=wide-value', '--sim-hints', '--wide-unknown', true],
    ['npm-run-all names the companion', 'ERROR: Invalid Option: --race (without parallel)', 'ERROR: Invalid Option: --wide-unknown', '--race', '--wide-unknown', true],
    ['getopt answers both alike, its usage naming the option', "jo: invalid option -- 's'\nUsage: jo [-a] [--] [-s|-b] [word...]", "jo: invalid option -- 'Q'\nUsage: jo [-a] [--] [-s|-b] [word...]", '-s', '-Q', false],
    ['bpaf answers both alike', 'Error: `--severity` is not expected in this context', 'Error: `--wide-unknown` is not expected in this context', '--severity', '--wide-unknown', false],
    ['a suggestion of another option is a misspelling', "unknown option '--colour'; did you mean '--color'?", "unknown option '--wide-unknown'", '--colour', '--wide-unknown', false],
    ['numbers differ only', 'error 4711: unknown option --x', 'error 4712: unknown option --wide-unknown', '--x', '--wide-unknown', false],
  ])('when %s then its answers say whether it knows the spelling', (_case, ours, invented, spelling, fake, known) => {
    expect(answersDiffer(ours, invented, spelling, fake)).toBe(known);
  });

  it.each([
    ['blames another option', 'ERROR: Invalid Option: --race (without parallel)', 'ERROR: Invalid Option: --wide-unknown', ['--race'], undefined, true],
    ['blames the value made up', 'valgrind: Bad option: --sim-hints=wide-value\nvalgrind: wide-value is an invalid sim-hints set', 'valgrind: Unknown option: --wide-unknown=wide-value', ['--sim-hints=wide-value'], 'wide-value', true],
    ['shows the parent command\'s usage (a root option placed after a subcommand)', "error: unexpected argument '--parallel' found\n\nUsage: pnpm [OPTIONS] <COMMAND>", "error: unexpected argument '--wide-unknown' found\n\nUsage: pnpm access [OPTIONS]", ['--parallel'], undefined, false],
    ['hands the value it does not take to another program that names it (fzf-tmux -w)', 'unknown option: wide-value', 'unknown option: -Q', ['-w', 'wide-value'], 'wide-value', true],
    ['took the next word as its value (a switch that takes one)', 'gcc: error: unrecognized command-line option ‘--param=wide-operand’', 'gcc: error: unrecognized command-line option ‘--wide-unknown’', ['--param', 'wide-operand'], undefined, false],
  ])('when the program answers an invented spelling otherwise and %s then the rejection is put elsewhere only if it blames the value or another option', async (_case, ours, invented, argv, value, refused) => {
    const spelling = argv[0]!.split('=')[0]!;
    const run = async (args: readonly string[]) => (args.includes(spelling) || args.some((word) => word.startsWith(`${spelling}=`)) ? ours : invented);
    const companions = ['parallel', 'max-parallel'].filter((name) => `--${name}` !== spelling);
    expect(await refusedOtherwise(run, { argv, spelling, taken: new Set([spelling]), companions, ...(value ? { value } : {}) })).toBe(refused);
  });

  it('when every other documented spelling is unknown too then the documentation describes another build, and not when one works', async () => {
    // shar's man page documents `-Z, --compress`, which this build dropped; namei's `--nosymlinks` fails where `-n` works.
    const shar = async (args: readonly string[]) => `/usr/bin/shar: illegal option -- ${args[0]!.replace(/^-+/, '')}`;
    expect(await everyAlternativeUnknown(shar, otherSpellings(['--compress'], '--compress', ['-Z']))).toBe(true);
    const namei = async (args: readonly string[]) => (args[0] === '-n' ? 'f: /\n d /' : "namei: unrecognized option '--nosymlinks'");
    expect(await everyAlternativeUnknown(namei, otherSpellings(['--nosymlinks', '/'], '--nosymlinks', ['-n']))).toBe(false);
    // Sent with its value after `=`, as shar's man page writes `--bits-per-code=bits`, it is still the spelling documented.
    const bits = { name: 'bits-per-code', type: 'number', flag: '--bits-per-code', depth: 0 } as const;
    expect(unknownToBuild(bits, ['--bits-per-code=1'], '/usr/bin/shar: illegal option -- bits-per-code', new Set(['--bits-per-code']))).toBe(true);
    // gcc names the whole word, value on: it may not know the value, not the option.
    const std = { name: 'std', type: 'string', flag: '-std', depth: 0 } as const;
    expect(unknownToBuild(std, ['-std=wide-value'], 'gcc: error: unrecognized command-line option ‘-std=wide-value’', new Set(['-std']))).toBe(false);
    // Unless the page joins the value on so (cpp's `-std=<standard>`): the word is the page's, only the value was cli-mcp's.
    expect(unknownToBuild({ ...std, syntax: '-std=<standard>' }, ['-std=wide-value'], 'cpp: error: unrecognized command-line option ‘-std=wide-value’', new Set(['-std']))).toBe(true);
    expect(unknownToBuild({ ...std, syntax: '-std <standard>' }, ['-std=wide-value'], 'cpp: error: unrecognized command-line option ‘-std=wide-value’', new Set(['-std']))).toBe(false);
  });

  it('when a value joined on is called unknown with it, and the option sent alone is said to need a value where an invented one is not (oxlint\'s bpaf) then the program knows it and refused the value; not when alone it is unknown too', async () => {
    const rejected = { argv: ['--severity=wide-value'], spelling: '--severity', taken: new Set(['--severity']), companions: [], value: 'wide-value' };
    const bpaf = async (args: readonly string[]) => (args[0] === '--severity' ? 'Error: `--severity` requires an argument `SEVERITY`' : `Error: \`${args[0]!.split('=')[0]}\` is not expected in this context`);
    expect(await joinedValueRefused(bpaf, rejected)).toBe(true);
    const unknownAlone = async (args: readonly string[]) => `Error: \`${args[0]!.split('=')[0]}\` is not expected in this context`;
    expect(await joinedValueRefused(unknownAlone, rejected)).toBe(false);
    expect(await joinedValueRefused(bpaf, { ...rejected, argv: ['--severity', 'wide-value'] })).toBe(false);
  });

  it('when the option is unknown before the command\'s words too (pnpm documents --parallel for access and takes it in neither place) then no place cli-mcp could choose works, and not when one does', async () => {
    expect(movedBeforeCommand(['ps', '--debug'], '--debug', ['ps'])?.argv).toEqual(['--debug', 'ps']);
    expect(movedBeforeCommand(['access', '--registry', 'wide-value', 'x'], '--registry', ['access'], 'wide-value')?.argv).toEqual(['--registry', 'wide-value', 'access', 'x']);
    expect(movedBeforeCommand(['--debug'], '--debug', [])).toBeUndefined();
    const pnpm = async () => "error: unexpected argument '--parallel' found\n\nUsage: pnpm [OPTIONS] <COMMAND>";
    expect(await everyAlternativeUnknown(pnpm, [movedBeforeCommand(['access', '--parallel'], '--parallel', ['access'])!])).toBe(true);
    const docker = async (args: readonly string[]) => (args[0] === '--debug' ? 'CONTAINER ID   IMAGE' : 'unknown flag: --debug');
    expect(await everyAlternativeUnknown(docker, [movedBeforeCommand(['ps', '--debug'], '--debug', ['ps'])!])).toBe(false);
  });

  it('when the program calls the option unsupported and an invented one illegal (lsof\'s -D, a build-time choice) then its build lacks it, and not when both are unsupported', async () => {
    const rejected = { argv: ['-D', 'wide-value'], spelling: '-D', taken: new Set(['-D']), companions: [] };
    const lsof = async (args: readonly string[]) => (args[0] === '-D' ? 'lsof: unsupported option: -D' : `lsof: illegal option character: ${args[0]!.slice(1)}`);
    expect(await unsupportedByBuild(lsof, rejected, 'lsof: unsupported option: -D')).toBe(true);
    const vague = async (args: readonly string[]) => `unsupported option: ${args[0]}`;
    expect(await unsupportedByBuild(vague, rejected, 'unsupported option: -D')).toBe(false);
  });

  it('when a switch, as every page writes it, is answered that it needs a value (appstreamcli\'s --cachepath in GLib help) then no page documents the value; not when one does', () => {
    const cachepath = { name: 'cachepath', type: 'boolean', flag: '--cachepath', depth: 1 } as const;
    const documented = new Set(['--cachepath', '--format']);
    expect(valueUndocumented(cachepath, '--cachepath', 'Missing argument for --cachepath', documented, new Set())).toBe(true);
    // A page that shows the value makes the switch cli-mcp's mistake; an unknown spelling is no missing value.
    expect(valueUndocumented(cachepath, '--cachepath', 'Missing argument for --cachepath', documented, new Set(['--cachepath']))).toBe(false);
    expect(valueUndocumented(cachepath, '--cachepath', 'Unknown option --cachepath', documented, new Set())).toBe(false);
    expect(valueUndocumented({ ...cachepath, type: 'string' }, '--cachepath', 'Missing argument for --cachepath', documented, new Set())).toBe(false);
    // A count of one is that switch too (appstreamcli's `--source`, "may be specified multiple times"); a switch sent alone and refused for the value its parser gave it is one (vitest's `--expect`).
    expect(valueUndocumented({ ...cachepath, name: 'source', flag: '--source', type: 'integer', count: true }, '--source', 'Missing argument for --source', new Set(['--source']), new Set())).toBe(true);
    const expectOption = { name: 'expect', type: 'boolean', flag: '--expect', depth: 0 } as const;
    expect(valueUndocumented(expectOption, '--expect', 'TypeError: Unexpected value for --expect: true. If you need to configure expect options, use --expect.{name}=<value> syntax', new Set(['--expect']), new Set())).toBe(true);
    expect(valueUndocumented(expectOption, '--expect', "option '--expect' doesn't allow an argument: --expect=x", new Set(['--expect']), new Set())).toBe(false);
  });

  it('when a value sent is said to be missing and neither `=value` nor a glued value is taken, while an invented option is answered otherwise (identify\'s -log, which wants a %) then the value was refused; not when a joined spelling is taken', async () => {
    expect(joinedValues(['-log', 'wide-value', 'x'], '-log', 'wide-value')).toEqual([['-log=wide-value', 'x'], ['-logwide-value', 'x']]);
    const rejected = { argv: ['-log', 'wide-value', 'x'], spelling: '-log', taken: new Set(['-log']), companions: [], value: 'wide-value' };
    const identify = async (args: readonly string[]) => (args[0] === '-log' ? "identify: option requires an argument `-log'" : `identify: unrecognized option \`${args[0]}'`);
    expect(await valueRefusedInEverySpelling(identify, rejected)).toBe(true);
    const wantsEquals = async (args: readonly string[]) => (args[0] === '-log=wide-value' ? '' : args[0] === '-log' ? "option requires an argument '-log'" : `unrecognized option '${args[0]}'`);
    expect(await valueRefusedInEverySpelling(wantsEquals, rejected)).toBe(false);
  });

  it('when the value sent as its own word comes back joined to the option (vitest\'s `Unexpected value "--silent=wide-value"`) then the parser bound it, and its content was refused', () => {
    const vitest = 'TypeError: Unexpected value "--silent=wide-value". Use "--silent=true wide-value" instead.';
    expect(valueBoundAndRefused(['--silent', 'wide-value'], '--silent', 'wide-value', vitest)).toBe(true);
    // Sent joined, the answer proves nothing: a switch given a value is refused in the same words.
    expect(valueBoundAndRefused(['--silent=wide-value'], '--silent', 'wide-value', vitest)).toBe(false);
    expect(valueBoundAndRefused(['--silent', 'wide-value'], '--silent', 'wide-value', "error: unknown option '--silent'")).toBe(false);
  });

  it('when an option is a word among the operands (jo\'s -s) then the oracle calls it as its description says: in args, before an operand', () => {
    const [jo] = buildTools({ name: 'jo', runnable: true, subcommands: [], positionals: [{ name: 'word', type: 'string', required: false, variadic: true }], options: [{ name: 's', type: 'boolean', flag: '-s', amongOperands: true }] });
    expect(inputFor(jo!, jo!.command.options[0]!)).toEqual({ flags: {}, args: ['-s', 'wide-operand'] });
  });

  it('when rejections are classed then a missing value, a value not allowed and an unknown spelling differ', () => {
    expect(rejectionClass("option '--x' requires an argument")).toMatch(/^value missing/);
    expect(rejectionClass("option '--x' doesn't allow an argument")).toMatch(/^value not allowed/);
    expect(rejectionClass("Unrecognized option 'x=1'")).toMatch(/^unknown option/);
  });
});

describe('option coverage', () => {
  const spec: CommandSpec = { name: 'bc', runnable: true, positionals: [], subcommands: [], options: [{ name: 'interactive', type: 'boolean', flag: '--interactive', aliases: ['-i'] }] };
  const tools = buildTools(spec);

  it('when help writes the spellings of one option as two entries and the man page as one then it is one option, covered', () => {
    const pages = [
      { kind: 'help' as const, words: [], how: 'bc --help', text: '  -i  --interactive  force interactive mode' },
      { kind: 'man' as const, words: [], how: 'man bc', text: '       -i, --interactive\n              Force interactive mode.' },
    ];
    expect(optionCoverage(pages, tools)).toMatchObject({ documented: 1, covered: 1, missing: [] });
  });

  it('when a page documents an option no tool has then it is missing, with the page that documents it', () => {
    const pages = [{ kind: 'man' as const, words: [], how: 'man bc', text: '       -l, --mathlib\n              Define the standard math library.' }];
    expect(optionCoverage(pages, tools).missing).toEqual([{ tokens: ['-l', '--mathlib'], page: 'man bc', line: '-l, --mathlib' }]);
  });
});
