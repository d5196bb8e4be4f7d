import { describe, expect, it } from 'vitest';
import { resolveBinary } from '../../../src/reflect/help/binary.js';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import type { CommandSpec } from '../../../src/types.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { positionalLines } from './summary.js';

const scratch = scratchMaker('cli-mcp-help-cwd-');
const git = await resolveBinary('git', process.cwd());
if (git === undefined) console.warn('\n!!! git is NOT installed: the real git cwd tests are SKIPPED !!!\n');
/** This checkout is a git repository; a fresh scratch directory is not. */
const insideRepository = process.cwd();

function diffOf(spec: CommandSpec): CommandSpec | undefined {
  return spec.subcommands.find((child) => child.name === 'diff');
}

describe('crawling help wherever the server started', () => {
  it.skipIf(git === undefined)('when git is crawled from inside a repository and from outside one then both describe git diff as its users use it', async () => {
    const inside = await reflectHelp('git', { cache: false, maxDepth: 1, only: ['diff', 'remote'], cwd: insideRepository });
    const outside = await reflectHelp('git', { cache: false, maxDepth: 1, only: ['diff', 'remote'], cwd: scratch() });
    expect(outside.spec).toEqual(inside.spec);
    // Outside a repository `git diff -h` shows only `git diff --no-index … <path> <path>`.
    expect(positionalLines(diffOf(outside.spec)?.positionals ?? [])).toBe('[commit] [path...]');
  }, 60_000);

  it.skipIf(git === undefined)('when a crawl outside a repository fills the cache then a crawl inside one reads the same spec from it, and the other way round', async () => {
    const cacheDir = scratch();
    const fresh = await reflectHelp('git', { cache: false, maxDepth: 1, only: ['diff'], cwd: insideRepository });
    const first = await reflectHelp('git', { cacheDir, maxDepth: 1, only: ['diff'], cwd: scratch() });
    const second = await reflectHelp('git', { cacheDir, maxDepth: 1, only: ['diff'], cwd: insideRepository });
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(first.spec).toEqual(fresh.spec);
    expect(second.spec).toEqual(fresh.spec);
  }, 60_000);

  it.skipIf(git === undefined)('when git is crawled from outside a repository then nested commands are read from their own -h all the same', async () => {
    const result = await reflectHelp('git', { cache: false, maxDepth: 2, only: ['remote'], cwd: scratch() });
    const add = result.spec.subcommands.find((child) => child.name === 'remote')?.subcommands.find((child) => child.name === 'add');
    expect(add?.runnable).toBe(true);
    expect(positionalLines(add?.positionals ?? [])).toBe('<name> <url>');
    expect(add?.options.map((option) => option.name)).toEqual(expect.arrayContaining(['tags', 'mirror', 'fetch']));
  }, 60_000);
});
