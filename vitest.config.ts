import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/hermetic.ts'],
    globalSetup: ['test/helpers/real-crawls-setup.ts'],
    // Two files at once (on two cores): the load worker waits for an import that is still using CPU, so the load this puts
    // on JS reflection no longer cuts a big program's import (svgo's) short and reads it from its help instead.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
