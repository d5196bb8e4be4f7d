import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/run-cli.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// `tools` and `call` load targets through the worker in dist/: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const greeter = fixture('programs', 'export-main.mjs');
const kubectl = path.join(repo, 'examples', 'kubectl-like', 'kubectl.js');

/** A working directory for calls: fixture actions leave ACTION_RAN in it. */
const scratch = scratchMaker('cli-mcp-main-');

interface CallResult {
  content: { type: string; text: string }[];
  structuredContent?: { stdout: string; stderr: string; exitCode: number | null; timedOut: boolean };
  isError: boolean;
}

const toolNames = (stdout: string): string[] => (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);

describe('cli-mcp tools', () => {
  it('when given a program then it prints the tools/list JSON and says how the program was found', async () => {
    const { code, stdout, stderr } = await run('tools', greeter);
    expect(code).toBe(0);
    expect(toolNames(stdout)).toEqual(['greeter_hello', 'greeter_fail', 'greeter_run_start', 'greeter_run_status', 'greeter_run_cancel', 'greeter_read_output']);
    expect(stderr).toMatch(/^cli-mcp: greeter: 2 commands, found by commander \(parse\(\) call\); all mode, 6 tools listed \(about [\d,]+ tokens\): a tool per command\n$/);
  });

  it('when --prefix is given then it replaces the program name in every tool name', async () => {
    const { code, stdout } = await run('tools', greeter, '--prefix', 'hi');
    expect(code).toBe(0);
    expect(toolNames(stdout)).toEqual(['hi_hello', 'hi_fail', 'hi_run_start', 'hi_run_status', 'hi_run_cancel', 'hi_read_output']);
  });

  it('when --max-tool-name is 16 then longer names are cut to 16 with a hash, the read tool\'s prefix is cut to fit, and 70 is refused with the range', async () => {
    const { code, stdout } = await run('tools', greeter, '--prefix', 'a-rather-long-prefix', '--max-tool-name', '16');
    expect(code).toBe(0);
    const names = toolNames(stdout);
    expect(names).toHaveLength(6);
    for (const name of names.slice(0, 2)) expect(name).toMatch(/^a-rathe_[0-9a-f]{8}$/);
    expect(names.slice(2)).toEqual(['a-rath_run_start', 'a-rat_run_status', 'a-rat_run_cancel', 'a-ra_read_output']);
    const refused = await run('tools', greeter, '--max-tool-name', '70');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/from 16 to 64, got 70/);
  });

  it('when the program is a single command then its one tool is named after the program', async () => {
    const { stdout } = await run('tools', fixture('programs', 'root-action.mjs'));
    expect(toolNames(stdout)).toEqual(['shout', 'shout_run_start', 'shout_run_status', 'shout_run_cancel', 'shout_read_output']);
  });

  it('when the target does not exist then it exits 1 and says it cannot find it', async () => {
    const { code, stdout, stderr } = await run('tools', fixture('programs', 'missing.mjs'));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^cli-mcp: cannot find ".*missing\.mjs"/);
  });

  it('when the target builds no program then it exits 1 with the loader\'s message', async () => {
    const { code, stderr } = await run('tools', fixture('programs', 'throws-at-import.mjs'));
    expect(code).toBe(1);
    expect(stderr).toContain('boom at import');
  });

  it('when a numeric option is not a positive whole number then it exits 1 and echoes the value', async () => {
    const { code, stderr } = await run('tools', greeter, '--timeout', 'soon');
    expect(code).toBe(1);
    expect(stderr).toContain('"soon"');
  });
});

describe('--quiet', () => {
  it('when a client shows the server\'s stderr as its own output then --quiet leaves it empty: no startup line, no call record', async () => {
    const listed = await run('tools', greeter, '--quiet');
    expect([listed.code, listed.stderr]).toEqual([0, '']);
    const called = await run('call', greeter, 'greeter_hello', '--input', '{"args":["ada"]}', '--cwd', scratch(), '--quiet');
    expect([called.code, called.stderr]).toEqual([0, '']);
    const loud = await run('call', greeter, 'greeter_hello', '--input', '{"args":["ada"]}', '--cwd', scratch());
    expect(loud.stderr).toMatch(/found by[^]*"decision":"ran"/);
  });
});

describe('cli-mcp call', () => {
  it('when the command succeeds then it prints a CallToolResult with stdout and exits 0', async () => {
    const cwd = scratch();
    const input = JSON.stringify({ args: ['ada'], flags: { shout: true } });
    const { code, stdout, stderr } = await run('call', greeter, 'greeter_hello', '--input', input, '--cwd', cwd);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as CallResult;
    expect(result).toMatchObject({ isError: false, structuredContent: { stdout: 'ACTION RAN\nHELLO ADA\n', exitCode: 0 } });
    expect(result.content[0]?.text).toBe('ACTION RAN\nHELLO ADA\n');
    expect(stderr).toContain('found by');
    // --cwd is where the CLI ran.
    expect(readdirSync(cwd)).toEqual(['ACTION_RAN']);
  });

  it('when the command exits non-zero then it prints isError true and exits 1', async () => {
    const { code, stdout } = await run('call', greeter, 'greeter_fail', '--cwd', scratch());
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ isError: true, structuredContent: { exitCode: 4, stderr: 'it failed\n' } });
  });

  it('when the input does not fit the tool then the CLI does not run and it exits 1', async () => {
    const cwd = scratch();
    const { code, stdout } = await run('call', greeter, 'greeter_hello', '--input', '{"flags":{"loud":true}}', '--cwd', cwd);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as CallResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]?.text).toContain('loud');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when --input is not JSON then it exits 1 with a clear message and prints nothing', async () => {
    const { code, stdout, stderr } = await run('call', greeter, 'greeter_hello', '--input', '{args: [1]');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^cli-mcp: --input is not valid JSON: /);
  });

  it('when the tool is unknown then it exits 1 and lists the tools', async () => {
    const { code, stdout, stderr } = await run('call', greeter, 'greeter_nope');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('no tool named "greeter_nope"; the tools are: greeter_hello, greeter_fail');
  });

  it('when the program is a single command then its tool runs it with flags and positionals', async () => {
    const { code, stdout } = await run('call', fixture('programs', 'root-action.mjs'), 'shout', '--input', '{"args":["hi"],"flags":{"times":2}}', '--cwd', scratch());
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as CallResult).structuredContent?.stdout).toBe('HI HI\n');
  });

  it('when the target is a bin name in node_modules/.bin then the real script runs under node', async () => {
    // root-action.mjs has no shebang and no execute bit: it only runs when started through node.
    const cwd = scratch();
    mkdirSync(path.join(cwd, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(fixture('programs', 'root-action.mjs'), path.join(cwd, 'node_modules', '.bin', 'shout'));
    const { code, stdout } = await run('call', 'shout', 'shout', '--input', '{"args":["bin"]}', '--cwd', cwd);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as CallResult).structuredContent?.stdout).toBe('BIN\n');
    expect(readFileSync(path.join(cwd, 'ACTION_RAN'), 'utf8')).toBe('shout');
  });

  it('when --exec is given then that executable gets the argv: flags, the command word, then -- and the positionals', async () => {
    const input = JSON.stringify({ args: ['pods', '--all'], flags: { namespace: 'n1' } });
    const { code, stdout } = await run('call', kubectl, 'kubectl_get', '--exec', 'echo', '--input', input);
    expect(code).toBe(0);
    const tokens = ((JSON.parse(stdout) as CallResult).structuredContent?.stdout ?? '').trim().split(' ');
    const separator = tokens.indexOf('--');
    expect(tokens.indexOf('get')).toBeGreaterThanOrEqual(0);
    expect(tokens.indexOf('get')).toBeLessThan(separator);
    expect(tokens.findIndex((token) => token.includes('n1'))).toBeLessThan(separator);
    expect(tokens.slice(separator + 1)).toEqual(['pods', '--all']);
    // The wrapped program itself is not on the command line: echo replaced it.
    expect(tokens.some((token) => token.endsWith('kubectl.js'))).toBe(false);
  });
});

describe('cli-mcp help and version', () => {
  it('when --help is given then it lists the subcommands and exits 0', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: cli-mcp /);
    for (const word of ['wrap', 'tools', 'call', '--version']) expect(stdout).toContain(word);
  });

  it.each(['wrap', 'tools', 'call'])('when %s --help is given then it lists the shared options and exits 0', async (command) => {
    const { code, stdout } = await run(command, '--help');
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: cli-mcp ${command} [options] <target>`);
    for (const flag of ['--prefix <name>', '--timeout <ms>', '--kill-grace <ms>', '--max-output <bytes>', '--cwd <dir>', '--exec <binary>']) {
      expect(stdout).toContain(flag);
    }
    expect(stdout.includes('--input <json>')).toBe(command === 'call');
  });

  it('when --version is given then it prints the package version and exits 0', async () => {
    const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string };
    const { code, stdout } = await run('--version');
    expect(code).toBe(0);
    expect(stdout).toBe(`${manifest.version}\n`);
  });

  it('when the subcommand is unknown then it exits 1 with commander\'s error and the help', async () => {
    const { code, stderr } = await run('serve', greeter);
    expect(code).toBe(1);
    expect(stderr).toContain("unknown command 'serve'");
    expect(stderr).toContain('Usage: cli-mcp');
  });

  it('when call is missing its tool argument then it exits 1 naming the argument', async () => {
    const { code, stderr } = await run('call', greeter);
    expect(code).toBe(1);
    expect(stderr).toContain("missing required argument 'tool'");
  });
});
