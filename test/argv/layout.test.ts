import { describe, expect, it } from 'vitest';
import { positionalsFirst } from '../../src/argv/layout.js';

describe('positionalsFirst', () => {
  it.each([
    { title: 'words, positionals, then options', canonical: ['--namespace=prod', 'get', '--output=json', '--', 'pods', 'web'], expected: ['get', 'pods', 'web', '--namespace=prod', '--output=json'] },
    { title: 'nested words keep their order', canonical: ['group', '-v', 'leaf', '--depth=3', '--', 'one'], expected: ['group', 'leaf', 'one', '-v', '--depth=3'] },
    { title: 'no positionals leaves no separator behind', canonical: ['log', '--oneline'], expected: ['log', '--oneline'] },
    { title: 'a positional that looks like a word after the separator stays a positional', canonical: ['echo', '--', 'get'], expected: ['echo', 'get'] },
    { title: 'a repeated array flag stays after every positional', canonical: ['run', '--tag=a', '--tag=b', '--', 'f'], expected: ['run', 'f', '--tag=a', '--tag=b'] },
  ])('when laid out then $title', ({ canonical, expected }) => {
    expect(positionalsFirst(canonical)).toEqual(expected);
  });
});
