import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import type { CommandSpec } from '../../../src/types.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { positionalLines } from './summary.js';

// Class: commands named only by usage forms, one after another flush left (npm's `npm cache add <package-spec>`,
// `npm cache verify`, `npm cache npx rm [<key>...]`), whose `--help` prints the parent's page again.
const scratch = scratchMaker('cli-mcp-forms-commands-');
const npmCache = readFileSync(new URL('../../fixtures/help/layouts/npm-cache.txt', import.meta.url), 'utf8');

/** `name R [options] <positionals>` per command, indented by depth; R marks a runnable one. */
function outline(spec: CommandSpec, depth = 0): string[] {
  const line = `${'  '.repeat(depth)}${spec.name}${spec.runnable ? ' R' : ''} [${spec.options.map((option) => option.name).join(',')}] ${positionalLines(spec.positionals)}`.trimEnd();
  return [line, ...spec.subcommands.flatMap((child) => outline(child, depth + 1))];
}

describe('commands named only by usage forms (class: npm\'s usage-form commands)', () => {
  it('when npm cache --help lists its forms flush left then each form\'s first word is a command, and a page read at one\'s path gives its operands', () => {
    const cache = parseHelp(npmCache, { path: ['npm', 'cache'] });
    expect(cache.usage).toHaveLength(7);
    expect(cache.subcommands.map((entry) => entry.name)).toEqual(['add', 'clean', 'ls', 'verify', 'npx']);
    // Until its page is read, a command's line is its form: what search finds it by.
    expect(cache.subcommands[0]).toMatchObject({ name: 'add', description: 'add <package-spec>' });
    expect(cache.positionals).toEqual([]);
    expect(parseHelp(npmCache, { path: ['npm', 'cache', 'npx'] }).subcommands.map((entry) => entry.name)).toEqual(['ls', 'rm', 'info']);
    const rm = parseHelp(npmCache, { path: ['npm', 'cache', 'npx', 'rm'] });
    expect(positionalLines(rm.positionals)).toBe('[key...]');
    expect(rm.options.map((option) => option.name)).toEqual(['cache']);
  });

  it('when a form under another writes a value of its own (`npm access set status=public|private [<package>]`) then the forms go on, and each word is a command', () => {
    const access = readFileSync(new URL('../../fixtures/help/layouts/npm-access.txt', import.meta.url), 'utf8');
    expect(parseHelp(access, { path: ['npm', 'access'] }).subcommands.map((entry) => entry.name)).toEqual(['list', 'get', 'set', 'grant', 'revoke']);
    expect(parseHelp(access, { path: ['npm', 'access', 'list'] }).subcommands.map((entry) => entry.name)).toEqual(['packages', 'collaborators']);
    expect(positionalLines(parseHelp(access, { path: ['npm', 'access', 'revoke'] }).positionals)).toBe('<scope-team> [package]');
  });

  it('when a form writes the words to type glued by bars (`set status=public|private`, then `set mfa=none|publish|automation`) then they are one argument\'s choices, of every form', () => {
    const access = readFileSync(new URL('../../fixtures/help/layouts/npm-access.txt', import.meta.url), 'utf8');
    expect(positionalLines(parseHelp(access, { path: ['npm', 'access', 'set'] }).positionals)).toBe('<status-or-mfa{status=public|status=private|mfa=none|mfa=publish|mfa=automation}> [package]');
    // Bars inside brackets stay what they were (git bisect's `[help|start|bad|good]` are commands with arguments of their own).
    expect(positionalLines(parseHelp('usage: svc NAME start|stop\n', { path: ['svc'] }).positionals)).toBe('<name> <choice{start|stop}>');
  });

  it('when the forms come in groups parted by a blank line (`pip config [<file-option>] list`, then `… get command.option`) then every group is read', () => {
    const config = readFileSync(new URL('../../fixtures/help/layouts/pip-config.txt', import.meta.url), 'utf8');
    expect(parseHelp(config, { path: ['pip', 'config'] }).subcommands.map((entry) => entry.name)).toEqual(['list', 'edit', 'get', 'set', 'unset', 'debug']);
    expect(positionalLines(parseHelp(config, { path: ['pip', 'config', 'set'] }).positionals)).toBe('<command-option> <value>');
  });

  it('when every form opens with a flag (signify\'s `-G [-n] -p pubkey -s seckey`) then its operands name no commands', () => {
    const signify = parseHelp('usage:\tsignify -C [-q] -x sigfile [file ...]\n\tsignify -G [-n] -p pubkey -s seckey\n\tsignify -S [-e] -s seckey -m message\n', { path: ['signify'] });
    expect(signify.subcommands).toEqual([]);
  });

  it('when a program prints its parent\'s page for each such command then the crawl reads each from that page at its path, with the page\'s options', async () => {
    const dir = scratch();
    const bin = join(dir, 'kache');
    writeFileSync(bin, `#!/bin/sh\ncat <<'EOF'\n${npmCache.replaceAll('npm cache', 'kache').replaceAll('npm', 'kache')}EOF\n`);
    chmodSync(bin, 0o755);
    const read = await reflectHelp(bin, { cacheDir: join(dir, 'cache'), sandbox: 'contain' });
    expect(outline(read.spec)).toEqual([
      'kache [cache]',
      '  add R [cache] <package-spec>',
      '  clean R [cache] [key]',
      '  ls R [cache] [name-version]',
      '  verify R [cache]',
      '  npx [cache]',
      '    ls R [cache]',
      '    rm R [cache] [key...]',
      '    info R [cache] <key...>',
    ]);
  });
});
