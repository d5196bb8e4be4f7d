import type * as z from 'zod';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CommandAnnotations, RunnableCommand } from '../types.js';

/** One MCP tool: a unique name bound to the command it runs. The name is never split back into a path. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly command: RunnableCommand;
  /** Validates calls; built on the tool's first call. */
  readonly inputSchema: z.ZodType;
  /** The advertised input schema, written from the command's spec; byte-identical to `inputSchema`'s JSON Schema. Its flag schemas may be shared and frozen. */
  readonly inputJsonSchema: JsonSchema;
  readonly annotations?: CommandAnnotations;
}
