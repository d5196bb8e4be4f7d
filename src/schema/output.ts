import * as z from 'zod';
import { toJsonSchema } from './json-schema.js';

/**
 * The structured output of every tool: what the process did. Every command's tool repeats it in
 * `tools/list`, so it keeps only the words a field's name and the result's text do not already say.
 */
export const outputSchema = z.strictObject({
  // Parsed JSON stands for stdout in structuredContent: the exact text is in the result's content.
  stdout: z.string().optional().describe('absent if json'),
  stderr: z.string(),
  exitCode: z.int().nullable(),
  signal: z.string().optional(),
  timedOut: z.boolean(),
  truncated: z.boolean(),
  outputExceeded: z.boolean().optional(),
  durationMs: z.number(),
  json: z.unknown().optional(),
});

/** The advertised output schema, shared by every tool that runs a command. */
export const outputJsonSchema = toJsonSchema(outputSchema);
