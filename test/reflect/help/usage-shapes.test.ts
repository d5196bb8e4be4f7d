/**
 * Usage lines as real programs print them: words handed on after `--`, one argument written
 * several ways, lowercase placeholders. Fixtures in test/fixtures/help/shapes/, captured on this machine:
 * - kubectl-*.txt: kubectl v1.32.4 (`kubectl exec --help`, `run`, `create deployment`, `create secret generic`,
 *   `create configmap`, `debug`)
 * - docker-build.txt, docker-container-cp.txt: Docker 28.2.2 (`docker build --help`, `docker container cp --help`)
 * - prettier.txt: prettier 3.10.1 (`prettier --help`); eslint.txt: eslint v10.15.0 (`eslint --help`)
 */
import { describe, expect, it } from 'vitest';
import { parseCobra } from '../../../src/reflect/help/cobra.js';
import { parseGit } from '../../../src/reflect/help/git.js';
import { parseGnu } from '../../../src/reflect/help/gnu.js';
import { positionalsFromTokens } from '../../../src/reflect/help/usage.js';
import { splitPath } from '../../../src/reflect/help/usage-tokens.js';
import { helpText, optionLines, positionalLines } from './summary.js';

const kubectl = (command: string) => parseCobra(helpText(`shapes/kubectl-${command.replace(/ /g, '-')}.txt`), { path: ['kubectl', ...command.split(' ')] });

describe('reading what a cobra command hands on after `--`', () => {
  it('when kubectl exec prints `(POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]` then POD is its one positional and COMMAND a required passthrough', () => {
    const exec = kubectl('exec');
    expect(positionalLines(exec.positionals)).toBe('<pod>');
    expect(exec.passthrough).toEqual({ name: 'COMMAND', description: 'What follows "--" in the usage: COMMAND [args...]', required: true });
  });

  it('when kubectl run writes `-- [COMMAND] [args...]` after its options then NAME is its one positional and the passthrough is optional', () => {
    const run = kubectl('run');
    expect(positionalLines(run.positionals)).toBe('<name>');
    expect(run.passthrough).toMatchObject({ name: 'COMMAND', required: false });
    // `[--dry-run=server|client]` is one option with two values, not an argument.
    expect(optionLines(run.options)).toContain('dry-run: --dry-run string {none|server|client}');
  });

  it('when kubectl create deployment takes `NAME --image=image -- [COMMAND] [args...]` then NAME is required, --image repeatable, the command optional', () => {
    const deployment = kubectl('create deployment');
    expect(positionalLines(deployment.positionals)).toBe('<name>');
    expect(deployment.passthrough).toMatchObject({ name: 'COMMAND', required: false });
    expect(optionLines(deployment.options)).toEqual(expect.arrayContaining(['image: --image string repeatable', 'replicas: --replicas integer =1']));
  });

  it('when kubectl debug brackets the whole `[ -- COMMAND [args...] ]` then the passthrough is optional and POD stays the only positional', () => {
    const debug = kubectl('debug');
    expect(positionalLines(debug.positionals)).toBe('<pod>');
    expect(debug.passthrough).toMatchObject({ name: 'COMMAND', required: false });
  });

  it('when a create command has no `--` and option groups like `[--dry-run=server|client|none]` then NAME is its only positional and nothing is handed on', () => {
    for (const command of ['create secret generic', 'create configmap']) {
      const page = kubectl(command);
      expect(positionalLines(page.positionals)).toBe('<name>');
      expect(page.passthrough).toBeUndefined();
      expect(optionLines(page.options)).toEqual(expect.arrayContaining(['from-literal: --from-literal string repeatable', 'from-file: --from-file string repeatable']));
    }
  });

  it("when git's usage has `-- <pathspec>...` then the words after `--` stay positionals: git reads paths there, it runs nothing", () => {
    const page = parseGit('usage: git checkout [<options>] [<branch>] -- <file>...\n\n    -q, --quiet           suppress progress reporting\n', { path: ['git', 'checkout'] });
    expect(page.passthrough).toBeUndefined();
    expect(positionalLines(page.positionals)).toBe('[branch] [file...]');
  });
});

describe('reading one argument written several ways', () => {
  it('when docker build prints `PATH | URL | -` then it is one required argument, not two', () => {
    const build = parseCobra(helpText('shapes/docker-build.txt'), { path: ['docker', 'build'] });
    expect(positionalLines(build.positionals)).toBe('<path>');
  });

  it('when docker cp writes `DEST_PATH|-` with no spaces then it is one argument, named by its first way', () => {
    const cp = parseCobra(helpText('shapes/docker-container-cp.txt'), { path: ['docker', 'container', 'cp'] });
    const own = splitPath(cp.usage[0] ?? '', ['docker', 'container', 'cp']).rest;
    expect(positionalLines(positionalsFromTokens(own))).toBe('<container-src_path> <dest_path>');
  });
});

describe('reading lowercase placeholders', () => {
  it('when prettier prints `[file/dir/glob ...]` then it takes any number of optional paths', () => {
    const prettier = parseGnu(helpText('shapes/prettier.txt'), { path: ['prettier'] });
    expect(positionalLines(prettier.positionals)).toBe('[file-dir-glob...]');
  });

  it('when eslint prints `file.js [file.js] [dir]` then the word shown twice is one argument that repeats', () => {
    const usage = helpText('shapes/eslint.txt').split('\n')[0] ?? '';
    expect(usage).toBe('eslint [options] file.js [file.js] [dir]');
    expect(positionalLines(positionalsFromTokens(splitPath(usage, ['eslint']).rest))).toBe('<file-js...>');
  });
});
