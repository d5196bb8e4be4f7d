/**
 * Search mode over a tree whose commands are read when asked for (a lazy help crawl's): a pending command is found
 * by its name and line, read before it is described or called, and then is exactly the command a full tree gives.
 */
import { describe, expect, it } from 'vitest';
import { createCliTools, type CliTools, type CliToolsOptions } from '../../src/call/cli-tools.js';
import { memoryGrants } from '../../src/approval/grants.js';
import type { Launcher } from '../../src/exec/launcher.js';
import type { CommandSpec, OptionSpec, ReadCommand, ToolResult } from '../../src/types.js';
import { spec } from '../helpers/commands.js';

const argvLog: Launcher = { file: process.execPath, prefixArgs: ['test/fixtures/argv-log/argv-log.js'] };
const flag = (name: string, type: OptionSpec['type'], extra: Partial<OptionSpec> = {}): OptionSpec => ({ name, type, flag: `--${name}`, ...extra });

/** The tree as a full crawl reads it. */
const full: CommandSpec = spec('shop', {
  runnable: false,
  options: [flag('profile', 'string', { description: 'The profile to use.' })],
  subcommands: [
    spec('get', { description: 'Lists items of a kind.', positionals: [{ name: 'kind', type: 'string', required: true, variadic: false }], options: [flag('output', 'string', { choices: ['json', 'yaml'] }), flag('watch', 'boolean')] }),
    spec('order', {
      runnable: false,
      description: 'Manages orders.',
      subcommands: [
        spec('create', { description: 'Creates an order.', options: [flag('note', 'string', { required: true })] }),
        spec('delete', { description: 'Deletes an order for good.', positionals: [{ name: 'id', type: 'string', required: true, variadic: false }] }),
      ],
    }),
    spec('broken', { description: 'Its help reads as none.' }),
  ],
});

/** `full` with only the commands on `read` paths read; the others pending, by name and line. */
function pruned(node: CommandSpec, read: readonly (readonly string[])[], words: readonly string[] = []): CommandSpec {
  const onPath = words.length === 0 || read.some((path) => words.every((word, index) => path[index] === word));
  if (!onPath) return { name: node.name, ...(node.description ? { description: node.description } : {}), runnable: true, pending: true, options: [], positionals: [], subcommands: [] };
  return { ...node, subcommands: node.subcommands.map((child) => pruned(child, read, [...words, child.name])) };
}

/** A reader over `full` that records what it was asked to read. */
function reader(): { readCommand: ReadCommand; asked: string[] } {
  const read: string[][] = [];
  const asked: string[] = [];
  const readCommand: ReadCommand = async (words) => {
    asked.push(words.join(' '));
    if (words[0] === 'broken') return { spec: pruned(full, read), failure: 'Could not read the help of "shop broken": its help printed nothing that reads as help.' };
    if (words[0] === 'explode') throw new Error('the help call could not start');
    read.push([...words]);
    return { spec: pruned(full, read) };
  };
  return { readCommand, asked };
}

function serve(extra: Partial<CliToolsOptions> = {}): { tools: CliTools; asked: string[]; records: Array<{ tool: string; argv?: string[]; decision: string }> } {
  const { readCommand, asked } = reader();
  const records: Array<{ tool: string; argv?: string[]; decision: string }> = [];
  const tools = createCliTools(pruned(full, []), { launcher: argvLog, rateLimit: false, approval: { mode: 'yolo' }, callLog: { write: (line) => records.push(JSON.parse(line)) }, discovery: { mode: 'search' }, readCommand, ...extra });
  return { tools, asked, records };
}

const stdoutOf = (result: ToolResult): string => result.output?.stdout ?? `(no output: ${result.message})`;
const structured = (result: ToolResult) => result.structured as { inputSchema: unknown; total: number; commands: Array<{ name: string; description: string }> };

describe('search mode over commands read when asked for', () => {
  it('when nothing is read yet then search finds the pending commands by their names and lines, and reads none', async () => {
    const { tools, asked } = serve();
    const all = structured(await tools.call('shop_search_commands', {}));
    expect(all.commands).toEqual([
      { name: 'shop_get', description: 'Lists items of a kind.', readOnly: true },
      { name: 'shop_order', description: 'Manages orders.' },
      { name: 'shop_broken', description: 'Its help reads as none.' },
    ]);
    // Flags are indexed once a command is read: before, `watch` names no command (names and lines only).
    expect(structured(await tools.call('shop_search_commands', { query: 'watch' })).total).toBe(0);
    expect(asked).toEqual([]);
  });

  it('when a pending command is described then it is read first, and its schema is the full tree\'s', async () => {
    const { tools, asked } = serve();
    const described = await tools.call('shop_describe_command', { command: 'get' });
    expect(described.isError).toBe(false);
    expect(asked).toEqual(['get']);
    const whole = createCliTools(full, { launcher: argvLog, discovery: { mode: 'search' } });
    expect(structured(described).inputSchema).toEqual(whole.find('shop_get')?.inputJsonSchema);
    expect(tools.find('shop_get')?.command.pending).toBeUndefined();
    expect(structured(await tools.call('shop_search_commands', { query: 'watch' })).commands.map((command) => command.name)).toEqual(['shop_get']);
  });

  it('when a pending command is called then it is read first and runs the argv the full tree gives, validated by its schema', async () => {
    const { tools, asked, records } = serve();
    const ran = await tools.call('shop_run_read_only_command', { command: 'shop_get', flags: { output: 'yaml', profile: 'p' }, args: ['items'] });
    expect(ran.isError, stdoutOf(ran)).toBe(false);
    expect(JSON.parse(stdoutOf(ran))).toEqual(['--profile=p', 'get', '--output=yaml', 'items']);
    const whole = createCliTools(full, { launcher: argvLog, rateLimit: false, callLog: false, discovery: { mode: 'all' } });
    expect(stdoutOf(await whole.call('shop_get', { flags: { output: 'yaml', profile: 'p' }, args: ['items'] }))).toBe(stdoutOf(ran));
    const bad = await tools.call('shop_run_command', { command: 'get', flags: { output: 'xml' }, args: ['items'] });
    expect(bad).toMatchObject({ isError: true, message: expect.stringContaining('output') });
    expect(asked).toEqual(['get']);
    expect(records.map((record) => record.decision)).toEqual(['ran', 'invalid input']);
  });

  it('when a pending command turns out to be a group then describing it lists its commands, which search then finds', async () => {
    const { tools } = serve();
    const group = await tools.call('shop_describe_command', { command: 'order' });
    expect(group).toMatchObject({ isError: true, message: '`shop order` is a group of commands, not one to run; describe one of its 2: shop_order_create (Creates an order.); shop_order_delete (Deletes an order for good.)' });
    expect(structured(await tools.call('shop_search_commands', { query: 'create an order' })).commands[0]?.name).toBe('shop_order_create');
  });

  it('when a command below a pending group is named by its words then it is read, and approval still asks and the read-only runner still refuses it', async () => {
    const { tools, records } = serve({ approval: { mode: 'auto' } });
    const refused = await tools.call('shop_run_read_only_command', { command: 'order delete', args: ['9'] });
    expect(refused).toMatchObject({ isError: true, message: expect.stringContaining('is destructive, not read-only') });
    const asked = await tools.call('shop_run_command', { command: 'order delete', args: ['9'] }, { approval: { canAsk: true, grants: memoryGrants() } });
    expect(asked.ask?.message).toContain('shop order delete 9');
    expect(records.map((record) => record.decision)).toEqual(['asked the user']);
  });

  it('when a command\'s help cannot be read then describing or calling it is an isError that says so, and the server goes on', async () => {
    const { tools } = serve();
    const message = 'Could not read the help of "shop broken": its help printed nothing that reads as help.';
    expect(await tools.call('shop_describe_command', { command: 'broken' })).toEqual({ isError: true, message });
    expect(await tools.call('shop_run_command', { command: 'broken' })).toEqual({ isError: true, message });
    expect((await tools.call('shop_describe_command', { command: 'get' })).isError).toBe(false);
  });

  it('when reading a command throws then the call is an isError naming the command, not a crash', async () => {
    const { tools } = serve();
    const explode = spec('shop', { runnable: false, subcommands: [{ ...spec('explode'), pending: true }] });
    const { readCommand } = reader();
    const exploding = createCliTools(explode, { launcher: argvLog, discovery: { mode: 'search' }, readCommand });
    expect(await exploding.call('shop_describe_command', { command: 'explode' })).toEqual({ isError: true, message: 'Could not read the help of "shop explode": the help call could not start.' });
    expect(tools.tools.length).toBe(3);
  });
});
