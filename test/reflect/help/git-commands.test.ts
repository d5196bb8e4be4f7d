import { describe, expect, it } from 'vitest';
import { gitCommandList } from '../../../src/reflect/help/git-commands.js';
import { helpText } from './summary.js';

describe('reading `git help -a` (real git 2.39)', () => {
  const listed = gitCommandList(helpText('git/git-help-a.txt'));
  const names = listed.map((entry) => entry.name);

  it('when commands are grouped by kind then porcelain, ancillary and interop commands are listed, with their summaries', () => {
    expect(names.slice(0, 3)).toEqual(['add', 'am', 'archive']);
    expect(names).toEqual(expect.arrayContaining([
      'checkout', 'stash', 'cherry-pick', 'revert', 'clean', 'describe', 'format-patch', 'notes', 'shortlog', 'submodule', 'worktree',
      'config', 'reflog', 'remote',
      'blame', 'whatchanged',
      'request-pull',
    ]));
    expect(listed.find((entry) => entry.name === 'stash')?.description).toBe('Stash the changes in a dirty working directory away');
    expect(names).toHaveLength(81);
  });

  it('when plumbing, guides and external commands are listed then they are left out, and so is help', () => {
    for (const name of ['cat-file', 'rev-list', 'update-ref', 'hash-object', 'revisions', 'attributes', 'format-pack', 'credential-gcloud.sh', 'help']) {
      expect(names).not.toContain(name);
    }
  });

  it('when the text is not a `help -a` listing then nothing is listed', () => {
    expect(gitCommandList(helpText('git/git.txt'))).toEqual([]);
  });
});
