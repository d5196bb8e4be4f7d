/**
 * Real programs read lazily: the start reads the program's own page, and a command read when it is asked for is
 * exactly the command a full crawl makes (options, positionals, conventions: so the same schema and the same argv).
 * Then a search-mode server over stdio: listed at once, a command described and called, and the next start reusing
 * what was read. A program that is missing fails its test, naming the package that brings it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reflectHelp } from '../../src/reflect/help/crawl.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import type { CommandSpec, RunnableCommand } from '../../src/types.js';
import { inputJsonSchemaFor } from '../../src/schema/json-from-spec.js';
import { scratchMaker } from '../helpers/scratch.js';
import { connect, textOf } from '../e2e/clients.js';
import { sharedCrawl } from '../helpers/real-crawls.js';

const scratch = scratchMaker('cli-mcp-lazy-real-');

/** Each program, the package that brings it, and commands read lazily: first-level, below a group, a group's own. */
const PROGRAMS = [
  { name: 'kubectl', pkg: 'kubectl (Kubernetes apt repository)', commands: [['get'], ['config', 'view'], ['create', 'secret', 'generic'], ['rollout', 'status']] },
  { name: 'gh', pkg: 'gh', commands: [['pr', 'list'], ['repo', 'view'], ['api']] },
  { name: 'git', pkg: 'git', commands: [['commit'], ['log'], ['remote']] },
  { name: 'docker', pkg: 'docker.io', commands: [['ps'], ['container', 'ls'], ['image', 'prune']] },
  { name: 'hugo', pkg: 'hugo', commands: [['server'], ['mod', 'get'], []] },
] as const;

function installed(name: string, pkg: string): void {
  const found = execFileSync('sh', ['-c', `command -v ${name} || true`], { encoding: 'utf8' }).trim();
  if (found === '') throw new Error(`${name} is NOT INSTALLED on this machine: install ${pkg}`);
}

/** `local` says only what a command hands down to commands below it (a runnable root's, while they are unread), never its own schema or argv. */
function unmarkedCommand(command: RunnableCommand): RunnableCommand {
  return { ...command, options: command.options.map(({ local: _local, ...option }) => option) };
}

function commandAt(spec: CommandSpec, words: readonly string[]) {
  return flattenRunnable(spec).find((command) => command.path.slice(1).join(' ') === words.join(' '));
}

describe('real programs read lazily', () => {
  for (const program of PROGRAMS) {
    it(`when ${program.name} is read lazily then its start reads its own page, and each command read is the full crawl's`, async () => {
      installed(program.name, program.pkg);
      const full = await sharedCrawl(program.name);
      const lazy = await reflectHelp(program.name, { lazy: true, cache: false });
      expect(lazy.pages).toBe(1);
      expect(flattenRunnable(lazy.spec).some((command) => command.pending)).toBe(true);
      // The root read (for a cobra program, with the protocol's answer), as a full crawl reads it: the same options, runnable or not. Which of them the commands below do not
      // take (`local`) is known of each command once it is read, and each read command is compared whole below.
      const unmarked = (spec: CommandSpec) => ({ runnable: spec.runnable, options: spec.options.map(({ local: _local, ...option }) => option) });
      const root = await lazy.reader?.([]);
      expect(root && unmarked(root.spec)).toEqual(unmarked(full.spec));
      for (const words of program.commands) {
        const fresh = await reflectHelp(program.name, { lazy: true, cache: false });
        const read = await fresh.reader?.(words);
        expect(read && 'failure' in read ? read.failure : undefined).toBeUndefined();
        const expected = commandAt(full.spec, words);
        expect(expected, `${program.name} ${words.join(' ')} is a command of the full crawl`).toBeDefined();
        const got = commandAt(read?.spec ?? fresh.spec, words);
        expect(got && unmarkedCommand(got), `${program.name} ${words.join(' ')}`).toEqual(expected && unmarkedCommand(expected));
        expect(got && inputJsonSchemaFor(got, new Map())).toEqual(expected && inputJsonSchemaFor(expected, new Map()));
      }
    }, 180_000); // a full crawl of gh or kubectl alone takes 10–15 s on 2 cores, and more under load
  }

  it('when kubectl is served in auto mode with an empty cache then it reads only the commands that show its list passes the budget, and serves search mode', async () => {
    installed('kubectl', 'kubectl (Kubernetes apt repository)');
    const cache = scratch();
    const client = await connect('v2 (2025-11-25)', ['kubectl'], { cwd: scratch(), env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: scratch(), XDG_CACHE_HOME: cache } });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['kubectl_search_commands', 'kubectl_describe_command']));
      const dir = join(cache, 'cli-mcp', 'help');
      const entry = readdirSync(dir).find((file) => file.endsWith('.lazy.json'));
      const read = entry === undefined ? [] : (JSON.parse(readFileSync(join(dir, entry), 'utf8')) as { read: string[][] }).read;
      // A full crawl reads 106 pages; auto stops at the first batches of commands (8, then 16) that pass the budget.
      expect(read.length).toBeGreaterThan(0);
      expect(read.length).toBeLessThanOrEqual(25);
      const described = await client.callTool('kubectl_describe_command', { command: 'version' });
      expect(JSON.stringify(described.structuredContent)).toContain('"client"');
    } finally {
      await client.close();
    }
  }, 120_000);

  it('when kubectl is served in search mode then it lists at once, describes and calls a command read then, and the next start reuses what was read', async () => {
    installed('kubectl', 'kubectl (Kubernetes apt repository)');
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: scratch(), XDG_CACHE_HOME: scratch() };
    const serve = () => connect('v2 (2025-11-25)', ['kubectl', '--tools', 'search'], { cwd: scratch(), env });
    const first = await serve();
    try {
      const { tools } = await first.listTools();
      expect(tools.map((tool) => tool.name)).toContain('kubectl_describe_command');
      const found = await first.callTool('kubectl_search_commands', { query: 'show the client version' });
      expect(textOf(found)).toContain('kubectl_version');
      const described = await first.callTool('kubectl_describe_command', { command: 'version' });
      expect(described.isError).toBeFalsy();
      expect(JSON.stringify(described.structuredContent)).toContain('"client"');
      const called = await first.callTool('kubectl_run_read_only_command', { command: 'version', flags: { client: true, output: 'json' } });
      expect(called.isError, textOf(called)).toBeFalsy();
      expect(textOf(called)).toContain('clientVersion');
      const bad = await first.callTool('kubectl_run_command', { command: 'version', flags: { nope: 1 } });
      expect(bad.isError).toBe(true);
    } finally {
      await first.close();
    }
    const again = await serve();
    try {
      const described = await again.callTool('kubectl_describe_command', { command: 'version' });
      expect(JSON.stringify(described.structuredContent)).toContain('"client"');
    } finally {
      await again.close();
    }
  }, 120_000);
});
