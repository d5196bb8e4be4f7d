/** Help runs in an empty temporary directory, which goes when the crawl ends, and when the process exits in the middle of one. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withNeutralDirectory } from '../../../src/reflect/help/neutral-dir.js';
import { scratchMaker } from '../../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-neutral-');
const built = pathToFileURL(new URL('../../../dist/reflect/help/neutral-dir.js', import.meta.url).pathname).href;

describe('the directory help runs in', () => {
  it('when a crawl ends, even by an error, then its directory is gone', async () => {
    let seen = '';
    await expect(withNeutralDirectory(async (dir) => {
      seen = dir;
      throw new Error('the crawl failed');
    })).rejects.toThrow('the crawl failed');
    expect(seen).toMatch(/cli-mcp-help-/);
    expect(() => readdirSync(seen)).toThrow();
  });

  it('when the process exits in the middle of a crawl (a server stopped while it reads help in the background) then its directory goes with it', () => {
    const tmp = scratch();
    const script = `import { withNeutralDirectory } from ${JSON.stringify(built)};
withNeutralDirectory(async (dir) => { console.log(dir); setTimeout(() => process.exit(0), 20); await new Promise(() => {}); });`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(tmp);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
