import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { isCliMcpError } from '../../../src/errors.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { FAKE_CRAWL, makeFake } from './fake.js';

const scratch = scratchMaker('cli-mcp-help-edges-');

describe('crawling programs whose help misbehaves', () => {
  it('when a subcommand prints no help at all then it is listed as unreadable and not exposed', async () => {
    const fake = makeFake(scratch(), (config) => {
      config['broken'] = ['version'];
    });
    const result = await reflectHelp(fake.bin, { cache: false, ...FAKE_CRAWL });
    expect(result.unread).toEqual([{ command: 'fakectl version', reason: 'unreadable' }]);
    expect(result.spec.subcommands.find((child) => child.name === 'version')).toMatchObject({ runnable: false, options: [] });
    const tried = fake.helpCalls().map((call) => call.argv.join(' '));
    expect(tried).toEqual(expect.arrayContaining(['version --help', 'help version']));
  });

  it("when a subcommand's help is the parent's help again then the program ignored it and it is not read as itself", async () => {
    const fake = makeFake(scratch(), (config) => {
      config['ignores'] = ['config'];
    });
    const result = await reflectHelp(fake.bin, { cache: false, ...FAKE_CRAWL });
    expect(result.unread).toEqual([{ command: 'fakectl config', reason: 'unreadable' }]);
    expect(result.spec.subcommands.map((child) => child.name)).toEqual(['get', 'config', 'create', 'version']);
  });

  it("when every command's page prints the program's usage (appstreamcli, GLib) then each command's operands are its listing's (`search TERM`)", async () => {
    const dir = scratch();
    const bin = join(dir, 'appstreamcli');
    writeFileSync(join(dir, 'root.txt'), readFileSync(new URL('../../fixtures/help/layouts/appstreamcli.txt', import.meta.url)));
    writeFileSync(join(dir, 'command.txt'), readFileSync(new URL('../../fixtures/help/layouts/appstreamcli-search.txt', import.meta.url)));
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = --help ]; then cat "${join(dir, 'root.txt')}"; else sed "s/'search'/'$1'/" "${join(dir, 'command.txt')}"; fi\n`);
    chmodSync(bin, 0o755);
    const result = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL });
    const operands = (name: string) => result.spec.subcommands.find((child) => child.name === name)?.positionals.map((one) => `${one.name}${one.required ? '' : '?'}`);
    expect(operands('search')).toEqual(['term']);
    expect(operands('what-provides')).toEqual(['type', 'value']);
    expect(operands('news-to-metainfo')).toEqual(['news_file', 'mi_file', 'out_file?']);
    expect(operands('status')).toEqual([]);
  });

  it("when a command's help is the program's page again with its commands listed again (shx's `help cat`) then it is not read as a group of them, and the program's form with its command placeholder is each command's", async () => {
    const dir = scratch();
    const bin = join(dir, 'shx');
    writeFileSync(join(dir, 'root.txt'), readFileSync(new URL('../../fixtures/help/layouts/shx.txt', import.meta.url)));
    writeFileSync(join(dir, 'again.txt'), readFileSync(new URL('../../fixtures/help/layouts/shx-help-cat.txt', import.meta.url)));
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = --help ]; then cat "${join(dir, 'root.txt')}"; elif [ "$1" = help ]; then cat "${join(dir, 'again.txt')}"; else echo "$1: option not recognized: -" >&2; exit 1; fi\n`);
    chmodSync(bin, 0o755);
    const result = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL });
    expect(result.spec.runnable).toBe(false);
    expect(result.spec.subcommands.length).toBe(24);
    const cat = result.spec.subcommands.find((child) => child.name === 'cat');
    expect(cat).toMatchObject({ runnable: true, subcommands: [], positionals: [{ name: 'cmd-args', required: false, variadic: true }] });
  });

  it("when a program of its own parser answers every command's help with its own (systemd-analyze) then each listed command is what its listing says", async () => {
    const dir = scratch();
    const bin = join(dir, 'systemd-analyze');
    writeFileSync(join(dir, 'help.txt'), readFileSync(new URL('../../fixtures/help/layouts/systemd-analyze.txt', import.meta.url)));
    writeFileSync(bin, `#!/bin/sh\ncat "${join(dir, 'help.txt')}"\n`);
    chmodSync(bin, 0o755);
    const result = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL });
    const command = (name: string) => result.spec.subcommands.find((child) => child.name === name);
    expect(command('blame')).toMatchObject({ runnable: true, positionals: [] });
    expect(command('condition')).toMatchObject({ runnable: true, positionals: [{ name: 'condition', required: true, variadic: true }] });
    expect(command('compare-versions')?.positionals.map((one) => one.name)).toEqual(['version1', 'op', 'version2']);
    expect(result.spec.subcommands.filter((child) => child.runnable)).toHaveLength(20);
  });

  it('when --help, -h and help are read as image files and only -help answers (class: ImageMagick and X programs, identify) then -help is read', async () => {
    const dir = scratch();
    const bin = join(dir, 'identify');
    const help = 'Usage: identify [options ...] file [ [options ...] file ... ]\n\nImage Settings:\n  -alpha option        on, activate, off\n  -verbose             print detailed information\n';
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "-help" ]; then printf '%s' '${help}'; exit 0; fi\necho "identify: unable to open image \\\`$1': No such file or directory" >&2\nexit 1\n`);
    chmodSync(bin, 0o755);
    const result = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL });
    expect(result.spec.options.map((option) => option.flag)).toEqual(['-alpha', '-verbose']);
    expect(result.spec.positionals[0]).toMatchObject({ name: 'file', required: true });
  });

  it("when --help prints the script's own source (class: Perl tools whose pod2usage finds no perldoc, ptargrep) then it is no help, and a help read another way is", async () => {
    const dir = scratch();
    const bin = join(dir, 'tgrep');
    const source = 'You need to install the perl-doc package to use this program.\n#!/usr/bin/perl\nuse Getopt::Long;\npod2usage(-exitval => 1,  -verbose => 0,\n    -message => \\"No pattern specified\\",\n);\n=head1 SYNOPSIS\n\n  tgrep [options] <pattern> <file> ...\n\n   --ignore-case|-i  do case-insensitive pattern matching\n';
    const help = 'Usage: tgrep [options] pattern file\n\nOptions:\n  -i, --ignore-case   match either case\n';
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "help" ]; then printf '%s' '${help}'; exit 0; fi\nprintf '%s' "${source}"\nexit 1\n`);
    chmodSync(bin, 0o755);
    const result = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL });
    expect(result.spec.options.map((option) => option.flag)).toEqual(['--ignore-case']);
  });

  it('when help runs then the program gets only allowlisted variables, plain-text settings, a Go runtime that spares CPU, and closed stdin', async () => {
    const fake = makeFake(scratch());
    process.env['CLI_MCP_HELP_TEST_SECRET'] = 'do-not-leak';
    try {
      await reflectHelp(fake.bin, { cache: false, only: ['get'], ...FAKE_CRAWL });
    } finally {
      delete process.env['CLI_MCP_HELP_TEST_SECRET'];
    }
    for (const call of fake.helpCalls()) {
      expect(call.env).not.toContain('CLI_MCP_HELP_TEST_SECRET');
      expect(call.env).toEqual(expect.arrayContaining(['PATH', 'NO_COLOR', 'LC_ALL', 'GOMAXPROCS', 'GOGC', 'GOMEMLIMIT']));
    }
  });

  it('when the binary does not exist then the error says so with a stable code', async () => {
    const error: unknown = await reflectHelp('cli-mcp-no-such-binary-xyz', { cache: false }).catch((caught: unknown) => caught);
    expect(isCliMcpError(error) && error.code).toBe('cli-mcp.target-not-found');
  });

  it('when the program prints nothing that reads as help then reflection fails with a stable code', async () => {
    const dir = scratch();
    const bin = join(dir, 'silent');
    writeFileSync(bin, '#!/bin/sh\nexit 0\n');
    chmodSync(bin, 0o755);
    const error: unknown = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL }).catch((caught: unknown) => caught);
    expect(isCliMcpError(error) && error.code).toBe('cli-mcp.reflection-failed');
    expect((error as Error).message).toContain('silent');
  });

  it('when a setting is out of range then it is refused before anything runs', async () => {
    const fake = makeFake(scratch());
    await expect(reflectHelp(fake.bin, { concurrency: 0 })).rejects.toThrow(/concurrency must be an integer of at least 1; got 0/);
    expect(fake.calls()).toEqual([]);
  });

  it('when a program\'s help names the directory it runs in (textlint\'s `- default: <cwd>/.textlintcache`) then no default names the directory help ran in, and its text says `.`', async () => {
    const dir = scratch();
    const bin = join(dir, 'lint');
    writeFileSync(bin, '#!/bin/sh\nprintf "Usage: lint [options] [file...]\\n\\nOptions:\\n  --cache-location path  Path to the cache file - default: %s/.lintcache\\n  --ignore-path path     Ignore file (default: %s/.lintignore)\\n" "$PWD" "$PWD"\n');
    chmodSync(bin, 0o755);
    const result = await reflectHelp(bin, { cache: false, ...FAKE_CRAWL });
    const texts = JSON.stringify(result.spec.options);
    expect(texts).not.toMatch(/cli-mcp-help-/);
    expect(result.spec.options.find((option) => option.name === 'cache-location')?.description).toBe('Path to the cache file - default: ./.lintcache');
    // Served lazily, its page is parsed in another directory than the one it was answered in: neither is named.
    const lazy = await reflectHelp(bin, { cacheDir: join(dir, 'cache'), lazy: true, ...FAKE_CRAWL });
    const root = (await lazy.reader?.([]))?.spec ?? lazy.spec;
    expect(JSON.stringify(root.options)).not.toMatch(/cli-mcp-help-/);
    expect(root.options.find((option) => option.name === 'cache-location')?.description).toBe('Path to the cache file - default: ./.lintcache');
  });
});
