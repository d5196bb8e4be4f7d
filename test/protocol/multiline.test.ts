import { execa, execaSync } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { textOf, type TestClient } from '../e2e/clients.js';
import { connectInProcess } from '../helpers/in-process.js';

// A commit message as people write one: a subject, a blank line, a body.
const message = 'Fix the parser\n\nIt read past the end of the buffer.';
const scratch = scratchMaker('cli-mcp-multiline-');
const hasGit = execaSync('git', ['--version'], { reject: false }).exitCode === 0;
if (!hasGit) console.warn('\n!!! git is not installed: the multi-line value end-to-end tests are SKIPPED on this machine !!!\n');

/** A scratch repository with one staged file, and an author, so `git commit` needs nothing else. */
async function stagedRepo(): Promise<string> {
  const dir = scratch();
  const git = (...args: string[]) => execa('git', args, { cwd: dir });
  await git('init', '--quiet');
  await git('config', 'user.name', 'Test');
  await git('config', 'user.email', 'test@example.com');
  writeFileSync(join(dir, 'notes.txt'), 'one\n');
  await git('add', 'notes.txt');
  return dir;
}

describe.skipIf(!hasGit)('multi-line values for the real git, through real MCP clients', () => {
  let allowing: TestClient;
  let strict: TestClient;
  let allowingRepo: string;
  let strictRepo: string;
  beforeAll(async () => {
    [allowingRepo, strictRepo] = await Promise.all([stagedRepo(), stagedRepo()]);
    // git_commit as its own tool: git's list is big enough that auto would serve it in search mode.
    allowing = await connectInProcess('v2 (2026-07-28)', ['git', '--tools', 'all', '--allow-multiline', 'git_commit.message'], { cwd: allowingRepo });
    strict = await connectInProcess('v1 sdk', ['git', '--tools', 'all'], { cwd: strictRepo });
  }, 120_000);
  afterAll(async () => {
    await allowing?.close();
    await strict?.close();
  });

  it('when --allow-multiline names git_commit.message then a two-line message is committed with both lines', async () => {
    const result = await allowing.callTool('git_commit', { flags: { message } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const log = await execa('git', ['log', '-1', '--format=%B'], { cwd: allowingRepo });
    expect(log.stdout.trimEnd()).toBe(message); // %B ends with a blank line
  });

  it('when nothing allows it then a two-line message is refused, nothing is committed, and the message names the option to set', async () => {
    const result = await strict.callTool('git_commit', { flags: { message } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain('flags.message: contains a line feed');
    expect(textOf(result)).toContain('--allow-multiline git_commit.message');
    const log = await execa('git', ['log', '-1'], { cwd: strictRepo, reject: false });
    expect(log.exitCode).not.toBe(0); // no commit yet
  });

  it('when --allow-multiline names one flag then another flag of the same tool stays one line', async () => {
    const result = await allowing.callTool('git_commit', { flags: { message: 'x', author: 'A\nB <a@example.com>' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('flags.author: contains a line feed');
  });

  it('when an allowed message holds a carriage return then it is still refused', async () => {
    const result = await allowing.callTool('git_commit', { flags: { message: 'Subject\r\n\r\nBody' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('flags.message: contains a carriage return');
  });
});
