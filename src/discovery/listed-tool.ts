import type { CallOptions } from '../middleware/context.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CommandAnnotations, ToolResult } from '../types.js';

/** One tool as `tools/list` shows it, and how a call of it runs. */
export interface ListedTool {
  readonly name: string;
  /** Left out of a compact list when it is only the command's path. */
  readonly title?: string;
  readonly description: string;
  /** Built when first read: a page of a huge list builds only its own. */
  readonly inputSchema: JsonSchema;
  /** Present on tools whose result is a CLI's output. */
  readonly outputSchema?: JsonSchema;
  readonly annotations?: CommandAnnotations;
  /** The command usually runs for minutes: a task-capable client gets a task as soon as it starts. */
  readonly longRunning?: boolean;
  /** Runs one call; never throws for a bad call. */
  call(input: unknown, options?: CallOptions): Promise<ToolResult>;
}

/** The tool as it goes over the wire (`tools/list`), without the SDK's types. */
export function listedToolJson(tool: ListedTool): JsonSchema {
  const title = tool.title === undefined ? {} : { title: tool.title };
  return {
    name: tool.name,
    ...title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations ? { annotations: annotationsJson(tool.annotations) } : {}),
  };
}

/** The hints as sent: the title is the tool's own field; `destructiveHint` means nothing beside `readOnlyHint: true` (the spec). */
function annotationsJson(annotations: CommandAnnotations): CommandAnnotations {
  const { title: _shownAsTitle, ...hints } = annotations;
  if (hints.readOnlyHint !== true) return hints;
  const { destructiveHint: _meaningless, ...readOnly } = hints;
  return readOnly;
}
