import { ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { ServedTools } from './served-tools.js';
import type { CallPrincipal } from '../middleware/context.js';
import { OUTPUT_URI_TEMPLATE } from '../output/output-uri.js';

/**
 * Spooled output as resources: one URI template, read in pages (`?offset=&length=`, bytes). A page
 * never splits a character; `_meta` says where the next one starts. Nothing is listed: a cut result links to its own.
 */
export function outputResources(server: Server, served: ServedTools, principal: CallPrincipal | undefined): void {
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: OUTPUT_URI_TEMPLATE,
        name: 'output',
        title: 'Output of a call, in pages',
        description: 'The whole output of a call whose result was cut to fit; offset and length are bytes.',
        mimeType: 'text/plain',
      },
    ],
  }));
  server.setRequestHandler('resources/read', (request) => {
    const { uri } = request.params;
    const page = served.current().outputPage(uri, principal);
    if ('message' in page) throw new ResourceNotFoundError(uri, page.message);
    const { text, ...position } = page.page;
    return { contents: [{ uri, mimeType: 'text/plain', text, _meta: { 'cli-mcp/page': position } }] };
  });
}
