import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { resultShape, type StructuredContentChoice } from '../../src/server/clients.js';
import { createMcpServer } from '../../src/server/create-mcp-server.js';
import { positional, spec } from '../helpers/commands.js';

// `seq LAST` prints 1..LAST, a line each: a short result, or one cut to fit with its whole spooled.
const seq = spec('seq', { description: 'Prints numbers.', positionals: [positional('last', { required: true })] });
const open: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

/** A client that names itself `name` in initialize, connected in process to a server over `seq`. */
async function connect(name: string, structuredContent?: StructuredContentChoice): Promise<Client> {
  const server = createMcpServer(seq, { launcher: 'seq', rateLimit: false, callLog: false, sandbox: 'off', maxResultBytes: 512, structuredContent }).createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide as never);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  open.push(() => client.close());
  return client;
}

async function seen(name: string, last: string, choice?: StructuredContentChoice) {
  const client = await connect(name, choice);
  const listed = (await client.listTools()).tools.find((tool) => tool.name === 'seq');
  const result = await client.callTool({ name: 'seq', arguments: { args: [last] } });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { outputSchema: listed?.outputSchema, structured: result.structuredContent, types: content.map((block) => block.type), text: content[0]?.text ?? '' };
}

describe('what each client class gets in a result', () => {
  it('when the client shows its model the structured JSON (Claude Code) then the result is the text alone, and no tool advertises an output schema that would demand it', async () => {
    const result = await seen('claude-code', '3');
    expect(result).toStrictEqual({ outputSchema: undefined, structured: undefined, types: ['text'], text: '1\n2\n3\n' });
  });

  it('when the client shows its model both (LangChain) then a cut result has no resource_link block, whose file block makes its chat models throw; the marker in the text says where the rest is', async () => {
    const result = await seen('langchain-js-mcp-adapters', '2000');
    expect(result.structured).toBeUndefined();
    expect(result.types).toEqual(['text']);
    expect(result.text).toMatch(/bytes of stdout not shown; all 8,893 bytes are kept while this server runs: seq_read_output \{"uri": "cli-mcp:\/\/output\/[0-9a-f]{32}\/stdout"/);
  });

  it('when the client hands its model the text (the AI SDK) or is not known then it gets the text and the structured fields, and the links unless it is known not to take them', async () => {
    for (const [name, types] of [['ai-sdk-mcp-client', ['text']], ['some-agent', ['text', 'resource_link']]] as const) {
      const result = await seen(name, '2000');
      expect(result.outputSchema).toMatchObject({ type: 'object' });
      expect(result.structured).toMatchObject({ exitCode: 0, truncated: true });
      expect(result.types).toEqual(types);
    }
  });

  it('when the server is told always or never then every client gets that, whatever its name', async () => {
    expect((await seen('claude-code', '3', 'always')).structured).toMatchObject({ stdout: '1\n2\n3\n', exitCode: 0 });
    const never = await seen('some-agent', '3', 'never');
    expect([never.outputSchema, never.structured]).toEqual([undefined, undefined]);
  });
});

describe('discovery for a client that searches tools itself', () => {
  const shop = spec('shop', { runnable: false, subcommands: [spec('get', { description: 'Gets things.' }), spec('put', { description: 'Puts things.' })] });

  async function listedFor(name: string, mode: 'auto' | 'search'): Promise<string[]> {
    const server = createMcpServer(shop, { launcher: 'true', callLog: false, runs: false, discovery: { mode, budgetTokens: 1 } }).createServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide as never);
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(clientSide);
    open.push(() => client.close());
    return (await client.listTools()).tools.map((tool) => tool.name);
  }

  it('when auto would serve search (the list passes the budget) then Claude Code, which keeps MCP tools behind its own tool search, still gets a tool per command', async () => {
    expect(await listedFor('claude-code', 'auto')).toEqual(expect.arrayContaining(['shop_get', 'shop_put']));
    expect(await listedFor('some-agent', 'auto')).toEqual(expect.arrayContaining(['shop_search_commands']));
    expect(await listedFor('some-agent', 'auto')).not.toContain('shop_get');
  });

  it('when search is asked for by name then every client gets it', async () => {
    expect(await listedFor('claude-code', 'search')).not.toContain('shop_get');
  });
});

describe('resultShape', () => {
  it.each([
    ['claude-code', { structured: false, links: true }],
    ['codex-mcp-client', { structured: false, links: false }],
    ['inspector-cli', { structured: false, links: true }],
    ['gemini-cli-mcp-client', { structured: false, links: false }],
    ['ai-sdk-mcp-client', { structured: true, links: false }],
    [undefined, { structured: true, links: true }],
  ] as const)('when the client is named %s then auto gives %j', (name, shape) => {
    expect(resultShape('auto', name)).toStrictEqual(shape);
  });

  it('when the server is told never then not even a client that wants structured content gets it, and always gives links to all', () => {
    expect(resultShape('never', 'ai-sdk-mcp-client').structured).toBe(false);
    expect(resultShape('always', 'langchain-js-mcp-adapters')).toStrictEqual({ structured: true, links: true });
  });
});
