import { describe, expect, it } from 'vitest';
import { allowCommands, allowFlags, excludeCommands, excludeFlags, selectionFor, type Selection } from '../../src/tool/select.js';
import type { RunnableCommand } from '../../src/types.js';
import { option, runnable } from '../helpers/commands.js';

const root = runnable({ path: ['todo'] });
const add = runnable({ path: ['todo', 'add'] });
const remoteAdd = runnable({ path: ['todo', 'remote', 'add'] });
const list = runnable({ path: ['todo', 'list'] });
const all = [root, add, remoteAdd, list];

const chosen = (matcher: (command: RunnableCommand) => boolean): string[] => all.filter(matcher).map((command) => command.path.join(' '));

describe('allowCommands', () => {
  it('when given a full path then only that command is chosen', () => {
    expect(chosen(allowCommands('todo add'))).toEqual(['todo add']);
  });

  it('when given a path without the root word then the command is chosen', () => {
    expect(chosen(allowCommands('add'))).toEqual(['todo add']);
    expect(chosen(allowCommands('remote add'))).toEqual(['todo remote add']);
  });

  it('when given the root word then only the root command is chosen, not its subcommands', () => {
    expect(chosen(allowCommands('todo'))).toEqual(['todo']);
  });

  it('when given a glob then every path it matches is chosen', () => {
    expect(chosen(allowCommands('todo *'))).toEqual(['todo add', 'todo remote add', 'todo list']);
    expect(chosen(allowCommands('*add'))).toEqual(['todo add', 'todo remote add']);
    expect(chosen(allowCommands('remote *'))).toEqual(['todo remote add']);
  });

  it('when given several names then a command matching any is chosen', () => {
    expect(chosen(allowCommands('list', 'todo add'))).toEqual(['todo add', 'todo list']);
  });

  it('when a name holds regular-expression characters then they match literally', () => {
    const dotted = runnable({ path: ['k', 'a.b'] });
    expect(allowCommands('a.b')(dotted)).toBe(true);
    expect(allowCommands('a.b')(runnable({ path: ['k', 'axb'] }))).toBe(false);
  });

  it('when a name only matches part of a path then the command is not chosen', () => {
    expect(chosen(allowCommands('ad'))).toEqual([]);
    expect(chosen(allowCommands('todo ad'))).toEqual([]);
  });

  it('when given surrounding spaces then they are ignored', () => {
    expect(chosen(allowCommands('  add '))).toEqual(['todo add']);
  });
});

describe('excludeCommands', () => {
  it('when given names and globs then every other command is chosen', () => {
    expect(chosen(excludeCommands('add'))).toEqual(['todo', 'todo remote add', 'todo list']);
    expect(chosen(excludeCommands('*add'))).toEqual(['todo', 'todo list']);
  });
});

describe('allowFlags and excludeFlags', () => {
  const options = [option('verbose', 'boolean'), option('limit', 'integer'), option('force', 'boolean')];

  it('when allowing flags then only the named ones are kept', () => {
    const keep = allowFlags('limit', 'verbose');
    expect(options.filter((o) => keep(o, add)).map((o) => o.name)).toEqual(['verbose', 'limit']);
  });

  it('when excluding flags then every other one is kept', () => {
    const keep = excludeFlags('force');
    expect(options.filter((o) => keep(o, add)).map((o) => o.name)).toEqual(['verbose', 'limit']);
  });
});

describe('selectionFor', () => {
  it('when the list is empty then every command is selected by none (null), so no flag filter applies', () => {
    expect(selectionFor([], add)).toBeNull();
    expect(selectionFor([], root)).toBeNull();
  });

  it('when several selectors match then the first one wins', () => {
    const first: Selection = { commands: allowCommands('add'), flags: allowFlags('limit') };
    const second: Selection = { commands: allowCommands('todo *') };
    expect(selectionFor([first, second], add)).toBe(first);
    expect(selectionFor([first, second], list)).toBe(second);
  });

  it('when a selector has no commands matcher then it matches every command', () => {
    const narrow: Selection = { commands: allowCommands('add') };
    const rest: Selection = {};
    expect(selectionFor([narrow, rest], list)).toBe(rest);
  });

  it('when no selector matches then the command is not exposed', () => {
    expect(selectionFor([{ commands: allowCommands('add') }], list)).toBeUndefined();
  });
});

describe('excluding a group', () => {
  it('when a group is excluded then the group and every command under it are left out, with or without the root word', () => {
    expect(chosen(excludeCommands('remote'))).toEqual(['todo', 'todo add', 'todo list']);
    expect(chosen(excludeCommands('todo remote'))).toEqual(['todo', 'todo add', 'todo list']);
  });

  it('when a name only shares a prefix with a group then the group stays', () => {
    expect(chosen(excludeCommands('remo'))).toEqual(['todo', 'todo add', 'todo remote add', 'todo list']);
  });

  it('when the same name is included then only the command itself is chosen, not the commands under it', () => {
    expect(chosen(allowCommands('remote'))).toEqual([]);
  });
});
