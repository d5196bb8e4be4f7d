import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/exec/run.js';
import { outputSchema } from '../../src/schema/output.js';
import { toJsonSchema } from '../../src/schema/json-schema.js';
import type { ExecOutput } from '../../src/types.js';

describe('the output schema', () => {
  it('when advertised then the JSON Schema is pinned', () => {
    expect(toJsonSchema(outputSchema)).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "durationMs": {
            "type": "number",
          },
          "exitCode": {
            "description": "null when a signal ended the process",
            "type": [
              "integer",
              "null",
            ],
          },
          "json": {
            "description": "stdout parsed, when it is JSON shown whole",
          },
          "outputExceeded": {
            "description": "output passed the ceiling, so the process was stopped",
            "type": "boolean",
          },
          "signal": {
            "type": "string",
          },
          "stderr": {
            "type": "string",
          },
          "stdout": {
            "type": "string",
          },
          "timedOut": {
            "type": "boolean",
          },
          "truncated": {
            "description": "output was cut to fit; the result links to the whole",
            "type": "boolean",
          },
        },
        "required": [
          "stdout",
          "stderr",
          "exitCode",
          "timedOut",
          "truncated",
          "durationMs",
        ],
        "type": "object",
      }
    `);
  });

  it('when a real run produces an ExecOutput then it parses unchanged', async () => {
    const outcome = await runCommand({ file: process.execPath, args: ['-e', 'process.stdout.write("hi"); process.exit(2)'] });
    if (outcome.kind !== 'ran') throw new Error(`expected a run, got ${outcome.message}`);
    const parsed = outputSchema.safeParse(outcome.output);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(outcome.output);
    expect(parsed.data).toMatchObject({ stdout: 'hi', exitCode: 2, timedOut: false });
  });

  it('when a signal ended the process then a null exit code and the signal name parse', () => {
    const killed: ExecOutput = { stdout: '', stderr: '', exitCode: null, signal: 'SIGTERM', timedOut: true, truncated: false, durationMs: 12.5 };
    expect(outputSchema.safeParse(killed).success).toBe(true);
  });

  it('when an object has an extra key or a fractional exit code then it is refused', () => {
    const base: ExecOutput = { stdout: '', stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 1 };
    expect(outputSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(outputSchema.safeParse({ ...base, exitCode: 1.5 }).success).toBe(false);
  });
});
