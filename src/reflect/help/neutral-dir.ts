/**
 * Where help runs: an empty temporary directory, so a crawl describes the program the same way
 * wherever the server started, and one started in a repository does not poison the cache for others.
 */
import { realpathSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HelpDialect } from './page.js';
import { escapeRegExp } from './regexp.js';

/** Any directory help runs in, by this process or another (a lazy read parses pages answered in an earlier one). */
export const NEUTRAL_DIRECTORY = new RegExp(`(?:${[...new Set([tmpdir(), realTmpdir()])].map(escapeRegExp).join('|')})/cli-mcp-help-\\w{6}`);

function realTmpdir(): string {
  try {
    return realpathSync(tmpdir());
  } catch {
    return tmpdir();
  }
}

/** Runs `task` with a fresh empty directory, removed afterwards whatever happens, or as the process exits. */
export async function withNeutralDirectory<T>(task: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-mcp-help-'));
  inUse.add(dir);
  // A server stopped while it reads help in the background (a client that lists every tool, gone before the read ends).
  if (!exitHooked) process.once('exit', removeLeft);
  exitHooked = true;
  try {
    return await task(dir);
  } finally {
    inUse.delete(dir);
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

const inUse = new Set<string>();
let exitHooked = false;

function removeLeft(): void {
  for (const dir of inUse) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Left for the system's temporary directory cleaning: an exit must not fail over it.
    }
  }
}

/**
 * Variables a dialect's programs need to print the help their users see. git tailors some help to being
 * in a repository (`git diff -h` outside one shows only `--no-index`); an empty repository is where its
 * users' commands run, so its help is read against one (written as files: no git command is run for it).
 */
export async function dialectEnvironment(dialect: HelpDialect, dir: string): Promise<Record<string, string>> {
  if (dialect !== 'git') return {};
  const gitDir = join(dir, '.git');
  await mkdir(join(gitDir, 'objects'), { recursive: true });
  await mkdir(join(gitDir, 'refs', 'heads'), { recursive: true });
  await writeFile(join(gitDir, 'HEAD'), 'ref: refs/heads/main\n');
  // git filter-branch prints a warning and sleeps ten seconds before it reads even `-h`.
  return { GIT_DIR: gitDir, FILTER_BRANCH_SQUELCH_WARNING: '1' };
}
