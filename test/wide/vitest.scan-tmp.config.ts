import { defineConfig } from 'vitest/config';

// The full wide corpus (npm run corpus): one long run of its own, never part of npm test.
export default defineConfig({
  test: {
    include: ['test/wide/scan-tmp.run.ts'],
    setupFiles: ['test/helpers/hermetic.ts'],
    testTimeout: 60 * 60_000,
    hookTimeout: 60_000,
  },
});
