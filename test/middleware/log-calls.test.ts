import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { logCalls, type CallRecord } from '../../src/middleware/log-calls.js';
import { preRun } from '../../src/middleware/pre-post.js';
import type { LogLevel } from '../../src/middleware/context.js';
import { validate } from '../../src/middleware/validate.js';
import { createCliTools } from '../../src/call/cli-tools.js';
import { contextFor, runnable, spec, toolFor } from '../helpers/commands.js';

const tool = toolFor(runnable({ path: ['todo', 'add'] }));

function logged() {
  const lines: string[] = [];
  const sent: Array<{ level: LogLevel; data: unknown }> = [];
  return { lines, sent, records: () => lines.map((line) => JSON.parse(line) as CallRecord), middleware: logCalls({ write: (line) => lines.push(line) }) };
}

describe('logCalls', () => {
  it('when a call runs then one JSON line records tool, argv, exit code, bytes and the decision', async () => {
    const log = logged();
    const echo = { file: process.execPath, prefixArgs: ['-e', 'process.stdout.write("hello")'] };
    const tools = createCliTools(spec('echo'), { launcher: echo, callLog: { write: (line) => log.lines.push(line) } });
    await tools.call('echo', {}, { log: (level, data) => log.sent.push({ level, data }) });
    const [record] = log.records();
    expect(log.lines).toHaveLength(1);
    expect(record).toMatchObject({ tool: 'echo', argv: [], exitCode: 0, bytes: 5, truncated: false, decision: 'ran', isError: false });
    expect(record?.durationMs).toBeGreaterThanOrEqual(0);
    expect(log.sent).toEqual([{ level: 'info', data: record }]);
  });

  it('when the argv holds U+2028 then the line escapes it, stays one line, and reads back to the exact argv', async () => {
    const log = logged();
    const echo = { file: process.execPath, prefixArgs: ['-e', ''] };
    const root = spec('echo', { positionals: [{ name: 'text', type: 'string', required: true, variadic: false }] });
    const tools = createCliTools(root, { launcher: echo, callLog: { write: (line) => log.lines.push(line) } });
    await tools.call('echo', { args: ['a\u2028b'] });
    expect(log.lines[0]).toContain('a\\u2028b');
    expect(log.lines[0]).not.toContain('\u2028');
    expect(log.records()[0]?.argv).toEqual(['a\u2028b']);
  });

  it('when validation refuses a call then the line says so and has no argv', async () => {
    const log = logged();
    const ctx = contextFor(tool, { flags: { nope: 1 } });
    await compose([log.middleware, validate()], async () => {})(ctx);
    expect(log.records()[0]).toMatchObject({ tool: 'todo_add', decision: 'invalid input', isError: true, bytes: 0 });
    expect(log.records()[0]).not.toHaveProperty('argv');
  });

  it('when a later layer refuses with its own decision then that decision is logged, at warning level', async () => {
    const log = logged();
    const ctx = { ...contextFor(tool), log: (level: LogLevel, data: unknown) => log.sent.push({ level, data }) };
    const refuse = preRun((call) => {
      call.decision = 'refused: read-only mode';
      return { isError: true, message: 'no' };
    });
    await compose([log.middleware, refuse], async () => {})(ctx);
    expect(log.records()[0]?.decision).toBe('refused: read-only mode');
    expect(log.sent[0]?.level).toBe('warning');
  });

  it('when a layer throws then the call is still logged, as failed', async () => {
    const log = logged();
    const chain = compose([log.middleware], async () => {
      throw new Error('boom');
    });
    await expect(chain(contextFor(tool))).rejects.toThrow('boom');
    expect(log.records()[0]).toMatchObject({ decision: 'failed', isError: true });
  });
});
