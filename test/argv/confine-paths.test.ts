import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { confinedPaths } from '../../src/argv/confine-paths.js';
import { scratchMaker } from '../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-confine-');
let root: string;
let outside: string;

beforeAll(() => {
  const base = scratch();
  root = join(base, 'repo');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret'), 'x');
  symlinkSync(outside, join(root, 'out-link'));
  symlinkSync(join(root, 'src'), join(root, 'in-link'));
});

describe('confinedPaths', () => {
  it.each([
    ['an absolute path outside', () => join(outside, 'secret')],
    ['a parent path', () => '../outside/secret'],
    ['a symlink pointing out', () => 'out-link/secret'],
    ['a symlink then ..', () => 'in-link/../../outside/secret'],
    ['/dev/null', () => '/dev/null'],
    ['a home path', () => '~/.ssh/id_rsa'],
    ['a file: URL', () => 'file:///etc/passwd'],
    ['a flag value after =', () => '--output=/tmp/x'],
    ['an @file value', () => 'body=@/etc/passwd'],
  ])('when a positional is %s then it is refused', (_name, value) => {
    expect(confinedPaths({ flags: {}, args: [value()] }, root)).toMatch(/outside/);
  });

  it('when an option value leaves the root then it is refused and named', () => {
    expect(confinedPaths({ flags: { file: ['ok.txt', '/etc/passwd'] }, args: [] }, root)).toContain('"/etc/passwd"');
  });

  it.each([['main'], ['HEAD~1'], ['src/app.ts'], ['./src'], ['in-link/x'], ['origin/main'], ['https://example.com/a/b'], ['.gitignore'], ['not-there/../src']])(
    'when a value is %s then it is allowed',
    (value) => {
      expect(confinedPaths({ flags: {}, args: [value] }, root)).toBeUndefined();
    },
  );

  it('when the root itself is reached through a symlink then paths inside still pass', () => {
    expect(confinedPaths({ flags: {}, args: ['src/a', 'in-link/b'] }, join(root, 'in-link', '..'))).toBeUndefined();
  });
});
