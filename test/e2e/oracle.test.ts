import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { createCliTools, type CliTools } from '../../src/call/cli-tools.js';
import { repoRoot } from './clients.js';
import { seededRandom } from '../helpers/random.js';

// The oracle's actions print what commander parsed: {path, args, opts}. A call must arrive exactly as requested.
const oracle = join(repoRoot, 'test/fixtures/oracle/oracle.js');
type Parsed = { path: string[]; args: unknown[]; opts: Record<string, unknown> };

const alphabet = ['a', 'Z', '0', '-', '--', '=', ' ', '"', "'", '$', '$(id)', ';', '\\', '*', 'é', '日本', '🙂', '\t', '--force', '-rf'];

function caseFor(seed: number): { flags: Record<string, unknown>; args: string[]; opts: Record<string, unknown> } {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const text = (): string => Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(alphabet)).join('');
  const maybe = (): boolean => next() < 0.5;
  const flags: Record<string, unknown> = {};
  const opts: Record<string, unknown> = { color: true };
  const set = (key: string, value: unknown, parsed: unknown = value) => {
    flags[key] = value;
    opts[key] = parsed;
  };
  if (maybe()) set('flag', true);
  if (maybe()) set('name', text());
  if (maybe()) set('s', text());
  if (maybe()) set('maybe', maybe() ? true : text());
  if (maybe()) set('many', Array.from({ length: 1 + Math.floor(next() * 3) }, text));
  if (maybe()) set('collect', Array.from({ length: 1 + Math.floor(next() * 3) }, text));
  if (maybe()) set('mode', pick(['fast', 'slow']));
  if (maybe()) set('count', Math.round((next() - 0.5) * 2 * 10 ** Math.floor(next() * 13)));
  if (maybe()) set('ratio', pick([next() * 10 ** (Math.floor(next() * 40) - 20), -next(), 1e21, 5e-324]));
  if (maybe()) set('color', false);
  if (maybe()) set('cache', maybe());
  if (maybe()) set('sauce', maybe() ? text() : false);
  const args = Array.from({ length: Math.floor(next() * 4) }, text);
  return { flags, args, opts };
}

// Every case runs twice: each call a cold start, and each call taken by a warm worker that had imported the oracle already.
describe.each([
  { path: 'cold starts', warm: false },
  { path: 'warm workers', warm: true },
])('through $path', ({ warm }) => {
  let tools: CliTools;
  let calls = 0;
  beforeAll(async () => {
    const loaded = await loadTarget(oracle);
    tools = createCliTools(loaded.spec, { callLog: false, launcher: loaded.launcher, timeoutMs: 20_000, warm });
  });
  afterAll(async () => {
    // Every call went the path named: warm ones never fell back to a cold start.
    expect(tools.warm?.counts ?? { warm: 0, cold: calls }).toEqual(warm ? { warm: calls, cold: 0 } : { warm: 0, cold: calls });
    await tools.close();
  });

  async function parsedBy(tool: string, input: unknown): Promise<Parsed> {
    await tools.warm?.ready();
    calls += 1;
    const result = await tools.call(tool, input);
    if (result.isError) throw new Error(`${tool} failed: ${result.message ?? result.output?.stderr}`);
    return JSON.parse(result.output?.stdout ?? '') as Parsed;
  }

  describe('round trip through commander', () => {
    const table: Array<{ title: string; flags: Record<string, unknown>; args?: string[]; opts: Record<string, unknown>; rest?: string[] }> = [
      { title: 'a switch set to true is set', flags: { flag: true }, opts: { flag: true } },
      { title: 'a switch set to false is absent', flags: { flag: false }, opts: {} },
      { title: 'a value starting with dashes stays the value', flags: { name: '--x=y' }, opts: { name: '--x=y' } },
      { title: 'a short-only option takes its value', flags: { s: '-v' }, opts: { s: '-v' } },
      { title: 'an optional value given true is the bare flag', flags: { maybe: true }, opts: { maybe: true } },
      { title: 'an optional value given text carries it', flags: { maybe: 'some thing' }, opts: { maybe: 'some thing' } },
      { title: 'a variadic gets every element in order', flags: { many: ['b', '-a', 'c d'] }, opts: { many: ['b', '-a', 'c d'] } },
      { title: 'a repeatable collector gets every element', flags: { collect: ['x', 'y'] }, opts: { collect: ['x', 'y'] } },
      { title: 'a choice arrives', flags: { mode: 'slow' }, opts: { mode: 'slow' } },
      { title: 'an integer arrives exactly', flags: { count: 1_000_000 }, opts: { count: 1_000_000 } },
      { title: 'a float arrives exactly', flags: { ratio: 1.5e-7 }, opts: { ratio: 1.5e-7 } },
      { title: 'a lone negation set to false turns it off', flags: { color: false }, opts: { color: false } },
      { title: 'a paired option set to false is false, not absent', flags: { cache: false }, opts: { cache: false } },
      { title: 'a paired option set to true is true', flags: { cache: true }, opts: { cache: true } },
      { title: 'a value option with negation set to false is false', flags: { sauce: false }, opts: { sauce: false } },
      { title: 'null and empty values are left out', flags: { name: null, many: [], mode: undefined }, opts: {} },
    ];

    it.each(table)('when $title', async ({ flags, args = [], opts }) => {
      const parsed = await parsedBy('oracle_kinds', { flags, args });
      expect(parsed.path).toEqual(['oracle', 'kinds']);
      expect(parsed.opts).toEqual({ color: true, ...opts });
      expect(parsed.args).toEqual([args]);
    });

    it('when a nested command inherits a root option then both arrive', async () => {
      const parsed = await parsedBy('oracle_group_leaf', { flags: { global: 'g', debug: true, level: 3 }, args: ['one', '-two'] });
      expect(parsed).toEqual({ path: ['oracle', 'group', 'leaf'], args: ['one', '-two'], opts: { global: 'g', debug: true, level: 3 } });
    });

    it('when a command name holds _ and - then the tool runs that command', async () => {
      const parsed = await parsedBy('oracle_under_score-name', { flags: { x: 'v' } });
      expect(parsed.path).toEqual(['oracle', 'under_score-name']);
    });
  });

  describe('randomized round trip (property)', () => {
    const seeds = Array.from({ length: 30 }, (_, index) => 1000 + index);
    it.each(seeds)('when the input comes from seed %i then commander receives exactly that input', async (seed) => {
      const { flags, args, opts } = caseFor(seed);
      const parsed = await parsedBy('oracle_kinds', { flags, args });
      expect(parsed.opts).toEqual(opts);
      expect(parsed.args).toEqual([args]);
      expect(parsed.opts.force).toBeUndefined();
    });
  });
});
