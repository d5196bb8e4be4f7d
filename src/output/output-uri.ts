/** A spooled stream's address: `cli-mcp://output/<id>/<stream>`, paged with `?offset=&length=`. */
export type OutputStream = 'stdout' | 'stderr';

/** The resource template clients read spooled output through (RFC 6570). */
export const OUTPUT_URI_TEMPLATE = 'cli-mcp://output/{id}/{stream}{?offset,length}';

export function outputUri(id: string, stream: OutputStream): string {
  return `cli-mcp://output/${id}/${stream}`;
}

/** What a URI names, or undefined when it is not one this server issues; offset and length when the URI carries them. */
export function parseOutputUri(uri: string): { id: string; stream: OutputStream; offset?: number; length?: number } | undefined {
  const match = /^cli-mcp:\/\/output\/([0-9a-f]{32})\/(stdout|stderr)(?:\?([^#]*))?$/.exec(uri);
  if (!match) return undefined;
  const [, id = '', stream, query] = match;
  const params = new URLSearchParams(query ?? '');
  const number = (name: string): number | undefined | null => {
    const text = params.get(name);
    if (text === null) return undefined;
    return /^\d{1,15}$/.test(text) ? Number(text) : null;
  };
  const offset = number('offset');
  const length = number('length');
  if (offset === null || length === null) return undefined;
  return { id, stream: stream as OutputStream, ...(offset === undefined ? {} : { offset }), ...(length === undefined ? {} : { length }) };
}
