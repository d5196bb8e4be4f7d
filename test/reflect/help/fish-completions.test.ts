import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fishOptions, fishOptionsFor, fishSource, readFishCompletions } from '../../../src/reflect/help/fish-completions.js';
import { fishCommands } from '../../../src/reflect/help/fish-words.js';
import type { HelpPage } from '../../../src/reflect/help/page.js';

const words = (script: string) => fishCommands(script).map((command) => command.map((word) => (word.expands ? `{${word.text}}` : word.text)));

describe('a fish script is split into words as fish reads it', () => {
  it.each([
    ['single and double quotes are removed', `complete -c x -d 'It\\'s "here"' -d "a \\"b\\""`, [['complete', '-c', 'x', '-d', `It's "here"`, '-d', 'a "b"']]],
    ['a backslash before a newline continues the line', 'complete -c x \\\n  -l long', [['complete', '-c', 'x', '-l', 'long']]],
    ['a quoted value may span lines (lz4 writes -a "\\n(…)\\n"; complete evaluates it later, here it is text)', 'complete -c x -a "\n(__fish_complete_suffix .lz4)\n"\ncomplete -c y', [['complete', '-c', 'x', '-a', '\n(__fish_complete_suffix .lz4)\n'], ['complete', '-c', 'y']]],
    ['comments and semicolons end what they should', '# a comment -c x\ncomplete -c x; complete -c y # trailing', [['complete', '-c', 'x'], ['complete', '-c', 'y']]],
    ['a variable or a command substitution expands: its text is fish\'s to compute', 'complete -c $cmd -a (list) -d "$text"', [['complete', '-c', '{$cmd}', '-a', '{(list)}', '-d', '{$text}']]],
    ['single quotes keep $ and parentheses as text', `complete -c x -a '(not run) $x'`, [['complete', '-c', 'x', '-a', '(not run) $x']]],
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

  it('when the spec says nothing of a value but the program\'s text writes one then the option takes it (wget\'s --save-cookies=FILE), a letter\'s in no form the spec does not say (perl\'s -mModule)', () => {
    const options = fishOptions('complete -c x -l save-cookies -d "Save cookies"\ncomplete -c x -s m -x -d "Require module"\ncomplete -c x -l quiet', 'x');
    const text = '  --save-cookies=FILE   save cookies to FILE\n  -[mM][-]module  use a module\n  -m  see above\n  --quiet  Quiet';
    expect(fishOptionsFor(options, [], false, text)).toEqual([
      expect.objectContaining({ name: 'save-cookies', type: 'string' }),
      { name: 'm', type: 'string', flag: '-m', description: 'Require module' },
      expect.objectContaining({ name: 'quiet', type: 'boolean' }),
    ]);
    // A long option's value is the next word, as fish completes it (jq takes `--indent 4`, not `--indent=4`).
    expect(fishOptionsFor(options, [], false, text)[0]).toMatchObject({ valueForm: 'separate' });
  });
});

describe('fish completions complete help pages (a system program whose help leaves options out: jq, wget)', () => {
  const fishInstalled = readFishCompletions('jq') !== undefined && existsSync('/usr/bin/jq');
  if (!fishInstalled) console.warn('\n!!! fish (its completions for jq) or jq is NOT INSTALLED: the system test below is SKIPPED (apt-get install -y fish jq) !!!\n');

  it.skipIf(!fishInstalled)('when jq has fish completions then the options its help leaves out are added, those it lists kept as it lists them', () => {
    const source = fishSource('jq', '/usr/bin/jq');
    const page: HelpPage = { usage: ['jq [options] <jq filter> [file...]'], options: [{ name: 'slurp', type: 'boolean', flag: '--slurp', aliases: ['-s'], description: 'As the help says.' }], globalOptions: [], positionals: [], subcommands: [] };
    // What the program printed of it: the options fish offers are added only where it names them.
    const text = 'Usage: jq [OPTIONS] FILTER [FILES...]\n  -s, --slurp  read all inputs;\n  --seq        use the application/json-seq MIME type;\n  --stream     parse in streaming fashion.\n  --arg name value  set $name to value;';
    const completed = source?.complete(page, [], text);
    expect(completed?.options[0]).toEqual(page.options[0]);
    expect(completed?.options.map((option) => option.name)).toEqual(['slurp', 'seq', 'stream', 'arg']);
    expect(source?.added).toBe(3);
  });

  it.skipIf(!fishInstalled)('when fish offers an option the program\'s own text never names then it is not added (one spec serves every build: date\'s lists BSD\'s -j)', () => {
    const source = fishSource('jq', '/usr/bin/jq');
    const page: HelpPage = { usage: [], options: [], globalOptions: [], positionals: [], subcommands: [] };
    expect(source?.complete(page, [], 'Usage: jq [OPTIONS] FILTER\n  --seq   use json-seq').options.map((option) => option.name)).toEqual(['seq']);
  });

  it('when the program is not a system one then fish is not asked (a ./jq of its own is another program)', () => {
    expect(fishSource('jq', '/home/someone/bin/jq')).toBeUndefined();
  });
});
