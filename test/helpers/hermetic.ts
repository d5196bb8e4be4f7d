import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Every test file gets caches and config of its own: no test reads or writes the user's ~/.cache/cli-mcp
// (a program or help page cached there by an earlier run would change what a test sees), nor their config.
const home = mkdtempSync(join(tmpdir(), 'cli-mcp-test-home-'));
process.env.XDG_CACHE_HOME = join(home, 'cache');
process.env.XDG_CONFIG_HOME = join(home, 'config');
afterAll(() => rmSync(home, { recursive: true, force: true }));
