import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKinds, textOf, type Elicit, type TestClient } from '../e2e/clients.js';
import { repoRoot } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

// todo_remove is destructive (annotated), todo_add is a write, todo_list is read-only.
const todo = join(repoRoot, 'examples/todo/todo.js');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-mcp-approval-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A client whose user answers with `reply`, and the questions it was asked. */
async function userSays(kind: (typeof clientKinds)[number], reply: ReturnType<Elicit>, extra: string[] = []) {
  const asked: string[] = [];
  const cwd = mkdtempSync(join(dir, 'case-'));
  const client = await connectInProcess(kind, [todo, ...extra], { cwd, elicit: (message) => (asked.push(message), reply) });
  await client.callTool('todo_add', { args: ['first'] });
  await client.callTool('todo_add', { args: ['second'] });
  return { client, asked };
}

describe.each(clientKinds)('approval with the %s client', (kind) => {
  it('when a destructive call is made then the user is asked, and it runs on accept', async () => {
    const { client, asked } = await userSays(kind, 'accept');
    try {
      const result = await client.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('Removed 1\n');
      expect(asked).toEqual(['Allow the assistant to run this destructive command?\n\ntodo remove --force 1']);
    } finally {
      await client.close();
    }
  });

  it('when the user declines then the call is refused and nothing is removed', async () => {
    const { client, asked } = await userSays(kind, 'decline');
    try {
      const result = await client.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('The user declined to run todo_remove');
      expect(asked).toHaveLength(1);
      const listed = await client.callTool('todo_list', { flags: { json: true } });
      expect(listed.structuredContent?.json).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});

describe('approval grants and modes', () => {
  let client: TestClient;
  let asked: string[];
  beforeAll(async () => {
    ({ client, asked } = await userSays('v2 (2026-07-28)', 'accept'));
  });
  afterAll(() => client?.close());

  it('when the same call comes again then the grant covers it, but another argv asks again', async () => {
    await client.callTool('todo_remove', { flags: { force: true }, args: ['99'] });
    await client.callTool('todo_remove', { flags: { force: true }, args: ['99'] });
    expect(asked).toHaveLength(1);
    await client.callTool('todo_remove', { flags: { force: true }, args: ['98'] });
    expect(asked).toHaveLength(2);
  });

  it('when grants are one-time then the same call asks every time', async () => {
    const once = await userSays('v1 sdk', 'accept', ['--one-time-grants']);
    try {
      await once.client.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      await once.client.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      expect(once.asked).toHaveLength(2);
    } finally {
      await once.client.close();
    }
  });

  it('when the client cannot elicit then a destructive call is refused, never silently allowed', async () => {
    const cwd = mkdtempSync(join(dir, 'mute-'));
    const mute = await connectInProcess('v2 (2025-11-25)', [todo], { cwd });
    try {
      const result = await mute.callTool('todo_remove', { flags: { force: true }, args: ['1'] });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('cannot ask the user');
    } finally {
      await mute.close();
    }
  });

  it('when the mode is read-only then writes are refused and reads run, without asking', async () => {
    const readOnly = await userSays('v2 (2026-07-28)', 'accept', ['--approval', 'read-only']);
    try {
      const add = await readOnly.client.callTool('todo_add', { args: ['third'] });
      expect(textOf(add)).toContain('this server only runs read-only commands');
      expect((await readOnly.client.callTool('todo_list', {})).isError).toBeFalsy();
      expect(readOnly.asked).toEqual([]);
    } finally {
      await readOnly.client.close();
    }
  });
});
