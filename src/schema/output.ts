import * as z from 'zod';

/** The structured output of every tool: what the process did. */
export const outputSchema = z.strictObject({
  stdout: z.string().describe('What the command wrote to standard output.'),
  stderr: z.string().describe('What the command wrote to standard error.'),
  exitCode: z.int().nullable().describe('The exit code; null when a signal ended the process.'),
  signal: z.string().optional().describe('The signal that ended the process, if any.'),
  timedOut: z.boolean().describe('The command ran out of time and was stopped.'),
  truncated: z.boolean().describe('Output passed the size cap and was cut.'),
  durationMs: z.number().describe('How long the command ran, in milliseconds.'),
});
