import { describe, expect, it } from 'vitest';
import { parseGnu } from '../../../src/reflect/help/gnu.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe('parsing GNU getopt help', () => {
  const ls = parseGnu(helpText('gnu/ls.txt'), { path: ['ls'] });
  const grep = parseGnu(helpText('gnu/grep.txt'), { path: ['grep'] });

  it('when `ls --help` is read then every option is found, named by its long form, short-only ones by their letter', () => {
    const lines = optionLines(ls.options);
    expect(lines).toHaveLength(57);
    expect(lines.slice(0, 10)).toEqual([
      'all: --all boolean',
      'almost-all: --almost-all boolean',
      'author: --author boolean',
      'escape: --escape boolean',
      'block-size: --block-size string',
      'ignore-backups: --ignore-backups boolean',
      'c: -c boolean',
      'C: -C boolean',
      'color: --color string value-optional',
      'directory: --directory boolean',
    ]);
    expect(lines).toEqual(expect.arrayContaining(['width: --width integer', 'tabsize: --tabsize integer', '1: -1 boolean', 'group: (no flag) boolean =true off:--no-group']));
  });

  it('when an option is listed twice (`-p, --indicator-style=slash`) then the first listing wins', () => {
    expect(ls.options.filter((option) => option.name === 'indicator-style')).toHaveLength(1);
    expect(ls.options.find((option) => option.name === 'indicator-style')?.description).toMatch(/^append indicator with style WORD/);
  });

  it('when a description wraps over lines then it is joined, and help/version switches are left out', () => {
    expect(ls.options.find((option) => option.name === 'block-size')?.description).toBe("with -l, scale sizes by SIZE when printing them; e.g., '--block-size=M'; see SIZE format below");
    expect(ls.options.map((option) => option.name)).not.toEqual(expect.arrayContaining(['help']));
    expect(ls.options.map((option) => option.name)).not.toContain('version');
  });

  it('when the usage is `ls [OPTION]... [FILE]...` then FILE is an optional repeated positional and the description follows', () => {
    expect(positionalLines(ls.positionals)).toBe('[file...]');
    expect(ls.description).toBe('List information about the FILEs (the current directory by default).\nSort entries alphabetically if none of -cftuvSUX nor --sort is specified.');
  });

  it("when grep says \"ACTION is 'read', 'recurse', or 'skip'\" then those are the choices", () => {
    expect(optionLines(grep.options)).toEqual(expect.arrayContaining([
      'directories: --directories string {read|recurse|skip}',
      'devices: --devices string {read|skip}',
      'binary-files: --binary-files string {binary|text|without-match}',
      'max-count: --max-count integer',
      'after-context: --after-context integer',
    ]));
  });

  it('when grep lists `--no-ignore-case` apart from `-i, --ignore-case` then they are one option', () => {
    expect(optionLines(grep.options.filter((option) => option.name === 'ignore-case'))).toEqual(['ignore-case: --ignore-case boolean off:--no-ignore-case']);
  });

  it('when a spec wraps after a comma (`--color[=WHEN],` / `--colour[=WHEN]`) then it is one option', () => {
    expect(optionLines(grep.options.filter((option) => /^colou?r$/.test(option.name)))).toEqual(['color: --color string value-optional {always|never|auto}']);
  });

  it('when grep shows `-NUM` (a count written as a flag) then it is not taken for an option', () => {
    expect(grep.options.map((option) => option.flag)).not.toContain('-NUM');
  });

  it('when grep gives an inline "Example:" then it is the example, and PATTERNS a required positional', () => {
    expect(grep.examples).toBe("grep -i 'hello world' menu.h main.c");
    expect(positionalLines(grep.positionals)).toBe('<patterns> [file...]');
  });

  it('when options come right after the usage line with no heading then they are still found', () => {
    const page = parseGnu('Usage: tiny [-q] FILE\n  -q, --quiet   say nothing\n  -n, --lines=N  print N lines\n', { path: ['tiny'] });
    expect(optionLines(page.options)).toEqual(['quiet: --quiet boolean', 'lines: --lines integer']);
  });
});
