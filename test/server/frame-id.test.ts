import { describe, expect, it } from 'vitest';
import { idScanner } from '../../src/server/frame-id.js';

/** The id read from `text` fed in pieces of `size` bytes. */
function idOf(text: string, size = Number.MAX_SAFE_INTEGER): string | number | null {
  const scanner = idScanner();
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) scanner.push(bytes.subarray(at, at + size));
  return scanner.id();
}

describe('reading a JSON-RPC id from a stream of bytes', () => {
  it.each([
    ['first', '{"id":7,"jsonrpc":"2.0","method":"x"}', 7],
    ['last, as the SDK clients write it', '{"jsonrpc":"2.0","method":"tools/call","params":{"id":1,"a":[{"id":2}]},"id":9}', 9],
    ['a string', '{"method":"x","id":"req-1"}', 'req-1'],
    ['a string with escapes and braces', '{"params":{"t":"}\\"]"},"id":"a\\"}b"}', 'a"}b'],
    ['a string with multi-byte characters', '{"id":"ключ-✓"}', 'ключ-✓'],
    ['a negative fraction', '{ "id" : -1.5 , "method": "x" }', -1.5],
    ['spread over lines and spaces', '{\n  "method": "x",\n  "id"\n  :\n  42\n}', 42],
  ])('when the id stands %s then it is read', (_, text, id) => {
    expect(idOf(text)).toBe(id);
    expect(idOf(text, 1)).toBe(id);
    expect(idOf(text, 3)).toBe(id);
  });

  it.each([
    ['no id', '{"jsonrpc":"2.0","method":"notifications/x"}'],
    ['only nested ids', '{"params":{"id":5},"result":[{"id":6}]}'],
    ['an object as id', '{"id":{"x":1}}'],
    ['null as id', '{"id":null}'],
    ['a batch', '[{"id":1},{"id":2}]'],
    ['a key that only starts like id', '{"idx":3,"aid":4}'],
    ['an id string longer than anyone sends', `{"id":"${'x'.repeat(300)}"}`],
    ['not JSON at all', 'AAAA"id":5'],
  ])('when the message has %s then the id is null', (_, text) => {
    expect(idOf(text)).toBeNull();
  });

  it('when the id comes after 5 MiB of arguments then it is read, in bounded memory', () => {
    const before = process.memoryUsage().heapUsed;
    const scanner = idScanner();
    scanner.push(Buffer.from('{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"args":["'));
    const filler = Buffer.alloc(64 * 1024, 'B');
    for (let sent = 0; sent < 5 * 1024 * 1024; sent += filler.length) scanner.push(filler);
    scanner.push(Buffer.from('"]}},"id":12}'));
    expect(scanner.id()).toBe(12);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024);
  });
});
