import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/hermetic.ts'],
    // One file at a time: two at once (on two cores) cut the suite to ~10 minutes, but loaded JS reflection enough that a
    // program's import outran the load worker's 1.5 s settle and it was read from its help instead (svgo, once).
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
