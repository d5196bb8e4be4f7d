import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/hermetic.ts'],
    globalSetup: ['test/helpers/real-crawls-setup.ts'],
    // Three files at once on two cores: a third fills the time the other two wait on timers and servers (331–341 s against
    // 372–380 s for two, runs one after another); the load worker waits for an import still using CPU, so this load does not cut a big
    // program's import (svgo's) short.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
