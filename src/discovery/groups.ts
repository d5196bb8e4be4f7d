/**
 * `groups` mode: one tool per top-level command group, its `command` an enum of the group's commands
 * and its flags the union of theirs, each saying which commands take it. The listed schema guides the
 * model; a call is checked by the chosen command's own tool, exactly as a direct call.
 */
import * as z from 'zod';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/definition.js';
import { riskAnnotations, type Risk } from '../approval/risk.js';
import type { CommandAnnotations, CommandSpec } from '../types.js';
import { compactInputSchema } from './compact.js';
import type { ListedTool } from './listed-tool.js';
import { commandInput, type MetaSource } from './meta-tools.js';
import { toolNameWith } from '../tool/names.js';
import { firstSentence } from './search.js';

/** Most command names a flag's "only for" note lists before "…". */
const MAX_NAMED_COMMANDS = 3;

/** One listed tool per group of `tools` (by the word after the program's), and which listed tool runs each command. A group of one command is that command's own tool. */
export function groupTools(source: MetaSource, root: CommandSpec, tools: readonly ToolDefinition[], shared: ReadonlySet<string>, direct: (tool: ToolDefinition) => ListedTool): { listed: ListedTool[]; runWith: Map<ToolDefinition, string> } {
  const groups = new Map<string, ToolDefinition[]>();
  for (const tool of tools) {
    const word = tool.command.path[1] ?? '';
    groups.set(word, [...(groups.get(word) ?? []), tool]);
  }
  const runWith = new Map<ToolDefinition, string>();
  const listed = [...groups].flatMap(([word, members]) => {
    if (word === '' || members.length === 1) {
      for (const tool of members) runWith.set(tool, tool.name);
      return members.map(direct);
    }
    const group = groupTool(source, word, root.subcommands.find((command) => command.name === word)?.description, members, shared);
    for (const tool of members) runWith.set(tool, group.name);
    return [group];
  });
  return { listed, runWith };
}

function groupTool(source: MetaSource, word: string, about: string | undefined, members: readonly ToolDefinition[], shared: ReadonlySet<string>): ListedTool {
  const names = members.map((tool) => tool.command.path.slice(1).join(' '));
  const byName = new Map(members.map((tool, index) => [names[index], tool]));
  const envelope = z.strictObject({
    command: z.enum(names as [string, ...string[]]),
    flags: z.record(z.string(), z.unknown()).optional(),
    args: z.array(z.unknown()).optional(),
    passthrough: z.array(z.unknown()).optional(),
  });
  const lines = members.map((tool, index) => `- ${names[index]}: ${firstSentence(tool.description)}`);
  const head = about?.trim() ? `${firstSentence(about)} ` : '';
  const program = members[0]?.command.path[0] ?? source.program;
  let inputSchema: JsonSchema | undefined;
  return {
    name: toolNameWith(source.names.lead, word, source.names.maxLength),
    title: `${program} ${word}`,
    description: `${head}Runs one of these \`${program} ${word}\` commands:\n${lines.join('\n')}\n${source.names.describe} gives one command's exact flags.`,
    get inputSchema() {
      return (inputSchema ??= unionSchema(names, members, shared));
    },
    annotations: groupAnnotations(members.map((tool) => source.risk(tool))),
    async call(input, options) {
      const parsed = envelope.safeParse(input ?? {});
      if (!parsed.success) {
        const fields = parsed.error.issues.map((issue) => `- ${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n');
        return { isError: true, message: `Invalid arguments for the ${word} group:\n${fields}\nThe commands are: ${names.map((name) => JSON.stringify(name)).join(', ')}.` };
      }
      const tool = byName.get(parsed.data.command);
      if (!tool) return { isError: true, message: `Unknown command ${JSON.stringify(parsed.data.command)}.` };
      return source.run(tool, commandInput(input), options);
    },
  };
}

function unionSchema(names: readonly string[], members: readonly ToolDefinition[], shared: ReadonlySet<string>): JsonSchema {
  const flags = new Map<string, { schema: JsonSchema; commands: string[]; differs: boolean }>();
  let passthrough = false;
  members.forEach((tool, index) => {
    const compact = compactInputSchema(tool.inputJsonSchema, shared);
    const properties = (compact.properties as Record<string, JsonSchema> | undefined) ?? {};
    passthrough ||= properties.passthrough !== undefined;
    const own = ((properties.flags?.properties ?? {}) as Record<string, JsonSchema>);
    for (const [flag, schema] of Object.entries(own)) {
      const known = flags.get(flag);
      if (!known) flags.set(flag, { schema, commands: [names[index] ?? ''], differs: false });
      else {
        known.commands.push(names[index] ?? '');
        known.differs ||= JSON.stringify(known.schema) !== JSON.stringify(schema);
      }
    }
  });
  const properties: Record<string, JsonSchema> = {};
  for (const [flag, { schema, commands, differs }] of flags) {
    const some = commands.length < members.length;
    const listed = commands.length > MAX_NAMED_COMMANDS ? `${commands.slice(0, MAX_NAMED_COMMANDS).join(', ')}, …` : commands.join(', ');
    const note = differs ? `Differs by command (describe one).` : some ? `Only: ${listed}.` : '';
    const base = differs ? {} : schema;
    const description = [typeof base.description === 'string' ? base.description : '', note].filter(Boolean).join(' ');
    properties[flag] = { ...base, ...(description ? { description } : {}) };
  }
  return {
    type: 'object',
    properties: {
      command: { type: 'string', enum: [...names] },
      flags: { type: 'object', properties, additionalProperties: false },
      args: { type: 'array', description: 'Positional arguments, in order (describe gives each command\'s).' },
      ...(passthrough ? { passthrough: { type: 'array', items: { type: 'string' }, description: 'Words after a literal `--`, for commands that take them.' } } : {}),
    },
    required: ['command'],
    additionalProperties: false,
  };
}

/** Read-only when every command is; destructive when any is. */
function groupAnnotations(risks: readonly Risk[]): CommandAnnotations {
  const risk = risks.every((one) => one === 'read-only') ? 'read-only' : risks.includes('destructive') ? 'destructive' : 'write';
  return riskAnnotations(risk);
}
