import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const importsOf = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);

/** Every file `file` loads, following relative imports (type-only ones included, which over-approximates). */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith('.')) reachable(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('the shared-store boundary', () => {
  it.each(['store/memory.ts', 'index.ts', 'server/create-mcp-server.ts'])('when a server runs without Redis then what %s loads never loads ioredis or rate-limiter-flexible', (entry) => {
    const loaded = [...reachable(join(src, entry))];
    const heavy = loaded.filter((file) => importsOf(file).some((specifier) => specifier === 'ioredis' || specifier === 'rate-limiter-flexible'));
    expect(heavy.map((file) => relative(src, file))).toEqual([]);
  });
});
