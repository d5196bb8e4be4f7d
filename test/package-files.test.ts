/** The stamp caches key their entries with: the sources of the build that reads them. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStamp, packageDirectory, SOURCE_STAMP_FILE, sourceStamp } from '../src/package-files.js';
import { scratchMaker } from './helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-stamp-');

function sources(): string {
  const dir = scratch();
  mkdirSync(join(dir, 'reflect'));
  writeFileSync(join(dir, 'index.ts'), 'export {};\n');
  writeFileSync(join(dir, 'reflect', 'help.ts'), 'export const a = 1;\n');
  return dir;
}

describe('the source stamp', () => {
  it('when two trees hold the same files then they stamp alike, and a changed byte or a renamed file changes the stamp', () => {
    const one = sources();
    const stamp = sourceStamp(one);
    expect(sourceStamp(sources())).toBe(stamp);
    writeFileSync(join(one, 'reflect', 'help.ts'), 'export const a = 2;\n');
    const changed = sourceStamp(one);
    expect(changed).not.toBe(stamp);
    renameSync(join(one, 'reflect', 'help.ts'), join(one, 'reflect', 'page.ts'));
    expect(sourceStamp(one)).not.toBe(changed);
  });

  it('when the sources run (as the tests run them) then they stamp as the build made from them, so both read one cache', () => {
    const built = readFileSync(join(packageDirectory(), 'dist', SOURCE_STAMP_FILE), 'utf8').trim();
    expect(buildStamp(), 'dist/ was built from other sources: run npm run build (npm test does)').toBe(built);
  });
});
