import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reflectHelp, type ReflectHelpOptions } from '../../../src/reflect/help/crawl.js';
import type { CommandSpec } from '../../../src/types.js';
import { scratchMaker } from '../../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-help-bounds-');
// 300 subcommands per level, 3 levels: 90,301 pages in all; its help hides bidi overrides, Tag characters and OSC 8 links.
const wide = fileURLToPath(new URL('../../fixtures/bounds/wide', import.meta.url));

function crawl(cacheDir: string, options: ReflectHelpOptions = {}) {
  const messages: string[] = [];
  const result = reflectHelp(wide, { cacheDir, onProgress: (message) => messages.push(message), ...options });
  return { result, messages };
}

function texts(spec: CommandSpec): string[] {
  const own = [spec.description, spec.examples, ...spec.options.map((option) => option.description)].filter((text) => text !== undefined);
  return [...own, ...spec.subcommands.flatMap(texts)];
}

function count(spec: CommandSpec): number {
  return 1 + spec.subcommands.reduce((sum, child) => sum + count(child), 0);
}

describe('crawl bounds, on a program 300 commands wide and 3 levels deep', () => {
  it('when the page budget is reached then the crawl stops there, returns the partial tree and warns', async () => {
    const { result, messages } = crawl(scratch(), { maxPages: 150 });
    const reflection = await result;
    expect(reflection.pages).toBeLessThanOrEqual(150);
    expect(reflection.partial).toContain('pages');
    // Generous: a loaded machine reads 150 tiny pages in well under this.
    expect(reflection.durationMs).toBeLessThan(60_000);
    expect(reflection.spec.subcommands).toHaveLength(300);
    expect(messages.filter((message) => message.startsWith('crawled '))).toHaveLength(reflection.pages);
    expect(messages.at(-1)).toMatch(/^warning: the crawl of wide's help stopped at .*the page limit \(150 pages\): the tools are a partial list/);
  }, 90_000);

  it('when the command budget is reached then the tree keeps no more than it allows, plus one command a page', async () => {
    const reflection = await crawl(scratch(), { maxPages: 400, maxCommands: 1_000 }).result;
    expect(reflection.partial).toEqual(expect.arrayContaining(['commands']));
    expect(count(reflection.spec)).toBeLessThanOrEqual(1_000 + reflection.pages);
  }, 90_000);

  it('when the time limit passes then the crawl ends close to it, partial', async () => {
    const reflection = await crawl(scratch(), { timeoutMs: 1_500 }).result;
    expect(reflection.partial).toContain('time');
    // The limit, a killed call's grace and the assembly: far less than a loaded machine needs for 2,000 pages.
    expect(reflection.durationMs).toBeLessThan(15_000);
  }, 60_000);

  it('when a partial crawl is cached then the next start reuses it without asking for help again', async () => {
    const cacheDir = scratch();
    const first = await crawl(cacheDir, { maxPages: 50 }).result;
    const again = crawl(cacheDir, { maxPages: 50 });
    const second = await again.result;
    expect(second.fromCache).toBe(true);
    expect(second.partial).toEqual(first.partial);
    expect(second.pages).toBe(first.pages);
    expect(again.messages.some((message) => message.startsWith('crawled '))).toBe(false);
    expect(again.messages).toContainEqual(expect.stringMatching(/^cache hit: .*partial: pages/));
    expect(again.messages).toContainEqual(expect.stringMatching(/^warning: the cached crawl of wide's help stopped at .*the page limit/));
  }, 90_000);

  it('when help text hides bidi overrides, Tag characters and OSC 8 links, or runs long, then the descriptions are clean and capped', async () => {
    const reflection = await crawl(scratch(), { maxPages: 20 }).result;
    const all = texts(reflection.spec);
    expect(all.length).toBeGreaterThan(20);
    for (const text of all) {
      expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\x1b\x9b]/);
      expect(text).not.toMatch(/[\u{e0000}-\u{e007f}]/u);
      expect(text).not.toContain('8;;https://evil.example');
    }
    const root = reflection.spec;
    expect(root.description).toMatch(/^Wide reversed runs hidden things: click here lorem/);
    expect(Array.from(root.description ?? '').length).toBeLessThanOrEqual(1_000);
    expect(root.description?.endsWith('…')).toBe(true);
    expect(Array.from(root.examples ?? '').length).toBeLessThanOrEqual(4_000);
    expect(root.examples?.endsWith('…')).toBe(true);
  }, 90_000);
});
