#!/usr/bin/env node
/**
 * cli-mcp's command: runs the bundled CLI (dist/cli/cli.cjs, one CommonJS script) from the bytecode its last start left
 * beside it, V8's code cache, instead of compiling about 2 MB again: a start about a third shorter on Node 20, which has no
 * compile cache of its own, and no slower on later ones. The cache lives with the code it was made from, so it trusts no
 * one the code does not.
 */
import { accessSync, constants, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const file = fileURLToPath(new URL('cli.cjs', import.meta.url));
const dir = dirname(file);
const cacheDir = join(dir, 'code-cache');
// A rebuilt bundle is a new file (another mtime, size or inode); V8 itself rejects a cache of another Node, V8 or flags.
const { size, mtimeMs, ino } = statSync(file);
// A cache holds what its run compiled: one per command, so `--version` run first leaves `wrap` a cache of its own.
const command = /^[a-z][a-z-]{0,23}$/.test(process.argv[2] ?? '') ? process.argv[2] : 'other';
const cacheFile = join(cacheDir, `${command}-${process.version}-${process.arch}-${size}-${mtimeMs}-${ino}.bin`);

let cachedData: Buffer | undefined;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // No cache yet: compiled from the source, and kept when this process exits.
}
// The wrapper Node's own CommonJS loader gives a module.
const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
const script = new vm.Script(source, { filename: file, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
if (cachedData === undefined || script.cachedDataRejected === true) process.once('exit', keepCodeCache);
const bundle = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void).call(bundle.exports, bundle.exports, createRequire(file), bundle, file, dir);

/** Writes the bytecode compiled so far (what this run used), atomically; a package directory it may not write gets none. */
function keepCodeCache(): void {
  const written = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    accessSync(cacheDir, constants.W_OK);
    writeFileSync(written, script.createCachedData());
    renameSync(written, cacheFile);
  } catch {
    // Read-only install: every start compiles, as without the cache.
    rmSync(written, { force: true });
  }
}
