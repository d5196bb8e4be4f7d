import type * as z from 'zod';
import { CliMcpError } from '../errors.js';
import { flattenRunnable } from '../reflect/flatten.js';
import { assignToolNames } from '../reflect/tool-name.js';
import { selectorFor, type Selector } from '../middleware/selectors.js';
import { inputSchemaFor } from '../schema/input.js';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema.js';
import { checkArgv, type ArgvPolicy } from '../argv/argv-policy.js';
import type { CommandSpec, RunnableCommand, ScopedOption } from '../types.js';
import type { ToolDefinition } from './definition.js';

/** Options that decide which tools exist and what they look like. */
export interface ToolShapeOptions {
  /** Replaces the root word in tool names (`''` drops it). */
  readonly prefix?: string;
  readonly selectors?: readonly Selector[];
  /**
   * Flags the model may never pass, and whether the CLI honours `--`. Denied flags are left out of every
   * tool, and every argv is checked once more right before the spawn. @default no denied flags; `--` honoured
   */
  readonly argvPolicy?: ArgvPolicy;
}

/** One tool per runnable command the selectors choose, in declaration order. */
export function buildTools(root: CommandSpec, options: ToolShapeOptions = {}): ToolDefinition[] {
  const chosen: Array<{ command: RunnableCommand; selector: Selector }> = [];
  for (const command of flattenRunnable(root)) {
    const selector = selectorFor(options.selectors ?? [], command);
    if (!selector) continue;
    const keep = selector.flags;
    const policy = options.argvPolicy;
    const allowed = (option: ScopedOption) => !policy || !option.flag || checkArgv([option.flag], policy) === undefined;
    const offered = command.options.filter((option) => allowed(option) && (!keep || keep(option, command)));
    const hidden = command.options.find((option) => option.required && !offered.includes(option));
    if (hidden) {
      const where = command.path.join(' ');
      throw new CliMcpError('cli-mcp.invalid-selector', `a selector or the argv policy leaves out "${hidden.name}", which \`${where}\` requires, so no call could succeed; exclude the command instead`);
    }
    chosen.push({ command: { ...command, options: offered }, selector });
  }
  const named = assignToolNames(chosen.map(({ command }) => command), { prefix: options.prefix });
  return named.map(({ name, command }, index) => {
    // Schemas are built when first needed (a listed page, a call): a 1,000-command CLI starts at once.
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
        return (inputJsonSchema ??= toJsonSchema(this.inputSchema));
      },
      annotations: command.annotations,
      middleware: chosen[index]?.selector.middleware ?? [],
    };
  });
}

function describeCommand(command: RunnableCommand): string {
  const summary = command.description?.trim() || `Runs \`${command.path.join(' ')}\`.`;
  return command.examples ? `${summary}\n\n${command.examples}` : summary;
}
