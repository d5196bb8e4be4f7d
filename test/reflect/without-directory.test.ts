import { describe, expect, it } from 'vitest';
import { withoutDirectory } from '../../src/reflect/clean-spec.js';
import type { CommandSpec } from '../../src/types.js';

// What a program says of the directory it was reflected in (its `process.cwd()`, the directory its help ran in) is where
// cli-mcp ran it, not what it documents.
function spec(dir: string): CommandSpec {
  return {
    name: 'lint',
    description: 'Lints files (and/or directories).',
    runnable: true,
    options: [
      { name: 'cwd', type: 'string', flag: '--cwd', default: dir, description: 'Where to run' },
      { name: 'cache', type: 'string', flag: '--cache', description: `Path to the cache - default: ${dir}/.lintcache` },
    ],
    positionals: [],
    subcommands: [],
  };
}

describe('a tree without the directory it was reflected in', () => {
  it('when a default names the directory then it goes, and text that names it says `.`', () => {
    const cleaned = withoutDirectory(spec('/home/me/project'), '/home/me/project');
    expect(cleaned.options[0]).not.toHaveProperty('default');
    expect(cleaned.options[1]?.description).toBe('Path to the cache - default: ./.lintcache');
  });

  it('when a pattern stands for the directories (any directory help ran in) then each is left out the same way', () => {
    const cleaned = withoutDirectory(spec('/tmp/cli-mcp-help-AbC123'), /\/tmp\/cli-mcp-help-\w{6}/);
    expect(cleaned.options[0]).not.toHaveProperty('default');
    expect(cleaned.options[1]?.description).toBe('Path to the cache - default: ./.lintcache');
  });

  it('when it was reflected in `/` (a container\'s workdir) then no text is rewritten: every path would name it', () => {
    const cleaned = withoutDirectory(spec('/'), '/');
    expect(cleaned.description).toBe('Lints files (and/or directories).');
    expect(cleaned.options[1]?.description).toBe('Path to the cache - default: //.lintcache');
  });
});
