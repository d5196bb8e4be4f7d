// Programs shaped like the security review's: runnable roots with destructive, hidden and aliased subcommands.
import { Command, Option } from 'commander';

/** Records which command's action ran and with what; `record(path)` is the action. */
export function recorder() {
  let ran;
  return {
    get ran() {
      return ran;
    },
    commander: (path) => (...params) => (ran = { path, args: params.slice(0, -2), opts: params.at(-1).optsWithGlobals() }),
    yargs: (path) => (argv) => (ran = { path, argv: { ...argv } }),
  };
}

/** `red`: a runnable root whose first operand commander would dispatch as a subcommand, even after `--`. */
export function red(record) {
  const program = new Command('red')
    .exitOverride()
    .configureOutput({ writeOut() {}, writeErr() {} })
    .argument('[items...]', 'anything')
    .option('--cheese [type]', 'an optional value')
    .option('--sauce [kind]', 'another optional value')
    .option('--tag <values...>', 'a variadic')
    .option('--collect <value>', 'a collector', (value, previous) => [...(previous ?? []), value])
    .option('--name <value>', 'a string')
    .option('-s <value>', 'a short-only string')
    .option('-d, --debug', 'a switch')
    .option('--no-color', 'a lone negation')
    .option('--cache', 'paired').option('--no-cache', 'paired negation')
    .addOption(new Option('--mode <mode>', 'a choice').choices(['fast', 'slow']))
    .action(record('red'));
  program.command('get').argument('[id]').option('--output <format>').option('--watch [seconds]').action(record('get'));
  program.command('delete').argument('<id>').action(record('delete'));
  program.command('exec').argument('<command...>').action(record('exec'));
  program.command('list').alias('ls').argument('[filter]').action(record('list'));
  program.command('secret', { hidden: true }).action(record('secret'));
  const group = program.command('group').argument('[what]').option('--force').action(record('group'));
  group.command('wipe').argument('[what]').action(record('group wipe'));
  return program;
}

/** `fy`: a yargs program with a default command, an aliased and a hidden command, and a group. */
export function fy(factory, record) {
  return factory([])
    .scriptName('fy')
    .option('verbose', { alias: 'v', type: 'count' })
    .option('config', { type: 'string' })
    .option('tag', { type: 'array', string: true })
    .option('debug', { type: 'boolean' })
    .command('$0 [items..]', 'the default', (y) => y.option('name', { type: 'string' }).option('n', { type: 'number' }), record('fy'))
    .command(['get [id]', 'show'], 'get one', (y) => y.option('output', { type: 'string' }).option('color', { type: 'boolean', default: true }), record('get'))
    .command('delete <id>', 'delete one', {}, record('delete'))
    .command('secret', false, {}, record('secret'))
    .command('group', 'a group', (y) => y.command('wipe [what]', 'wipe', {}, record('group wipe')).command('list [what]', 'list', (z) => z.option('all', { type: 'boolean' }), record('group list')))
    .strict();
}
