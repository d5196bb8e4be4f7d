import { describe, expect, it } from 'vitest';
import { reflectHelp, type ReflectHelpOptions } from '../../../src/reflect/help/crawl.js';
import type { CommandSpec } from '../../../src/types.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { FAKE_CRAWL, makeFake, type Fake } from './fake.js';
import { optionLines, positionalLines } from './summary.js';

const scratch = scratchMaker('cli-mcp-help-crawl-');

/** `name R [options] <positionals>` per command, indented by depth; R marks a runnable one. */
function outline(spec: CommandSpec, depth = 0): string[] {
  const options = spec.options.map((option) => option.name).join(',');
  const line = `${'  '.repeat(depth)}${spec.name}${spec.runnable ? ' R' : ''} [${options}] ${positionalLines(spec.positionals)}`.trimEnd();
  return [line, ...spec.subcommands.flatMap((child) => outline(child, depth + 1))];
}

function crawl(fake: Fake, options: ReflectHelpOptions = {}) {
  return reflectHelp(fake.bin, { cacheDir: `${fake.dir}/cache`, ...FAKE_CRAWL, ...options });
}

describe('crawling a cobra-like program through its help', () => {
  it('when every level is read then the tree holds each command with its options, positionals and runnable mark', async () => {
    const fake = makeFake(scratch());
    const result = await crawl(fake);
    expect(result.dialect).toBe('cobra');
    expect(outline(result.spec)).toEqual([
      'fakectl [namespace,verbose]',
      '  get R [output,replicas,watch] <type> [name]',
      '  config []',
      '    view R [raw]',
      '    set []',
      '      deep R []',
      '  create R [filename]',
      '    job R [] <name>',
      '  version R [client]',
    ]);
    expect(result.pages).toBe(9);
    expect(result.unread).toEqual([]);
    const get = result.spec.subcommands[0];
    expect(optionLines(get?.options ?? [])).toEqual([
      'output: --output string {json|yaml|wide}',
      'replicas: --replicas integer =1',
      'watch: --watch boolean off:--watch=false',
    ]);
    expect(get?.examples).toBe('# List all pods\nfakectl get pods');
    expect(get?.description).toBe('Display resources');
  });

  it("when children list the root's flags as Global Flags then the root keeps them but is not runnable for them", async () => {
    const result = await crawl(makeFake(scratch()));
    expect(optionLines(result.spec.options)).toEqual(['namespace: --namespace string ="default"', 'verbose: --verbose boolean off:--verbose=false']);
    expect(result.spec.runnable).toBe(false);
    expect(result.spec.subcommands[0]?.options.map((option) => option.name)).not.toContain('namespace');
  });

  it('when a group\'s persistent flags come back as Global Flags of its commands (hugo convert\'s --output) then they stay the group\'s, never the root\'s', async () => {
    const fake = makeFake(scratch(), (config) => {
      const tree = config.tree as { commands: Record<string, Record<string, unknown>> };
      if (tree.commands['config'] !== undefined) tree.commands['config']['persistent'] = [['--kubeconfig string', 'The file to edit']];
    });
    const result = await crawl(fake);
    expect(result.spec.options.map((option) => option.name)).toEqual(['namespace', 'verbose']);
    const config = result.spec.subcommands.find((command) => command.name === 'config');
    expect(config?.options.map((option) => option.name)).toEqual(['kubeconfig']);
    expect(config?.subcommands.find((command) => command.name === 'view')?.options.map((option) => option.name)).toEqual(['raw']);
  });

  it('when a group shows its own usage form beside `[command]` (cobra prints both for a runnable group) then it is runnable too', async () => {
    const fake = makeFake(scratch(), (config) => {
      const tree = config.tree as { commands: Record<string, Record<string, unknown>> };
      if (tree.commands['config'] !== undefined) tree.commands['config']['run'] = true;
    });
    const config = (await crawl(fake)).spec.subcommands.find((child) => child.name === 'config');
    expect(config?.runnable).toBe(true);
    expect(config?.subcommands.map((child) => child.name)).toEqual(['view', 'set']);
  });

  it('when maxDepth is reached then deeper commands are listed as unread and never asked for their help', async () => {
    const fake = makeFake(scratch());
    const result = await crawl(fake, { maxDepth: 1 });
    expect(outline(result.spec)).toEqual([
      'fakectl [namespace,verbose]',
      '  get R [output,replicas,watch] <type> [name]',
      '  config []',
      '    view []',
      '    set []',
      '  create R [filename]',
      '    job []',
      '  version R [client]',
    ]);
    expect(result.unread).toEqual([
      { command: 'fakectl config set', reason: 'depth' },
      { command: 'fakectl config view', reason: 'depth' },
      { command: 'fakectl create job', reason: 'depth' },
    ]);
    expect(fake.helpCalls().map((call) => call.argv.join(' '))).not.toContain('config view --help');
  });

  it('when only some first-level commands are wanted then the others are not read or listed', async () => {
    const fake = makeFake(scratch());
    const result = await crawl(fake, { only: ['get', 'version'] });
    expect(result.spec.subcommands.map((child) => child.name)).toEqual(['get', 'version']);
    expect(fake.helpCalls()).toHaveLength(3);
  });

  it('when a wanted command is not listed (hidden) then it is read all the same', async () => {
    const result = await crawl(makeFake(scratch()), { only: ['debug'] });
    expect(outline(result.spec)).toEqual(['fakectl [namespace,verbose]', '  debug R [dump]']);
  });

  it('when the time budget runs out then slow commands are unread, the rest is returned, and it is cached marked partial so no start pays it twice', async () => {
    const fake = makeFake(scratch(), (config) => {
      config['slow'] = { get: 20_000 };
    });
    const started = Date.now();
    const result = await crawl(fake, { timeoutMs: 1_500 });
    expect(Date.now() - started).toBeLessThan(8_000); // the slow page alone would take 20 s
    expect(result.unread).toContainEqual({ command: 'fakectl get', reason: 'time' });
    const get = result.spec.subcommands.find((child) => child.name === 'get');
    expect(get).toMatchObject({ runnable: false, options: [], description: 'Display resources' });
    expect(result.spec.subcommands.find((child) => child.name === 'version')?.runnable).toBe(true);
    expect(result.partial).toEqual(['time']);
    const again = await crawl(fake, { timeoutMs: 1_500 });
    expect(again).toMatchObject({ fromCache: true, partial: ['time'] });
  });

  it.each([
    [1, 100],
    [3, 500], // long enough that three processes started together overlap even on a loaded machine
  ])('when concurrency is %i then the fake never sees more help processes at once, and sees that many', async (concurrency, sleepMs) => {
    const fake = makeFake(scratch(), (config) => {
      config['markers'] = 'running';
      config['sleepMs'] = sleepMs;
    });
    await crawl(fake, { concurrency, cache: false });
    const seen = fake.helpCalls().map((call) => call.concurrent);
    expect(Math.max(...seen)).toBe(concurrency);
  });

  it('when a program is read with no cached entry to find then its own page is asked for while --version runs, not after it', async () => {
    const fake = makeFake(scratch(), (config) => {
      config['versionSleepMs'] = 400;
    });
    await crawl(fake, { cache: false });
    const argvs = fake.calls().map((call) => call.argv.join(' '));
    expect(argvs.indexOf('--help')).toBeLessThan(argvs.indexOf('--version'));
    expect(argvs.filter((argv) => argv === '--help')).toHaveLength(1);
  });

  it('when pages are read then progress says how many of how many are done and which command', async () => {
    const messages: string[] = [];
    const result = await crawl(makeFake(scratch()), { onProgress: (message) => messages.push(message) });
    expect(messages).toHaveLength(result.pages);
    expect(messages[0]).toBe('crawled 1/1: fakectl');
    for (const message of messages) expect(message).toMatch(/^crawled \d+\/\d+: fakectl( [a-z-]+)*$/);
    // Pages are read in parallel: which one finishes last depends on scheduling, the count does not.
    expect(messages.at(-1)).toMatch(/^crawled 9\/9: /);
    expect(messages.some((message) => message.endsWith(': fakectl config set deep'))).toBe(true);
  });
});

describe('caching crawled help on disk', () => {
  it('when the same program is crawled again then the result comes from the cache without asking for help', async () => {
    const fake = makeFake(scratch());
    const first = await crawl(fake);
    const helpCalls = fake.helpCalls().length;
    const messages: string[] = [];
    const second = await crawl(fake, { onProgress: (message) => messages.push(message) });
    expect(second.fromCache).toBe(true);
    expect(second.spec).toEqual(first.spec);
    expect(fake.helpCalls()).toHaveLength(helpCalls);
    expect(messages).toEqual([expect.stringMatching(/^cache hit: .*fakectl \(9 pages\)$/)]);
  });

  it("when the program file's modification time changes then the cache entry no longer applies", async () => {
    const fake = makeFake(scratch());
    await crawl(fake);
    const { utimesSync } = await import('node:fs');
    utimesSync(fake.bin, new Date(), new Date(Date.now() + 60_000));
    expect((await crawl(fake)).fromCache).toBe(false);
    expect((await crawl(fake)).fromCache).toBe(true);
  });

  it('when `--version` prints something else then the cache entry no longer applies', async () => {
    const fake = makeFake(scratch());
    await crawl(fake);
    fake.configure((config) => {
      config.version = 'fakectl version 2.0.0';
    });
    expect((await crawl(fake)).fromCache).toBe(false);
  });

  it('when the crawl settings differ (maxDepth) then they do not share an entry', async () => {
    const fake = makeFake(scratch());
    await crawl(fake, { maxDepth: 1 });
    expect((await crawl(fake, { maxDepth: 2 })).fromCache).toBe(false);
  });

  it('when caching is off then nothing is read or written', async () => {
    const fake = makeFake(scratch());
    await crawl(fake, { cache: false });
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${fake.dir}/cache`)).toBe(false);
  });
});
