import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKinds, type TestClient } from '../e2e/clients.js';
import { repoRoot } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

const todo = join(repoRoot, 'examples/todo/todo.js');
/** A tool per command, then the run and read tools: four pages of 3, the last short. */
const allTools = ['todo_add', 'todo_list', 'todo_done', 'todo_remove', 'todo_assign', 'todo_tag_add', 'todo_tag_remove', 'todo_run_start', 'todo_run_status', 'todo_run_cancel', 'todo_read_output'];

describe.each(clientKinds)('tools/list pages with --page-size 3, driven by the %s client', (kind) => {
  let client: TestClient;
  let cwd: string;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-mcp-pages-'));
    client = await connectInProcess(kind, [todo, '--page-size', '3'], { cwd });
  });
  afterAll(async () => {
    await client?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('when pages are requested one by one then nextCursor leads through every tool once, in order', async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    // At most 10 pages: a server that never stops paging fails the assertion instead of timing out.
    do {
      const page = await client.listToolsPage(cursor);
      pages.push(page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined && pages.length < 10);
    expect(pages).toEqual([allTools.slice(0, 3), allTools.slice(3, 6), allTools.slice(6, 9), allTools.slice(9)]);
  });

  it('when a cursor the server never issued is sent then the request fails with -32602', async () => {
    await expect(client.listToolsPage('bm90LWEtY3Vyc29y')).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('invalid cursor') });
  });

  it('when listTools() is called without a cursor then a v2 client gathers every page, the v1 client gets the first', async () => {
    const expected = kind === 'v1 sdk' ? allTools.slice(0, 3) : allTools;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
  });

  it('when a tool on a later page is called then it runs like any other', async () => {
    const result = await client.callTool('todo_list', { flags: { json: true } });
    expect(result.isError).toBeFalsy();
  });
});
