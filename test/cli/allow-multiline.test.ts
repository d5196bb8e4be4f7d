import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addSharedOptions, serverOptions, type SharedFlags } from '../../src/cli/options.js';

/** The server options a command line gives, parsed by the same commander setup `wrap` uses. */
function optionsFrom(...words: string[]) {
  const command = addSharedOptions(new Command('wrap').argument('[target]').exitOverride()).action(() => {});
  command.parse(words, { from: 'user' });
  return serverOptions(command.opts<SharedFlags>());
}

describe('--allow-multiline', () => {
  it('when it is not given then no input limits are set and the library default (strict) applies', () => {
    expect(optionsFrom('git').inputLimits).toBeUndefined();
  });

  it('when it names flags after the target then they become inputLimits.multilineFlags', () => {
    expect(optionsFrom('git', '--allow-multiline', 'git_commit.message', 'body').inputLimits).toEqual({ multilineFlags: ['git_commit.message', 'body'] });
  });
});
