import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reflectHelp, type ReflectHelpOptions } from '../../../src/reflect/help/crawl.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import type { CommandSpec } from '../../../src/types.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { FAKE_CRAWL, makeFake, type Fake } from './fake.js';

const scratch = scratchMaker('cli-mcp-help-lazy-');

function crawl(fake: Fake, options: ReflectHelpOptions = {}) {
  return reflectHelp(fake.bin, { cacheDir: `${fake.dir}/cache`, ...FAKE_CRAWL, ...options });
}

/** `path*` for a pending command, `path` for one read. */
function runnable(spec: CommandSpec): string[] {
  return flattenRunnable(spec).map((command) => `${command.path.join(' ')}${command.pending ? '*' : ''}`);
}

function commandAt(spec: CommandSpec, words: readonly string[]) {
  return flattenRunnable(spec).find((command) => command.path.slice(1).join(' ') === words.join(' '));
}

describe('a lazy help crawl', () => {
  it('when it starts then only the program\'s page is read and each listed command is pending, by its name and line', async () => {
    const fake = makeFake(scratch());
    const result = await crawl(fake, { lazy: true });
    expect(fake.helpCalls().map((call) => call.argv.join(' '))).toEqual(['--help']);
    // Its own flags make the root runnable until a page below shows them as global flags (kubectl, gh, docker, git
    // and hugo come out as a full crawl reads their roots: test/real/lazy-crawl.test.ts); a cobra program's root
    // stays pending until cobra's protocol is asked.
    expect(runnable(result.spec)).toEqual(['fakectl*', 'fakectl get*', 'fakectl config*', 'fakectl create*', 'fakectl version*']);
    const get = result.spec.subcommands[0];
    expect(get).toMatchObject({ name: 'get', description: 'Display resources', pending: true, options: [], positionals: [] });
    const root = await result.reader?.([]);
    expect(root?.spec.pending).toBeUndefined();
    expect(fake.helpCalls().map((call) => call.argv.join(' '))).toEqual(['--help']);
  });

  it('when a command is read then its groups are read on the way, their commands pending, and it is the command a full crawl makes', async () => {
    const fake = makeFake(scratch());
    const full = await crawl(makeFake(scratch()), { cache: false });
    const lazy = await crawl(fake, { lazy: true });
    const read = await lazy.reader?.(['config', 'view']);
    expect(read?.failure).toBeUndefined();
    expect(fake.helpCalls().map((call) => call.argv.join(' '))).toEqual(['--help', 'config --help', 'config view --help']);
    expect(runnable(read?.spec ?? lazy.spec)).toEqual(['fakectl get*', 'fakectl config view', 'fakectl config set*', 'fakectl create*', 'fakectl version*']);
    expect(commandAt(read?.spec ?? lazy.spec, ['config', 'view'])).toEqual(commandAt(full.spec, ['config', 'view']));
  });

  it('when each command is read on a fresh start then each is exactly the full crawl\'s: options, positionals, path and conventions', async () => {
    const full = await crawl(makeFake(scratch()), { cache: false });
    for (const command of flattenRunnable(full.spec)) {
      const lazy = await crawl(makeFake(scratch()), { lazy: true, cache: false });
      const read = await lazy.reader?.(command.path.slice(1));
      expect(commandAt(read?.spec ?? lazy.spec, command.path.slice(1)), command.path.join(' ')).toEqual(command);
    }
  });

  it('when a command\'s help reads as none then reading it says so, and the rest stay readable', async () => {
    const fake = makeFake(scratch(), (config) => void (config['broken'] = ['create']));
    const lazy = await crawl(fake, { lazy: true });
    const broken = await lazy.reader?.(['create']);
    expect(broken?.failure).toBe('Could not read the help of "fakectl create": its help printed nothing that reads as help.');
    expect(commandAt(broken?.spec ?? lazy.spec, ['create'])).toBeUndefined();
    const get = await lazy.reader?.(['get']);
    expect(get?.failure).toBeUndefined();
    expect(commandAt(get?.spec ?? lazy.spec, ['get'])?.options.map((option) => option.name)).toEqual(['namespace', 'verbose', 'output', 'replicas', 'watch']);
  });

  it('when the program starts again then the pages read before come from the cache: no help call runs, for them or the program\'s page', async () => {
    const fake = makeFake(scratch());
    const first = await crawl(fake, { lazy: true });
    const before = (await first.reader?.(['get']))?.spec;
    const calls = fake.helpCalls().length;
    const again = await crawl(fake, { lazy: true });
    expect(again.fromCache).toBe(true);
    expect(runnable(again.spec)).toEqual(['fakectl get', 'fakectl config*', 'fakectl create*', 'fakectl version*']);
    expect(commandAt(again.spec, ['get'])).toEqual(commandAt(before ?? first.spec, ['get']));
    await again.reader?.(['get']);
    expect(fake.helpCalls().length).toBe(calls);
  });

  it('when the program starts again then the tree made of the pages read is served as kept, no page parsed again; a tree of other reads is not', async () => {
    const fake = makeFake(scratch());
    const first = await crawl(fake, { lazy: true });
    await first.reader?.(['get']);
    const entryFile = readdirSync(`${fake.dir}/cache`).find((name) => name.endsWith('.lazy.json')) ?? '';
    const entry = JSON.parse(readFileSync(`${fake.dir}/cache/${entryFile}`, 'utf8'));
    expect(entry.tree.read).toEqual([['get']]);
    // The pages as answered say otherwise: a start that parsed them would list the changed line.
    const changed = { ...entry, answers: entry.answers.map(([key, output]: [string, { stdout: string }]) => [key, { ...output, stdout: output.stdout.replace('Display resources', 'Changed line') }]) };
    writeFileSync(`${fake.dir}/cache/${entryFile}`, JSON.stringify(changed));
    const again = await crawl(fake, { lazy: true });
    expect(again.spec.subcommands.find((command) => command.name === 'get')?.description).toBe('Display resources');
    writeFileSync(`${fake.dir}/cache/${entryFile}`, JSON.stringify({ ...changed, tree: { ...changed.tree, read: [] } }));
    const reread = await crawl(fake, { lazy: true });
    expect(reread.spec.subcommands.find((command) => command.name === 'get')?.description).toBe('Changed line');
  });

  it('when the whole tree is asked for then one crawl reads every page once, the tree is the full crawl\'s, and the next start asks for no help', async () => {
    const full = await crawl(makeFake(scratch()), { cache: false });
    const fake = makeFake(scratch());
    const lazy = await crawl(fake, { lazy: true });
    const whole = await lazy.reader?.([], { below: true });
    expect(whole?.spec).toEqual(full.spec);
    const pages = fake.helpCalls().filter((call) => call.argv.includes('--help')).map((call) => call.argv.join(' '));
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toHaveLength(full.pages);
    const calls = fake.helpCalls().length;
    const again = await crawl(fake, { lazy: true });
    expect(again.spec).toEqual(full.spec);
    await again.reader?.(['config', 'set', 'deep']);
    expect(fake.helpCalls()).toHaveLength(calls);
  });

  it('when a command is asked for while the whole tree is being read then it is read beside that read, not after it, and the whole read\'s tree is the full crawl\'s', async () => {
    const full = await crawl(makeFake(scratch()), { cache: false });
    const fake = makeFake(scratch(), (config) => void (config['slow'] = { 'config set deep': 1_500 }));
    const lazy = await crawl(fake, { lazy: true });
    const order: string[] = [];
    const whole = lazy.reader?.([], { below: true }).then((read) => (order.push('whole'), read));
    const get = await lazy.reader?.(['get']).then((read) => (order.push('get'), read));
    expect(order).toEqual(['get']);
    expect(commandAt(get?.spec ?? lazy.spec, ['get'])).toEqual(commandAt(full.spec, ['get']));
    expect(runnable(get?.spec ?? lazy.spec)).toContain('fakectl config*');
    expect((await whole)?.spec).toEqual(full.spec);
    expect(order).toEqual(['get', 'whole']);
  });

  it('when a full crawl is cached then a lazy start serves it whole, nothing pending', async () => {
    const fake = makeFake(scratch());
    await crawl(fake);
    const lazy = await crawl(fake, { lazy: true });
    expect(lazy.fromCache).toBe(true);
    expect(lazy.reader).toBeUndefined();
    expect(runnable(lazy.spec).filter((path) => path.endsWith('*'))).toEqual([]);
  });
});
