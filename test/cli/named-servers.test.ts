import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../src/cli/config-schema.js';
import { install } from '../../src/cli/install/run.js';
import { buildProgram } from '../../src/cli/main.js';
import { repoRoot } from '../helpers/fixture.js';
import { run } from '../helpers/run-cli.js';
import { scratchMaker } from '../helpers/scratch.js';

// `tools` loads targets through the worker in dist/: `npm run build` first.
const todo = join(repoRoot, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-named-');
const toolNames = (stdout: string): string[] => (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
const flagsOf = (stdout: string, tool: string): string[] => Object.keys((JSON.parse(stdout) as { tools: { name: string; inputSchema: { properties: { flags?: { properties: object } } } }[] }).tools.find((found) => found.name === tool)?.inputSchema.properties.flags?.properties ?? {});

/** A project with `cli-mcp.config.json` holding `servers`, and a folder below it to start from. */
function project(servers: Record<string, unknown>, text?: string): { root: string; below: string; file: string } {
  const root = scratch();
  const below = join(root, 'src', 'deep');
  mkdirSync(below, { recursive: true });
  const file = join(root, 'cli-mcp.config.json');
  writeFileSync(file, text ?? JSON.stringify({ servers }, null, 2));
  return { root, below, file };
}

describe('named servers in cli-mcp.config.json (wrap, tools, call, export take a name wherever they take a target)', () => {
  it('when a name is configured in the project (found from a folder below it) then its target and options are used, and a flag on the command line wins', async () => {
    const { below } = project({ todos: { target: todo, prefix: 'td', tools: 'all', 'exclude-flag': ['json'] } });
    const configured = await run('tools', 'todos', '--cwd', below);
    expect(configured.code, configured.stderr).toBe(0);
    expect(toolNames(configured.stdout)).toContain('td_list');
    expect(flagsOf(configured.stdout, 'td_list')).not.toContain('json');
    const overridden = await run('tools', 'todos', '--cwd', below, '--prefix', 'mine');
    expect(toolNames(overridden.stdout)).toContain('mine_list');
  });

  it("when the target is written as a path then it is the config file's neighbour, wherever the command starts", async () => {
    const { root, below } = project({ local: { target: './todo.js', tools: 'all' } });
    symlinkSync(todo, join(root, 'todo.js'));
    const { code, stdout, stderr } = await run('tools', 'local', '--cwd', below);
    expect(code, stderr).toBe(0);
    expect(toolNames(stdout)).toContain('todo_add');
  });

  it("when the project has no such name then the user's file (~/.config/cli-mcp/config.json) has it; the project's wins for the same name", async () => {
    const user = join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'cli-mcp');
    expect(user.startsWith(process.env.HOME ?? '/nonexistent')).toBe(true); // the test's own home, never the user's
    mkdirSync(user, { recursive: true });
    writeFileSync(join(user, 'config.json'), JSON.stringify({ servers: { mine: { target: todo, prefix: 'user', tools: 'all' }, both: { target: todo, prefix: 'fromuser', tools: 'all' } } }));
    const { below } = project({ both: { target: todo, prefix: 'fromproject', tools: 'all' } });
    expect(toolNames((await run('tools', 'mine', '--cwd', below)).stdout)).toContain('user_list');
    expect(toolNames((await run('tools', 'both', '--cwd', below)).stdout)).toContain('fromproject_list');
  });

  it.each([
    ['an option that is not one of wrap\'s', { t: { target: 'x', colour: true } }, /cli-mcp\.config\.json:5: server "t": "colour" is not an option of cli-mcp tools; options are keyed by their long names/],
    ['a value outside its choices', { t: { target: 'x', tools: 'sometimes' } }, /cli-mcp\.config\.json:5: server "t": "tools": option '--tools <mode>' argument 'sometimes' is invalid\. Allowed choices are auto, all, search, groups/],
    ['a number its check refuses', { t: { target: 'x', timeout: -5 } }, /cli-mcp\.config\.json:5: server "t": "timeout": .*-5/],
    ['a switch given a string', { t: { target: 'x', 'no-cache': 'yes' } }, /cli-mcp\.config\.json:5: server "t": "no-cache" is a switch: true or false, got "yes"/],
    ['a list for a one-value option', { t: { target: 'x', prefix: ['a', 'b'] } }, /cli-mcp\.config\.json:5: server "t": "prefix" takes one value, got a list/],
    ['both a target and a manifest', { t: { target: 'x', manifest: 'm.json' } }, /cli-mcp\.config\.json:3: server "t" needs a "target" \(a program\) or a "manifest" \(a file\), one of the two/],
  ])('when a server has %s then the command fails naming the file, the line and the option', async (_title, servers, message) => {
    const { below } = project(servers);
    const { code, stderr } = await run('tools', 't', '--cwd', below);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
  });

  it('when --config names a file then only it is read, and a name it lacks is an error that lists its servers', async () => {
    const { file } = project({ todos: { target: todo, tools: 'all' } });
    const elsewhere = scratch();
    expect(toolNames((await run('tools', 'todos', '--config', file, '--cwd', elsewhere)).stdout)).toContain('todo_list');
    const missing = await run('tools', 'nothere', '--config', file);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${file} names no server "nothere"; its servers are: todos`);
  });

  it('when the project\'s file is YAML (cli-mcp.config.yaml) then its servers are served the same, and an error names its line', async () => {
    const root = scratch();
    const below = join(root, 'sub');
    mkdirSync(below);
    writeFileSync(join(root, 'cli-mcp.config.yaml'), `# the todo example, twice\nservers:\n  todos:\n    target: ${todo}\n    prefix: y\n    tools: all\n  bad:\n    target: x\n    tools: sometimes\n`);
    expect(toolNames((await run('tools', 'todos', '--cwd', below)).stdout)).toContain('y_list');
    const bad = await run('tools', 'bad', '--cwd', below);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/cli-mcp\.config\.yaml:9: server "bad": "tools": option '--tools <mode>' argument 'sometimes' is invalid/);
  });

  it('when one folder holds both cli-mcp.config.json and cli-mcp.config.yaml then it is an error, not a guess', async () => {
    const { root, below } = project({ todos: { target: todo } });
    writeFileSync(join(root, 'cli-mcp.config.yaml'), 'servers: {}\n');
    const { code, stderr } = await run('tools', 'todos', '--cwd', below);
    expect(code).toBe(1);
    expect(stderr).toMatch(/holds cli-mcp\.config\.json and cli-mcp\.config\.yaml: keep one/);
  });

  it('when the name is not configured then it is a target as before (a program on PATH)', async () => {
    const { below } = project({ other: { target: todo } });
    const { code, stdout } = await run('tools', todo, '--cwd', below, '--tools', 'all');
    expect(code).toBe(0);
    expect(toolNames(stdout)).toContain('todo_list');
  });
});

describe('install of a named server', () => {
  const quiet = { stdout: new Writable({ write: (_chunk, _encoding, done) => done() }), stderr: new Writable({ write: (_chunk, _encoding, done) => done() }) };
  const wrapCommand = () => {
    const wrap = buildProgram(quiet, { exitCode: 0 }).commands.find((command) => command.name() === 'wrap');
    if (wrap === undefined) throw new Error('no wrap command');
    return wrap;
  };
  const entryIn = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { args: string[] }> }).mcpServers;

  it('when a configured name is installed then the entry runs `wrap <name> --config <file>`, named after it, its client timeout from the server\'s --timeout', () => {
    const { root, file } = project({ todos: { target: todo, timeout: 90_000, tools: 'all' } });
    const client = join(root, 'client.json');
    expect(install({ client: 'claude-code', target: 'todos', wrapArgs: [], flags: { config: client }, wrap: wrapCommand() }, quiet, { cwd: root, home: root, platform: 'linux', env: { PATH: '/usr/bin' } })).toBe(0);
    expect(entryIn(client).todos?.args.slice(1)).toEqual(['wrap', 'todos', '--config', file]);
  });

  it('when --inline is given then the entry holds the target and the options as flags, and a bad option fails before anything is written', () => {
    const { root } = project({ todos: { target: todo, tools: 'all', 'deny-flag': ['--file', '-f'], 'no-cache': true } });
    const client = join(root, 'client.json');
    install({ client: 'claude-code', target: 'todos', wrapArgs: [], flags: { config: client, inline: true }, wrap: wrapCommand() }, quiet, { cwd: root, home: root, platform: 'linux', env: { PATH: '/usr/bin' } });
    expect(entryIn(client).todos?.args.slice(1)).toEqual(['wrap', todo, '--tools=all', '--deny-flag=--file', '--deny-flag=-f', '--no-cache']);

    const bad = project({ todos: { target: todo, tools: 'never' } });
    const untouched = join(bad.root, 'client.json');
    expect(() => install({ client: 'claude-code', target: 'todos', wrapArgs: [], flags: { config: untouched }, wrap: wrapCommand() }, quiet, { cwd: bad.root, home: bad.root, platform: 'linux', env: { PATH: '/usr/bin' } })).toThrow(/cli-mcp\.config\.json:\d+: server "todos": "tools"/);
    expect(() => readFileSync(untouched)).toThrow();
  });
});

describe('the config file\'s JSON Schema', () => {
  const quiet = { stdout: new Writable({ write: (_chunk, _encoding, done) => done() }), stderr: new Writable({ write: (_chunk, _encoding, done) => done() }) };
  const schema = () => configJsonSchema(buildProgram(quiet, { exitCode: 0 }).commands.find((command) => command.name() === 'wrap') as NonNullable<ReturnType<typeof buildProgram>['commands'][number]>);

  it('when wrap\'s options change then schema/config.schema.json is regenerated with them (vitest -u), never drifting', async () => {
    await expect(`${JSON.stringify(schema(), null, 2)}\n`).toMatchFileSnapshot('../../schema/config.schema.json');
  });

  it('when a server is described then every wrap option is a setting by its long name: switches as booleans, choices as enums, repeated flags as lists', () => {
    const server = (schema().$defs as { server: { properties: Record<string, Record<string, unknown>> } }).server.properties;
    expect(server['no-cache']).toMatchObject({ type: 'boolean' });
    expect(server.tools).toMatchObject({ enum: ['auto', 'all', 'search', 'groups'], default: 'auto' });
    expect(server['deny-flag']).toMatchObject({ oneOf: [{ type: ['string', 'number'] }, { type: 'array' }] });
    expect(server).not.toHaveProperty('config');
    expect(Object.keys(server)).toEqual(expect.arrayContaining(['target', 'manifest', 'preset', 'timeout', 'http', 'watch', 'warm-workers']));
  });
});
