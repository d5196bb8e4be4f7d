import { Command } from 'commander';
import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { layOutArgv } from '../../src/argv/build-argv.js';
import { PARSER_CONVENTIONS } from '../../src/argv/conventions.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import { reflectCommander } from '../../src/reflect/commander.js';
import { reflectYargs } from '../../src/reflect/yargs.js';
import type { RunnableCommand, ScopedOption } from '../../src/types.js';

// A handler with a body: reflection reads yargs' own `() => {}` as no handler at all.
const noop = (...params: unknown[]): void => void params;

/** A runnable root with a destructive, an aliased and a hidden subcommand, as the security review's `red`. */
function red(): RunnableCommand[] {
  const program = new Command('red').argument('[items...]').option('--cheese [type]').option('--sauce [kind]').option('--name <value>').option('--tag <values...>').action(noop);
  program.command('get').argument('[id]').action(noop);
  program.command('delete').argument('<id>').action(noop);
  program.command('list').alias('ls').action(noop);
  program.command('secret', { hidden: true }).action(noop);
  return flattenRunnable(reflectCommander(program));
}
const tool = (tools: RunnableCommand[], path: string): RunnableCommand => tools.find((command) => command.path.join(' ') === path) as RunnableCommand;

describe('an option written among the operands (jo\'s `[--] [-s|-n|-b] [word...]`)', () => {
  const jo: RunnableCommand = { path: ['jo'], positionals: [{ name: 'word', type: 'string', required: false, variadic: true }], options: [{ name: 's', type: 'boolean', flag: '-s', amongOperands: true, depth: 0 }], argv: PARSER_CONVENTIONS.getopt };
  it('when the call sets it as a flag then it is refused, saying to put it in args; false sends nothing', () => {
    expect(layOutArgv(jo, { flags: { s: true }, args: ['a=1'] })).toEqual({ ok: false, message: "-s is written among the operands, after `--`, by jo's usage: put it in args, before the operand it applies to, not in flags" });
    expect(layOutArgv(jo, { flags: { s: false }, args: ['a=1'] })).toEqual({ ok: true, argv: ['a=1'] });
  });
  it('when it is a word of args then it goes after `--`', () => {
    expect(layOutArgv(jo, { flags: {}, args: ['-s', 'a=1'] })).toEqual({ ok: true, argv: ['--', '-s', 'a=1'] });
  });
});

describe('a positional that names a subcommand', () => {
  const tools = red();
  it('when a commander root is given a subcommand name as an argument then the call is refused, even though "--" precedes it', () => {
    expect(layOutArgv(tool(tools, 'red'), { flags: {}, args: ['delete', '1'] })).toEqual({ ok: false, message: expect.stringMatching(/^args\[0\] "delete" names a command of red: it would run that command/) });
  });
  it('when the word is an alias or a hidden command then it is refused the same way', () => {
    expect(layOutArgv(tool(tools, 'red'), { flags: {}, args: ['x', 'ls'] }).ok).toBe(false);
    expect(layOutArgv(tool(tools, 'red'), { flags: {}, args: ['secret'] }).ok).toBe(false);
  });
  it('when reflected then the root records every word that runs a command under it, hidden ones too', () => {
    expect(tool(tools, 'red').subcommandNames).toEqual(['get', 'delete', 'list', 'ls', 'secret']);
    expect(tool(tools, 'red get').subcommandNames).toBeUndefined();
  });
  it('when a leaf is given such a word then it passes: nothing under it could run', () => {
    expect(layOutArgv(tool(tools, 'red get'), { flags: {}, args: ['delete'] })).toEqual({ ok: true, argv: ['get', 'delete'] });
  });
  it('when a yargs default command is given a command word (or its alias, or help) then the call is refused', () => {
    const program = yargs([]).scriptName('fy').command('$0 [items..]', 'default', {}, noop).command(['get [id]', 'show'], 'get', {}, noop).command('secret', false, {}, noop);
    const root = tool(flattenRunnable(reflectYargs(program)), 'fy');
    expect(root.subcommandNames).toEqual(['get', 'show', '$0', 'secret', 'help']);
    for (const word of ['get', 'show', 'secret', 'help']) expect(layOutArgv(root, { flags: {}, args: ['x', word] }).ok).toBe(false);
  });
});

describe('a bare optional-value flag', () => {
  const root = tool(red(), 'red');
  const get = tool(red(), 'red get');
  it('when it would stand before the subcommand word then the call is refused, naming the flag and asking for a value', () => {
    expect(layOutArgv(get, { flags: { cheese: true }, args: ['1'] })).toEqual({ ok: false, message: 'flags.cheese is true, which sends the bare --cheese, and red would read the next word "get" as its value. Pass flags.cheese a value instead of true.' });
  });
  it('when another option of the same command is sent then the bare flag goes first, so an option token follows it', () => {
    expect(layOutArgv(get, { flags: { name: 'n', cheese: true }, args: [] })).toEqual({ ok: true, argv: ['--cheese', '--name=n', 'get'] });
    expect(layOutArgv(get, { flags: { sauce: true, cheese: true, name: 'n' }, args: [] })).toEqual({ ok: true, argv: ['--cheese', '--sauce', '--name=n', 'get'] });
  });
  it('when the program takes "--" only when needed (getopt) and positionals follow the bare flag then a "--" goes between them', () => {
    const grep: RunnableCommand = { path: ['grep'], options: [{ name: 'color', type: 'string', flag: '--color', optionalValue: true, depth: 0 }], positionals: [], argv: PARSER_CONVENTIONS.getopt };
    expect(layOutArgv(grep, { flags: { color: true }, args: ['hi', 'f'] })).toEqual({ ok: true, argv: ['--color', '--', 'hi', 'f'] });
  });
  it('when "--" or nothing follows it then it is sent bare', () => {
    expect(layOutArgv(root, { flags: { cheese: true }, args: ['x'] })).toEqual({ ok: true, argv: ['--cheese', '--', 'x'] });
    expect(layOutArgv(root, { flags: { cheese: true }, args: [] })).toEqual({ ok: true, argv: ['--cheese'] });
  });
});

describe('an empty string', () => {
  const tag: ScopedOption = { name: 'tag', type: 'string', flag: '--tag', variadic: true, depth: 0 };
  const t: ScopedOption = { name: 't', type: 'string', flag: '-t', variadic: true, depth: 0 };
  const name: ScopedOption = { name: 'name', type: 'string', flag: '--name', depth: 0 };
  const command = (argv = PARSER_CONVENTIONS.commander): RunnableCommand => ({ path: ['p'], options: [tag, t, name], positionals: [], argv });
  it('when it is a list item then it is sent as an empty value, "--tag=" (commander and yargs-parser read "")', () => {
    expect(layOutArgv(command(), { flags: { tag: ['a', '', 'b'] }, args: [] })).toEqual({ ok: true, argv: ['--tag=a', '--tag=', '--tag=b'] });
  });
  it('when the flag is short then the empty value is a word of its own, since "-t" alone would take the next word', () => {
    expect(layOutArgv(command(), { flags: { t: [''] }, args: [] })).toEqual({ ok: true, argv: ['-t', ''] });
  });
  it('when the program is yargs then it is sent as a word of its own, since yargs drops a "--tag=" that ends the argv', () => {
    expect(layOutArgv(command(PARSER_CONVENTIONS.yargs), { flags: { tag: ['a', ''] }, args: [] })).toEqual({ ok: true, argv: ['--tag=a', '--tag', ''] });
  });
  it('when it is a lone value then it stays absent', () => {
    expect(layOutArgv(command(), { flags: { name: '' }, args: [] })).toEqual({ ok: true, argv: [] });
  });
});

describe('yargs-parser quirks', () => {
  const name: ScopedOption = { name: 'title', type: 'string', flag: '--title', depth: 0 };
  const yargsTool: RunnableCommand = { path: ['fy', 'add'], options: [name], positionals: [], argv: PARSER_CONVENTIONS.yargs };
  it('when an option value is wrapped in one pair of matching quotes then a yargs call is refused, and a commander one is not', () => {
    expect(layOutArgv(yargsTool, { flags: { title: '"q"' }, args: [] })).toEqual({ ok: false, message: expect.stringMatching(/^flags\.title "\\"q\\"" is wrapped in matching quotes, which yargs strips/) });
    expect(layOutArgv(yargsTool, { flags: { title: '"q' }, args: [] }).ok).toBe(true);
    expect(layOutArgv({ ...yargsTool, argv: PARSER_CONVENTIONS.commander }, { flags: { title: "'q'" }, args: [] }).ok).toBe(true);
  });
  it('when a positional is exactly "-" then a yargs call is refused, since yargs reads it as a switch', () => {
    expect(layOutArgv(yargsTool, { flags: {}, args: ['a', '-'] })).toEqual({ ok: false, message: expect.stringMatching(/^args\[1\] "-" cannot be passed: fy parses with yargs/) });
  });
  it('when a positional looks like a number yargs would rewrite (0x1, 1.0) then a yargs call is refused; plain numbers pass', () => {
    expect(layOutArgv(yargsTool, { flags: {}, args: ['0x1'] })).toEqual({ ok: false, message: expect.stringMatching(/would reach fy as the number 1/) });
    expect(layOutArgv(yargsTool, { flags: {}, args: ['1.0'] }).ok).toBe(false);
    expect(layOutArgv(yargsTool, { flags: {}, args: ['5', '007', '9007199254740993'] }).ok).toBe(true);
  });
});
