import { describe, expect, it } from 'vitest';
import { wantsManual, withManualOptions } from '../../../src/reflect/help/git-manual.js';
import { parseGit } from '../../../src/reflect/help/git.js';
import { splitManEntry } from '../../../src/reflect/help/man-entries.js';
import { helpText, optionLines } from './summary.js';

describe('splitting man-page option entries', () => {
  it.each([
    ['--since=<date>, --after=<date>', ['--since=<date>', '--after=<date>']],
    ['--pretty[=<format>], --format=<format>', ['--pretty[=<format>]', '--format=<format>']],
    ['--[no-]mailmap, --[no-]use-mailmap', ['--[no-]mailmap', '--[no-]use-mailmap']],
    ['--min-parents=<number>, --max-parents=<number>, --no-min-parents, --no-max-parents', ['--min-parents=<number>, --no-min-parents', '--max-parents=<number>, --no-max-parents']],
    ['-<number>, -n <number>, --max-count=<number>', ['-n <number>, --max-count=<number>']],
    ['-p, -u, --patch', ['-p, -u, --patch']],
    ['--no-decorate, --decorate[=short|full|auto|no]', ['--no-decorate, --decorate[=short|full|auto|no]']],
    ['--expand-tabs=<n>, --expand-tabs, --no-expand-tabs', ['--expand-tabs[=<n>], --no-expand-tabs']],
    ['-X[<param1,param2,...>], --dirstat[=<param1,param2,...>]', ['-X[<param1,param2,...>], --dirstat[=<param1,param2,...>]']],
  ])('when an entry reads `%s` then each long name gets an entry, shorts staying with the first', (spec, expected) => {
    expect(splitManEntry({ spec, description: 'text' }).map((entry) => entry.spec)).toEqual(expected);
  });

  it('when an entry is split then every part keeps the description', () => {
    expect(splitManEntry({ spec: '--left-only, --right-only', description: 'List only commits on the respective side' })).toEqual([
      { spec: '--left-only', description: 'List only commits on the respective side' },
      { spec: '--right-only', description: 'List only commits on the respective side' },
    ]);
  });
});

describe('parsing `git help --man log` (real git 2.39)', () => {
  const log = parseGit(helpText('git/git-help-man-log.txt'), { path: ['git', 'log'] });
  const line = (name: string) => optionLines(log.options.filter((option) => option.name === name))[0];

  it('when the man page is read then NAME gives the description and SYNOPSIS the usage', () => {
    expect(log.description).toBe('Show commit logs');
    expect(log.usage).toEqual(['git log [<options>] [<revision-range>] [[--] <path>...]']);
  });

  it('when options are listed under OPTIONS and its subheadings then the ones people use are typed from their placeholders', () => {
    expect(line('max-count')).toBe('max-count: --max-count integer');
    expect(line('skip')).toBe('skip: --skip integer');
    expect(line('since')).toBe('since: --since string');
    expect(line('after')).toBe('after: --after string');
    expect(line('author')).toBe('author: --author string');
    expect(line('oneline')).toBe('oneline: --oneline boolean');
    expect(line('graph')).toBe('graph: --graph boolean');
    expect(line('merges')).toBe('merges: --merges boolean off:--no-merges');
    expect(line('expand-tabs')).toBe('expand-tabs: --expand-tabs integer value-optional off:--no-expand-tabs');
  });

  it('when --pretty and --format share an entry whose prose lists formats and leaves the list open then both take any value', () => {
    expect(line('pretty')).toBe('pretty: --pretty string value-optional');
    expect(line('format')).toBe('format: --format string');
  });

  it('when diff options are listed under DIFF FORMATTING then they are read too', () => {
    expect(line('patch')).toBe('patch: --patch boolean off:--no-patch');
    expect(line('stat')).toBe('stat: --stat string value-optional');
    expect(line('name-only')).toBe('name-only: --name-only boolean');
    expect(line('color')).toBe('color: --color string value-optional {always|never|auto}');
  });

  it('when the whole page is read then about 160 options come out, each name once', () => {
    const names = log.options.map((option) => option.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(150);
  });
});

describe('parsing `git help --man show` (real git 2.39)', () => {
  const show = parseGit(helpText('git/git-help-man-show.txt'), { path: ['git', 'show'] });

  it('when the man page is read then the formatting and diff options are there', () => {
    expect(show.description).toBe('Show various types of objects');
    expect(optionLines(show.options)).toEqual(expect.arrayContaining([
      'format: --format string',
      'oneline: --oneline boolean',
      'stat: --stat string value-optional',
      'patch: --patch boolean off:--no-patch',
      'name-status: --name-status boolean',
    ]));
  });
});

describe('adding the man page to the `-h` page', () => {
  const short = parseGit(helpText('git/git-log.txt'), { path: ['git', 'log'] });
  const manual = parseGit(helpText('git/git-help-man-log.txt'), { path: ['git', 'log'] });
  const merged = withManualOptions(short, manual.options);

  it('when both list an option then the `-h` page wins, and its options keep their order in front', () => {
    expect(optionLines(merged.options.slice(0, short.options.length))).toEqual(optionLines(short.options));
    expect(optionLines(merged.options.filter((option) => option.name === 'decorate'))).toEqual(['decorate: --decorate string value-optional']);
  });

  it('when only the man page lists an option then it is added, its source named (the manifest keeps it for a curator)', () => {
    expect(merged.options.map((option) => option.name)).toEqual(expect.arrayContaining(['max-count', 'format', 'oneline', 'stat', 'since', 'author', 'patch', 'graph']));
    expect(merged.options.find((option) => option.name === 'graph')?.source).toBe('man page');
    expect(merged.options.find((option) => option.name === 'decorate')?.source).toBeUndefined();
    expect(merged.usage).toEqual(short.usage);
    expect(merged.positionals).toEqual(short.positionals);
  });

  it('when a command has subcommands or is itself one then its man page is not read', () => {
    const remote = parseGit(helpText('git/git-remote.txt'), { path: ['git', 'remote'] });
    expect(wantsManual(['log'], short)).toBe(true);
    expect(wantsManual(['remote'], remote)).toBe(false);
    expect(wantsManual(['remote', 'add'], short)).toBe(false);
  });
});
