import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Every test file gets a home, caches and config of its own: no test, and no server or program a test
// starts (MCP clients pass HOME on to the servers they spawn), reads or writes the user's ~/.cache/cli-mcp
// (an entry an earlier run left there changes what a test sees) or their config.
const home = mkdtempSync(join(tmpdir(), 'cli-mcp-test-home-'));
// Toolchains installed under the real home (rustup's cargo) stay where they are: they are programs, not a user's state.
for (const [name, dir] of [['RUSTUP_HOME', '.rustup'], ['CARGO_HOME', '.cargo']] as const) {
  const real = join(homedir(), dir);
  if (process.env[name] === undefined && existsSync(real)) process.env[name] = real;
}
for (const [name, dir] of [['HOME', home], ['XDG_CACHE_HOME', join(home, '.cache')], ['XDG_CONFIG_HOME', join(home, '.config')]] as const) {
  mkdirSync(dir, { recursive: true });
  process.env[name] = dir;
}
afterAll(() => rmSync(home, { recursive: true, force: true }));

// Node reads the CA bundle NODE_EXTRA_CA_CERTS names at every start, about 50 ms of CPU a process here, and the suite starts
// hundreds. Only npm reaches a server (the registry, in test/cli/pack.test.ts): it is given the same bundle as its own cafile.
const ca = process.env['NODE_EXTRA_CA_CERTS'];
if (ca !== undefined) {
  delete process.env['NODE_EXTRA_CA_CERTS'];
  process.env['npm_config_cafile'] ??= ca;
}
