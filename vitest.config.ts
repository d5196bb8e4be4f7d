import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirst } from './test/helpers/heavy-first.js';

/** Files that measure their own process's memory: another file's garbage in the same process would be counted. */
const OWN_PROCESS = ['test/server/frame-id.test.ts', 'test/output/progress.test.ts', 'test/exec/run-stop.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['test/helpers/hermetic.ts'],
    globalSetup: ['test/helpers/real-crawls-setup.ts'],
    // Three files at once on two cores: a third fills the time the other two wait on timers and servers (331–341 s against
    // 372–380 s for two, runs one after another); the load worker waits for an import still using CPU, so this load does not cut a big
    // program's import (svgo's) short.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    sequence: { sequencer: HeavyFirst },
    projects: [
      // A worker imports the modules once for all its files (each file still gets its own HOME from hermetic.ts):
      // 70 CPU-seconds less than a process per file, of about 690.
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: 'own process', include: OWN_PROCESS } },
    ],
  },
});
