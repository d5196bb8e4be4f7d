import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';

// Programs that are not commander or yargs are read from their --help (with a private cache).
const gitPages = (() => {
  try {
    return execFileSync('man', ['-w', 'git-log'], { stdio: ['ignore', 'pipe', 'ignore'] }).length > 0;
  } catch {
    return false;
  }
})();
if (!gitPages) console.warn('\n!!! git has no man pages here: the man-page details test is SKIPPED !!!\n');
const fakectl = new URL('../fixtures/help/fake/fakectl', import.meta.url).pathname;
let cache: string;
let saved: string | undefined;
beforeAll(() => {
  cache = mkdtempSync(join(tmpdir(), 'cli-mcp-load-help-'));
  saved = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
});
afterAll(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
  rmSync(cache, { recursive: true, force: true });
});

describe('loadTarget falls back to help text', () => {
  it('when the target is a native-style program then its help is crawled, the method says so, and it runs directly', async () => {
    const progress: string[] = [];
    const loaded = await loadTarget(fakectl, { onProgress: (message) => progress.push(message) });
    expect(loaded.method).toMatch(/^help text \(cobra, \d+ pages/);
    expect(loaded.launcher).toEqual({ file: fakectl, prefixArgs: [] });
    expect(flattenRunnable(loaded.spec).length).toBeGreaterThan(0);
    expect(progress.some((message) => message.startsWith('crawled'))).toBe(true);
    expect(loaded.spec.argv).toMatchObject({ doubleDash: 'when-needed', options: 'end', falseValue: 'explicit' });
  });

  it('when the same program is loaded again then the crawl comes from the cache', async () => {
    const loaded = await loadTarget(fakectl);
    expect(loaded.method).toContain('cached');
  });

  it('when the program is git then its positionals go without -- (git reads paths there) and its options first', async () => {
    const loaded = await loadTarget('git');
    expect(loaded.method).toMatch(/^help text \(git,/);
    expect(loaded.spec.argv).toMatchObject({ doubleDash: 'never', options: 'command' });
  }, 60_000);

  it.skipIf(!gitPages)('when the program\'s commands have man pages then each carries its DESCRIPTION as details, and a subcommand without a page its entry in its parent\'s (git stash pop)', async () => {
    const { spec } = await loadTarget('git');
    const command = (...words: string[]) => words.reduce<typeof spec | undefined>((node, word) => node?.subcommands.find((child) => child.name === word), spec);
    expect(command('log')?.details).toMatch(/^Shows the commit logs\. List commits that are reachable/);
    expect(command('stash', 'pop')?.details).toMatch(/^Remove a single stashed state from the stash list/);
  }, 60_000);

  it('when a native program says its version then clients are told it (serverInfo), from the crawl and from the cache alike', async () => {
    const said = /git version (\S+)/.exec(execFileSync('git', ['--version'], { encoding: 'utf8' }))?.[1];
    const first = await loadTarget('git');
    const again = await loadTarget('git');
    expect([first.version, again.version, again.method.includes('cached')]).toEqual([said, said, true]);
  }, 60_000);
});
