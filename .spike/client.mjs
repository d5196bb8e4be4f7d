import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as C1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as T1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const params = { command: process.execPath, args: ['server.mjs'] };
for (const [label, opts] of [['modern', { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } }], ['legacy', { capabilities: { elicitation: {} } }]]) {
  const c = new Client({ name: 't', version: '1' }, opts);
  c.setRequestHandler('elicitation/create', async (req) => { console.log(label, 'elicit asked:', req.params.message); return { action: 'accept', content: { approve: true } }; });
  await c.connect(new StdioClientTransport(params));
  try { console.log(label, JSON.stringify(await c.callTool({ name: 'rm', arguments: {} }))); } catch (e) { console.log(label, 'ERR', e.message); }
  await c.close();
}
const c1 = new C1({ name: 't', version: '1' }, { capabilities: { elicitation: {} } });
c1.setRequestHandler(ElicitRequestSchema, async (req) => { console.log('v1 elicit asked:', req.params.message); return { action: 'decline' }; });
await c1.connect(new T1(params));
try { console.log('v1', JSON.stringify(await c1.callTool({ name: 'rm', arguments: {} }))); } catch (e) { console.log('v1 ERR', e.message); }
await c1.close();
const c2 = new C1({ name: 't', version: '1' });
await c2.connect(new T1(params));
try { console.log('v1-nocap', JSON.stringify(await c2.callTool({ name: 'rm', arguments: {} }))); } catch (e) { console.log('v1-nocap ERR', e.message); }
await c2.close();
const c3 = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
await c3.connect(new StdioClientTransport(params));
try { console.log('modern-nocap', JSON.stringify(await c3.callTool({ name: 'rm', arguments: {} }))); } catch (e) { console.log('modern-nocap ERR', e.message); }
await c3.close();
