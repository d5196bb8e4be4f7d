import { defineConfig } from 'vitest/config';

// The full wide corpus (npm run corpus): one long run of its own, never part of npm test.
export default defineConfig({
  test: {
    // `--scan`: the oracles on programs outside the corpus, printed and not kept.
    include: [process.env['CLI_MCP_WIDE_SCAN'] ? 'test/wide/scan.run.ts' : 'test/wide/corpus.run.ts'],
    setupFiles: ['test/helpers/hermetic.ts'],
    testTimeout: 60 * 60_000,
    hookTimeout: 60_000,
  },
});
