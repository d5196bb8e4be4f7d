/**
 * The real git, crawled whole: `git help -a` for the command list and man pages for the options `-h`
 * leaves out. Wrappers around the real git stand in for machines without man pages or `help -a`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBinary } from '../../../src/reflect/help/binary.js';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { buildTools } from '../../../src/tool/build-tools.js';
import type { CommandSpec } from '../../../src/types.js';
import { sharedCrawl } from '../../helpers/real-crawls.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { optionLines } from './summary.js';

const scratch = scratchMaker('cli-mcp-help-git-');
const git = await resolveBinary('git', process.cwd());
const manual = git !== undefined && hasManual(git);
if (git === undefined) console.warn('\n!!! git is NOT installed: the real git crawl tests are SKIPPED !!!\n');
else if (!manual) console.warn('\n!!! git has no man pages here: the man-page crawl test is SKIPPED !!!\n');

function hasManual(file: string): boolean {
  try {
    execFileSync(file, ['help', '--man', 'log'], { env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat' }, stdio: ['ignore', 'pipe', 'ignore'] });
    return true;
  } catch {
    return false;
  }
}

/** A `git` that runs the real one with `setup` before it (a shell snippet that may change the environment or exit). */
function wrappedGit(setup: string): string {
  const file = join(scratch(), 'git');
  writeFileSync(file, `#!/bin/sh\n${setup}\nexec '${git ?? 'git'}' "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

function child(spec: CommandSpec, name: string): CommandSpec | undefined {
  return spec.subcommands.find((command) => command.name === name);
}

function optionLine(spec: CommandSpec, command: string, option: string): string | undefined {
  return optionLines(child(spec, command)?.options.filter((candidate) => candidate.name === option) ?? [])[0];
}

describe('crawling the real git whole', () => {
  it.skipIf(!manual)('when git is crawled then the commands people type are tools and log has the options -h leaves out', async () => {
    // The run's one crawl of git (made here or by another file that reads git).
    const result = await sharedCrawl('git');
    console.info(`git crawl: ${result.pages} pages, ${buildTools(result.spec).length} tools in ${result.durationMs} ms`);
    const names = result.spec.subcommands.map((command) => command.name);
    expect(names.slice(0, 3)).toEqual(['clone', 'init', 'add']);
    expect(names).toEqual(expect.arrayContaining(['checkout', 'stash', 'cherry-pick', 'blame', 'revert', 'config', 'remote', 'worktree']));
    expect(names).not.toContain('cat-file');
    expect(result.unreadDetail).toEqual([]);
    expect(optionLine(result.spec, 'log', 'max-count')).toBe('max-count: --max-count integer');
    expect(optionLine(result.spec, 'log', 'format')).toBe('format: --format string');
    expect(optionLine(result.spec, 'log', 'oneline')).toBe('oneline: --oneline boolean');
    expect(optionLine(result.spec, 'log', 'stat')).toBe('stat: --stat string value-optional');
    expect(optionLine(result.spec, 'show', 'format')).toBe('format: --format string');
    // What `git commit -h` lists stays as it says.
    expect(optionLine(result.spec, 'commit', 'message')).toBe('message: --message string');
    expect(buildTools(result.spec).map((tool) => tool.name)).toEqual(expect.arrayContaining(['git_checkout', 'git_stash', 'git_stash_list', 'git_cherry-pick', 'git_blame']));
  }, 60_000);

  it.skipIf(git === undefined)('when man is not installed then the -h options stay, the crawl goes on and the command is reported as read without detail', async () => {
    // git puts its own man directory first in MANPATH, so only a PATH without man takes the pages away.
    const bin = wrappedGit(`PATH=${scratch()}; export PATH`);
    const result = await reflectHelp(bin, { cache: false, maxDepth: 1, only: ['log', 'remote'] });
    expect(result.unread).toContainEqual({ command: 'git remote add', reason: 'depth' });
    expect(result.unreadDetail).toEqual(['git log']);
    const log = child(result.spec, 'log');
    expect(log?.runnable).toBe(true);
    expect(log?.options.map((option) => option.name)).toContain('decorate');
    expect(log?.options.map((option) => option.name)).not.toContain('max-count');
  }, 60_000);

  it.skipIf(git === undefined)('when `git help -a` fails then the common commands of `git --help` are the list', async () => {
    const bin = wrappedGit('[ "$1" = help ] && [ "$2" = -a ] && exit 1');
    const result = await reflectHelp(bin, { cache: false, maxDepth: 0 });
    expect(result.spec.subcommands.map((command) => command.name)).toEqual([
      'clone', 'init', 'add', 'mv', 'restore', 'rm', 'bisect', 'diff', 'grep', 'log', 'show',
      'status', 'branch', 'commit', 'merge', 'rebase', 'reset', 'switch', 'tag', 'fetch', 'pull', 'push',
    ]);
  }, 60_000);

  it.skipIf(git === undefined)('when `git help -a` works then its user-facing commands follow the common ones', async () => {
    const result = await reflectHelp('git', { cache: false, maxDepth: 0 });
    const names = result.spec.subcommands.map((command) => command.name);
    expect(names.slice(0, 22)).toContain('push');
    expect(names.slice(22, 25)).toEqual(['am', 'archive', 'bundle']);
    expect(names).toContain('whatchanged');
  }, 60_000);
});
