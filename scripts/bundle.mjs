// The bin bundled: a start loads dist/cli/bin.js and the chunks its command needs, not ~240 files. Runs after tsc, which
// still writes every module for the library's entry points and the workers started by path (dist/reflect/*-worker.js).
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { SOURCE_STAMP_FILE, sourceStamp } from '../dist/package-files.js';

rmSync('dist/cli/chunks', { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // ESM builds first: a UMD main (jsonc-parser's) requires its own files at run time, which a bundle does not hold.
  mainFields: ['module', 'main'],
  target: 'node20.19',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  // The CommonJS dependencies (commander, ioredis…) call require(); ESM output has none of its own.
  banner: { js: "import { createRequire as __cliMcpRequire } from 'node:module';\nconst require = __cliMcpRequire(import.meta.url);" },
  // ajv left out: cli-mcp's servers check form answers with their own validator (src/server/sdk-node-shims.ts).
  alias: { '@modelcontextprotocol/server/_shims': './src/server/sdk-node-shims.ts' },
  logLevel: 'warning',
  metafile: true,
});
// Which source modules each output file holds: test/cli/lazy-imports.test.ts reads what a start loads from it. Not packed.
writeFileSync('dist/bundle-meta.json', JSON.stringify(metafile));
// The sources this build holds: caches key their entries with it, so the built bin and the sources the tests run share them.
writeFileSync(`dist/${SOURCE_STAMP_FILE}`, sourceStamp('src'));
