/**
 * `auto` over a tree read when asked for (a lazy help crawl's): pending commands are read breadth-first until what the
 * tree is sure to list passes the budget, or all of them; a client that searches tools itself gets them all read.
 */
import { describe, expect, it } from 'vitest';
import { createCliTools } from '../../src/call/cli-tools.js';
import { surePart } from '../../src/discovery/sure-list.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import { readPendingUntil } from '../../src/reflect/read-pending.js';
import type { Launcher } from '../../src/exec/launcher.js';
import type { CommandSpec, OptionSpec, ReadCommand } from '../../src/types.js';
import { spec } from '../helpers/commands.js';

const launcher: Launcher = { file: process.execPath, prefixArgs: ['test/fixtures/argv-log/argv-log.js'] };
const flag = (name: string, extra: Partial<OptionSpec> = {}): OptionSpec => ({ name, type: 'string', flag: `--${name}`, description: `Sets ${name}, a value the command reads when it starts.`, ...extra });

/** A program of `groups` groups of `each` commands, each command taking `flags` flags of its own; a global `--profile` on the root and its own `--serve` that only the root takes. */
function program(groups: number, each: number, flags: number): CommandSpec {
  return spec('shop', {
    options: [flag('profile'), flag('serve', { local: true })],
    subcommands: Array.from({ length: groups }, (_, g) =>
      spec(`group${g}`, {
        runnable: false,
        description: `Manages the things of kind ${g}.`,
        subcommands: Array.from({ length: each }, (_, c) => spec(`do${c}`, { description: `Does thing ${c} of kind ${g}.`, options: Array.from({ length: flags }, (_, f) => flag(`option${f}`)) })),
      }),
    ),
  });
}

/** `full` with only the commands on `read` paths read; the others pending, by name and line. */
function pruned(node: CommandSpec, read: readonly (readonly string[])[], words: readonly string[] = []): CommandSpec {
  const onPath = words.length === 0 || read.some((path) => words.every((word, index) => path[index] === word));
  if (!onPath) return { name: node.name, ...(node.description ? { description: node.description } : {}), runnable: true, pending: true, options: [], positionals: [], subcommands: [] };
  return { ...node, subcommands: node.subcommands.map((child) => pruned(child, read, [...words, child.name])) };
}

/** A reader over `full` that records each path it was asked for; `broken` ones stay pending; `before`: the paths read at the start. */
function reader(full: CommandSpec, broken: readonly string[] = [], before: readonly string[][] = []): { readCommand: ReadCommand; asked: string[][]; start: CommandSpec } {
  const read: string[][] = [...before];
  const asked: string[][] = [];
  const readCommand: ReadCommand = async (words, { below = false } = {}) => {
    asked.push(below ? [...words, '…'] : [...words]);
    if (below) {
      read.push(...pathsOf(full).filter((path) => words.every((word, index) => path[index] === word) && !broken.includes(path.join(' '))));
      return { spec: pruned(full, read) };
    }
    if (broken.includes(words.join(' '))) return { spec: pruned(full, read), failure: 'unreadable' };
    read.push([...words]);
    return { spec: pruned(full, read) };
  };
  return { readCommand, asked, start: pruned(full, read) };
}

/** The words after the program of every command of the tree. */
function pathsOf(node: CommandSpec, words: readonly string[] = []): string[][] {
  return node.subcommands.flatMap((sub) => [[...words, sub.name], ...pathsOf(sub, [...words, sub.name])]);
}

const pendingCount = (tree: CommandSpec): number => flattenRunnable(tree).filter((command) => command.pending === true).length;
const servesSearch = (tree: CommandSpec): boolean => createCliTools(surePart(tree), { launcher, runs: false, spool: false }).catalog.mode === 'search';

describe('reading pending commands until enough', () => {
  it('when a tree is read until nothing is enough then every command is read, shallowest first, in batches of 8, then 16, …, each asked for once', async () => {
    const full = program(10, 3, 1);
    const { readCommand, asked, start } = reader(full, ['group2 do1']);
    const batches: number[] = [];
    const { tree: read, asked: count } = await readPendingUntil(start, readCommand, (tree) => {
      batches.push(pendingCount(tree));
      return 'batch';
    });
    expect(count).toBe(40);
    expect(asked.slice(0, 10).every((words) => words.length === 1)).toBe(true);
    expect(asked.filter((words) => words.join(' ') === 'group2 do1')).toHaveLength(1);
    expect(asked).toHaveLength(10 + 30);
    // 10 groups pending; 8 read (24 commands below them pending, 2 groups still); then 16 (group2 do1 stays pending); then the rest.
    expect(batches).toEqual([10, 26, 17, 1]);
    expect(flattenRunnable(read).filter((command) => command.pending).map((command) => command.path.join(' '))).toEqual(['shop group2 do1']);
  });

  it('when the whole tree is asked for then it is read at once, below every level, and what stays pending is not asked for again', async () => {
    const { readCommand, asked, start } = reader(program(10, 3, 1), ['group2 do1']);
    const batches: number[] = [];
    const { tree, asked: count } = await readPendingUntil(start, readCommand, (part) => {
      batches.push(pendingCount(part));
      return 'all';
    });
    expect(asked).toEqual([['…']]);
    expect(batches).toEqual([10, 1]);
    expect(count).toBe(40);
    expect(flattenRunnable(tree).filter((command) => command.pending).map((command) => command.path.join(' '))).toEqual(['shop group2 do1']);
  });

  it('when enough is said after the first batch then nothing more is read', async () => {
    const { readCommand, asked, start } = reader(program(10, 3, 1));
    await readPendingUntil(start, readCommand, () => (asked.length > 0 ? 'enough' : 'batch'));
    expect(asked).toHaveLength(8);
  });
});

describe('what a part-read tree is sure to list', () => {
  it('when only the root is read then a pending command takes none of its flags: its own may not reach the commands below', () => {
    const { start } = reader(program(2, 2, 1));
    const sure = flattenRunnable(surePart(start));
    expect(sure.map((command) => [command.path.join(' '), command.options.map((option) => option.name)])).toEqual([
      ['shop', ['profile', 'serve']],
      ['shop group0', []],
      ['shop group1', []],
    ]);
  });

  it('when a command read takes a flag from above then the pending commands take it too, and the root\'s own flag still reaches none', () => {
    const full = program(2, 2, 1);
    const sure = flattenRunnable(surePart(pruned(full, [['group0', 'do0']])));
    expect(sure.map((command) => [command.path.join(' '), command.options.map((option) => option.name)])).toEqual([
      ['shop', ['profile', 'serve']],
      ['shop group0 do0', ['profile', 'option0']],
      ['shop group0 do1', ['profile']],
      ['shop group1', ['profile']],
    ]);
  });

  it('when the tree is read whole then it is sure to list what it lists', () => {
    const full = program(3, 2, 2);
    expect(surePart(full)).toEqual(full);
  });

  it('when what it is sure to list passes the budget then the whole tree does too (auto serves search), and a small tree read part is not said to', () => {
    const big = program(12, 6, 12);
    expect(createCliTools(big, { launcher, runs: false, spool: false }).catalog.mode).toBe('search');
    const { readCommand, start } = reader(big);
    return readPendingUntil(start, readCommand, (tree) => (servesSearch(tree) ? 'enough' : 'batch')).then(({ tree: read }) => {
      expect(servesSearch(read)).toBe(true);
      expect(pendingCount(read)).toBeGreaterThan(0);
      const small = program(3, 3, 2);
      expect(createCliTools(small, { launcher, runs: false, spool: false }).catalog.mode).toBe('all');
      expect(servesSearch(pruned(small, [['group0', 'do0']]))).toBe(false);
    });
  });
});

describe('auto over a lazily read tree', () => {
  it('when a client that searches tools itself asks what auto lists then the whole tree is read, once, the asking call hears it changed, and it gets the whole tree\'s tools', async () => {
    const big = program(12, 6, 12);
    const { readCommand, asked, start } = reader(big);
    const tools = createCliTools(start, { launcher, readCommand });
    expect(await tools.readyFor({})).toBe(false);
    expect(asked).toEqual([]);
    const [first, second] = await Promise.all([tools.readyFor({ searchesTools: true }), tools.readyFor({ searchesTools: true })]);
    expect([first, second]).toEqual([true, false]);
    expect(asked).toEqual([['…']]);
    expect(await tools.readyFor({ searchesTools: true })).toBe(false);
    const whole = createCliTools(big, { launcher }).catalogFor({ searchesTools: true });
    const listed = (catalog: typeof whole) => catalog.listed.map((tool) => [tool.name, tool.description, tool.inputSchema]);
    expect(tools.catalogFor({ searchesTools: true }).mode).toBe('all');
    expect(listed(tools.catalogFor({ searchesTools: true }))).toEqual(listed(whole));
    expect(tools.catalog.mode).toBe('search');
  });
});

describe('a command read beside the whole read', () => {
  it('when its read ends after the whole read then its call runs on the tree it was read in, and the whole tree stays the one listed', async () => {
    const big = program(12, 6, 12);
    const { readCommand: inner, start } = reader(big, [], [['group0']]);
    // Its own read takes longer than the whole read, and gives the pages read before and its own, as one beside it does.
    const readCommand: ReadCommand = async (words, options) => {
      if (options?.below === true) return inner(words, options);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await inner(words, options);
      return { spec: pruned(big, [['group0'], words]) };
    };
    const tools = createCliTools(start, { launcher, readCommand, runs: false, spool: false });
    const pending = tools.find('shop_group0_do0');
    expect(pending?.command.pending).toBe(true);
    const called = tools.run(pending as NonNullable<typeof pending>, { flags: { option11: 'x' } });
    expect(await tools.readyFor({ searchesTools: true })).toBe(true);
    const result = await called;
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result)).toContain('--option11=x');
    expect(tools.tools).toHaveLength(flattenRunnable(big).length);
    expect(tools.tools.every((tool) => tool.command.pending !== true)).toBe(true);
  });
});

/** `heavy` commands of 40 flags each and `light` ones of one: the heavy ones read first project a list the whole tree does not make. */
function lopsided(heavy: number, light: number): CommandSpec {
  const group = (name: string, count: number, flags: number) =>
    spec(name, { runnable: false, description: `Manages ${name} things.`, subcommands: Array.from({ length: count }, (_, c) => spec(`do${c}`, { description: `Does ${name} thing ${c}.`, options: Array.from({ length: flags }, (_, f) => flag(`option${f}`)) })) });
  return spec('shop', { runnable: false, subcommands: [group('heavy', heavy, 40), group('light', light, 1)] });
}

const heavyRead = (count: number): string[][] => [['heavy'], ['light'], ...Array.from({ length: count }, (_, c) => ['heavy', `do${c}`])];

describe('auto projecting a part-read tree', () => {
  it('when five commands read project the list past 1.25× the budget then auto serves search and says why, though what it lists now fits', () => {
    const part = pruned(lopsided(5, 60), heavyRead(5));
    const { catalog } = createCliTools(part, { launcher, runs: false, spool: false });
    expect(catalog.mode).toBe('search');
    expect(catalog.note).toMatch(/: the 5 commands read so far project about [\d,]+ tokens for all 65 compacted, well past the 16,000-token budget \(--tools auto\)$/);
    // Without the projection the tree as read fits, compacted.
    const asRead = createCliTools(part, { launcher, runs: false, spool: false, discovery: { mode: 'all' } }).catalog.note;
    expect(Number(/about ([\d,]+) tokens/.exec(asRead)?.[1]?.replace(/,/g, ''))).toBeLessThan(16_000);
  });

  it('when only four commands are read then nothing is projected: auto lists the tree as it is sure to', () => {
    const { catalog } = createCliTools(pruned(lopsided(5, 60), heavyRead(4)), { launcher, runs: false, spool: false });
    expect(catalog.mode).toBe('all');
    expect(catalog.projectedTokens).toBeUndefined();
  });

  it('when a tree read in part projects a list that fits then the catalog says how big (auto reads the rest at once), and a tree read whole or another mode projects nothing', () => {
    const full = lopsided(0, 60);
    const light = (count: number) => [['heavy'], ['light'], ...Array.from({ length: count }, (_, c) => ['light', `do${c}`])];
    const { catalog } = createCliTools(pruned(full, light(6)), { launcher, runs: false, spool: false });
    expect(catalog.mode).toBe('all');
    expect(catalog.projectedTokens).toBeGreaterThan(0);
    expect(catalog.projectedTokens).toBeLessThan(16_000);
    expect(createCliTools(full, { launcher, runs: false, spool: false }).catalog.projectedTokens).toBeUndefined();
    expect(createCliTools(pruned(full, light(6)), { launcher, runs: false, spool: false, discovery: { mode: 'all' } }).catalog.projectedTokens).toBeUndefined();
  });

  it('when the projection stays under 1.25× the budget then auto reads on: a bigger budget lists the same tree whole', () => {
    const part = pruned(lopsided(5, 60), heavyRead(5));
    const { catalog } = createCliTools(part, { launcher, runs: false, spool: false, discovery: { budgetTokens: 100_000 } });
    expect(catalog.mode).toBe('all');
  });

  it('when auto serves search by projection and reading more commands brings the projection down then search mode holds: the list does not change under the client', async () => {
    const full = lopsided(5, 60);
    const { readCommand, asked, start } = reader(full, [], heavyRead(5));
    const tools = createCliTools(start, { launcher, readCommand, runs: false, spool: false });
    expect(tools.catalog.mode).toBe('search');
    const listed = tools.catalog.listed.map((tool) => tool.name);
    const describeTool = listed.find((name) => name.endsWith('_describe_command')) as string;
    for (let c = 0; c < 40; c += 1) expect((await tools.call(describeTool, { command: `light do${c}` })).isError).toBe(false);
    expect(asked).toHaveLength(40);
    expect(tools.catalog.mode).toBe('search');
    expect(tools.catalog.listed.map((tool) => tool.name)).toEqual(listed);
    // The tree as now read, served afresh, would be listed whole.
    const now = pruned(full, [...heavyRead(5), ...Array.from({ length: 40 }, (_, c) => ['light', `do${c}`])]);
    expect(createCliTools(now, { launcher, runs: false, spool: false }).catalog.mode).toBe('all');
  });
});
