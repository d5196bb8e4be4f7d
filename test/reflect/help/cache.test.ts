import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_FORMAT, cacheKey, readCache, writeCache, type CachedHelp } from '../../../src/reflect/help/cache.js';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { FAKE_CRAWL, makeFake } from './fake.js';

const scratch = scratchMaker('cli-mcp-help-cache-');

const entry: CachedHelp = {
  format: CACHE_FORMAT,
  binary: '/usr/bin/tool',
  dialect: 'gnu',
  sources: ['help'],
  pages: 1,
  unread: [],
  unreadDetail: [],
  spec: { name: 'tool', runnable: true, options: [], positionals: [], subcommands: [] },
};

describe('the help cache on disk', () => {
  it('when an entry is written then it reads back whole and no temporary file is left behind', async () => {
    const dir = join(scratch(), 'nested', 'cache');
    expect(await writeCache(dir, 'k1', entry)).toBeUndefined();
    expect(await readCache(dir, 'k1')).toEqual(entry);
    expect(readdirSync(dir)).toEqual(['k1.json']);
  });

  it.each([
    ['not JSON', '{"format": 1, "spec": '],
    ['JSON of the wrong shape', JSON.stringify({ format: CACHE_FORMAT, spec: 'nope' })],
    ['an older format', JSON.stringify({ ...entry, format: CACHE_FORMAT - 1 })],
    ['an unknown dialect', JSON.stringify({ ...entry, dialect: 'fortran' })],
  ])('when an entry is %s then it is ignored', async (_kind, text) => {
    const dir = scratch();
    writeFileSync(join(dir, 'k2.json'), text);
    expect(await readCache(dir, 'k2')).toBeUndefined();
  });

  it('when the cache cannot be written then the failure is returned, not thrown', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file'), '');
    const failure = await writeCache(join(dir, 'file', 'cache'), 'k3', entry);
    expect(failure).toBeInstanceOf(Error);
  });

  it('when any part of the key differs then the key differs', () => {
    const base = { path: '/usr/bin/tool', mtimeMs: 1, size: 2, version: 'v1' };
    const keys = new Set([cacheKey(base), cacheKey({ ...base, mtimeMs: 3 }), cacheKey({ ...base, size: 4 }), cacheKey({ ...base, version: 'v2' })]);
    expect(keys.size).toBe(4);
    expect(cacheKey(base)).toBe(cacheKey({ ...base }));
  });

  it('when a crawl finds its cache entry corrupt then it crawls again and rewrites a good entry', async () => {
    const fake = makeFake(scratch());
    const cacheDir = join(fake.dir, 'cache');
    await reflectHelp(fake.bin, { cacheDir, ...FAKE_CRAWL });
    const [file] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, file ?? 'x'), '{ truncated');
    const again = await reflectHelp(fake.bin, { cacheDir, ...FAKE_CRAWL });
    expect(again.fromCache).toBe(false);
    expect(JSON.parse(readFileSync(join(cacheDir, file ?? 'x'), 'utf8'))).toMatchObject({ format: CACHE_FORMAT, dialect: 'cobra' });
    expect((await reflectHelp(fake.bin, { cacheDir, ...FAKE_CRAWL })).fromCache).toBe(true);
  });

  it('when no cache directory is given then it is XDG_CACHE_HOME/cli-mcp/help', async () => {
    const home = scratch();
    const previous = process.env['XDG_CACHE_HOME'];
    process.env['XDG_CACHE_HOME'] = home;
    try {
      const fake = makeFake(scratch());
      await reflectHelp(fake.bin, { only: [], ...FAKE_CRAWL });
      expect(readdirSync(join(home, 'cli-mcp', 'help'))).toHaveLength(1);
    } finally {
      if (previous === undefined) delete process.env['XDG_CACHE_HOME'];
      else process.env['XDG_CACHE_HOME'] = previous;
    }
  });
});
