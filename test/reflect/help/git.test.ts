import { describe, expect, it } from 'vitest';
import { parseGit } from '../../../src/reflect/help/git.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe('parsing `git --help`', () => {
  const git = parseGit(helpText('git/git.txt'), { path: ['git'] });

  it('when commands are grouped under prose headings then every listed command is a subcommand, with its summary', () => {
    expect(git.subcommands.map((entry) => entry.name)).toEqual([
      'clone', 'init', 'add', 'mv', 'restore', 'rm', 'bisect', 'diff', 'grep', 'log', 'show',
      'status', 'branch', 'commit', 'merge', 'rebase', 'reset', 'switch', 'tag', 'fetch', 'pull', 'push',
    ]);
    expect(git.subcommands[0]?.description).toBe('Clone a repository into a new directory');
  });

  it('when the options exist only in the usage line then they are read from it, as options every command takes', () => {
    expect(git.options).toEqual([]);
    expect(optionLines(git.globalOptions)).toEqual([
      'C: -C string',
      'c: -c string',
      'exec-path: --exec-path string value-optional',
      'html-path: --html-path boolean',
      'man-path: --man-path boolean',
      'info-path: --info-path boolean',
      'p: -p boolean',
      'paginate: --paginate boolean',
      'P: -P boolean',
      'pager: (no flag) boolean =true off:--no-pager',
      'replace-objects: (no flag) boolean =true off:--no-replace-objects',
      'bare: --bare boolean',
      'git-dir: --git-dir string',
      'work-tree: --work-tree string',
      'namespace: --namespace string',
      'super-prefix: --super-prefix string',
      'config-env: --config-env string',
    ]);
    expect(git.positionals).toEqual([]);
  });
});

describe('parsing `git <command> -h`', () => {
  it('when options sit under no heading and under "… options" headings then all are read', () => {
    const commit = parseGit(helpText('git/git-commit.txt'), { path: ['git', 'commit'] });
    const lines = optionLines(commit.options);
    expect(lines).toHaveLength(36);
    expect(lines.slice(0, 3)).toEqual(['quiet: --quiet boolean', 'verbose: --verbose boolean', 'file: --file string']);
    expect(lines).toEqual(expect.arrayContaining([
      'message: --message string',
      'gpg-sign: --gpg-sign string value-optional',
      'verify: (no flag) boolean =true off:--no-verify',
      'untracked-files: --untracked-files string value-optional ="all"',
    ]));
    expect(commit.options.find((option) => option.name === 'message')?.description).toBe('commit message');
    expect(positionalLines(commit.positionals)).toBe('[pathspec...]');
  });

  it("when `git log -h` also prints `git show`'s usage then only git log's form is read", () => {
    const log = parseGit(helpText('git/git-log.txt'), { path: ['git', 'log'] });
    expect(log.usage).toEqual(['git log [<options>] [<revision-range>] [[--] <path>...]']);
    expect(positionalLines(log.positionals)).toBe('[revision-range] [path...]');
    expect(optionLines(log.options)).toEqual([
      'quiet: --quiet boolean',
      'source: --source boolean',
      'use-mailmap: --use-mailmap boolean',
      'mailmap: --mailmap boolean',
      'clear-decorations: --clear-decorations boolean',
      'decorate-refs: --decorate-refs string',
      'decorate-refs-exclude: --decorate-refs-exclude string',
      'decorate: --decorate string value-optional',
      'L: -L string',
    ]);
    expect(log.description).toBeUndefined();
  });

  it('when usage forms name subcommands (`or: git remote add …`) then they become subcommands carrying their usage', () => {
    const remote = parseGit(helpText('git/git-remote.txt'), { path: ['git', 'remote'] });
    expect(remote.usage).toEqual(['git remote [-v | --verbose]']);
    expect(remote.subcommands.map((entry) => entry.name)).toEqual(['add', 'rename', 'remove', 'set-head', 'show', 'prune', 'update', 'set-branches', 'get-url', 'set-url']);
    const add = parseGit(`usage: ${remote.subcommands[0]?.usage ?? ''}\n`, { path: ['git', 'remote', 'add'] });
    expect(positionalLines(add.positionals)).toBe('<name> <url>');
    expect(optionLines(add.options)).toEqual(['t: -t string', 'm: -m string', 'f: -f boolean', 'tags: --tags boolean off:--no-tags', 'mirror: --mirror string {fetch|push}']);
  });

  it('when newer git prints `--[no-]x` then the option gets its negation', () => {
    const text = ['usage: git commit [<options>] [--] <pathspec>...', '', '    -q, --[no-]quiet      suppress summary', '    -v, --[no-]verbose    show diff'].join('\n');
    expect(optionLines(parseGit(text, { path: ['git', 'commit'] }).options)).toEqual([
      'quiet: --quiet boolean off:--no-quiet',
      'verbose: --verbose boolean off:--no-verbose',
    ]);
  });
});

describe('parsing `git help <command>` (the manual page)', () => {
  const tag = parseGit(helpText('git/git-help-tag.txt'), { path: ['git', 'tag'] });

  it('when the text is a man page then NAME gives the description and SYNOPSIS the usage forms', () => {
    expect(tag.description).toBe('Create, list, delete or verify a tag object signed with GPG');
    expect(tag.usage).toHaveLength(4);
    expect(tag.usage[1]).toBe('git tag -d <tagname>...');
  });

  it('when the forms disagree about positionals then only what every form requires stays required', () => {
    expect(positionalLines(tag.positionals)).toBe('[tagname...]');
  });

  it('when OPTIONS describes flags at length then they are read with choices from the prose', () => {
    const lines = optionLines(tag.options);
    expect(lines).toEqual(expect.arrayContaining([
      'annotate: --annotate boolean',
      'sign: --sign boolean off:--no-sign',
      'local-user: --local-user string',
      'n: -n integer',
      'color: --color string value-optional {always|never|auto}',
      'column: --column string value-optional off:--no-column',
      'cleanup: --cleanup string {verbatim|whitespace|strip}',
    ]));
    expect(lines).toHaveLength(21);
    expect(tag.options.every((option) => (option.description ?? '').length <= 402)).toBe(true);
  });
});

describe('parsing a `git <cmd> -h` page whose options take a shell <command>', () => {
  const usage = (form: string) => `usage: ${form}\n\n    --setup <command>     command to run first\n    -f, --force           force\n`;

  it.each([
    ['filter-branch', 'git filter-branch [--setup <command>] [--env-filter <command>] [-f | --force] [<rev-list options>...]'],
    ['submodule', 'git submodule [--quiet] foreach [--recursive] <command>'],
  ])('when `git %s -h` names <command> as a value then its options stay its own, not every command\'s', (name, form) => {
    const page = parseGit(usage(form), { path: ['git', name] });
    expect(page.globalOptions).toEqual([]);
    expect(page.options.map((option) => option.name)).toEqual(expect.arrayContaining(['setup', 'force']));
  });
});
