#!/usr/bin/env node
// `npm run corpus [-- --only rsync,zip|clap] [--docs]`: builds, installs the corpus's npm CLIs, runs every oracle.
// `npm run corpus -- --scan "nroff ejs"`: the oracles on programs outside the corpus (on PATH or in test/wide/npm), printed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const npmDir = join(root, 'test', 'wide', 'npm');
const { values } = parseArgs({ options: { only: { type: 'string' }, docs: { type: 'boolean', default: false }, scan: { type: 'string' } } });

function run(file, args, cwd, env = process.env) {
  const done = spawnSync(file, args, { cwd, env, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
run(npm[0], [...npm[1], 'run', 'build'], root);
// The corpus's npm CLIs install apart from the repository (CI's npm ci never sees them), again when the lock changes.
const marker = join(npmDir, 'node_modules', '.package-lock.json');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(join(npmDir, 'package-lock.json')).mtimeMs) {
  process.stderr.write('corpus: installing the npm CLIs of test/wide/npm (npm ci)\n');
  run(npm[0], [...npm[1], 'ci', '--no-audit', '--no-fund'], npmDir);
}
const env = { ...process.env, ...(values.only ? { CLI_MCP_WIDE_ONLY: values.only } : {}), ...(values.docs ? { CLI_MCP_WIDE_DOCS: '1' } : {}), ...(values.scan ? { CLI_MCP_WIDE_SCAN: values.scan } : {}) };
run(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/wide/vitest.corpus.config.ts'], root, env);
