import * as z from 'zod';
import { toJsonSchema } from './json-schema.js';

/** The structured output of every tool: what the process did. Terse: every command's tool repeats it. */
export const outputSchema = z.strictObject({
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.int().nullable().describe('null when a signal ended the process'),
  signal: z.string().optional(),
  timedOut: z.boolean(),
  truncated: z.boolean().describe('output was cut to fit; the result links to the whole'),
  outputExceeded: z.boolean().optional().describe('output passed the ceiling, so the process was stopped'),
  durationMs: z.number(),
  json: z.unknown().optional().describe('stdout parsed, when it is JSON shown whole'),
});

/** The advertised output schema, shared by every tool that runs a command. */
export const outputJsonSchema = toJsonSchema(outputSchema);
