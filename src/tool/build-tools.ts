import type * as z from 'zod';
import { optionDenied, type ArgvPolicy } from '../argv/argv-policy.js';
import { ruleForCommand } from '../argv/command-policy.js';
import { DEFAULT_ARGV_CONVENTIONS } from '../argv/conventions.js';
import { CliMcpError } from '../errors.js';
import { flattenRunnable } from '../reflect/flatten.js';
import { assignToolNames } from './names.js';
import { inputSchemaFor } from '../schema/input.js';
import { inputJsonSchemaFor, type OptionSchemaMemo } from '../schema/json-from-spec.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CommandSpec, RunnableCommand, ScopedOption } from '../types.js';
import type { ToolDefinition } from './definition.js';
import { selectionFor, type Selection } from './select.js';

/** Options that decide which tools exist and what they look like. */
export interface ToolShapeOptions<S extends Selection = Selection> {
  /** Replaces the root word in tool names (`''` drops it). */
  readonly prefix?: string;
  /** The longest tool name; longer ones are cut and end with a hash of the path. From 16 to 64. @default 60 */
  readonly maxToolNameLength?: number;
  readonly selectors?: readonly S[];
  /**
   * Flags the model may never pass, commands it may never run, and whether the CLI honours `--`. Denied
   * flags are left out of every tool, excluded commands get none, destructive ones are marked so approval
   * asks, and every argv is checked once more before the spawn. @default no denied flags; `--` honoured
   */
  readonly argvPolicy?: ArgvPolicy;
}

/** A tool and the selection that chose it (`null` when no selections were given). */
export interface ChosenTool<S extends Selection> {
  readonly tool: ToolDefinition;
  readonly selection: S | null;
}

/** One tool per runnable command the selectors choose, in declaration order. */
export function buildTools(root: CommandSpec, options: ToolShapeOptions = {}): ToolDefinition[] {
  return chooseTools(root, options).map(({ tool }) => tool);
}

/** {@link buildTools}, with the selection that chose each tool (whose middleware the call chain runs). */
export function chooseTools<S extends Selection>(root: CommandSpec, options: ToolShapeOptions<S> = {}): ChosenTool<S>[] {
  const chosen: Array<{ command: RunnableCommand; selection: S | null }> = [];
  for (const command of flattenRunnable(root)) {
    const selection = selectionFor(options.selectors ?? [], command);
    if (selection === undefined) continue;
    const policy = options.argvPolicy;
    const rule = ruleForCommand(command, policy?.commands);
    // An excluded command gets no tool; the prepare step refuses it where positionals reach it.
    if (rule?.action === 'exclude') continue;
    const keep = selection?.flags;
    // A denied spelling (`-s`) removes the option in all of them (`--server`).
    const allowed = (option: ScopedOption) => !policy || optionDenied(option, policy) === undefined;
    const offered = command.options.filter((option) => allowed(option) && (!keep || keep(option, command)));
    const hidden = command.options.find((option) => option.required && !offered.includes(option));
    if (hidden) {
      const where = command.path.join(' ');
      throw new CliMcpError('cli-mcp.invalid-selector', `a selector or the argv policy leaves out "${hidden.name}", which \`${where}\` requires, so no call could succeed; exclude the command instead`);
    }
    const marked = rule?.action === 'destructive' ? { annotations: { ...command.annotations, readOnlyHint: false, destructiveHint: true } } : {};
    chosen.push({ command: { ...command, options: offered, ...withoutDoubleDash(command, policy), ...marked }, selection });
  }
  const named = assignToolNames(chosen.map(({ command }) => command), { prefix: options.prefix, maxLength: options.maxToolNameLength });
  // Tools built together share flag schemas: an inherited option is written once, not once per command.
  const memo: OptionSchemaMemo = new Map();
  return named.map(({ name, command }, index) => ({ tool: toolFor(name, command, memo), selection: chosen[index]?.selection ?? null }));
}

/** A CLI that does not honour `--` gets none: its positionals go bare, and one starting with `-` is refused. */
function withoutDoubleDash(command: RunnableCommand, policy: ArgvPolicy | undefined): Pick<RunnableCommand, 'argv'> {
  if (policy?.honoursDoubleDash !== false) return {};
  return { argv: { ...(command.argv ?? DEFAULT_ARGV_CONVENTIONS), doubleDash: 'never' } };
}

function toolFor(name: string, command: RunnableCommand, memo: OptionSchemaMemo): ToolDefinition {
  // Each schema is built when first needed: the JSON Schema for a listed page, the zod one for a tool's first call.
  let inputSchema: z.ZodType | undefined;
  let inputJsonSchema: JsonSchema | undefined;
  return {
    name,
    title: command.annotations?.title ?? command.path.join(' '),
    description: describeCommand(command),
    command,
    get inputSchema() {
      return (inputSchema ??= inputSchemaFor(command));
    },
    get inputJsonSchema() {
      return (inputJsonSchema ??= inputJsonSchemaFor(command, memo));
    },
    annotations: command.annotations,
  };
}

function describeCommand(command: RunnableCommand): string {
  const summary = command.description?.trim() || `Runs \`${command.path.join(' ')}\`.`;
  return command.examples ? `${summary}\n\n${command.examples}` : summary;
}
