// Once per test run: the directory real programs' crawls are cached in, shared by the test files that read the same programs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An XDG_CACHE_HOME for this run's crawls of real programs (see real-crawls.ts). */
    realCrawls: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'cli-mcp-real-crawls-'));
  project.provide('realCrawls', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
