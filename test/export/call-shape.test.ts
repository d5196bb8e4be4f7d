import { describe, expect, it } from 'vitest';
import { PARSER_CONVENTIONS } from '../../src/argv/conventions.js';
import { callShape, optionShape } from '../../src/export/call-shape.js';
import type { RunnableCommand } from '../../src/types.js';
import { option, positional, runnable } from '../helpers/commands.js';

const deploy = (extra: Partial<RunnableCommand> = {}): RunnableCommand =>
  runnable({
    path: ['tool', 'deploy'],
    options: [option('verbose', 'boolean'), option('env', 'string', { depth: 1, choices: ['dev', 'prod'] }), option('dry-run', 'boolean', { depth: 1 })],
    positionals: [positional('service', { required: true }), positional('extra', { variadic: true })],
    ...extra,
  });

describe('callShape', () => {
  it.each<[string, RunnableCommand, string]>([
    ['commander: options after the word that declares them, values joined with =', deploy(), 'tool [--verbose] deploy [--dry-run] [--env=dev|prod] <service> [extra...]'],
    ['cobra: every option after the positionals', deploy({ argv: PARSER_CONVENTIONS.cobra }), 'tool deploy <service> [extra...] [--verbose] [--dry-run] [--env=dev|prod]'],
    ["Go's flag: one-letter values joined with =", runnable({ path: ['tf', 'plan'], options: [option('p', 'integer', { flag: '-p', depth: 1 })], argv: PARSER_CONVENTIONS.goFlag }), 'tf plan [-p=<integer>]'],
    ['getopt: a short option carries its value attached', runnable({ path: ['grep'], options: [option('m', 'integer', { flag: '-m' })] }), 'grep [-m<integer>]'],
    ['a value documented as a word of its own', runnable({ path: ['zstd'], options: [option('o', 'string', { flag: '-o', valueForm: 'separate' })] }), 'zstd [-o <string>]'],
    ['a required option is not bracketed', runnable({ path: ['todo', 'assign'], options: [option('owner', 'string', { depth: 1, required: true })], positionals: [positional('id', { required: true })] }), 'todo assign --owner=<string> <id>'],
    ['a counted option and a list repeat', runnable({ options: [option('v', 'integer', { flag: '-v', count: true }), option('tag', 'string', { variadic: true })] }), 'tool [-v]… [--tag=<string>]…'],
    ['a switch with its negation, and a negation alone', runnable({ options: [option('color', 'boolean', { negation: '--no-color' }), option('notify', 'boolean', { flag: undefined, negation: '--no-notify' })] }), 'tool [--color|--no-color] [--no-notify]'],
    ['an optional value', runnable({ options: [option('status', 'string', { optionalValue: true })] }), 'tool [--status[=<string>]]'],
    ['words handed on after --', runnable({ path: ['kubectl', 'exec'], positionals: [positional('pod', { required: true })], passthrough: { name: 'COMMAND', required: true } }), 'kubectl exec <pod> -- <COMMAND...>'],
    ["a run its closing word ends (find's -exec)", runnable({ path: ['find'], options: [option('exec', 'string', { flag: '-exec', closedBy: [';', '+'], afterOperands: true })], positionals: [positional('path')] }), 'find [path] [-exec <string>... ;]'],
  ])('when %s then the shape is the argv the argv stage lays out', (_case, command, shape) => {
    expect(callShape(command)).toBe(shape);
  });

  it('when a command has more options than a line shows then the required and its own come first and the rest are counted', () => {
    const inherited = Array.from({ length: 5 }, (_, index) => option(`global${index}`, 'boolean'));
    const own = Array.from({ length: 4 }, (_, index) => option(`own${index}`, 'boolean', { depth: 1 }));
    const shape = callShape(runnable({ path: ['tool', 'run'], options: [...inherited, ...own, option('name', 'string', { depth: 0, required: true })] }));
    expect(shape).toBe('tool [--global0] --name=<string> run [--own0] [--own1] [--own2] [--own3] […4 more options]');
  });

  it('when an option has more choices than a placeholder shows then it ends with …', () => {
    const command = runnable({ options: [option('output', 'string', { choices: ['json', 'yaml', 'wide', 'name', 'go-template', 'jsonpath', 'custom-columns'] })] });
    expect(optionShape(command, command.options[0]!)).toEqual({ text: '--output=json|yaml|wide|name|go-template|jsonpath|…', repeatable: false });
  });
});
