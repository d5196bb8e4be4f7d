import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchCommands, type SearchEntry } from '../../src/discovery/search.js';

/**
 * Intents phrased as people ask them, over the commands of eight real CLIs as cli-mcp reflects them (saved in
 * intents/<cli>.json: path, description with examples, flag names). git, kubectl, docker and gh were used to
 * shape search; cargo, rclone, restic and openssl were written before any change and held out.
 */
const intents = JSON.parse(readFileSync(new URL('intents/intents.json', import.meta.url), 'utf8')) as Record<string, Array<[string, string]>>;
const HELD_OUT = new Set(['cargo', 'rclone', 'restic', 'openssl']);

function entriesOf(cli: string): SearchEntry[] {
  const saved = JSON.parse(readFileSync(new URL(`intents/${cli}.json`, import.meta.url), 'utf8')) as Array<Omit<SearchEntry, 'name'>>;
  return saved.map((entry) => ({ ...entry, name: entry.path.join('_') }));
}

/** Each intent's rank (1-based) of the first right command, Infinity when not returned. */
function ranks(cli: string): Array<{ query: string; rank: number; top: string[] }> {
  const entries = entriesOf(cli);
  return (intents[cli] ?? []).map(([query, answers]) => {
    const right = new Set(answers.split('|'));
    const hits = searchCommands(entries, query).map((hit) => hit.entry.path.slice(1).join(' '));
    const at = hits.findIndex((path) => right.has(path));
    return { query, rank: at === -1 ? Infinity : at + 1, top: hits.slice(0, 3) };
  });
}

describe('search on intents phrased as people ask', () => {
  const all = Object.keys(intents).map((cli) => ({ cli, results: ranks(cli) }));
  const share = (results: Array<{ rank: number }>) => results.filter((result) => result.rank <= 3).length / results.length;

  // The goal is 95 %; 142 of 157 (90.4 %) are reached. Most misses are git commands whose help gives one terse line (or none).
  it('when people ask in their own words then the right command is in the top 3 for at least 90 % of 157 intents over 8 CLIs', () => {
    const results = all.flatMap(({ results }) => results);
    expect(results.length).toBeGreaterThanOrEqual(150);
    const misses = all.flatMap(({ cli, results }) => results.filter((result) => result.rank > 3).map((result) => `${cli}: "${result.query}" → ${result.top.join(', ')}`));
    if (process.env.CLI_MCP_INTENTS_REPORT) console.log(all.map(({ cli, results }) => `${cli}: ${results.filter((r) => r.rank <= 3).length}/${results.length} top 3, ${results.filter((r) => r.rank === 1).length} first`).join('\n'), `\nmisses:\n${misses.join('\n')}`);
    expect(share(results), misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('when the CLIs held out from shaping search are asked then they come near the same bar (42 of 47)', () => {
    const held = all.filter(({ cli }) => HELD_OUT.has(cli)).flatMap(({ results }) => results);
    expect(share(held)).toBeGreaterThanOrEqual(0.85);
  });
});
