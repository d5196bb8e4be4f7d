import { describe, expect, it } from 'vitest';
import { createCliTools, type CliTools, type CliToolsOptions } from '../../src/call/cli-tools.js';
import { memoryGrants } from '../../src/approval/grants.js';
import { estimateTokens } from '../../src/discovery/budget.js';
import type { DiscoveryOptions } from '../../src/discovery/catalog.js';
import { listedToolJson } from '../../src/discovery/listed-tool.js';
import { CliMcpError } from '../../src/errors.js';
import type { Launcher } from '../../src/exec/launcher.js';
import { createMcpServer } from '../../src/server/create-mcp-server.js';
import type { ToolDefinition } from '../../src/tool/definition.js';
import type { CommandSpec, OptionSpec, PositionalSpec, RunnableCommand, ToolResult } from '../../src/types.js';
import { spec } from '../helpers/commands.js';

// The argv-log fixture prints the argv it was started with: what actually ran, as one JSON line.
const argvLog: Launcher = { file: process.execPath, prefixArgs: ['test/fixtures/argv-log/argv-log.js'] };

const flag = (name: string, type: OptionSpec['type'], extra: Partial<OptionSpec> = {}): OptionSpec => ({ name, type, flag: `--${name}`, ...extra });
const arg = (name: string, extra: Partial<PositionalSpec> = {}): PositionalSpec => ({ name, type: 'string', required: false, variadic: false, ...extra });

/**
 * A CLI with every shape discovery must carry: global options of each kind, a read-only command with
 * every option type, a runnable group root, nested groups, a passthrough, a single-command group and a
 * group under other argv conventions.
 */
const shop: CommandSpec = spec('shop', {
  runnable: false,
  description: 'Runs a shop from the terminal.',
  options: [
    flag('verbose', 'boolean', { aliases: ['-v'], description: 'Say more. Repeats nothing.' }),
    flag('profile', 'string', { default: 'default', description: 'The profile to use. Read from ~/.shop.' }),
    flag('debug', 'integer', { count: true, description: 'How much to trace.' }),
  ],
  subcommands: [
    spec('get', {
      description: 'Lists items of a kind. Reads only.',
      positionals: [arg('kind', { required: true, choices: ['items', 'orders'] }), arg('names', { variadic: true })],
      options: [
        flag('output', 'string', { choices: ['json', 'yaml'], description: 'Output format.' }),
        flag('limit', 'integer', { description: 'At most this many.' }),
        flag('ratio', 'number', { description: 'A fraction of them.' }),
        flag('label', 'string', { variadic: true, description: 'Labels to match.' }),
        flag('watch', 'boolean', { negation: '--no-watch', description: 'Keep watching.' }),
        flag('since', 'string', { optionalValue: true, description: 'Only newer ones.' }),
        flag('n', 'integer', { flag: '-n', description: 'A short-only option.' }),
      ],
    }),
    spec('order', {
      description: 'Shows an order, or all of them.',
      positionals: [arg('id')],
      options: [flag('all', 'boolean', { description: 'Every order.' })],
      subcommands: [
        spec('create', { description: 'Creates an order.', positionals: [arg('item', { required: true }), arg('quantity', { type: 'integer' })], options: [flag('note', 'string', { required: true, description: 'A note for the shop.' })] }),
        spec('delete', { description: 'Deletes an order for good.', positionals: [arg('id', { required: true })], options: [flag('force', 'boolean', { description: 'Do not ask.' })] }),
        spec('status', { description: 'Shows where an order is.', positionals: [arg('id', { required: true })] }),
        spec('item', { runnable: false, description: 'Items of an order.', subcommands: [spec('list', { description: 'Lists the items of an order.', options: [flag('page', 'integer', { description: 'Page number.' })] })] }),
      ],
    }),
    spec('exec', { description: 'Runs a program inside the shop.', positionals: [arg('target', { required: true })], passthrough: { name: 'COMMAND', description: 'The program and its arguments.', required: true } }),
    spec('version', { description: 'Prints the version.' }),
    spec('config', {
      runnable: false,
      description: 'Reads and writes the config.',
      argv: { options: 'end', doubleDash: 'when-needed' },
      subcommands: [
        spec('view', { description: 'Shows the config.', options: [flag('raw', 'boolean', { description: 'As stored.' })] }),
        spec('set-context', { description: 'Sets a context entry.', positionals: [arg('name', { required: true })], options: [flag('namespace', 'string', { description: 'Namespace of the context.' })] }),
      ],
    }),
  ],
});

/** The shop commands whose words make them read-only (src/approval/risk.ts), and the groups of more than one command. */
const READ_ONLY = new Set(['get', 'order status', 'order item list', 'version', 'config view']);
const MULTI_COMMAND_GROUPS = new Set(['order', 'config']);

/** The tools of `root` in one discovery mode, every call's log record kept; approval off so destructive calls run too. */
function toolsIn(discovery: DiscoveryOptions, root: CommandSpec = shop, extra: Partial<CliToolsOptions> = {}): { tools: CliTools; records: Array<{ tool: string; argv?: string[]; decision: string }> } {
  const records: Array<{ tool: string; argv?: string[]; decision: string }> = [];
  const tools = createCliTools(root, { launcher: argvLog, rateLimit: false, approval: { mode: 'yolo' }, callLog: { write: (line) => records.push(JSON.parse(line)) }, discovery, ...extra });
  return { tools, records };
}

/** A value of each option's type, negations and counts exercised. */
function sampleValue(option: OptionSpec): unknown {
  const one = option.type === 'boolean' ? !option.negation : option.count ? 2 : option.type === 'integer' ? 3 : option.type === 'number' ? 1.5 : option.optionalValue ? true : (option.choices?.[1] ?? 'two words');
  return option.variadic ? ['a', 'b c'] : one;
}

function samplePositional(positional: PositionalSpec): string[] {
  const one = positional.choices?.[1] ?? (positional.type === 'string' ? `${positional.name}-1` : '7');
  return positional.variadic ? [one, '-starts-with-dash'] : [one];
}

/** Two inputs per command: every flag and positional it takes, and only the required ones. */
function sampleInputs(command: RunnableCommand): Array<Record<string, unknown>> {
  const full: Record<string, unknown> = {
    flags: Object.fromEntries(command.options.map((option) => [option.name, sampleValue(option)])),
    args: command.positionals.flatMap(samplePositional),
    ...(command.passthrough ? { passthrough: ['sh', '-c', 'echo --hi'] } : {}),
  };
  const minimal: Record<string, unknown> = {
    flags: Object.fromEntries(command.options.filter((option) => option.required).map((option) => [option.name, sampleValue(option)])),
    args: command.positionals.filter((positional) => positional.required).flatMap(samplePositional),
    ...(command.passthrough?.required ? { passthrough: ['true'] } : {}),
  };
  return [full, minimal];
}

/** Whether `words` appear in `argv` in this order, others between them allowed. */
const inOrder = (words: readonly string[], argv: readonly string[]): boolean => {
  let at = 0;
  for (const word of argv) if (word === words[at]) at += 1;
  return at === words.length;
};
const stdoutOf = (result: ToolResult): string => result.output?.stdout ?? `(no output: ${result.message})`;
const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

describe('auto mode', () => {
  const full = toolsIn({ mode: 'all', budgetTokens: 1_000_000 }).tools.catalog;
  const compact = toolsIn({ mode: 'all', budgetTokens: 1 }).tools.catalog;
  // The whole tools/list result, as a client receives it: every tool, the wrapper and the commas.
  const tokensOf = (catalog: typeof full): number => estimateTokens({ tools: catalog.listed.map(listedToolJson) });

  it('when the two all-mode lists are measured then the compacted one is smaller (the budgets below sit between them)', () => {
    expect(full.compacted).toBe(false);
    expect(compact.compacted).toBe(true);
    expect(tokensOf(compact)).toBeLessThan(tokensOf(full));
  });

  it('when the list is compacted then a command tool\'s title is left out where it is only the command\'s path, and kept in the full list', () => {
    const json = (catalog: typeof full, name: string) => listedToolJson(catalog.listed.find((tool) => tool.name === name) as never);
    const command = full.listed.find((tool) => tool.outputSchema !== undefined);
    if (!command) throw new Error('no command tool');
    expect(json(full, command.name)).toMatchObject({ title: expect.any(String) });
    const compacted = json(compact, command.name) as { title?: string; annotations?: { title?: string } };
    expect([compacted.title, compacted.annotations?.title]).toEqual([undefined, undefined]);
    // Meta-tools keep theirs: it says more than their name.
    expect(json(compact, 'shop_describe_command')).toMatchObject({ title: expect.any(String) });
  });

  it('when a command is listed as its own tool, full or compacted, then its annotations publish the risk approval acts on', () => {
    for (const catalog of [full, compact]) {
      const hints = (path: string) => catalog.listed.find((tool) => tool.name === `shop_${path.replaceAll(' ', '_')}`)?.annotations;
      for (const path of READ_ONLY) expect(hints(path)).toStrictEqual({ readOnlyHint: true });
      expect(hints('order delete')).toStrictEqual({ readOnlyHint: false, destructiveHint: true });
      expect(hints('order create')).toStrictEqual({ readOnlyHint: false, destructiveHint: false });
    }
  });

  it('when the full list fits the budget then every command is its own tool, uncompacted, and the note says so', () => {
    const { catalog } = toolsIn({}).tools;
    expect(catalog.mode).toBe('all');
    expect(catalog.compacted).toBe(false);
    expect(catalog.listed.map((tool) => tool.name)).toEqual(full.listed.map((tool) => tool.name));
    expect(catalog.listed.map((tool) => tool.name)).toContain('shop_read_output');
    expect(catalog.note).toBe(`all mode, ${full.listed.length} tools listed (about ${tokensOf(full).toLocaleString('en-US')} tokens): a tool per command`);
  });

  it('when the full list passes the budget but the compacted one fits then all mode is compacted, with a describe tool, and the note says so', () => {
    const budget = tokensOf(compact);
    const { catalog } = toolsIn({ budgetTokens: budget }).tools;
    expect(catalog.mode).toBe('all');
    expect(catalog.compacted).toBe(true);
    expect(catalog.listed.map((tool) => tool.name)).toContain('shop_describe_command');
    expect(tokensOf(catalog)).toBeLessThanOrEqual(budget);
    expect(catalog.note).toBe(`all mode, ${compact.listed.length} tools listed (about ${budget.toLocaleString('en-US')} tokens): a tool per command, compacted: the full list passes the ${budget.toLocaleString('en-US')}-token budget`);
  });

  it('when even the compacted list passes the budget then search mode is served and the note says why', () => {
    const budget = tokensOf(compact) - 1;
    const { catalog } = toolsIn({ budgetTokens: budget }).tools;
    expect(catalog.mode).toBe('search');
    expect(catalog.listed.map((tool) => tool.name)).toEqual(['shop_search_commands', 'shop_describe_command', 'shop_run_read_only_command', 'shop_run_command', 'shop_run_start', 'shop_run_status', 'shop_run_cancel', 'shop_read_output']);
    expect(catalog.note).toMatch(new RegExp(`^search mode, 8 tools listed \\(about [\\d,]+ tokens\\): 10 commands found through shop_search_commands: the full list passes the ${budget.toLocaleString('en-US')}-token budget even compacted \\(--tools auto\\)$`));
  });

  it('when the budget is not a positive whole number then the catalog refuses it by name', () => {
    for (const budgetTokens of [0, -5, 1.5, Number.NaN]) {
      expect(() => toolsIn({ budgetTokens })).toThrow(/discovery\.budgetTokens must be a positive whole number/);
    }
  });
});

describe('search mode list size', () => {
  const generated = (count: number): CommandSpec =>
    spec('gen', {
      runnable: false,
      options: Array.from({ length: 27 }, (_, i) => flag(`global-${i}`, 'string', { description: `Global option ${i}, with a description as long as a real CLI gives one, and then some more words.` })),
      subcommands: Array.from({ length: count / 10 }, (_, g) =>
        spec(`group${g}`, { runnable: false, subcommands: Array.from({ length: 10 }, (_, c) => spec(`command${c}`, { description: `Command ${c} of group ${g}.`, options: [flag('force', 'boolean')] })) }),
      ),
    });
  // As long as the longest tool name (60 characters): a name tool names have to cut.
  const longName = 'a-program-name-as-long-as-the-longest-tool-name'.padEnd(60, '-');

  it.each([
    ['the shop CLI', shop, {}],
    ['a CLI with a long program name', { ...shop, name: longName }, {}],
    ['a CLI with a long prefix', shop, { prefix: 'an_unusually_long_tool_prefix_chosen_by_the_user_for_this_server' }],
    ['a CLI with an empty prefix', shop, { prefix: '' }],
    ['a generated CLI of 1,000 commands', generated(1000), {}],
  ] as const)('when %s is served in search mode then the whole tools/list is at most 4096 bytes, and 5632 with the run tools', (_kind, root, extra) => {
    const listOf = (runs?: false) => createMcpServer(root, { launcher: 'true', callLog: false, discovery: { mode: 'search' }, ...(runs === false ? { runs } : {}), ...extra }).listTools();
    const list = listOf(false);
    expect(list.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining([expect.stringMatching(/(^|_)search_commands$/), expect.stringMatching(/(^|_)run_command$/)]));
    expect(bytesOf(list)).toBeLessThanOrEqual(4096);
    const withRuns = listOf();
    expect(withRuns.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining([expect.stringMatching(/(^|_)run_start$/)]));
    expect(bytesOf(withRuns)).toBeLessThanOrEqual(5632);
  });

  it('when the generated CLI of 1,000 commands is left on auto then search mode is chosen and 1,000 commands are searchable', async () => {
    const { tools } = toolsIn({}, generated(1000));
    expect(tools.catalog.mode).toBe('search');
    const all = await tools.call('gen_search_commands', { limit: 50 });
    expect(all.structured).toMatchObject({ total: 1000, nextOffset: 50 });
    const hit = await tools.call('gen_search_commands', { query: 'group7 command3' });
    expect((hit.structured?.commands as Array<{ name: string }>)[0]?.name).toBe('gen_group7_command3');
  });
});

describe('every command is reachable in every mode with the same argv', () => {
  const all = toolsIn({ mode: 'all', budgetTokens: 1_000_000 });
  const search = toolsIn({ mode: 'search' });
  const groups = toolsIn({ mode: 'groups' });
  const commands: readonly ToolDefinition[] = all.tools.tools;

  it('when the spec is flattened then every runnable command has a tool (the cases below cover them all)', () => {
    expect(commands.map((tool) => tool.command.path.slice(1).join(' '))).toEqual(['get', 'order', 'order create', 'order delete', 'order status', 'order item list', 'exec', 'version', 'config view', 'config set-context']);
    expect(all.tools.catalog.mode).toBe('all');
    expect(search.tools.catalog.mode).toBe('search');
    expect(groups.tools.catalog.mode).toBe('groups');
  });

  it('when groups mode lists the shop CLI then each multi-command group is one tool and single-command groups keep their own tool', () => {
    expect(groups.tools.catalog.listed.map((tool) => tool.name)).toEqual(['shop_get', 'shop_order', 'shop_exec', 'shop_version', 'shop_config', 'shop_describe_command', 'shop_run_start', 'shop_run_status', 'shop_run_cancel', 'shop_read_output']);
    expect(groups.tools.catalog.find('shop_order')?.inputSchema).toMatchObject({ properties: { command: { enum: ['order', 'order create', 'order delete', 'order status', 'order item list'] } } });
  });

  describe.each(commands.map((tool) => [tool.command.path.join(' '), tool] as const))('%s', (_path, tool) => {
    const words = tool.command.path.slice(1).join(' ');

    it.each(sampleInputs(tool.command).map((input, i) => [i === 0 ? 'every flag and positional' : 'only the required ones', input] as const))(
      'when called with %s directly, through the run tools and through its group tool then the same argv runs',
      async (_which, input) => {
        const direct = await all.tools.call(tool.name, input);
        expect(direct.isError, stdoutOf(direct)).toBe(false);
        const argv = all.records.at(-1)?.argv;
        expect(inOrder(tool.command.path.slice(1), argv ?? []), JSON.stringify(argv)).toBe(true);
        expect(JSON.parse(stdoutOf(direct))).toEqual(argv);

        const viaRun = await search.tools.call('shop_run_command', { command: tool.name, ...input });
        expect(viaRun.isError, stdoutOf(viaRun)).toBe(false);
        expect(search.records.at(-1)).toMatchObject({ tool: tool.name, argv });
        expect(stdoutOf(viaRun)).toBe(stdoutOf(direct));

        if (READ_ONLY.has(words)) {
          const viaReadOnly = await search.tools.call('shop_run_read_only_command', { command: words, ...input });
          expect(viaReadOnly.isError, stdoutOf(viaReadOnly)).toBe(false);
          expect(search.records.at(-1)).toMatchObject({ tool: tool.name, argv });
        }

        const described = await groups.tools.call('shop_describe_command', { command: tool.name });
        const runWith = (described.structured as { runWith: string }).runWith;
        // A group tool takes the command's words in `command`; a single-command group is the command's own tool.
        const isGroup = (groups.tools.catalog.find(runWith)?.inputSchema.properties as Record<string, unknown>).command !== undefined;
        const viaGroup = await groups.tools.call(runWith, isGroup ? { command: words, ...input } : input);
        expect(viaGroup.isError, stdoutOf(viaGroup)).toBe(false);
        expect(groups.records.at(-1)).toMatchObject({ tool: tool.name, argv });
        expect(stdoutOf(viaGroup)).toBe(stdoutOf(direct));
      },
    );

    it('when its words are searched then it is the first hit', async () => {
      const found = await search.tools.call('shop_search_commands', { query: words });
      expect(found.isError).toBe(false);
      expect((found.structured?.commands as Array<{ name: string }>)[0]?.name).toBe(tool.name);
    });

    it('when it is described in search and groups mode then the full input schema and the tool that runs it come back', async () => {
      const group = tool.command.path[1] ?? '';
      for (const [tools, runWith] of [
        [search.tools, READ_ONLY.has(words) ? 'shop_run_read_only_command' : 'shop_run_command'],
        [groups.tools, MULTI_COMMAND_GROUPS.has(group) ? `shop_${group}` : tool.name],
      ] as const) {
        const described = await tools.call('shop_describe_command', { command: words });
        expect(described.isError).toBe(false);
        expect(described.structured).toMatchObject({ name: tool.name, command: tool.command.path.join(' '), runWith });
        expect(described.structured?.inputSchema).toEqual(tool.inputJsonSchema);
      }
    });
  });
});

describe('every mode refuses what the command refuses', () => {
  const direct = toolsIn({ mode: 'all', budgetTokens: 1_000_000 });
  const search = toolsIn({ mode: 'search' });
  const groups = toolsIn({ mode: 'groups' });

  it.each([
    ['a prototype key among the flags', '{"flags": {"__proto__": {"all": true}}, "args": ["1"]}'],
    ['a constructor key among the flags', '{"flags": {"constructor": {"x": 1}}, "args": ["1"]}'],
    ['an unknown flag', '{"flags": {"replicas": 3}, "args": ["1"]}'],
    ['a flag of the wrong type', '{"flags": {"all": "yes"}, "args": ["1"]}'],
    ['a positional with a NUL byte', '{"args": ["1\\u0000"]}'],
    ['no required positional', '{"flags": {}}'],
  ])('when a call carries %s then the direct tool, both run tools and the group tool all refuse it and nothing runs', async (_what, json) => {
    // Parsed from JSON text, as a client's arguments arrive: `__proto__` is then an own key.
    const input = JSON.parse(json) as Record<string, unknown>;
    const before = [direct, search, groups].map(({ records }) => records.length);
    const results = {
      direct: await direct.tools.call('shop_order_status', input),
      runCommand: await search.tools.call('shop_run_command', { command: 'order status', ...input }),
      runReadOnly: await search.tools.call('shop_run_read_only_command', { command: 'order status', ...input }),
      group: await groups.tools.call('shop_order', { command: 'order status', ...input }),
    };
    expect(Object.fromEntries(Object.entries(results).map(([via, result]) => [via, { isError: result.isError, ran: result.output !== undefined }]))).toEqual({
      direct: { isError: true, ran: false },
      runCommand: { isError: true, ran: false },
      runReadOnly: { isError: true, ran: false },
      group: { isError: true, ran: false },
    });
    const ran = [direct, search, groups].flatMap(({ records }, i) => records.slice(before[i])).filter((record) => record.decision === 'ran');
    expect(ran).toEqual([]);
  });
});

describe('output too long for one result', () => {
  it('when run_command cuts a long output then the search-mode read_output tool pages through the rest', async () => {
    const { tools } = toolsIn({ mode: 'search' }, shop, { maxResultBytes: 200 });
    const long = 'x'.repeat(2_000);
    const result = await tools.call('shop_run_command', { command: 'version', flags: { profile: long } });
    expect(result.output?.truncated).toBe(true);
    const uri = result.links?.find((link) => link.name === 'stdout')?.uri ?? '';
    expect(uri).toMatch(/^cli-mcp:\/\/output\//);
    const page = await tools.call('shop_read_output', { uri, offset: 1_000, length: 100 });
    expect(page).toMatchObject({ isError: false, structured: { offset: 1_000, nextOffset: 1_100 } });
    expect(page.message?.startsWith('x'.repeat(100))).toBe(true);
  });
});

describe('the read-only run tool', () => {
  it('when asked to run a destructive or write command then it refuses, names the other run tool, and nothing runs', async () => {
    const { tools, records } = toolsIn({ mode: 'search' });
    for (const [command, risk] of [
      ['order delete', 'destructive'],
      ['shop_order_create', 'write'],
      ['exec', 'write'],
    ] as const) {
      const result = await tools.call('shop_run_read_only_command', { command, flags: { note: 'n', force: true }, args: ['1'], passthrough: ['x'] });
      expect(result.isError).toBe(true);
      expect(result.message).toMatch(new RegExp(`is ${risk}, not read-only, so shop_run_read_only_command does not run it; call shop_run_command instead`));
      expect(result.output).toBeUndefined();
    }
    expect(records).toEqual([]);
  });

  it('when asked to run a read-only command then it runs it', async () => {
    const { tools, records } = toolsIn({ mode: 'search' });
    const result = await tools.call('shop_run_read_only_command', { command: 'order status', args: ['42'] });
    expect(result.isError).toBe(false);
    expect(JSON.parse(stdoutOf(result))).toEqual(['order', 'status', '42']);
    expect(records).toMatchObject([{ tool: 'shop_order_status', decision: 'ran' }]);
  });

  it('when approval is on then a destructive command through run_command still asks, and the read-only tool still refuses it', async () => {
    const { tools, records } = toolsIn({ mode: 'search' }, shop, { approval: { mode: 'auto' } });
    const asked = await tools.call('shop_run_command', { command: 'order delete', args: ['9'] }, { approval: { canAsk: true, grants: memoryGrants() } });
    expect(asked.ask?.message).toContain('shop order delete 9');
    const cannot = await tools.call('shop_run_command', { command: 'order delete', args: ['9'] });
    expect(cannot).toMatchObject({ isError: true, message: expect.stringContaining('cannot ask the user') });
    expect(records.map((record) => record.decision)).toEqual(['asked the user', 'refused: cannot ask']);
  });

  it('when no command is read-only then the read-only run tool is not listed', () => {
    const writer = spec('w', { runnable: false, subcommands: [spec('create'), spec('delete')] });
    expect(toolsIn({ mode: 'search' }, writer).tools.catalog.listed.map((tool) => tool.name)).toEqual(['w_search_commands', 'w_describe_command', 'w_run_command', 'w_run_start', 'w_run_status', 'w_run_cancel', 'w_read_output']);
  });
});

describe('pins', () => {
  it('when commands are pinned in search mode then they are listed as their own tools, uncompacted, and describe says so', async () => {
    const { tools, records } = toolsIn({ mode: 'search', pin: ['get', 'config *'] });
    const { catalog } = tools;
    expect(catalog.listed.map((tool) => tool.name)).toEqual(['shop_get', 'shop_config_view', 'shop_config_set-context', 'shop_search_commands', 'shop_describe_command', 'shop_run_read_only_command', 'shop_run_command', 'shop_run_start', 'shop_run_status', 'shop_run_cancel', 'shop_read_output']);
    expect(catalog.find('shop_get')?.inputSchema).toEqual(tools.find('shop_get')?.inputJsonSchema);
    expect(catalog.note).toContain(', 3 pinned');
    const described = await tools.call('shop_describe_command', { command: 'config view' });
    expect(described.structured).toMatchObject({ runWith: 'shop_config_view' });
    const result = await tools.call('shop_get', { args: ['items'] });
    expect(JSON.parse(stdoutOf(result))).toEqual(['get', 'items']);
    expect(records.at(-1)).toMatchObject({ tool: 'shop_get', decision: 'ran' });
  });

  it('when commands are pinned in groups mode then they leave their group and are listed as their own tools', async () => {
    const { tools } = toolsIn({ mode: 'groups', pin: ['order delete'] });
    const names = tools.catalog.listed.map((tool) => tool.name);
    expect(names).toEqual(['shop_order_delete', 'shop_get', 'shop_order', 'shop_exec', 'shop_version', 'shop_config', 'shop_describe_command', 'shop_run_start', 'shop_run_status', 'shop_run_cancel', 'shop_read_output']);
    expect(tools.catalog.find('shop_order')?.inputSchema).toMatchObject({ properties: { command: { enum: ['order', 'order create', 'order status', 'order item list'] } } });
    const described = await tools.call('shop_describe_command', { command: 'order delete' });
    expect(described.structured).toMatchObject({ runWith: 'shop_order_delete' });
    const refused = await tools.call('shop_order', { command: 'order delete', args: ['1'] });
    expect(refused.isError).toBe(true);
  });

  it('when pins are given in all mode then the list is the same as without them', () => {
    expect(toolsIn({ mode: 'all', pin: ['get'] }).tools.catalog.listed.map((tool) => tool.name)).toEqual(toolsIn({ mode: 'all' }).tools.catalog.listed.map((tool) => tool.name));
  });
});

describe('name collisions', () => {
  const refusal = (make: () => unknown): unknown => {
    try {
      make();
    } catch (error) {
      return error;
    }
    return undefined;
  };
  const clash = spec('shop', { runnable: false, subcommands: [spec('search', { runnable: false, subcommands: [spec('commands')] }), spec('view')] });

  const listed = (tools: CliTools): string[] => tools.catalog.listed.map((tool) => tool.name);

  it.each(['search', 'all', 'groups'] as const)("when a command's tool has a meta-tool's name in %s mode then the command keeps it and the meta-tool takes its second wording (gh's `run cancel`)", (mode) => {
    const { tools } = toolsIn({ mode }, clash);
    expect(refusal(() => toolsIn({ mode }, clash))).toBeUndefined();
    if (mode === 'search') expect(listed(tools)).toEqual(expect.arrayContaining(['shop_find_commands', 'shop_describe_command']));
    if (mode === 'all') expect(listed(tools)).toEqual(expect.arrayContaining(['shop_search_commands', 'shop_view']));
    const runs = spec('gh', { runnable: false, subcommands: [spec('run', { runnable: false, subcommands: [spec('cancel'), spec('list')] })] });
    expect(listed(toolsIn({ mode: 'all' }, runs).tools)).toEqual(expect.arrayContaining(['gh_run_cancel', 'gh_run_list']));
  });

  it("when the empty prefix gives a command a meta-tool's name then the meta-tool steps aside too", () => {
    const bare = spec('shop', { runnable: false, subcommands: [spec('describe', { runnable: false, subcommands: [spec('command')] }), spec('view')] });
    expect(listed(toolsIn({ mode: 'search' }, bare, { prefix: '' }).tools)).toEqual(expect.arrayContaining(['search_commands', 'command_help']));
  });

  it("when commands take both of a meta-tool's wordings then the tools are refused naming the command, without advising another prefix", () => {
    const both = spec('shop', { runnable: false, subcommands: [spec('search', { runnable: false, subcommands: [spec('commands')] }), spec('find', { runnable: false, subcommands: [spec('commands')] })] });
    // Command tools and meta-tools start with the same word, the prefix when there is one.
    for (const prefix of ['s', 'other', 'x_y']) expect(refusal(() => toolsIn({ mode: 'search' }, both, { prefix }))).toMatchObject({ code: 'cli-mcp.tool-name-collision' });
    const error = refusal(() => toolsIn({ mode: 'search' }, both)) as Error;
    expect(error).toBeInstanceOf(CliMcpError);
    expect(error.message).toContain('the command `shop find commands` gets the tool name "shop_find_commands", which cli-mcp needs for one of its own tools (both of its wordings are commands\' names); leave it out (--exclude "find commands")');
    expect(error.message).not.toMatch(/another prefix/);
  });

  it("when a pinned runnable group root takes its group tool's name in groups mode then it is refused naming the tool, without advising another prefix", () => {
    const error = refusal(() => toolsIn({ mode: 'groups', pin: ['order'] }));
    expect(error).toMatchObject({ code: 'cli-mcp.tool-name-collision', message: expect.stringContaining('two listed tools are named "shop_order" in groups mode') });
    // The group tool and the command tool both start with the prefix: another one gives the same clash.
    expect(refusal(() => toolsIn({ mode: 'groups', pin: ['order'] }, shop, { prefix: 'other' }))).toMatchObject({ message: expect.stringContaining('"other_order"') });
    expect((error as Error).message).not.toMatch(/another prefix/);
  });

  it('when two group words differ only in characters a tool name cannot hold then groups mode refuses the clash', () => {
    const twins = spec('shop', { runnable: false, subcommands: [spec('a.b', { runnable: false, subcommands: [spec('x'), spec('y')] }), spec('a_b', { runnable: false, subcommands: [spec('z'), spec('w')] })] });
    expect(refusal(() => toolsIn({ mode: 'groups' }, twins))).toMatchObject({ code: 'cli-mcp.tool-name-collision', message: expect.stringContaining('"shop_a_b"') });
  });

  it('when the program name is long then every tool name groups mode lists fits the tool-name limit', () => {
    const long = { ...shop, name: 'a-program-name-as-long-as-the-longest-tool-name'.padEnd(60, '-') };
    for (const tool of toolsIn({ mode: 'groups' }, long).tools.catalog.listed) expect(tool.name.length, tool.name).toBeLessThanOrEqual(60);
  });
});

describe('invalid meta-tool input', () => {
  const search = toolsIn({ mode: 'search' });
  const groups = toolsIn({ mode: 'groups' });

  it.each([
    ['search', 'shop_search_commands', { query: 5 }, /^Invalid arguments for shop_search_commands:\n- query: /],
    ['search', 'shop_search_commands', { limit: 0 }, /^Invalid arguments for shop_search_commands:\n- limit: /],
    ['search', 'shop_search_commands', { offset: -1 }, /^Invalid arguments for shop_search_commands:\n- offset: /],
    ['search', 'shop_search_commands', { text: 'get' }, /- input: unknown field "text"; the fields are "query", "offset", "limit"/],
    ['search', 'shop_describe_command', {}, /^Invalid arguments for shop_describe_command:\n- command: /],
    ['search', 'shop_describe_command', { command: 'no such thing' }, /^Unknown command "no such thing".* Search the commands to find its name\.$/s],
    ['search', 'shop_run_command', { flags: {} }, /^Invalid arguments for shop_run_command:\n- command: /],
    ['search', 'shop_run_command', { command: 'get', flags: [] }, /^Invalid arguments for shop_run_command:\n- flags: /],
    ['search', 'shop_run_command', { command: 'get', args: 'items' }, /^Invalid arguments for shop_run_command:\n- args: /],
    ['search', 'shop_run_command', { command: 'get', argz: ['items'] }, /- input: unknown field "argz"; the fields are "command", "flags", "args", "passthrough"/],
    ['search', 'shop_run_read_only_command', { command: 'get', args: ['furniture'] }, /^Invalid arguments for shop_get:\n- args\[0\]: <kind> must be one of "items", "orders"/],
    ['search', 'shop_read_output', { uri: 5 }, /^Invalid arguments for shop_read_output:\n- uri: /],
    ['groups', 'shop_order', { command: 'order cancel' }, /^Invalid arguments for the order group:\n- command: .*\nThe commands are: "order", "order create", "order delete", "order status", "order item list"\.$/s],
    ['groups', 'shop_order', { args: ['1'] }, /^Invalid arguments for the order group:\n- command: /],
    ['groups', 'shop_order', { command: 'order status', flags: { limit: 3 } }, /^Invalid arguments for shop_order_status:\n- flags: unknown flag "limit"/],
  ] as const)('when %s mode\'s %s gets %j then it is an isError result naming the field', async (mode, name, input, message) => {
    const { tools, records } = mode === 'search' ? search : groups;
    const before = records.length;
    const result = await tools.call(name, input);
    expect(result.isError).toBe(true);
    expect(result.message).toMatch(message);
    expect(result.output).toBeUndefined();
    expect(records.slice(before).every((record) => record.decision !== 'ran')).toBe(true);
  });

  it('when a command is called by its own tool name in search mode then the error says how to reach it', async () => {
    const result = await search.tools.call('shop_get', { args: ['items'] });
    expect(result).toEqual({ isError: true, message: 'shop_get is not listed in search mode; shop_describe_command {"command": "shop_get"} says which tool runs it.' });
  });
});

describe('without a spool', () => {
  it.each(['all', 'search', 'groups'] as const)('when spooling is off then %s mode lists no read tool, since there is nothing to read', (mode) => {
    const names = toolsIn({ mode }, shop, { spool: false }).tools.catalog.listed.map((tool) => tool.name);
    expect(names).not.toContain('shop_read_output');
    expect(toolsIn({ mode }).tools.catalog.listed.map((tool) => tool.name)).toContain('shop_read_output');
  });
});

describe('describe in groups mode', () => {
  it('when a command runs through its group tool then describe says to name it in the command field', async () => {
    const { tools } = toolsIn({ mode: 'groups' });
    const result = await tools.call('shop_describe_command', { command: 'order status' });
    expect(result.structured).toMatchObject({ runWith: 'shop_order', call: expect.stringContaining('shop_order with {"command": "order status"') });
  });
});
