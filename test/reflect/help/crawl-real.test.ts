import { describe, expect, it } from 'vitest';
import { resolveBinary } from '../../../src/reflect/help/binary.js';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { buildTools } from '../../../src/tool/build-tools.js';
import type { CommandSpec } from '../../../src/types.js';
import { sharedCrawl } from '../../helpers/real-crawls.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { optionLines, positionalLines } from './summary.js';

const scratch = scratchMaker('cli-mcp-help-real-');
const kubectl = await resolveBinary('kubectl', process.cwd());
const git = await resolveBinary('git', process.cwd());
if (kubectl === undefined) console.warn('\n!!! kubectl is NOT installed: the real kubectl crawl tests are SKIPPED !!!\n');
if (git === undefined) console.warn('\n!!! git is NOT installed: the real git crawl tests are SKIPPED !!!\n');
const aptCache = await resolveBinary('apt-cache', process.cwd());
if (aptCache === undefined) console.warn('\n!!! apt-cache is NOT installed: the real apt-cache crawl test is SKIPPED !!!\n');

function find(spec: CommandSpec, ...path: string[]): CommandSpec | undefined {
  let node: CommandSpec | undefined = spec;
  for (const word of path) node = node?.subcommands.find((child) => child.name === word);
  return node;
}

function count(spec: CommandSpec): number {
  return 1 + spec.subcommands.reduce((sum, child) => sum + count(child), 0);
}

describe('crawling the real kubectl', () => {
  it.skipIf(kubectl === undefined)('when kubectl is crawled three levels deep then every command is read and the common ones have their flags', async () => {
    // The run's one crawl of kubectl (made here or by another file that reads kubectl), and what that crawl said.
    const result = await sharedCrawl('kubectl');
    const messages = result.said;
    console.info(`kubectl crawl: ${result.pages} pages, ${count(result.spec)} commands in ${result.durationMs} ms`);
    expect(result.dialect).toBe('cobra');
    expect(result.unread).toEqual([]);
    expect(count(result.spec)).toBeGreaterThan(80);
    expect(messages.at(-2)).toMatch(/^crawled \d+\/\d+: kubectl /);
    expect(messages.at(-1)).toMatch(/^completion protocol: 106 commands; 0 flags added, 0 dropped, \d+ made their command's own, \d+ required$/);

    const get = find(result.spec, 'get');
    expect(get?.runnable).toBe(true);
    expect(optionLines(get?.options ?? [])).toEqual(expect.arrayContaining(['all-namespaces: --all-namespaces boolean =false off:--all-namespaces=false', 'selector: --selector string']));
    expect(optionLines(result.spec.options)).toEqual(expect.arrayContaining(['namespace: --namespace string', 'kubeconfig: --kubeconfig string']));
    expect(result.spec.runnable).toBe(false);
    expect(find(result.spec, 'config')?.runnable).toBe(false);
    expect(find(result.spec, 'cluster-info')?.runnable).toBe(true);
    expect(find(result.spec, 'cluster-info', 'dump')?.runnable).toBe(true);
    expect(find(result.spec, 'auth')?.runnable).toBe(false);
    expect(positionalLines(find(result.spec, 'config', 'use-context')?.positionals ?? [])).toBe('<context_name>');
    expect(find(result.spec, 'create', 'secret', 'generic')?.runnable).toBe(true);
    expect(buildTools(result.spec).map((tool) => tool.name)).toEqual(expect.arrayContaining(['kubectl_get', 'kubectl_config_use-context', 'kubectl_create_secret_generic']));

    const again = await sharedCrawl('kubectl');
    expect(again.fromCache).toBe(true);
    expect(again.spec).toEqual(result.spec);
  }, 120_000);
});

describe('crawling the real git', () => {
  it.skipIf(git === undefined)('when git is crawled one level deep for a few commands then their -h pages are read', async () => {
    const result = await reflectHelp('git', { cache: false, maxDepth: 1, only: ['log', 'commit', 'remote'] });
    expect(result.dialect).toBe('git');
    expect(result.spec.subcommands.map((child) => child.name)).toEqual(['log', 'commit', 'remote']);
    expect(result.spec.runnable).toBe(false);
    expect(optionLines(result.spec.options)).toEqual(expect.arrayContaining(['C: -C string', 'git-dir: --git-dir string']));
    const commit = find(result.spec, 'commit');
    expect(optionLines(commit?.options ?? [])).toEqual(expect.arrayContaining(['message: --message string', 'amend: --amend boolean']));
    expect(commit?.description).toBe('Record changes to the repository');
    expect(positionalLines(find(result.spec, 'log')?.positionals ?? [])).toBe('[revision-range] [path...]');
    expect(find(result.spec, 'remote')?.runnable).toBe(true);
    expect(result.unread).toContainEqual({ command: 'git remote add', reason: 'depth' });
    expect(buildTools(result.spec).map((tool) => tool.name)).toEqual(['git_log', 'git_commit', 'git_remote']);
  }, 60_000);
});

describe('crawling the real apt-cache', () => {
  it.skipIf(aptCache === undefined)('when a program with commands lists no options in its help (class: options in the manual only, apt) then its manual gives them, it needs a command, and a command whose help is the program\'s takes the operands the program\'s form names for it, or any where none does', async () => {
    const result = await reflectHelp('apt-cache', { cacheDir: scratch() });
    expect(result.spec.runnable).toBe(false);
    expect(result.spec.positionals).toEqual([]);
    expect(optionLines(result.spec.options)).toEqual(expect.arrayContaining(['pkg-cache: --pkg-cache boolean', 'names-only: --names-only boolean']));
    expect(positionalLines(find(result.spec, 'show')?.positionals ?? [])).toBe('<pkg...>');
    // `apt-cache [options] command` says nothing of `search`'s operands: any go (it takes a pattern).
    expect(positionalLines(find(result.spec, 'search')?.positionals ?? [])).toBe('[args...]');
  });
});
