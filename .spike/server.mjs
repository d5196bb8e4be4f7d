import { Server, inputRequired, inputResponse, createRequestStateCodec } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { randomBytes } from 'node:crypto';
const codec = createRequestStateCodec({ key: randomBytes(32) });
serveStdio(() => {
  const s = new Server({ name: 'spike', version: '0.0.1' }, { capabilities: { tools: {} }, requestState: { verify: codec.verify } });
  s.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'rm', inputSchema: { type: 'object' } }] }));
  s.setRequestHandler('tools/call', async (req, ctx) => {
    const state = ctx.mcpReq.requestState();
    const view = inputResponse(ctx.mcpReq.inputResponses, 'approval');
    process.stderr.write(`call: state=${JSON.stringify(state)} view=${JSON.stringify(view)} env=${JSON.stringify(ctx.mcpReq.envelope)} caps=${JSON.stringify(s.getClientCapabilities())}\n`);
    if (view.kind === 'elicit' && state) return { content: [{ type: 'text', text: `answer ${view.action}` }] };
    return inputRequired({ inputRequests: { approval: inputRequired.elicit({ message: 'Run rm?', requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } } } }) }, requestState: await codec.mint({ key: 'k1' }) });
  });
  return s;
});
