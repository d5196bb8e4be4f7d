import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixture.js';
import { serveInProcess } from '../helpers/in-process.js';

it('when a client sets a log level then each call is reported as a log notification at or above it', async () => {
  const received: Array<{ level: string; data: Record<string, unknown> }> = [];
  const client = new Client({ name: 'e2e-logging', version: '1.0.0' });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    received.push({ level: note.params.level, data: note.params.data as Record<string, unknown> });
  });
  const todo = join(repoRoot, 'examples/todo/todo.js');
  const served = await serveInProcess([todo, '--cwd', '/tmp']);
  await client.connect(served.transport);
  try {
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'todo_list', arguments: { flags: { file: '/nonexistent/dir/todo.json' } } });
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'todo_list', arguments: { flags: { nope: true } } });
    await sleep(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ level: 'info', data: { tool: 'todo_list', argv: ['--file=/nonexistent/dir/todo.json', 'list'], exitCode: 0, decision: 'ran' } });
  } finally {
    await client.close();
    await served.close();
  }
});
