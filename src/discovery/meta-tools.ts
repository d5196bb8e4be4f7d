/**
 * The tools that are not one command: search the commands, describe one, run one (read-only, or any),
 * and read spooled output; the background run tools are in run-tools.ts. A run goes through the
 * command's own tool: its schema, middleware, approval and policy, exactly as a direct call would.
 */
import * as z from 'zod';
import type { CallOptions } from '../middleware/context.js';
import { describeIssues } from '../schema/issues.js';
import { toJsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/definition.js';
import { resolveToolName, unknownToolMessage } from '../tool/resolve-name.js';
import type { Risk } from '../approval/risk.js';
import type { RunRegistry } from '../runs/types.js';
import type { ToolResult } from '../types.js';
import type { ListedTool } from './listed-tool.js';
import type { MetaNames } from '../tool/names.js';
import { firstSentence, searchCommands } from './search.js';

/** What the meta-tools work over. */
export interface MetaSource {
  readonly program: string;
  /** Every command's tool, listed or not. */
  readonly tools: readonly ToolDefinition[];
  readonly names: MetaNames;
  /** How much harm a command can do, as approval judges it. */
  risk(tool: ToolDefinition): Risk;
  run(tool: ToolDefinition, input: unknown, options?: CallOptions): Promise<ToolResult>;
  /** A pending command's tool read (its schema known), and the run it belongs to; an isError result when it cannot be. @default the tool as it is */
  ready?(tool: ToolDefinition): Promise<ReadyCommand | ToolResult>;
  /** Reads the command at a path (program first) below a pending group, which lists it only once read. @default none: the tree is read whole */
  readPath?(path: readonly string[]): Promise<ReadyCommand | ToolResult>;
  /** A page of spooled output. */
  readOutput(uri: string, offset: number | undefined, length: number | undefined, principal?: CallOptions['principal']): ToolResult;
  /** The most bytes a page of output may hold. */
  readonly maxPageBytes: number;
  /** Cut output is kept for paging (else there is no read tool). */
  readonly spooling: boolean;
  /** Background runs (else there are no run tools). */
  readonly runs?: RunRegistry;
}

/** A command's tool, read, and the run it belongs to. */
export interface ReadyCommand {
  readonly tool: ToolDefinition;
  run(tool: ToolDefinition, input: unknown, options?: CallOptions): Promise<ToolResult>;
}

const DEFAULT_SEARCH_LIMIT = 20;

const searchInput = z.strictObject({
  query: z.string().max(500).optional().describe('What the command does, in any words; none lists all.'),
  offset: z.int().min(0).optional().describe('nextOffset of an earlier search.'),
  limit: z.int().min(1).max(50).optional().describe(`Default ${DEFAULT_SEARCH_LIMIT}.`),
});

export function searchTool(source: MetaSource): ListedTool {
  const schema = searchInput;
  const entries = source.tools.map((tool) => ({ name: tool.name, path: tool.command.path, description: tool.description, details: tool.command.details, optionNames: tool.command.options.map((option) => option.name) }));
  const byName = new Map(source.tools.map((tool) => [tool.name, tool]));
  return {
    name: source.names.search,
    title: 'Search commands',
    description: `Finds ${source.program} commands (${source.tools.length} in all) by words; describe one next for its flags.`,
    inputSchema: toJsonSchema(schema),
    annotations: { readOnlyHint: true, destructiveHint: false },
    async call(input) {
      const parsed = parseInput(schema, input, source.names.search);
      if (!('data' in parsed)) return parsed;
      const { query = '', offset = 0, limit = DEFAULT_SEARCH_LIMIT } = parsed.data;
      const hits = searchCommands(entries, query);
      const page = hits.slice(offset, offset + limit).map(({ entry }) => summary(byName.get(entry.name), source));
      const nextOffset = offset + limit < hits.length ? offset + limit : undefined;
      const structured = { total: hits.length, commands: page, ...(nextOffset === undefined ? {} : { nextOffset }) };
      const lines = page.map((command) => `${command.name}: ${command.description}${command.readOnly ? ' (read-only)' : command.destructive ? ' (destructive)' : ''}`);
      const more = nextOffset === undefined ? '' : `\n${hits.length - nextOffset} more: search again with offset ${nextOffset}.`;
      const text = hits.length === 0 ? `No ${source.program} command matches ${JSON.stringify(query)}; try fewer or other words, or no query to list them all.` : `${lines.join('\n')}${more}`;
      return { isError: false, message: text, structured };
    },
  };
}

function summary(tool: ToolDefinition | undefined, source: MetaSource): { name: string; description: string; readOnly?: true; destructive?: true } {
  const name = tool?.name ?? '';
  const risk = tool && source.risk(tool);
  const readOnly = risk === 'read-only';
  const destructive = risk === 'destructive';
  return { name, description: firstSentence(tool?.description ?? ''), ...(readOnly ? { readOnly } : {}), ...(destructive ? { destructive } : {}) };
}

const describeInput = z.strictObject({
  command: z.string().min(1).max(300).describe('Its name from search, or its words.'),
});

/** `runWith` names the tool that runs a command in this mode. */
export function describeTool(source: MetaSource, runWith: (tool: ToolDefinition) => string): ListedTool {
  const schema = describeInput;
  return {
    name: source.names.describe,
    title: 'Describe a command',
    description: 'A command\'s full description, input schema and the tool that runs it.',
    inputSchema: toJsonSchema(schema),
    annotations: { readOnlyHint: true, destructiveHint: false },
    async call(input) {
      const parsed = parseInput(schema, input, source.names.describe);
      if (!('data' in parsed)) return parsed;
      const found = await readyCommand(source, parsed.data.command);
      if (!('tool' in found)) return found;
      const { tool } = found;
      const runner = runWith(tool);
      // Through a meta-tool or a group tool, the call names the command beside its flags and args.
      const command = runner === tool.name ? undefined : runner === source.names.run || runner === source.names.runReadOnly ? tool.name : tool.command.path.slice(1).join(' ');
      const structured = {
        name: tool.name,
        command: tool.command.path.join(' '),
        description: tool.description,
        ...(tool.command.details ? { details: tool.command.details } : {}),
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
        inputSchema: tool.inputJsonSchema,
        runWith: runner,
        ...(command === undefined ? {} : { call: `${runner} with {"command": ${JSON.stringify(command)}, "flags": {…}, "args": […]}, flags and args as inputSchema says` }),
      };
      return { isError: false, message: JSON.stringify(structured, null, 1), structured };
    },
  };
}

const runInput = z.strictObject({
  command: z.string().min(1).max(300).describe('Its name from search.'),
  flags: z.looseObject({}).optional(),
  args: z.array(z.unknown()).optional(),
  passthrough: z.array(z.unknown()).optional().describe('Words after `--`, where describe lists them'),
});

/**
 * Runs commands through their own tools: `read-only` only those marked read-only, so a client that
 * trusts read-only tools never lets the other through; `any` every command.
 */
export function commandCallTool(source: MetaSource, kind: 'read-only' | 'any'): ListedTool {
  const schema = runInput;
  const name = kind === 'read-only' ? source.names.runReadOnly : source.names.run;
  const readOnly = kind === 'read-only';
  return {
    name,
    title: readOnly ? 'Run a read-only command' : 'Run a command',
    description: readOnly
      ? 'Runs a command search marks read-only, flags and args as describe gives them.'
      : 'Runs any command, flags and args as describe gives them; one that changes things may ask the user first.',
    inputSchema: toJsonSchema(schema),
    annotations: readOnly ? { readOnlyHint: true, destructiveHint: false } : { readOnlyHint: false, destructiveHint: true },
    async call(input, options) {
      const parsed = parseInput(schema, input, name);
      if (!('data' in parsed)) return parsed;
      // Read first: its risk, and approval, policy and presets, judge the command as read.
      const found = await readyCommand(source, parsed.data.command);
      if (!('tool' in found)) return found;
      const risk = source.risk(found.tool);
      if (readOnly && risk !== 'read-only') {
        return { isError: true, message: `\`${found.tool.command.path.join(' ')}\` is ${risk}, not read-only, so ${name} does not run it; call ${source.names.run} instead (the user may be asked first).` };
      }
      return found.run(found.tool, commandInput(input), options);
    },
  };
}

/**
 * The call's input for the command's own tool: the raw `flags`, `args` and `passthrough`, not zod's
 * parse of them, so the command's hardening sees exactly what was sent (a `__proto__` key included).
 */
export function commandInput(input: unknown): unknown {
  const { command: _command, ...rest } = input as Record<string, unknown>;
  return rest;
}

const readInput = z.strictObject({
  uri: z.string().max(200).describe('The cli-mcp://output/… address a cut result gave.'),
  offset: z.int().min(0).optional().describe('Byte to start at, as the result or last page says.'),
  length: z.int().min(1).optional().describe('Most bytes; default: the result budget.'),
});

export function readOutputTool(source: MetaSource): ListedTool {
  const schema = readInput;
  return {
    name: source.names.readOutput,
    title: 'Read more output',
    description: 'Pages through output too long for a result.',
    inputSchema: toJsonSchema(schema),
    annotations: { readOnlyHint: true, destructiveHint: false },
    async call(input, options) {
      const parsed = parseInput(schema, input, source.names.readOutput);
      if (!('data' in parsed)) return parsed;
      const { uri, offset, length } = parsed.data;
      return source.readOutput(uri, offset, length === undefined ? undefined : Math.min(length, source.maxPageBytes), options?.principal);
    },
  };
}

/** A command named by its tool name, its words (with or without the program's), or a spelling that resolves to one. */
export function findCommand(tools: readonly ToolDefinition[], requested: string): { tool: ToolDefinition } | ToolResult {
  const words = requested.trim().split(/\s+/).join(' ');
  const tool =
    tools.find((candidate) => candidate.name === requested) ??
    tools.find((candidate) => candidate.command.path.join(' ') === words || candidate.command.path.slice(1).join(' ') === words);
  if (tool) return { tool };
  const resolved = resolveToolName(requested, tools.map((candidate) => candidate.name));
  const named = resolved.kind === 'unknown' ? undefined : tools.find((candidate) => candidate.name === resolved.name);
  if (named) return { tool: named };
  const message = unknownToolMessage(requested, resolved.kind === 'unknown' ? resolved.suggestions : []).replace(/^Unknown tool/, 'Unknown command');
  return { isError: true, message: `${message} Search the commands to find its name.` };
}

/** {@link findCommand}, read when it is pending (or below a pending group, by its words), with the run it belongs to. */
async function readyCommand(source: MetaSource, requested: string): Promise<ReadyCommand | ToolResult> {
  const found = findCommand(source.tools, requested);
  if (!('tool' in found)) {
    const words = requested.trim().split(/\s+/);
    const path = words[0] === source.program ? words : [source.program, ...words];
    const below = (tool: ToolDefinition) => tool.command.pending === true && tool.command.path.length < path.length && tool.command.path.every((word, index) => path[index] === word);
    return source.readPath !== undefined && source.tools.some(below) ? source.readPath(path) : found;
  }
  if (source.ready === undefined) return { tool: found.tool, run: (tool, input, options) => source.run(tool, input, options) };
  return source.ready(found.tool);
}

/** A meta-tool's input checked by its schema, or the isError result naming each problem. */
export function parseInput<T extends z.ZodObject>(schema: T, input: unknown, tool: string): { data: z.infer<T> } | ToolResult {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { data: parsed.data };
  const fields = Object.keys(schema.shape).map((field) => JSON.stringify(field)).join(', ');
  const lines = parsed.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys' && issue.path.length === 0 ? `- input: unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}; the fields are ${fields}` : describeIssues([issue], input, []),
  );
  return { isError: true, message: `Invalid arguments for ${tool}:\n${lines.join('\n')}\nFix these and call the tool again.` };
}
