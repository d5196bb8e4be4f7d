import { describe, expect, it } from 'vitest';
import { commandEntries } from '../../../src/reflect/help/command-list.js';
import { parseGnu } from '../../../src/reflect/help/gnu.js';
import { parseGoFlag } from '../../../src/reflect/help/goflag.js';
import { helpText, optionLines } from './summary.js';

describe('reading subcommand lists outside cobra', () => {
  const knex = parseGnu(helpText('commander/knex.txt'), { path: ['knex'] });

  it("when commander lists `migrate:make [options] <name>` then the first word is the name and the rest its usage under the parent's path", () => {
    expect(knex.subcommands.find((entry) => entry.name === 'migrate:make')).toEqual({
      name: 'migrate:make',
      description: 'Create a named migration file.',
      usage: 'knex migrate:make [options] <name>',
    });
    expect(knex.subcommands.find((entry) => entry.name === 'migrate:up')?.usage).toBe('knex migrate:up [options] [<name>]');
  });

  it('when commander lists `migrate:list|migrate:status` then the second name is an alias, and `help [command]` is left out', () => {
    expect(knex.subcommands.find((entry) => entry.name === 'migrate:list')).toEqual({ name: 'migrate:list', description: 'List all migrations files with status.', aliases: ['migrate:status'] });
    expect(knex.subcommands.map((entry) => entry.name)).not.toContain('help');
    expect(knex.subcommands).toHaveLength(13);
  });

  it("when knex wraps a description to a column left of where it began then the wrapped words still join it", () => {
    expect(knex.subcommands.find((entry) => entry.name === 'migrate:latest')?.description).toBe('Run all migrations that have not yet been run.');
  });

  it('when pip lists `Commands:` then each is a subcommand and its `General Options` are the program-wide ones', () => {
    const pip = parseGnu(helpText('optparse/pip.txt'), { path: ['pip'] });
    expect(pip.subcommands.map((entry) => entry.name)).toEqual([
      'install', 'download', 'uninstall', 'freeze', 'inspect', 'list', 'show', 'check', 'config', 'search', 'cache', 'index', 'wheel', 'hash', 'completion', 'debug',
    ]);
    expect(pip.subcommands[0]).toEqual({ name: 'install', description: 'Install packages.' });
    expect(pip.options).toEqual([]);
    expect(optionLines(pip.globalOptions)).toEqual(expect.arrayContaining(['debug: --debug boolean', 'python: --python string', 'cache-dir: --cache-dir string']));
  });

  it("when a pip command's page repeats the General Options then they are global there too, and its Description section describes it", () => {
    const show = parseGnu(helpText('optparse/pip-show.txt'), { path: ['pip', 'show'] });
    expect(optionLines(show.options)).toEqual(['files: --files boolean']);
    expect(show.globalOptions.map((option) => option.name)).toEqual(expect.arrayContaining(['debug', 'isolated', 'timeout']));
    expect(show.description).toBe('Show information about one or more installed packages.\n\nThe output is in RFC-compliant mail header format.');
  });

  it('when terraform splits its list into "Main commands:" and "All other commands:" then both are read, in order', () => {
    const terraform = parseGoFlag(helpText('goflag/terraform.txt'), { path: ['terraform'] });
    const names = terraform.subcommands.map((entry) => entry.name);
    expect(names.slice(0, 6)).toEqual(['init', 'validate', 'plan', 'apply', 'destroy', 'console']);
    expect(names).toHaveLength(25);
    expect(names).toEqual(expect.arrayContaining(['fmt', 'force-unlock', 'state', 'workspace', 'version']));
  });

  it("when gh writes `auth:` then the colon is not part of the name", () => {
    expect(commandEntries(['  auth:        Authenticate gh and git with GitHub'])).toEqual([{ name: 'auth', description: 'Authenticate gh and git with GitHub' }]);
  });
});
