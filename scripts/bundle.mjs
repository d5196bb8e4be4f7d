// The bin's code bundled: dist/cli/cli.cjs, one CommonJS script that dist/cli/bin.js (tsc's) runs through V8's code cache.
// Runs after tsc, which still writes every module for the library's entry points and the workers started by path
// (dist/reflect/*-worker.js; the warm worker's preload is bundled too, below). Modules reached only by a dynamic import()
// stay lazy: the bundle evaluates them when imported.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { SOURCE_STAMP_FILE, sourceStamp } from '../dist/package-files.js';

// The split ESM build's chunks, from builds before this one; and a cache made from an older bundle.
rmSync('dist/cli/chunks', { recursive: true, force: true });
rmSync('dist/cli/code-cache', { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: ['src/cli/bundle-main.ts'],
  outfile: 'dist/cli/cli.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  // ESM builds first: a UMD main (jsonc-parser's) requires its own files at run time, which a bundle does not hold.
  mainFields: ['module', 'main'],
  target: 'node20.19',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  // CommonJS has no import.meta: the modules that find cli-mcp's own files by it (src/package-files.ts) get the bundle's URL.
  define: { 'import.meta.url': '__cliMcpUrl' },
  banner: { js: "var __cliMcpUrl = require('node:url').pathToFileURL(__filename).href;" },
  // ajv left out: cli-mcp's servers check form answers with their own validator (src/server/sdk-node-shims.ts).
  alias: { '@modelcontextprotocol/server/_shims': './src/server/sdk-node-shims.ts' },
  logLevel: 'warning',
  metafile: true,
});
// A warm worker's preload, bundled over tsc's file of the same name: every worker a pool starts reads one file instead of
// six, ready about 3 ms sooner (40 against 43 ms for the todo example; 47 when it also loaded the spawn side).
await build({
  entryPoints: ['src/reflect/warm-worker.ts'],
  outfile: 'dist/reflect/warm-worker.js',
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
// Which source modules the bundle holds: test/cli/lazy-imports.test.ts checks those a start must not evaluate are in it. Not packed.
writeFileSync('dist/bundle-meta.json', JSON.stringify(metafile));
// The sources this build holds: caches key their entries with it, so the built bin and the sources the tests run share them.
writeFileSync(`dist/${SOURCE_STAMP_FILE}`, sourceStamp('src'));
