import { describe, expect, it } from 'vitest';
import { resultStructured, resultText } from '../../src/output/render-output.js';
import type { ExecOutput, ToolResult } from '../../src/types.js';

const ran = (output: Partial<ExecOutput>): ExecOutput => ({ stdout: '', stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 3, ...output });

describe('resultStructured', () => {
  it('when stdout is not JSON then structured output carries it as stdout, beside the same text', () => {
    const result: ToolResult = { isError: false, output: ran({ stdout: 'Added #1\n' }) };
    expect(resultStructured(result)).toEqual({ stdout: 'Added #1\n', stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 3 });
    expect(resultText(result)).toBe('Added #1\n');
  });

  it('when json holds stdout parsed then structured output leaves stdout out and the text is stdout exactly', () => {
    const stdout = '[{"id":1,"title":"Buy milk"}]\n';
    const result: ToolResult = { isError: false, output: ran({ stdout, json: [{ id: 1, title: 'Buy milk' }] }) };
    expect(resultStructured(result)).toEqual({ stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 3, json: [{ id: 1, title: 'Buy milk' }] });
    expect(resultText(result)).toBe(stdout);
  });

  it('when a failed command printed JSON then the text still holds stdout whole, labelled beside stderr', () => {
    const result: ToolResult = { isError: true, output: ran({ stdout: '{"error":"nope"}\n', stderr: 'warn\n', exitCode: 1, json: { error: 'nope' } }) };
    expect(resultStructured(result)).not.toHaveProperty('stdout');
    expect(resultText(result)).toContain('stdout:\n{"error":"nope"}\n');
  });

  it('when a result has its own message then stdout stays in structured output, as the message may not show it', () => {
    const result: ToolResult = { isError: false, message: 'done', output: ran({ stdout: '{}\n', json: {} }) };
    expect(resultStructured(result)).toMatchObject({ stdout: '{}\n', json: {} });
  });

  it('when a tool runs no command then its own structured answer is given as it is', () => {
    expect(resultStructured({ isError: false, message: 'found 2', structured: { total: 2 } })).toEqual({ total: 2 });
  });
});
