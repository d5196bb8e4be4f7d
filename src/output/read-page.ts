import type { ToolResult } from '../types.js';
import { parseOutputUri } from './output-uri.js';
import type { Spool, SpoolPage } from './spool.js';
import { formatCount } from '../messages.js';

/** A page of spooled output, or why there is none. Offset and length in the URI win over the arguments. */
export function readOutputPage(spool: Spool | undefined, uri: string, offset: number | undefined, length: number | undefined, maxPageBytes: number, tool: string, owner?: string): ToolResult {
  const found = findPage(spool, uri, offset, length, maxPageBytes, owner);
  if ('message' in found) return found;
  const { page } = found;
  const done = page.nextOffset >= page.totalBytes;
  const next = done ? `the end${page.complete ? '' : ' of what was kept (the spool\'s cap cut the rest)'}` : `go on with ${tool} {"uri": "${uri.replace(/\?.*$/, '')}", "offset": ${page.nextOffset}}`;
  return {
    isError: false,
    message: `${page.text}\n[bytes ${formatCount(page.offset)} to ${formatCount(page.nextOffset)} of ${formatCount(page.totalBytes)}; ${next}]`,
    structured: { offset: page.offset, nextOffset: page.nextOffset, totalBytes: page.totalBytes, complete: page.complete, done },
  };
}

/** The page a URI (and offset, length) names; a message saying what is wrong otherwise. */
export function findPage(spool: Spool | undefined, uri: string, offset: number | undefined, length: number | undefined, maxPageBytes: number, owner?: string): { page: SpoolPage } | { isError: true; message: string } {
  const target = parseOutputUri(uri);
  if (!target) return { isError: true, message: `${JSON.stringify(uri.slice(0, 200))} is not an output address: pass the cli-mcp://output/… URI a cut result gave.` };
  const page = spool?.read(target.id, target.stream, target.offset ?? offset ?? 0, Math.min(target.length ?? length ?? maxPageBytes, maxPageBytes), owner);
  if (!page) return { isError: true, message: 'That output is no longer kept (newer output took its room, or the server restarted): run the command again.' };
  return { page };
}
