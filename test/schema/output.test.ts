import { describe, expect, it } from 'vitest';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { AjvJsonSchemaValidator as ValidatorV2 } from '@modelcontextprotocol/client/validators/ajv';
import { AjvJsonSchemaValidator as ValidatorV1 } from '@modelcontextprotocol/sdk/validation/ajv';
import { outputJsonSchema, outputSchema } from '../../src/schema/output.js';
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
            "type": [
              "integer",
              "null",
            ],
          },
          "json": {},
          "outputExceeded": {
            "type": "boolean",
          },
          "signal": {
            "type": "string",
          },
          "stderr": {
            "type": "string",
          },
          "stdout": {
            "description": "absent if json",
            "type": "string",
          },
          "timedOut": {
            "type": "boolean",
          },
          "truncated": {
            "type": "boolean",
          },
        },
        "required": [
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

  it('when advertised then every tool pays for it in under 420 bytes of tools/list', () => {
    // Every command's tool repeats it (the protocol has no shared $ref): 647 bytes before it was trimmed.
    expect(Buffer.byteLength(JSON.stringify(outputJsonSchema))).toBeLessThan(420);
  });

  it.each([
    ['v1 sdk', new ValidatorV1()],
    ['v2', new ValidatorV2()],
  ] as const)('when the %s client checks structured output against it then JSON output without stdout passes and loose shapes fail', (_kind, validator) => {
    // Each SDK line has its own JSON Schema type; both get this plain object from tools/list.
    const check = validator.getValidator(outputJsonSchema as never);
    const base = { stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 4 };
    expect(check({ ...base, json: [{ id: 1 }] }).valid).toBe(true);
    expect(check({ ...base, stdout: 'plain\n' }).valid).toBe(true);
    expect(check({ ...base, exitCode: null, signal: 'SIGTERM', stdout: '' }).valid).toBe(true);
    expect(check({ ...base, json: {}, extra: 1 }).valid).toBe(false);
    expect(check({ json: {}, exitCode: 0, timedOut: false, truncated: false, durationMs: 4 }).valid).toBe(false);
    expect(check({ ...base, stdout: 1 }).valid).toBe(false);
  });

  it('when a real run produces an ExecOutput then it parses unchanged', async () => {
    const outcome = await spawnCommand({ file: process.execPath, args: ['-e', 'process.stdout.write("hi"); process.exit(2)'] });
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

  it('when stdout is left out beside json then it parses', () => {
    expect(outputSchema.safeParse({ stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 1, json: [] }).success).toBe(true);
  });
});
