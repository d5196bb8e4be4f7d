import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Argument, Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { annotate, reflectCommander, type CommanderCommand } from '../../src/reflect/commander.js';
import type { CommandSpec } from '../../src/types.js';

const noop = (): void => {};
const require = createRequire(import.meta.url);

/** The part of commander 2 to 6 these tests build programs with. */
interface OldCommand {
  name(name: string): OldCommand;
  version(version: string): OldCommand;
  description(text: string, args?: Record<string, string>): OldCommand;
  option(flags: string, description?: string, parse?: unknown, defaultValue?: unknown): OldCommand;
  command(nameAndArgs: string, description?: string | null | object, options?: object): OldCommand;
  action(fn: (...args: unknown[]) => void): OldCommand;
  on(event: string, listener: () => void): OldCommand;
  arguments(spec: string): OldCommand;
  requiredOption?(flags: string, description?: string): OldCommand;
}
type OldCommander = { readonly Command: new (name?: string) => OldCommand; readonly version?: string };
const commanders: ReadonlyArray<readonly [string, OldCommander]> = [
  ['commander 6', require('commander6') as OldCommander],
  ['commander 2', require('commander2') as OldCommander],
];
const asCommand = (program: OldCommand): CommanderCommand => program as unknown as CommanderCommand;

/** The same program in either old major: what its users wrote in 2015–2020. */
function oldProgram(commander: OldCommander): OldCommand {
  const program = new commander.Command().name('deploy').version('1.0.0').description('Deploys apps');
  program.option('-v, --verbose', 'say more').option('-C, --no-color', 'plain output').option('-p, --port <n>', 'port', Number.parseInt, 8080);
  program.command('deploy <app> [targets...]').description('deploy an app', { app: 'the app' }).option('-f, --force', 'skip checks').action(noop);
  program.command('status').action(noop);
  program.command('secret', null, { noHelp: true }).action(noop);
  program.command('install [pkg]', 'install a package');
  program.on('--help', () => console.log('Examples:\n  $ deploy deploy web'));
  return program;
}

function child(spec: CommandSpec, name: string): CommandSpec {
  const found = spec.subcommands.find((sub) => sub.name === name);
  if (!found) throw new Error(`no subcommand ${name}`);
  return found;
}

describe('reflecting a commander program into a command tree', () => {
  it('when a group has no action then it is walked but not runnable, and its subcommands are', () => {
    const program = new Command('kubectl');
    const config = program.command('config').description('edit config');
    config.command('view').action(noop);
    config.command('use').action(noop);
    const spec = reflectCommander(program);
    expect(spec.runnable).toBe(false);
    expect(child(spec, 'config').runnable).toBe(false);
    expect(child(spec, 'config').subcommands.map((s) => [s.name, s.runnable])).toEqual([
      ['view', true],
      ['use', true],
    ]);
  });

  it('when the root has an action then the root is runnable', () => {
    expect(reflectCommander(new Command('echo').action(noop)).runnable).toBe(true);
  });

  it('when a command has neither an action nor subcommands then it is still runnable (it reads opts() after parse)', () => {
    const program = new Command('ncu').option('-u, --upgrade', 'write the new versions');
    expect(reflectCommander(program).runnable).toBe(true);
  });

  it('when arguments live only in the private _args (commander before 11.1) then they are still positionals', () => {
    const program = new Command('old').action(noop);
    program.argument('<file>', 'a file');
    // Simulate an old commander: no public registeredArguments, the same list under _args.
    const legacy = Object.assign(Object.create(program) as Command, { registeredArguments: undefined, _args: program.registeredArguments, commands: [], options: [] });
    expect(reflectCommander(legacy).positionals.map((p) => p.name)).toEqual(['file']);
  });

  it('when the program calls itself by more than one word then the fallback name names it', () => {
    expect(reflectCommander(new Command('npx playwright'), { name: 'playwright-core' }).name).toBe('playwright-core');
    expect(reflectCommander(new Command('npx playwright')).name).toBe('npx playwright');
  });

  it('when a subcommand is a stand-alone executable then it is runnable', () => {
    const program = new Command('pm');
    program.command('install [name]', 'install one or more packages');
    const install = child(reflectCommander(program), 'install');
    expect(install.runnable).toBe(true);
    expect(install.description).toBe('install one or more packages');
  });

  it('when the program has no name then options.name names the root, and with neither it fails', () => {
    expect(reflectCommander(new Command(), { name: 'fallback' }).name).toBe('fallback');
    expect(reflectCommander(new Command('own'), { name: 'fallback' }).name).toBe('own');
    const error = (() => {
      try {
        reflectCommander(new Command());
      } catch (caught) {
        return caught;
      }
    })();
    expect(isCliMcpError(error) && error.code).toBe('cli-mcp.reflection-failed');
  });

  it('when a command or option is hidden then it is left out', () => {
    const program = new Command('tool').action(noop);
    program.addOption(new Option('--secret').hideHelp()).option('--shown');
    program.command('internal', { hidden: true }).action(noop);
    program.command('public').action(noop);
    const spec = reflectCommander(program);
    expect(spec.options.map((o) => o.name)).toEqual(['shown']);
    expect(spec.subcommands.map((s) => s.name)).toEqual(['public']);
  });

  it('when the program has help and version then neither the help option, help command nor version appears', () => {
    const program = new Command('tool').version('1.2.3').option('-d, --debug');
    program.command('run').action(noop);
    program.helpCommand(true);
    const spec = reflectCommander(program);
    expect(spec.options.map((o) => o.name)).toEqual(['debug']);
    expect(spec.subcommands.map((s) => s.name)).toEqual(['run']);
    expect(child(spec, 'run').options).toEqual([]);
  });

  it('when the version option has custom flags then it is still left out', () => {
    const program = new Command('tool').version('1.0.0', '-V, --show-version').option('--verbose').action(noop);
    expect(reflectCommander(program).options.map((o) => o.name)).toEqual(['verbose']);
  });

  it('when a command has aliases then it appears once under its name', () => {
    const program = new Command('tool');
    program.command('remove').alias('rm').alias('del').action(noop);
    expect(reflectCommander(program).subcommands.map((s) => s.name)).toEqual(['remove']);
  });

  it('when help sorts subcommands then the tree keeps declaration order', () => {
    const program = new Command('tool').configureHelp({ sortSubcommands: true, sortOptions: true });
    program.option('--zeta').option('--alpha');
    program.command('zed').action(noop);
    program.command('abe').action(noop);
    const spec = reflectCommander(program);
    expect(spec.subcommands.map((s) => s.name)).toEqual(['zed', 'abe']);
    expect(spec.options.map((o) => o.name)).toEqual(['zeta', 'alpha']);
  });

  it.each<[string, (c: Command) => Command, string | undefined]>([
    ['a description is used', (c) => c.description('long text').summary('short'), 'long text'],
    ['only a summary falls back to the summary', (c) => c.summary('short'), 'short'],
    ['neither leaves description out', (c) => c, undefined],
  ])('when %s', (_title, describeIt, expected) => {
    const program = new Command('tool');
    describeIt(program.command('sub').action(noop));
    expect(child(reflectCommander(program), 'sub').description).toBe(expected);
  });

  it('when help text is added before and after then it becomes the trimmed examples', () => {
    const program = new Command('tool').action(noop);
    program.addHelpText('before', 'Intro line');
    program.addHelpText('after', '\nExamples:\n  $ tool --x\n');
    program.addHelpText('after', ({ command }) => `  $ ${command.name()} again`);
    expect(reflectCommander(program).examples).toBe('Intro line\n\nExamples:\n  $ tool --x\n\n  $ tool again');
  });

  it('when no help text is added (or a help-text function throws) then examples are absent', () => {
    const program = new Command('tool').action(noop);
    program.command('boom').action(noop).addHelpText('after', () => {
      throw new Error('boom');
    });
    const spec = reflectCommander(program);
    expect(spec).not.toHaveProperty('examples');
    expect(child(spec, 'boom')).not.toHaveProperty('examples');
  });

  it('when annotate() hints a command then its spec carries them, and unknown keys are dropped', () => {
    const program = new Command('tool');
    const get = program.command('get').action(noop);
    expect(annotate(get, { title: 'Get things', readOnlyHint: true, openWorldHint: false })).toBe(get);
    annotate(program.command('rm').action(noop), { destructiveHint: true, bogus: 1 } as never);
    program.command('plain').action(noop);
    const spec = reflectCommander(program);
    expect(child(spec, 'get').annotations).toStrictEqual({ title: 'Get things', readOnlyHint: true, openWorldHint: false });
    expect(child(spec, 'rm').annotations).toStrictEqual({ destructiveHint: true });
    expect(child(spec, 'plain')).not.toHaveProperty('annotations');
  });

  it('when arguments are declared then they become positionals in order', () => {
    const program = new Command('tool').action(noop);
    program
      .argument('<source>', 'from here')
      .argument('[mode]', 'how', 'copy')
      .addArgument(new Argument('<level>').choices(['low', 'high']))
      .argument('<count>', 'how many', Number.parseInt)
      .argument('<ratio>', 'how much', Number.parseFloat)
      .argument('[files...]', 'the rest');
    expect(reflectCommander(program).positionals).toStrictEqual([
      { name: 'source', description: 'from here', type: 'string', required: true, variadic: false },
      { name: 'mode', description: 'how', type: 'string', required: false, variadic: false, default: 'copy' },
      { name: 'level', type: 'string', required: true, variadic: false, choices: ['low', 'high'] },
      { name: 'count', description: 'how many', type: 'integer', required: true, variadic: false },
      { name: 'ratio', description: 'how much', type: 'number', required: true, variadic: false },
      { name: 'files', description: 'the rest', type: 'string', required: false, variadic: true },
    ]);
  });

  it('when the tree is three levels deep then every level is reflected in declaration order', () => {
    const program = new Command('app').option('--verbose');
    const a = program.command('a').option('--x <x>');
    a.command('a1').action(noop).command('deep').action(noop);
    a.command('a2').action(noop);
    program.command('b').action(noop);
    const spec = reflectCommander(program);
    const shape = (node: CommandSpec): unknown => [node.name, node.subcommands.map(shape)];
    expect(shape(spec)).toEqual(['app', [['a', [['a1', [['deep', []]]], ['a2', []]]], ['b', []]]]);
    expect(child(spec, 'a').options).toEqual([{ name: 'x', type: 'string', flag: '--x' }]);
  });

  it('when descriptions, help text and defaults are coloured then the spec holds plain text', () => {
    const bold = (text: string): string => `\x1b[1m${text}\x1b[22m`;
    const program = new Command('paint').description(bold('Paints'));
    program
      .command('wall')
      .description(`\x1b[31mPaint\x1b[39m a \x1b]8;;https://example.com\x07wall\x1b]8;;\x07\x07`)
      .option('--colour <name>', bold('the colour'), bold('red'))
      .argument('[coats...]', '\x1b[2mhow many\x1b[22m', [bold('1')])
      .addHelpText('after', `${bold('Examples:')}\r\n  $ paint wall`)
      .action(noop);
    const spec = reflectCommander(program);
    expect(spec.description).toBe('Paints');
    expect(child(spec, 'wall')).toMatchObject({
      description: 'Paint a wall',
      examples: 'Examples:\n  $ paint wall',
      options: [{ description: 'the colour', default: 'red' }],
      positionals: [{ description: 'how many', default: ['1'] }],
    });
  });

  it('when reflected then the tree is plain JSON data', () => {
    const program = new Command('tool').option('--n <n>', 'n', Number.parseInt, 3).action(noop);
    annotate(program, { readOnlyHint: true });
    const spec = reflectCommander(program);
    expect(JSON.parse(JSON.stringify(spec))).toStrictEqual(spec);
  });
});

describe.each(commanders)('reflecting a %s program (the old API)', (_major, commander) => {
  const spec = reflectCommander(asCommand(oldProgram(commander)));

  it('when commands are declared then visible ones are subcommands in order, and a noHelp one is left out', () => {
    expect(spec.subcommands.map((sub) => [sub.name, sub.runnable])).toEqual([
      ['deploy', true],
      ['status', true],
      ['install', true],
    ]);
    expect(spec.runnable).toBe(false);
  });

  it('when options are declared then each becomes the matching spec, the version option left out', () => {
    expect(spec.options).toEqual([
      { name: 'verbose', description: 'say more', flag: '--verbose', aliases: ['-v'], type: 'boolean' },
      { name: 'color', description: 'plain output', type: 'boolean', negation: '--no-color', default: true },
      { name: 'port', description: 'port', flag: '--port', aliases: ['-p'], type: 'string', default: 8080 },
    ]);
    expect(child(spec, 'deploy').options).toEqual([{ name: 'force', description: 'skip checks', flag: '--force', aliases: ['-f'], type: 'boolean' }]);
  });

  it('when a command declares arguments then they are positionals with the descriptions given to description()', () => {
    expect(child(spec, 'deploy').positionals).toEqual([
      { name: 'app', description: 'the app', type: 'string', required: true, variadic: false },
      { name: 'targets', type: 'string', required: false, variadic: true },
    ]);
  });

  it('when on("--help") prints examples then they become the examples, and nothing reaches stdout', () => {
    expect(spec.examples).toBe('Examples:\n  $ deploy deploy web');
    expect(spec.description).toBe('Deploys apps');
  });

  it('when the root has arguments and an action then it is runnable, and a command:* listener alone does not make it so', () => {
    const withAction = new commander.Command().name('cat');
    withAction.command('version').action(noop);
    withAction.arguments('<file>').action(noop);
    expect(reflectCommander(asCommand(withAction))).toMatchObject({ runnable: true, positionals: [{ name: 'file', required: true }] });
    const rejecting = new commander.Command().name('echo');
    rejecting.command('say').action(noop);
    rejecting.on('command:*', noop);
    expect(reflectCommander(asCommand(rejecting)).runnable).toBe(false);
  });
});

describe('a program that declares no arguments and names them in its usage (madge, on commander 7)', () => {
  it.each(commanders)('when %s reads program.args under .usage("[options] <src...>") then the usage names the positionals', (_label, commander) => {
    const program = new commander.Command('madge');
    program.option('--json', 'output as JSON');
    (program as unknown as { usage(text: string): void }).usage('[options] <src...>');
    expect(reflectCommander(asCommand(program)).positionals).toEqual([{ name: 'src', type: 'string', required: true, variadic: true }]);
  });

  it('when commander 14 refuses excess arguments (its default) then a usage alone names none', () => {
    const program = new Command('tool').usage('[options] <src...>').action(noop);
    expect(reflectCommander(program as unknown as CommanderCommand).positionals).toEqual([]);
    expect(reflectCommander(new Command('tool').usage('[options] <src...>').allowExcessArguments(true).action(noop) as unknown as CommanderCommand).positionals).toEqual([{ name: 'src', type: 'string', required: true, variadic: true }]);
  });
});

describe('the commander internals cli-mcp reads', () => {
  it('when commander is 6.2 or 2.20 then the old fields mean what commander-legacy.ts assumes', () => {
    const six = new (require('commander6') as OldCommander).Command();
    six.command('hidden', { hidden: true }).action(noop);
    six.command('exe [x]', 'an executable');
    const six6 = six as unknown as { commands: Array<Record<string, unknown>> };
    expect(six6.commands.map((c) => [c._hidden, typeof c._actionHandler, c._executableHandler])).toEqual([
      [true, 'function', false],
      [false, 'object', true],
    ]);
    const two = new (require('commander2') as OldCommander).Command();
    two.command('plain', null, { noHelp: true }).action(noop);
    two.command('exe [x]', 'an executable');
    const fields = two as unknown as { commands: Array<Record<string, unknown>>; _execs: Record<string, boolean>; listeners(event: string): unknown[] };
    expect(fields.commands.map((c) => [c._noHelp, c._args])).toEqual([
      [true, []],
      [false, [{ required: false, name: 'x', variadic: false }]],
    ]);
    expect(fields._execs).toEqual({ exe: true });
    expect(fields.listeners('command:plain')).toHaveLength(1);
  });


  it('when commander is major 14 then _actionHandler, _executableHandler and _versionOptionName mean what reflection assumes', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../node_modules/commander/package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(pkg.version.split('.')[0]).toBe('14');
    const program = new Command('tool').version('1.0.0', '--ver').action(noop);
    program.command('exe', 'an executable');
    const fields = (c: Command): Record<string, unknown> => c as unknown as Record<string, unknown>;
    expect(typeof fields(program)['_actionHandler']).toBe('function');
    expect(fields(new Command('bare'))['_actionHandler']).toBeNull();
    expect(fields(program.commands[0] as Command)['_executableHandler']).toBe(true);
    expect(fields(program)['_versionOptionName']).toBe('ver');
    expect(fields(new Command('u').usage('[options] <src...>'))['_usage']).toBe('[options] <src...>');
    expect(fields(new Command('u'))['_allowExcessArguments']).toBe(false);
  });
});
