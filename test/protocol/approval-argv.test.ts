/**
 * The approval question shows exactly the argv that runs, in every layout: a program that prints the
 * argv it was started with is served from a manifest whose commands use each parser family's conventions.
 */
import { execaSync } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKinds, type TestClient } from '../e2e/clients.js';
import { fixture } from '../helpers/fixture.js';
import { connectInProcess } from '../helpers/in-process.js';

const fixtures = fixture('argv-log');
const program = join(fixtures, 'argv-log.js');

/** The command line a question shows, as the words it quotes (JSON-quoted words parsed back). */
function questionWords(question: string): string[] {
  const line = question.split('\n').at(-1) ?? '';
  return [...line.matchAll(/"(?:[^"\\]|\\.)*"|\S+/g)].map(([word]) => (word.startsWith('"') ? (JSON.parse(word) as string) : word));
}

const calls = [
  { tool: 'argvlog_commander', input: { flags: { force: true, tag: ['a b', '-x'], verbose: true }, args: ['main', '-dash'] } },
  { tool: 'argvlog_cobra', input: { flags: { force: false, tag: ['v1'] }, args: ['web'], passthrough: ['sh', '-c', 'echo "hi"'] } },
  { tool: 'argvlog_cobra', input: { flags: { force: true }, args: ['pods', '-weird'] } },
  { tool: 'argvlog_git', input: { flags: { force: true, verbose: true }, args: ['main'] } },
  { tool: 'argvlog_yargs', input: { flags: { tag: ['x', 'y'] }, args: ['f', 'g'] } },
  { tool: 'argvlog_goflag', input: { flags: { force: false, tag: ['7'] }, args: ['-x'] } },
] as const;

describe.each(clientKinds)('approval in every argv layout, through the %s client', (kind) => {
  let client: TestClient;
  const asked: string[] = [];
  beforeAll(async () => {
    client = await connectInProcess(kind, ['--manifest', join(fixtures, 'layouts.json'), '--exec', program, '--approval', 'ask'], { elicit: (message) => (asked.push(message), 'accept') });
  });
  afterAll(() => client?.close());

  it.each(calls)('when $tool is approved then the question showed exactly the argv the program received', async ({ tool, input }) => {
    const before = asked.length;
    const result = await client.callTool(tool, input);
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(before + 1);
    const received = result.structuredContent?.json as string[];
    expect(questionWords(asked.at(-1) ?? '')).toEqual(['argvlog', ...received]);
  });
});

describe('approval with the real git and the git preset', () => {
  let client: TestClient;
  let repo: string;
  const asked: string[] = [];
  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'cli-mcp-approve-git-'));
    const git = (...args: string[]) => execaSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo });
    git('init', '-q', '-b', 'trunk');
    writeFileSync(join(repo, 'main'), 'a file named like the branch\n');
    git('add', '.');
    git('commit', '-qm', 'first');
    git('branch', 'main');
    writeFileSync(join(repo, 'main'), 'edited\n');
    client = await connectInProcess('v2 (2026-07-28)', ['git', '--preset', 'git', '--approval', 'ask', '--include', 'switch'], { cwd: repo, elicit: (message) => (asked.push(message), 'accept') });
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('when switch --force main is approved then the question and the run both name the branch main, with no "--" (after which git reads paths)', async () => {
    const result = await client.callTool('git_switch', { flags: { force: true }, args: ['main'] });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual(['Allow the assistant to run this write command?\n\ngit switch --force main']);
    expect(execaSync('git', ['branch', '--show-current'], { cwd: repo }).stdout).toBe('main');
  });
});
