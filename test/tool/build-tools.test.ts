import { describe, expect, it } from 'vitest';
import { allowCommands, allowFlags, excludeCommands, excludeFlags } from '../../src/tool/select.js';
import type { Middleware } from '../../src/middleware/context.js';
import type { JsonSchema } from '../../src/schema/json-schema.js';
import { buildTools, chooseTools } from '../../src/tool/build-tools.js';
import type { ToolDefinition } from '../../src/tool/definition.js';
import type { CommandSpec, OptionSpec } from '../../src/types.js';
import { spec } from '../helpers/commands.js';

const flag = (name: string, extra: Partial<OptionSpec> = {}): OptionSpec => ({ name, type: 'boolean', flag: `--${name}`, ...extra });

const todo: CommandSpec = spec('todo', {
  runnable: false,
  options: [flag('verbose')],
  subcommands: [
    spec('add', { description: '  Adds a task.  ', examples: 'Examples:\n  todo add "buy milk"', options: [flag('force'), flag('due', { type: 'string' })] }),
    spec('list', { annotations: { title: 'List tasks', readOnlyHint: true } }),
    spec('remote', { runnable: false, subcommands: [spec('sync', { description: '' })] }),
  ],
});

const byName = (tools: readonly ToolDefinition[]) => new Map(tools.map((tool) => [tool.name, tool]));
const flagNames = (tool: ToolDefinition | undefined): string[] => {
  const flags = (tool?.inputJsonSchema.properties as Record<string, JsonSchema> | undefined)?.flags;
  return Object.keys((flags?.properties as Record<string, unknown> | undefined) ?? {});
};

describe('buildTools', () => {
  it('when a tree is built then there is one tool per runnable command, named by its path, in declaration order', () => {
    expect(buildTools(todo).map((tool) => tool.name)).toEqual(['todo_add', 'todo_list', 'todo_remote_sync']);
  });

  it('when a prefix is given then it replaces the root word, and an empty prefix drops it', () => {
    expect(buildTools(todo, { prefix: 't' }).map((tool) => tool.name)).toEqual(['t_add', 't_list', 't_remote_sync']);
    expect(buildTools(todo, { prefix: '' }).map((tool) => tool.name)).toEqual(['add', 'list', 'remote_sync']);
  });

  it('when a command has an annotated title then it is the tool title, otherwise the path is', () => {
    const tools = byName(buildTools(todo));
    expect(tools.get('todo_list')?.title).toBe('List tasks');
    expect(tools.get('todo_add')?.title).toBe('todo add');
    expect(tools.get('todo_list')?.annotations).toEqual({ title: 'List tasks', readOnlyHint: true });
  });

  it('when a command has examples then they follow the trimmed description after a blank line', () => {
    expect(byName(buildTools(todo)).get('todo_add')?.description).toBe('Adds a task.\n\nExamples:\n  todo add "buy milk"');
  });

  it('when a command has no description then the description says which command it runs', () => {
    const tools = byName(buildTools(todo));
    expect(tools.get('todo_list')?.description).toBe('Runs `todo list`.');
    expect(tools.get('todo_remote_sync')?.description).toBe('Runs `todo remote sync`.');
  });

  it('when a tool is built then it carries the command, its inherited flags and both schemas', () => {
    const add = byName(buildTools(todo)).get('todo_add');
    expect(add?.command.path).toEqual(['todo', 'add']);
    expect(add?.command.options.map((o) => [o.name, o.depth])).toEqual([['verbose', 0], ['force', 1], ['due', 1]]);
    expect(flagNames(add)).toEqual(['verbose', 'force', 'due']);
    expect(add?.inputSchema.safeParse({ flags: { due: 'today' } }).success).toBe(true);
  });

  it('when selectors choose commands then only those become tools', () => {
    expect(buildTools(todo, { selectors: [{ commands: allowCommands('add', 'remote *') }] }).map((t) => t.name)).toEqual(['todo_add', 'todo_remote_sync']);
    expect(buildTools(todo, { selectors: [{ commands: excludeCommands('add') }] }).map((t) => t.name)).toEqual(['todo_list', 'todo_remote_sync']);
  });

  it('when a selector excludes a flag then it is gone from the schema, the command options and validation', () => {
    const [add] = buildTools(todo, { selectors: [{ commands: allowCommands('add'), flags: excludeFlags('force') }] });
    expect(flagNames(add)).toEqual(['verbose', 'due']);
    expect(add?.command.options.map((o) => o.name)).toEqual(['verbose', 'due']);
    expect(add?.inputSchema.safeParse({ flags: { force: true } }).success).toBe(false);
  });

  it('when a flag matcher is given then it is asked with the option and the command', () => {
    const asked: string[] = [];
    buildTools(todo, {
      selectors: [{ commands: allowCommands('add'), flags: (o, command) => (asked.push(`${command.path.join(' ')}:${o.name}`), true) }],
    });
    expect(asked).toEqual(['todo add:verbose', 'todo add:force', 'todo add:due']);
  });

  it('when a selector leaves out a flag the command requires then building fails and says why', () => {
    const strict = spec('todo', { runnable: false, subcommands: [spec('assign', { options: [flag('owner', { type: 'string', required: true })] })] });
    expect(() => buildTools(strict, { selectors: [{ flags: excludeFlags('owner') }] })).toThrow(/leaves out "owner", which `todo assign` requires/);
  });

  it('when selectors overlap then the first matching one decides the flags and is the one the tool is chosen by', () => {
    const audit: Middleware = async (_ctx, next) => next();
    const first = { commands: allowCommands('add'), flags: allowFlags('due'), middleware: [audit] };
    const second = { flags: allowFlags('verbose') };
    const chosen = new Map(chooseTools(todo, { selectors: [first, second] }).map(({ tool, selection }) => [tool.name, { tool, selection }]));
    expect(flagNames(chosen.get('todo_add')?.tool)).toEqual(['due']);
    expect(chosen.get('todo_add')?.selection).toBe(first);
    expect(flagNames(chosen.get('todo_list')?.tool)).toEqual(['verbose']);
    expect(chosen.get('todo_list')?.selection).toBe(second);
  });

  it('when no selectors are given then every tool is chosen by none', () => {
    expect(chooseTools(todo).every(({ selection }) => selection === null)).toBe(true);
  });

  it('when the root is runnable then it becomes a tool named after it, even with an empty prefix', () => {
    const tools = buildTools(spec('solo', { description: 'Does it.' }), { prefix: '' });
    expect(tools.map((tool) => [tool.name, tool.title, tool.description])).toEqual([['solo', 'solo', 'Does it.']]);
  });
});

describe('denied flags in every spelling', () => {
  const root: CommandSpec = spec('kube', {
    options: [
      { name: 'server', type: 'string', flag: '--server', aliases: ['-s'] },
      { name: 'output', type: 'string', flag: '--output', aliases: ['-o'] },
    ],
  });
  const offered = (denyFlags: string[]) => buildTools(root, { argvPolicy: { denyFlags } })[0]?.command.options.map((option) => option.name);

  it('when the short spelling is denied then the option is left out under its long name too', () => {
    expect(offered(['-s'])).toEqual(['output']);
  });

  it('when the long spelling is denied then the option is left out, alias and all', () => {
    expect(offered(['--server'])).toEqual(['output']);
  });
});
