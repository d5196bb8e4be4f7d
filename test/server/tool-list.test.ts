import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/server/create-mcp-server.js';
import { pageOfTools } from '../../src/server/tool-list.js';
import type { CommandSpec } from '../../src/types.js';

const leaf = (name: string): CommandSpec => ({ name, runnable: true, options: [], positionals: [], subcommands: [] });
const spec: CommandSpec = { ...leaf('app'), runnable: false, subcommands: ['a', 'b', 'c', 'd', 'e'].map(leaf) };
// Without the run tools: five commands and the read tool page evenly.
const server = createMcpServer(spec, { launcher: 'true', runs: false });
const all = server.tools.catalog.listed;
const names = (page: { tools: Array<{ name: string }> }) => page.tools.map((tool) => tool.name);

/** Follows nextCursor from the first page to the last. */
function walk(pageSize: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = pageOfTools(all, cursor, pageSize);
    pages.push(names(page));
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages.length < 10);
  return pages;
}

describe('tools/list pages', () => {
  it('when the tools fill several pages then following nextCursor gives each tool once, in order', () => {
    expect(walk(2)).toEqual([['app_a', 'app_b'], ['app_c', 'app_d'], ['app_e', 'app_read_output']]);
  });

  it('when the tools fit in one page then there is no nextCursor', () => {
    expect(pageOfTools(all, undefined, 6)).toEqual(server.listTools());
    expect(pageOfTools(all, undefined, 100)).not.toHaveProperty('nextCursor');
  });

  it('when a cursor is issued then it is opaque text, not the bare offset', () => {
    const cursor = pageOfTools(all, undefined, 2).nextCursor;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toBe('2');
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['the bare offset', '2'],
    ['an offset past the end', Buffer.from('6').toString('base64url')],
    ['a zero offset', Buffer.from('0').toString('base64url')],
    ['a padded encoding of a good offset', Buffer.from('2').toString('base64')],
    ['an empty string', ''],
  ])('when the cursor is %s then it is an invalid-params protocol error', (_kind, cursor) => {
    let thrown: unknown;
    try {
      pageOfTools(all, cursor, 2);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolError);
    expect(thrown).toMatchObject({ code: -32602, message: expect.stringContaining('invalid cursor') });
  });

  it('when createMcpServer gets a page size that is not a positive whole number then it refuses it by name', () => {
    for (const pageSize of [0, -1, 2.5, Number.NaN]) {
      expect(() => createMcpServer(spec, { launcher: 'true', pageSize })).toThrow(`pageSize must be a positive whole number, got ${pageSize} (a number)`);
    }
  });

  it('when listTools() is called on a server with a small page size then it is still the whole list', () => {
    expect(names(createMcpServer(spec, { launcher: 'true', pageSize: 2 }).listTools())).toEqual(['app_a', 'app_b', 'app_c', 'app_d', 'app_e', 'app_run_start', 'app_run_status', 'app_run_cancel', 'app_read_output']);
  });
});
