import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchCommands, type SearchEntry } from '../../src/discovery/search.js';

/**
 * Intents phrased as people ask them, over the commands of eight real CLIs as cli-mcp reflects them (saved in
 * intents/<cli>.json: path, description with examples, flag names). git, kubectl, docker and gh were used to
 * shape search; cargo, rclone, restic and openssl were written before any change and held out, until their misses
 * (enc, dgst, update, ls) shaped the abbreviation and verb-synonym rules. held-out-2.json (85 intents over all eight)
 * was written and scored (71 of 85) before those rules and the own-name rule, to catch rules that fit the first set only.
 */
type Intents = Record<string, Array<[string, string]>>;
const read = (file: string) => JSON.parse(readFileSync(new URL(`intents/${file}`, import.meta.url), 'utf8')) as unknown;
const intents = read('intents.json') as Intents;
const heldOut = read('held-out-2.json') as Intents;
const HELD_OUT = new Set(['cargo', 'rclone', 'restic', 'openssl']);

function entriesOf(cli: string): SearchEntry[] {
  const saved = read(`${cli}.json`) as Array<Omit<SearchEntry, 'name'>>;
  return saved.map((entry) => ({ ...entry, name: entry.path.join('_') }));
}

/** Each intent's rank (1-based) of the first right command, Infinity when not returned. */
function ranks(set: Intents, cli: string): Array<{ query: string; rank: number; top: string[] }> {
  const entries = entriesOf(cli);
  return (set[cli] ?? []).map(([query, answers]) => {
    const right = new Set(answers.split('|'));
    const hits = searchCommands(entries, query).map((hit) => hit.entry.path.slice(1).join(' '));
    const at = hits.findIndex((path) => right.has(path));
    return { query, rank: at === -1 ? Infinity : at + 1, top: hits.slice(0, 3) };
  });
}

function score(set: Intents) {
  const all = Object.keys(set).map((cli) => ({ cli, results: ranks(set, cli) }));
  const misses = all.flatMap(({ cli, results }) => results.filter((result) => result.rank > 3).map((result) => `${cli}: "${result.query}" → ${result.top.join(', ')}`));
  if (process.env.CLI_MCP_INTENTS_REPORT) console.log(all.map(({ cli, results }) => `${cli}: ${results.filter((r) => r.rank <= 3).length}/${results.length} top 3, ${results.filter((r) => r.rank === 1).length} first`).join('\n'), `\nmisses:\n${misses.join('\n')}`);
  return { all, misses };
}

const share = (results: Array<{ rank: number }>) => results.filter((result) => result.rank <= 3).length / results.length;

describe('search on intents phrased as people ask', () => {
  // 150 of 157 (95.5 %) are reached. The misses are questions whose words the program's text does not use ("stop tracking a file" for git rm).
  it('when people ask in their own words then the right command is in the top 3 for at least 95 % of 157 intents over 8 CLIs', () => {
    const { all, misses } = score(intents);
    const results = all.flatMap(({ results }) => results);
    expect(results.length).toBeGreaterThanOrEqual(150);
    expect(share(results), misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('when the CLIs held out from shaping search are asked then they clear the same bar (46 of 47)', () => {
    const held = [...HELD_OUT].flatMap((cli) => ranks(intents, cli));
    expect(share(held)).toBeGreaterThanOrEqual(0.95);
  });

  // 73 of 85 (85.9 %; 71 before the rules it was written to check). Its misses: git fsck, kubectl uncordon and auth whoami, openssl crl and speed…
  it('when a second set of intents, written before the last rules, is asked then at least 85 % of 85 reach the top 3', () => {
    const { all, misses } = score(heldOut);
    const results = all.flatMap(({ results }) => results);
    expect(results.length).toBeGreaterThanOrEqual(80);
    expect(share(results), misses.join('\n')).toBeGreaterThanOrEqual(0.85);
  });
});
