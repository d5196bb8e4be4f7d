import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKinds, connect, repoRoot, textOf, type TestClient } from './clients.js';

const todo = join(repoRoot, 'examples/todo/todo.js');

describe.each(clientKinds)('cli-mcp wrap over stdio, driven by the %s client', (kind) => {
  let client: TestClient;
  let cwd: string;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-mcp-e2e-'));
    client = await connect(kind, [todo], { cwd });
  });
  afterAll(async () => {
    await client?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('when connected then the protocol era is the one the client asked for', () => {
    const expected = { 'v2 (2026-07-28)': '2026-07-28', 'v2 (2025-11-25)': '2025-11-25', 'v1 sdk': undefined }[kind];
    expect(client.protocolVersion()).toBe(expected);
  });

  it('when tools are listed then every runnable command is a typed tool, in declaration order, then the read tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['todo_add', 'todo_list', 'todo_done', 'todo_remove', 'todo_assign', 'todo_tag_add', 'todo_tag_remove', 'todo_run_start', 'todo_run_status', 'todo_run_cancel', 'todo_read_output']);
    const list = tools.find((tool) => tool.name === 'todo_list');
    expect(list?.title).toBe('List tasks');
    expect(list?.annotations).toStrictEqual({ readOnlyHint: true });
    expect(list?.inputSchema).toMatchObject({ type: 'object', properties: { flags: { properties: { limit: { type: 'integer' }, sort: { enum: ['id', 'priority', 'due'] } } } } });
    // stdout is optional: a result whose stdout is JSON shown whole carries it parsed, as `json`, instead.
    expect(list?.outputSchema).toMatchObject({ properties: { stdout: { type: 'string' }, json: {} }, required: expect.arrayContaining(['stderr', 'exitCode']), additionalProperties: false });
    expect((list?.outputSchema as { required: string[] }).required).not.toContain('stdout');
  });

  it('when a call succeeds then stdout comes back as text and as structured output', async () => {
    const added = await client.callTool('todo_add', { flags: { priority: 'high', estimate: 1.5 }, args: ['Buy milk', 'shopping'] });
    expect(added.isError).toBeFalsy();
    expect(textOf(added)).toBe('Added #1: Buy milk\n');
    expect(added.structuredContent).toMatchObject({ stdout: 'Added #1: Buy milk\n', exitCode: 0 });
    expect(added.structuredContent).not.toHaveProperty('json');
  });

  it('when stdout is JSON then the text carries it exactly and structured output carries it parsed, not a third time as stdout', async () => {
    const listed = await client.callTool('todo_list', { flags: { json: true } });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent?.exitCode).toBe(0);
    expect(listed.structuredContent?.json).toEqual([expect.objectContaining({ id: 1, title: 'Buy milk', tags: ['shopping'], priority: 'high', estimate: 1.5, done: false })]);
    expect(listed.structuredContent).not.toHaveProperty('stdout');
    expect(JSON.parse(textOf(listed))).toEqual(listed.structuredContent?.json);
  });

  it('when the command fails then the result is an error that keeps exit code and stderr', async () => {
    const result = await client.callTool('todo_done', { args: ['99'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ exitCode: 2, stderr: 'todo: no task 99\n', timedOut: false });
    expect(textOf(result)).toContain('Exit code 2');
    expect(textOf(result)).toContain('todo: no task 99');
  });

  it('when the input is invalid then the error names each field and nothing runs', async () => {
    const result = await client.callTool('todo_add', { flags: { priority: 'urgent', colour: true }, args: [] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = textOf(result);
    expect(text).toContain('flags.priority: expected one of "low", "medium", "high", got "urgent"');
    expect(text).toContain('unknown flag "colour"');
    expect(text).toContain('args: at least 1 item');
  });

  it('when a required flag is missing then the error names it', async () => {
    const result = await client.callTool('todo_assign', { args: ['1'] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('flags.owner: required');
  });

  it('when the tool does not exist then the call is a protocol error that suggests the nearest names', async () => {
    await expect(client.callTool('todo_nope', {})).rejects.toThrow('Unknown tool "todo_nope".');
    await expect(client.callTool('todo_lst', {})).rejects.toThrow('Unknown tool "todo_lst". Did you mean "todo_list"?');
  });

  it('when the tool name is dotted or spaced but unambiguous then that tool runs', async () => {
    const dotted = await client.callTool('todo.tag.add', { args: ['999', 'x'] });
    expect(textOf(dotted)).toContain('todo: no task 999');
    const spaced = await client.callTool('Todo List', { flags: { json: true } });
    expect(spaced.isError).toBeFalsy();
  });
});
