import { describe, expect, it } from 'vitest';
import { layOutArgv } from '../../src/argv/build-argv.js';
import { markInside } from '../../src/reflect/help/inside-runs.js';
import { optionFromEntry } from '../../src/reflect/help/option-spec.js';
import { parseHelp } from '../../src/reflect/help/parse.js';
import { inputJsonSchemaFor } from '../../src/schema/json-from-spec.js';
import { inputSchemaFor } from '../../src/schema/input.js';
import type { CommandSpec, RunnableCommand, ScopedOption } from '../../src/types.js';
import { createCliTools } from '../../src/call/cli-tools.js';
import { checkInput } from '../../src/middleware/validate.js';
import type { ToolDefinition } from '../../src/tool/definition.js';

// Class: options whose value is several words, as their documentation writes them: a fixed number per use
// (jq's `--arg a v`, pygmentize's `-H NAME TYPE`), or a run a closing word ends (find's `-exec COMMAND ;`,
// qpdf's `--encrypt user-password owner-password key-length [options] --`), with qpdf's options written inside it.

const read = (spec: string) => optionFromEntry({ spec, description: '' });

describe('reading an option that takes several words', () => {
  it('when a flag shows two or three placeholders then each use takes that many words', () => {
    expect(read('--arg a v')).toMatchObject({ name: 'arg', type: 'string', variadic: true, arity: 2 });
    expect(read('-H NAME TYPE')).toMatchObject({ name: 'H', arity: 2 });
    expect(read('-fprintf file format')).toMatchObject({ name: 'fprintf', arity: 2 });
    // click's `INTEGER RANGE` is one typed value, and argparse's `X [X ...]` a list of single values.
    expect(read('--limit INTEGER RANGE')?.arity).toBeUndefined();
    expect(read('--files FILE [FILE ...]')).toMatchObject({ variadic: true });
    expect(read('--files FILE [FILE ...]')?.arity).toBeUndefined();
  });

  it('when a flag shows a run ended by ";", "--" or "{} +" then its value is that run, with the closing words', () => {
    expect(read('-exec COMMAND ; -exec COMMAND {} + -ok COMMAND ;')).toMatchObject({ name: 'exec', type: 'string', variadic: true, closedBy: [';', '+'] });
    expect(read('-ok command ;')).toMatchObject({ closedBy: [';'] });
    expect(read('--encrypt user-password owner-password key-length [options] --')).toMatchObject({ name: 'encrypt', closedBy: ['--'] });
    expect(read('--pages file [--password=password] [page-range] [...] --')).toMatchObject({ closedBy: ['--'] });
  });

  it('when a line holds several options (find\'s actions) then the first is read alone: a switch stays a switch', () => {
    expect(read('-delete -print0 -printf FORMAT -fprintf FILE FORMAT -print')).toEqual({ name: 'delete', type: 'boolean', flag: '-delete' });
    expect(read('-fprint0 FILE -fprint FILE -ls')).toMatchObject({ name: 'fprint0', type: 'string' });
  });

  it('when a topic says its options appear inside another option\'s run then they are marked inside it (qpdf)', () => {
    const text = [
      'Usage: qpdf [options] infile outfile',
      '',
      '== add-attachment (attach (embed) files) ==',
      '',
      'The options listed below appear between --add-attachment and its',
      'terminating "--".',
      '',
      'Related options:',
      '  --key: specify attachment key',
      '',
      '== encryption (create encrypted files) ==',
      '',
      '--encrypt user-password owner-password key-length [options] --',
      '',
      'Options for 128-bit or 256-bit:',
      '  --print=print-opt        control printing access',
      '',
      '== general (general options) ==',
      '',
      '  --linearize              linearize the output',
      '  --add-attachment file [options] --    start add attachment options',
      '  --encrypt user-password owner-password key-length [options] --    start encryption options',
      '  --key=key                specify attachment key',
      '  --print=print-opt        control printing access',
    ].join('\n');
    const page = parseHelp(text, { dialect: 'gnu' });
    const inside = Object.fromEntries(page.options.map((option) => [option.name, option.inside]));
    expect(inside).toMatchObject({ key: 'add-attachment', print: 'encrypt', linearize: undefined, encrypt: undefined });
    // Without topics (`== … ==`), nothing is read as inside: a usage line alone is no evidence.
    expect(markInside(page, 'Usage: x\n--encrypt a [options] --\n  --print=x  y')).toBe(page);
  });
});

const find = (options: readonly ScopedOption[]): RunnableCommand => ({ path: ['find'], options, positionals: [{ name: 'path', type: 'string', required: false, variadic: true }] });
const at = (name: string, extra: Partial<ScopedOption>): ScopedOption => ({ name, type: 'string', flag: `-${name}`, depth: 0, afterOperands: true, ...extra });
const exec = at('exec', { variadic: true, closedBy: [';', '+'] });
const nameTest = at('name', { valueForm: 'separate' });
const del = at('delete', { type: 'boolean' });
const qpdf: RunnableCommand = {
  path: ['qpdf'],
  options: [
    { name: 'encrypt', type: 'string', flag: '--encrypt', variadic: true, closedBy: ['--'], syntax: '--encrypt user-password owner-password key-length [options] --', depth: 0 },
    { name: 'print', type: 'string', flag: '--print', valueForm: 'equals', inside: 'encrypt', depth: 0 },
    { name: 'use-aes', type: 'boolean', flag: '--use-aes', inside: 'encrypt', depth: 0 },
  ],
  positionals: [{ name: 'outfile', type: 'string', required: true, variadic: false }],
};
const arg: ScopedOption = { name: 'arg', type: 'string', flag: '--arg', variadic: true, arity: 2, syntax: '--arg a v', depth: 0 };
const jq: RunnableCommand = { path: ['jq'], options: [arg], positionals: [{ name: 'filter', type: 'string', required: true, variadic: false }] };

describe('sending an option that takes several words', () => {
  it('when a run is given then its words follow the flag and the first closing word ends it, unless the run ends with one', () => {
    expect(layOutArgv(find([nameTest, exec]), { flags: { name: '*.py', exec: ['echo', '{}'] }, args: ['.'] })).toEqual({ ok: true, argv: ['.', '-name', '*.py', '-exec', 'echo', '{}', ';'] });
    expect(layOutArgv(find([exec]), { flags: { exec: ['echo', '{}', '+'] }, args: ['.'] })).toEqual({ ok: true, argv: ['.', '-exec', 'echo', '{}', '+'] });
    // A word that may start with "-" is the run's, not an option of the program's.
    expect(layOutArgv(find([exec]), { flags: { exec: ['ls', '-l', '{}'] }, args: ['.'] })).toEqual({ ok: true, argv: ['.', '-exec', 'ls', '-l', '{}', ';'] });
  });

  it('when a closing word stands inside the run then the call is refused: the words after it would be the program\'s own options', () => {
    const laid = layOutArgv(find([exec]), { flags: { exec: ['echo', ';', '-delete'] }, args: ['.'] });
    expect(laid).toMatchObject({ ok: false, message: expect.stringMatching(/^flags\.exec holds ";" before its last word/) });
  });

  it('when options after the operands are given then they keep the call\'s order: find reads its expression left to right', () => {
    expect(layOutArgv(find([del, nameTest]), { flags: { name: '*.log', delete: true }, args: ['.'] })).toEqual({ ok: true, argv: ['.', '-name', '*.log', '-delete'] });
    expect(layOutArgv(find([del, nameTest]), { flags: { delete: true, name: '*.log' }, args: ['.'] })).toEqual({ ok: true, argv: ['.', '-delete', '-name', '*.log'] });
  });

  it('when an option written inside a run is given then it is sent inside it, before the closing word; without the run it is refused', () => {
    expect(layOutArgv(qpdf, { flags: { print: 'none', 'use-aes': true, encrypt: ['u', 'o', '256'] }, args: ['out.pdf'] })).toEqual({ ok: true, argv: ['--encrypt', 'u', 'o', '256', '--print=none', '--use-aes', '--', 'out.pdf'] });
    const alone = layOutArgv(qpdf, { flags: { print: 'none' }, args: ['out.pdf'] });
    expect(alone).toMatchObject({ ok: false, message: expect.stringMatching(/^flags\.print is written only inside --encrypt's words .*give flags\.encrypt too/) });
  });

  it('when words come in groups then the flag goes before each group; a partial group or a word starting with "-" is refused', () => {
    expect(layOutArgv(jq, { flags: { arg: ['a', 'x', 'b', 'y'] }, args: ['$a + $b'] })).toEqual({ ok: true, argv: ['--arg', 'a', 'x', '--arg', 'b', 'y', '$a + $b'] });
    expect(layOutArgv(jq, { flags: { arg: ['a'] }, args: ['.'] })).toMatchObject({ ok: false, message: expect.stringMatching(/takes 2 per use/) });
    expect(layOutArgv(jq, { flags: { arg: ['a', '-x'] }, args: ['.'] })).toMatchObject({ ok: false, message: expect.stringMatching(/"-x" starts with "-"/) });
  });

  it('when the schema is built then words are a list of strings, groups are checked in zod and both say how they are sent', () => {
    const zod = inputSchemaFor(jq);
    expect(zod.safeParse({ flags: { arg: ['a', 'x'] }, args: ['.'] }).success).toBe(true);
    expect(zod.safeParse({ flags: { arg: ['a', 'x', 'b'] }, args: ['.'] }).success).toBe(false);
    const json = inputJsonSchemaFor(jq) as { properties: { flags: { properties: Record<string, { type: string; description: string }> } } };
    expect(json.properties.flags.properties.arg).toMatchObject({ type: 'array', description: expect.stringContaining('2 words per use, as in --arg a v') });
    const flags = (inputJsonSchemaFor(qpdf) as { properties: { flags: { properties: Record<string, { description: string }> } } }).properties.flags.properties;
    expect(flags.encrypt?.description).toContain('the words of one --encrypt user-password owner-password key-length [options] --, as a list; cli-mcp adds the closing --');
    expect(flags.print?.description).toContain('sent inside the words of flags.encrypt');
  });

  it('when a call is validated then its flags keep the caller\'s key order, which an expression needs', () => {
    const tool = { name: 'find', command: find([del, nameTest]), inputSchema: inputSchemaFor(find([del, nameTest])) } as unknown as ToolDefinition;
    const checked = checkInput(tool, { flags: { name: '*.log', delete: true }, args: ['.'] });
    expect(checked.ok && Object.keys(checked.input.flags ?? {})).toEqual(['name', 'delete']);
  });
});

describe('a closed run under the argv policy', () => {
  const argvLog = { file: process.execPath, prefixArgs: ['test/fixtures/argv-log/argv-log.js'] };
  const twoRuns: CommandSpec = {
    name: 'qpdf',
    runnable: true,
    options: [
      { name: 'encrypt', type: 'string', flag: '--encrypt', variadic: true, closedBy: ['--'] },
      { name: 'pages', type: 'string', flag: '--pages', variadic: true, closedBy: ['--'] },
      { name: 'linearize', type: 'boolean', flag: '--linearize' },
    ],
    positionals: [{ name: 'outfile', type: 'string', required: true, variadic: false }],
    subcommands: [],
    argv: { doubleDash: 'never', options: 'command', falseValue: 'omit', shortValue: 'attached' },
  };

  it('when a denied flag is among a run\'s words, even after another run\'s closing "--", then the call is refused before anything runs', async () => {
    const tools = createCliTools(twoRuns, { launcher: argvLog, rateLimit: false, approval: { mode: 'yolo' }, callLog: false, argvPolicy: { denyFlags: ['--allow-weak-crypto'] } });
    const tool = tools.tools.find((one) => one.name === 'qpdf')!;
    const refused = await tools.run(tool, { flags: { encrypt: ['u', 'o', '256'], pages: ['a.pdf', '--allow-weak-crypto', '1'] }, args: ['out.pdf'] });
    expect(refused).toMatchObject({ isError: true, message: expect.stringMatching(/--allow-weak-crypto/) });
    const ran = await tools.run(tool, { flags: { encrypt: ['u', 'o', '256'], pages: ['a.pdf', '1-2'] }, args: ['out.pdf'] });
    expect(ran).not.toMatchObject({ isError: true });
  });
});
