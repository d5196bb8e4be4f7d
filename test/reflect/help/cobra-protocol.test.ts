/**
 * cobra's completion protocol: answers read as real programs print them, and a help-read spec made to take
 * exactly the flags each command's answer lists (test/fixtures/cobra/fake-cobra answers as a small cobra
 * program would; test/real/cobra-protocol.test.ts holds the real programs to it).
 */
import { writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCobraProtocol } from '../../../src/reflect/help/cobra-merge.js';
import { carriesCobraProtocol, readListing, showsCobraCompletion } from '../../../src/reflect/help/cobra-protocol.js';
import type { HelpCall } from '../../../src/reflect/help/fetch-page.js';
import { limiter } from '../../../src/reflect/help/limit.js';
import type { CommandSpec, OptionSpec } from '../../../src/types.js';
import { scratchMaker } from '../../helpers/scratch.js';

describe('a completion answer', () => {
  it('when kubectl lists `get`\'s flags then each long name is read with its text, and the shorthand on the next line is its alias', () => {
    const stdout = ['--namespace\tIf present, the namespace scope for this CLI request', '-n\tIf present, the namespace scope for this CLI request', '--watch\tAfter listing/getting the requested object, watch for changes.', '-w\tAfter listing/getting the requested object, watch for changes.', '--help\thelp for get', '-h\thelp for get', ':4', ''].join('\n');
    expect(readListing(stdout)).toEqual([
      { long: '--namespace', short: '-n', description: 'If present, the namespace scope for this CLI request' },
      { long: '--watch', short: '-w', description: 'After listing/getting the requested object, watch for changes.' },
      { long: '--help', short: '-h', description: 'help for get' },
    ]);
  });

  it('when flags do not parse (kubectl `get --output -`) then cobra answers `:0` alone: no listing', () => {
    expect(readListing(':0\n')).toBeUndefined();
  });

  it('when a command has no flag but its hidden --help (docker `container pause`) then the listing is empty', () => {
    expect(readListing(':4\n')).toEqual([]);
  });

  it('when a program does not speak the protocol (it prints its usage) then there is no listing', () => {
    expect(readListing('usage: tool [-v] file\n')).toBeUndefined();
  });

  it('when a root help lists cobra\'s own completion command (etcdctl\'s help is its own template) then the program is asked', () => {
    expect(showsCobraCompletion('\tcompletion bash\t\tGenerate the autocompletion script for bash\n')).toBe(true);
    expect(showsCobraCompletion('Usage: tar [OPTION...] [FILE]...\n')).toBe(false);
  });
});

describe('which programs are asked', () => {
  const scratch = scratchMaker('cli-mcp-cobra-mark-');

  it('when a file carries cobra\'s directive name (read, never run), even across the reader\'s 1 MiB chunks, then it is asked; a file without it never is', async () => {
    const dir = scratch();
    const straddling = Buffer.alloc((1 << 20) + 64, 0x20);
    straddling.write('ShellCompDirective', (1 << 20) - 7);
    writeFileSync(join(dir, 'straddling'), straddling);
    writeFileSync(join(dir, 'plain'), Buffer.alloc(3 << 20, 0x41));
    expect(await carriesCobraProtocol(join(dir, 'straddling'))).toBe(true);
    expect(await carriesCobraProtocol(join(dir, 'plain'))).toBe(false);
    expect(await carriesCobraProtocol(join(dir, 'missing'))).toBe(false);
  });
});

const call: HelpCall = { file: path.resolve('test/fixtures/cobra/fake-cobra'), program: 'fake', cwd: process.cwd(), env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, timeoutMs: 10_000, sandbox: 'none' };
const flag = (name: string, type: OptionSpec['type'], description: string): OptionSpec => ({ name, type, description, flag: `--${name}` });
const command = (name: string, options: OptionSpec[], subcommands: CommandSpec[] = []): CommandSpec => ({ name, runnable: true, options, positionals: [], subcommands });

describe('a help-read spec given the protocol\'s flags', () => {
  // As help shows it: the root's flags all inherited, serve with a line misread as `--bogus`, create without --dry-run/--replicas.
  const helpRead = command('fake', [flag('config', 'string', 'Config file'), flag('verbose', 'boolean', 'More output')], [
    command('serve', [flag('port', 'integer', 'Port to listen on'), flag('bogus', 'boolean', 'a line misread as a flag')]),
    command('create', [flag('name', 'string', 'Name of the thing')]),
  ]);

  it('when commands below a group do not take a flag (the root\'s --verbose) then it is the group\'s own; one help misread is dropped; a shorthand is added', async () => {
    const merged = await withCobraProtocol(helpRead, call, limiter(2));
    const root = merged?.spec;
    expect(root?.options.find((option) => option.name === 'verbose')).toMatchObject({ local: true, aliases: ['-v'] });
    expect(root?.options.find((option) => option.name === 'config')?.local).toBeUndefined();
    const serve = root?.subcommands.find((sub) => sub.name === 'serve');
    expect(serve?.options.map((option) => option.name)).toEqual(['port']);
    expect(serve?.options[0]?.aliases).toEqual(['-p']);
    expect(merged).toMatchObject({ dropped: 1, madeLocal: 1 });
  });

  it('when a command requires a flag (cobra lists it alone) then it is marked required and the rest is asked with it given; flags no help shows are typed by whether they parse alone', async () => {
    const merged = await withCobraProtocol(helpRead, call, limiter(2));
    const create = merged?.spec.subcommands.find((sub) => sub.name === 'create');
    expect(create?.options.find((option) => option.name === 'name')).toMatchObject({ required: true, type: 'string' });
    expect(create?.options.find((option) => option.name === 'dry-run')).toMatchObject({ type: 'boolean', description: 'Only print what would be made', source: 'completion protocol' });
    expect(create?.options.find((option) => option.name === 'replicas')).toMatchObject({ type: 'string', description: 'How many to make' });
    expect(merged).toMatchObject({ added: 2, required: 1, commands: 3, leftOut: 0 });
  });

  it('when the program does not answer the protocol then nothing is changed', async () => {
    expect(await withCobraProtocol(helpRead, { ...call, file: '/bin/false' }, limiter(2))).toBeUndefined();
  });
});
