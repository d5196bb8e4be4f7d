import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createCliTools, createMcpServer, isCliMcpError, reflectCommander, type CliToolsOptions } from '../../src/index.js';

const program = new Command('tool');
program.command('list').action(() => {});
const spec = reflectCommander(program);
const launcher = { file: 'true', prefixArgs: [] };

/** The error a call throws, for inspection; fails the test when it throws nothing. */
function thrown(build: () => unknown): { code?: string; message: string; name: string } {
  try {
    build();
  } catch (error) {
    return error as { code?: string; message: string; name: string };
  }
  throw new Error('expected an error');
}

describe('misconfigured library options', () => {
  it.each([
    ['createCliTools without options', () => createCliTools(spec, undefined as unknown as CliToolsOptions), /createCliTools needs options with a launcher.*got undefined/],
    ['createCliTools without a launcher', () => createCliTools(spec, {} as CliToolsOptions), /createCliTools needs a launcher/],
    ['a launcher without prefixArgs', () => createCliTools(spec, { launcher: { file: 'kubectl' } } as unknown as CliToolsOptions), /launcher must be \{ file: string, prefixArgs: string\[\] \}, got \{"file":"kubectl"\} \(an object\)/],
    ['timeoutMs as a string', () => createCliTools(spec, { launcher, timeoutMs: '10' } as unknown as CliToolsOptions), /timeoutMs must be a number, got "10" \(a string\)/],
    ['sanitize as a string', () => createCliTools(spec, { launcher, sanitize: 'no' } as unknown as CliToolsOptions), /sanitize must be true or false, got "no" \(a string\)/],
    ['a negative maxResultBytes', () => createCliTools(spec, { launcher, maxResultBytes: -1 }), /maxResultBytes must be a positive number, got -1 \(a number\)/],
    ['createMcpServer with a numeric launcher', () => createMcpServer(spec, { launcher: 42 as unknown as string }), /launcher must be an executable name or path, or a launcher \{ file, prefixArgs \}, got 42 \(a number\)/],
    ['createMcpServer with pageSize as a string', () => createMcpServer(spec, { pageSize: '5' as unknown as number }), /pageSize must be a number, got "5" \(a string\)/],
    ['createMcpServer without a program', () => createMcpServer(undefined as never), /createMcpServer needs a commander program or a CommandSpec, got undefined/],
    ['warm as a string', () => createCliTools(spec, { launcher, warm: 'yes' as never }), /warm must be true, false or an object, got "yes" \(a string\)/],
    ['a warm pool of 0 workers', () => createCliTools(spec, { launcher, warm: { size: 0 } }), /warm\.size must be a positive whole number, got 0 \(a number\)/],
    ['a negative warm start delay', () => createCliTools(spec, { launcher, warm: { startAfterMs: -1 } }), /warm\.startAfterMs must be a number of milliseconds, 0 or more, got -1 \(a number\)/],
  ])('when %s then a CliMcpError cli-mcp.invalid-option names the option and echoes the value', (_case, build, message) => {
    const error = thrown(build);
    expect(isCliMcpError(error), `${error.name}: ${error.message}`).toBe(true);
    expect(error.code).toBe('cli-mcp.invalid-option');
    expect(error.message).toMatch(message);
  });

  it('when every option has its right type then the tools are built', () => {
    expect(createCliTools(spec, { launcher, timeoutMs: 10, sanitize: false, runs: false }).tools.map((tool) => tool.name)).toEqual(['tool_list']);
  });
});
