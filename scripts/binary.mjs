// The single-file binary: Node's single-executable application of this machine's Node, holding the CLI bundled as one
// CommonJS script and, as assets, the workers cli-mcp starts by path (written under the cache directory at first
// use, run by the `node` on PATH: only JavaScript programs need them). Usage: node scripts/binary.mjs [output]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { inject } from 'postject';

const output = resolve(process.argv[2] ?? 'dist/binary/cli-mcp');
const work = mkdtempSync(join(tmpdir(), 'cli-mcp-binary-'));
const shared = {
  bundle: true,
  platform: 'node',
  // ESM builds first: a UMD main (jsonc-parser's) requires its own files at run time, which a bundle does not hold.
  mainFields: ['module', 'main'],
  target: 'node20.19',
  minifyWhitespace: true,
  minifySyntax: true,
  // ajv left out, as in the bundled bin (src/server/sdk-node-shims.ts).
  alias: { '@modelcontextprotocol/server/_shims': './src/server/sdk-node-shims.ts' },
  logLevel: 'warning',
};
try {
  // Every import.meta in the CLI is behind IN_BINARY (src/package-files.ts) or on a path only the workers take.
  await build({ ...shared, entryPoints: ['src/cli/bundle-main.ts'], outfile: join(work, 'main.cjs'), format: 'cjs', logOverride: { 'empty-import-meta': 'silent' } });
  const workers = ['load-worker', 'load-hooks', 'warm-worker'];
  await build({
    ...shared,
    entryPoints: workers.map((name) => `src/reflect/${name}.ts`),
    outdir: join(work, 'dist', 'reflect'),
    format: 'esm',
    banner: { js: "import { createRequire as __cliMcpRequire } from 'node:module';\nconst require = __cliMcpRequire(import.meta.url);" },
  });
  const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name, version }));
  const assets = Object.fromEntries(['package.json', ...workers.map((worker) => `dist/reflect/${worker}.js`)].map((asset) => [asset, join(work, asset)]));
  // The assets' hashes name the directory they are written to: a new build never runs an old worker.
  const hashes = Object.fromEntries(Object.entries(assets).map(([asset, file]) => [asset, createHash('sha256').update(readFileSync(file)).digest('hex')]));
  writeFileSync(join(work, 'assets.json'), JSON.stringify(hashes));
  const config = { main: join(work, 'main.cjs'), output: join(work, 'blob'), disableExperimentalSEAWarning: true, useCodeCache: true, assets: { ...assets, 'assets.json': join(work, 'assets.json') } };
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config));
  execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
  mkdirSync(dirname(output), { recursive: true });
  copyFileSync(process.execPath, output);
  await inject(output, 'NODE_SEA_BLOB', readFileSync(join(work, 'blob')), { sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2' });
  process.stdout.write(`${output}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
