import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import type { HelpPage } from '../../../src/reflect/help/page.js';
import { positionalLines } from './summary.js';
import { mergeForms } from '../../../src/reflect/help/usage.js';
import { pageFromManual } from '../../../src/reflect/help/man-page.js';

const pageFromManualText = (text: string) => pageFromManual(text, ['niceload']);

// Help read by its layout, whatever parser printed it: each case is a real program's help (test/fixtures/help/layouts/)
// named by the class of layout it stands for, read as the crawl reads it.
const page = (file: string, path: readonly string[]): HelpPage => parseHelp(readFileSync(new URL(`../../fixtures/help/layouts/${file}`, import.meta.url), 'utf8'), { path });
const option = (read: HelpPage, name: string) => read.options.find((found) => found.name === name);
/** How many positionals a call may pass: [required, most] (Infinity when the last repeats). */
const arity = (read: HelpPage): [number, number] => [read.positionals.filter((one) => one.required).length, read.positionals.some((one) => one.variadic) ? Infinity : read.positionals.length];

describe('options read from the layout of the help, not its dialect', () => {
  it('when the usage line is indented under a banner (release-it\'s `  Usage: release-it <increment> [options]`) then it is the usage', () => {
    const releaseIt = page('release-it.txt', ['release-it']);
    expect(releaseIt.usage).toEqual(['release-it <increment> [options]']);
    expect(positionalLines(releaseIt.positionals)).toBe('<increment>');
  });

  it('when a plain `Synopsis` title stands over its form, a blank line between (quicktype\'s `$ quicktype … FILE|URL ...`) then the form is the usage', () => {
    const quicktype = page('quicktype.txt', ['quicktype']);
    expect(quicktype.usage).toEqual(['quicktype [--lang LANG] [--src-lang SRC_LANG] [--out FILE] FILE|URL ...']);
    expect(positionalLines(quicktype.positionals)).toBe('<file...>');
  });

  it('when option lines stand flush left, long name first, under a title with no colon (rsync) then every one is read', () => {
    const rsync = page('rsync.txt', ['rsync']);
    expect(rsync.options.length).toBeGreaterThanOrEqual(145);
    expect(option(rsync, 'verbose')).toMatchObject({ type: 'boolean', flag: '--verbose', aliases: ['-v'] });
    expect(option(rsync, 'backup-dir')).toMatchObject({ type: 'string', valueForm: 'equals' });
  });

  it('when short and long names stand in two columns and long-only lines start in the second (pandoc) then both columns make one option', () => {
    const pandoc = page('pandoc.txt', ['pandoc']);
    expect(pandoc.options.length).toBeGreaterThanOrEqual(90);
    expect(option(pandoc, 'from')).toMatchObject({ type: 'string', flag: '--from', valueForm: 'equals' });
    expect(option(pandoc, 'from')?.aliases).toEqual(expect.arrayContaining(['-f', '-r', '--read']));
    expect(option(pandoc, 'standalone')).toMatchObject({ type: 'boolean', aliases: ['-s'] });
    expect(option(pandoc, 'data-dir')).toMatchObject({ type: 'string' });
  });

  it('when the option column is right-aligned, each name ending where the text starts (citty: giget) then every row is an option', () => {
    const giget = page('giget.txt', ['giget']);
    expect(giget.options.map((one) => one.flag)).toEqual(['--auth', '--cwd', '--force', '--forceClean', '--offline', '--preferOffline', '--shell', '--install', '--ignore', '--verbose']);
    expect(option(giget, 'force')).toMatchObject({ type: 'boolean', description: 'Clone to existing directory even if exists' });
    expect(option(giget, 'auth')).toMatchObject({ type: 'string', valueForm: 'equals' });
    expect(arity(giget)).toEqual([1, 2]);
  });

  it('when short names end in a comma before a column of long names and titles stand in braces (ejs, jake: `{Options}:` over `-o,     --output-file FILE`) then both columns make one option, and the usage is read', () => {
    const ejs = page('ejs.txt', ['ejs']);
    expect(option(ejs, 'output-file')).toMatchObject({ type: 'string', flag: '--output-file', aliases: ['-o'] });
    expect(option(ejs, 'strict')).toMatchObject({ type: 'boolean', aliases: ['-s'] });
    expect(option(ejs, 'rm-whitespace')).toMatchObject({ type: 'boolean', aliases: ['-w'] });
    expect(arity(ejs)).toEqual([1, Infinity]);
  });

  it('when `--no-x` is documented beside an `--x` that takes a value (grep\'s --group-separator=SEP, gold\'s --undefined SYMBOL) then it is a switch of its own with its own text, in either order', () => {
    const grep = parseHelp('Usage: grep [OPTION]... PATTERNS [FILE]...\n\nContext control:\n      --group-separator=SEP  print SEP on line between matches with context\n      --no-group-separator  do not print separator for matches with context\n', { path: ['grep'] });
    expect(option(grep, 'group-separator')).toMatchObject({ type: 'string', flag: '--group-separator' });
    expect(option(grep, 'no-group-separator')).toEqual({ name: 'no-group-separator', type: 'boolean', flag: '--no-group-separator', description: 'do not print separator for matches with context' });
    const gold = parseHelp('Usage: gold [options] file...\nOptions:\n  --no-undefined              Report undefined symbols (even with --shared)\n  -u SYMBOL, --undefined SYMBOL\n                              Create undefined reference to SYMBOL\n', { path: ['gold'] });
    expect(option(gold, 'undefined')).toMatchObject({ type: 'string', aliases: ['-u'] });
    expect(option(gold, 'no-undefined')).toMatchObject({ type: 'boolean', flag: '--no-undefined', description: 'Report undefined symbols (even with --shared)' });
  });

  it('when two options share a line in a grid (zip) then each is read with its own text', () => {
    const zip = page('zip.txt', ['zip']);
    expect(zip.options.length).toBeGreaterThanOrEqual(25);
    expect(option(zip, 'u')).toMatchObject({ type: 'boolean', description: 'update: only changed or new files' });
    expect(option(zip, 'f')).toMatchObject({ description: 'freshen: only changed files' });
  });

  it('when a one-letter option names its value in angle brackets (redis-cli -h <hostname>) then it is read whatever marks its usage line carries', () => {
    const redis = page('redis-cli.txt', ['redis-cli']);
    expect(redis.options.length).toBeGreaterThanOrEqual(55);
    expect(option(redis, 'h')).toMatchObject({ type: 'string', valueForm: 'separate' });
  });

  it('when an option and its text are split by a colon (lz4 -1 : Fast, -D FILE: use FILE) then both are read', () => {
    const lz4 = page('lz4.txt', ['lz4']);
    expect(lz4.options.length).toBeGreaterThanOrEqual(25);
    expect(option(lz4, 'D')).toMatchObject({ type: 'string', valueForm: 'separate' });
    expect(option(lz4, 'rm')).toMatchObject({ type: 'boolean' });
  });

  it('when options are listed under a "Commands:" title (gpg --sign) then they are options: the lines say so', () => {
    const gpg = page('gpg.txt', ['gpg']);
    expect(gpg.options.length).toBeGreaterThanOrEqual(60);
    expect(option(gpg, 'sign')).toMatchObject({ type: 'boolean', aliases: ['-s'] });
    expect(option(gpg, 'output')).toMatchObject({ type: 'string', valueForm: 'separate' });
  });

  it('when an option\'s short name carries a note (psql -1 ("one")) and GNU help writes Usage: on a line of its own then it is a GNU switch, not a cobra value', () => {
    const psql = page('psql.txt', ['psql']);
    expect(option(psql, 'single-transaction')).toMatchObject({ type: 'boolean', aliases: ['-1'] });
    expect(option(psql, 'port')).toMatchObject({ type: 'integer', default: 5432 });
  });
});

describe('usage forms found where the help writes them', () => {
  it('when the form has no Usage: before it (pandoc [OPTIONS] [FILES]) then its operands are read', () => {
    expect(arity(page('pandoc.txt', ['pandoc']))).toEqual([0, Infinity]);
  });

  it('when the form follows "Syntax:" (gpg) then its operands are read', () => {
    expect(arity(page('gpg.txt', ['gpg']))).toEqual([0, Infinity]);
  });

  it('when the form stands alone under a line ending in "Usage:" (zip) then [zipfile list] are its operands', () => {
    expect(arity(page('zip.txt', ['zip']))[1]).toBe(Infinity);
  });

  it('when a leaf command names its operands as bare words (rclone copy source:path dest:path) then they are positionals', () => {
    expect(page('rclone-copy.txt', ['rclone', 'copy']).positionals.map((one) => [one.name, one.required])).toEqual([['source-path', true], ['dest-path', true]]);
  });

  it('when a leaf command names an operand in camel case (restic ls snapshotID [dir...]) then it is a positional', () => {
    expect(arity(page('restic-ls.txt', ['restic', 'ls']))).toEqual([1, Infinity]);
  });

  it('when every form repeats SRC before DEST (rsync) then two or more operands are accepted', () => {
    expect(arity(page('rsync.txt', ['rsync']))[1]).toBe(Infinity);
  });
});

describe('options as a bracketed synopsis flush left, then each one\'s text under its spellings joined by bars (npm)', () => {
  it('when npm install --help is read then every option of the synopsis is one, with its value, choices, short spelling, negation and text', () => {
    const install = page('npm-install.txt', ['npm', 'install']);
    expect(install.options.length).toBeGreaterThanOrEqual(40);
    expect(option(install, 'save')).toMatchObject({ type: 'boolean', aliases: ['-S'], negation: '--no-save', description: expect.stringMatching(/^Save installed packages/) });
    expect(option(install, 'install-strategy')).toMatchObject({ type: 'string', choices: ['hoisted', 'nested', 'shallow', 'linked'], description: expect.stringMatching(/^Sets the strategy/) });
    expect(option(install, 'workspace')).toMatchObject({ type: 'string', aliases: ['-w'] });
    // Shown only in the synopsis: an option all the same.
    expect(option(install, 'save-dev')).toMatchObject({ type: 'boolean' });
    expect(install.options.filter((found) => found.name === 'omit')).toHaveLength(1);
    // `<pkg|glob>` names the kinds of value it takes (a package name or a glob), not two values.
    expect(option(install, 'min-release-age-exclude')).toMatchObject({ type: 'string' });
    expect(option(install, 'min-release-age-exclude')?.choices).toBeUndefined();
  });
});

describe('pages indented whole, commands bulleted', () => {
  it('when the commands are a list on their title\'s line (llvm-profdata\'s `Available commands: merge, show, overlap`) then each is a command', () => {
    const text = 'OVERVIEW: LLVM profile data tools\n\nUSAGE: llvm-profdata <command> [args...]\nUSAGE: llvm-profdata <command> -help\n\nSee each individual command --help for more details.\nAvailable commands: merge, show, overlap\n';
    const read = parseHelp(text, { path: ['llvm-profdata'] });
    expect(read.subcommands.map((entry) => entry.name)).toEqual(['merge', 'show', 'overlap']);
    expect(read.positionals).toEqual([]);
  });

  it('when the commands are a paragraph of names and commas under their title (npm\'s `All commands:`) then each is a command, help left out', () => {
    const npm = page('npm.txt', ['npm']);
    const names = npm.subcommands.map((entry) => entry.name);
    expect(names).toHaveLength(71);
    expect(names.slice(0, 3)).toEqual(['access', 'adduser', 'approve-scripts']);
    expect(names).toEqual(expect.arrayContaining(['install', 'run', 'view', 'whoami']));
    expect(names).not.toContain('help');
    expect(npm.subcommands.every((entry) => entry.aliases === undefined)).toBe(true);
  });

  it('when the page is indented two columns under a footer flush left and lists its commands as bullets (node-gyp) then its usage and commands are read', () => {
    const nodeGyp = page('node-gyp.txt', ['node-gyp']);
    expect(nodeGyp.usage).toEqual(['node-gyp <command> [options]']);
    expect(nodeGyp.subcommands.map((entry) => entry.name)).toEqual(['build', 'clean', 'configure', 'rebuild', 'install', 'list', 'remove']);
    expect(nodeGyp.subcommands[0]?.description).toBe('Invokes `make` and builds the module');
  });
});

describe('usage forms', () => {
  it('when a sentence follows an inline usage, indented under it (elfedit: ` Update the ELF header of ELF files`) then it ends the usage and its words are no operands', () => {
    const elfedit = page('elfedit.txt', ['elfedit']);
    expect(elfedit.positionals.map((one) => [one.name, one.required, one.variadic])).toEqual([['elffile', true, true]]);
    expect(option(elfedit, 'input-mach')?.choices).toEqual(['none', 'i386', 'iamcu', 'l1om', 'k1om', 'x86_64']);
  });

  it('when a form names one of the listed commands after `[options]` (apt-cache\'s `apt-cache [options] show pkg1 [pkg2 ...]`) then its words are that command\'s operands, not the program\'s, and the program needs a command', async () => {
    const aptCache = page('apt-cache.txt', ['apt-cache']);
    expect(aptCache.positionals).toEqual([]);
    const { needsSubcommand } = await import('../../../src/reflect/help/runnable.js');
    expect(needsSubcommand(aptCache, ['apt-cache'])).toBe(true);
    const { splitPath } = await import('../../../src/reflect/help/usage-tokens.js');
    expect(splitPath('apt-cache [options] show pkg1 [pkg2 ...]', ['apt-cache', 'show']).path).toEqual(['apt-cache', 'show']);
  });

  it("when a usage lists the first names of a numbered list (mkdirp's `[DIR1,DIR2..]`) then it is any number of one argument", () => {
    const mkdirp = page('mkdirp.txt', ['mkdirp']);
    expect(mkdirp.positionals).toEqual([{ name: 'dir', type: 'string', required: false, variadic: true }]);
  });

  it("when meow's plain titles stand over a blank line (chalk-cli's `Usage`, then `$ chalk [options…] <style> … <string>`) then the forms and options below them are read", () => {
    const chalk = page('chalk.txt', ['chalk']);
    expect(chalk.usage[0]).toBe('chalk [options…] <style> … <string>');
    expect(chalk.options.map((one) => one.flag ?? one.negation)).toEqual(['--template', '--stdin', '--no-newline', '--demo', '--color']);
    expect(arity(chalk)).toEqual([0, Infinity]);
  });

  it("when a bare `usage:` title has its form flush left below it, naming the program otherwise than its bin (node-touch's `nodetouch` prints `usage:` over `touch [-acfm] [-r file] … file ...`) then that is its form, its options and operands read from it", () => {
    const touch = page('nodetouch.txt', ['nodetouch']);
    expect(touch.usage).toEqual(['touch [-acfm] [-r file] [-t [[CC]YY]MMDDhhmm[.SS]] file ...']);
    expect(touch.options.map((one) => `${one.flag} ${one.type}`)).toEqual(['-a boolean', '-c boolean', '-f boolean', '-m boolean', '-r string', '-t string']);
    expect(arity(touch)).toEqual([1, Infinity]);
    // A sentence below a bare title is no form.
    expect(parseHelp('usage:\nRun it with care and see the manual.\n', { path: ['x'] }).usage).toEqual([]);
  });

  it('when a summary follows the form after a dash (GLib\'s `appstreamcli [OPTION?] - AppStream CLI.`) then its words are no operands', () => {
    expect(page('appstreamcli-search.txt', ['appstreamcli', 'search']).positionals).toEqual([]);
    const root = page('appstreamcli.txt', ['appstreamcli']);
    expect(root.positionals).toEqual([]);
    // The listing's dash before each description is no part of it.
    expect(root.subcommands.find((entry) => entry.name === 'search')).toMatchObject({ description: "Search the component database. (Alias: 's')", usage: 'appstreamcli search TERM' });
    expect(root.subcommands.find((entry) => entry.name === 'news-to-metainfo')?.usage).toBe('appstreamcli news-to-metainfo NEWS_FILE MI_FILE [OUT_FILE]');
    // A lone word after a dash stays an operand (`tar -cf - dir`), as do metavars.
    expect(parseHelp('usage: pack - dir\n', { path: ['pack'] }).positionals.map((one) => one.name)).toContain('dir');
    expect(parseHelp('usage: pair [OPTION] - SOURCE DEST TARGET\n', { path: ['pair'] }).positionals.map((one) => one.name)).toEqual(expect.arrayContaining(['source', 'dest', 'target']));
  });
});

describe('commands listed as the program writes them', () => {
  it('when each command is a line "git lfs checkout:" with its text below (git-lfs) then each is a subcommand', () => {
    const names = page('git-lfs.txt', ['git-lfs']).subcommands.map((entry) => entry.name);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(names).toEqual(expect.arrayContaining(['checkout', 'track', 'push', 'ls-files']));
  });
});

describe('defaults that are not values', () => {
  it('when a default names an environment variable (restic\'s $RESTIC_REPOSITORY) then no default is published', async () => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const text = 'Usage:\n  restic [command]\n\nFlags:\n  -r, --repo repository   repository to backup to or restore from (default: $RESTIC_REPOSITORY)\n      --limit-upload int   limits uploads to a maximum rate in KiB/s. (default: unlimited)\n\nUse "restic [command] --help" for more information about a command.\n';
    const repo = parse(text, { path: ['restic'] }).options.find((found) => found.name === 'repo');
    expect(repo).toMatchObject({ type: 'string' });
    expect(repo).not.toHaveProperty('default');
  });

  it('when pflag-like help writes a metavar after "=" (--config=FILE) then it is the value\'s name, not its default', async () => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const text = 'Usage:\n  tool [flags]\n\nFlags:\n      --config=FILE   read settings from FILE\n      --port=PORT     listen here\n\nUse "tool [command] --help" for more information about a command.\n';
    const options = parse(text, { path: ['tool'], dialect: 'cobra' }).options;
    expect(options.find((found) => found.name === 'config')).toMatchObject({ type: 'string' });
    expect(options.find((found) => found.name === 'config')).not.toHaveProperty('default');
    expect(options.find((found) => found.name === 'port')).not.toHaveProperty('default');
  });
});

describe('a value glued to a one-letter option', () => {
  it('when graphviz writes -Tv "Set output format to \'v\'" and -ofile then each is a one-letter option with an attached value (so -Tsvg can be sent)', () => {
    const dot = page('dot.txt', ['dot']);
    expect(option(dot, 'T')).toMatchObject({ type: 'string', flag: '-T', valueForm: 'attached' });
    expect(option(dot, 'o')).toMatchObject({ type: 'string', flag: '-o', valueForm: 'attached' });
    expect(option(dot, 'G')).toMatchObject({ type: 'string', flag: '-G', valueForm: 'attached' });
    expect(option(dot, 'V')).toBeUndefined(); // its version switch
  });
});

describe('options listed in a summary and again with their value', () => {
  it('when qpdf lists "--key: specify attachment key" and later "--key=key" then the option is read once, taking a value', async () => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const text = 'Related options:\n  --key: specify attachment key\n  --replace: replace attachment with same key\n\n== --key (specify attachment key) ==\n\n--key=key\n\nSpecify the key to use for the attachment.\n';
    const options = parse(text, { path: ['qpdf'] }).options;
    expect(options.find((found) => found.name === 'key')).toMatchObject({ type: 'string', valueForm: 'equals', description: 'specify attachment key' });
    expect(options.find((found) => found.name === 'replace')).toMatchObject({ type: 'boolean' });
  });
});

describe('clap and bpaf help read from npm programs', () => {
  it('when a clap option has an empty text line (pnpm list -g, --global) then the options below it are not swallowed as its text', () => {
    const list = page('pnpm-list.txt', ['pnpm', 'list']);
    expect(option(list, 'json')).toMatchObject({ type: 'boolean', description: 'Show information in JSON format' });
    expect(option(list, 'exclude-peers')).toMatchObject({ type: 'boolean' });
    expect(option(list, 'global')).toMatchObject({ type: 'boolean', aliases: ['-g'] });
  });

  it('when bpaf wraps a flag\'s value list to the next line (biome\'s `--reporter=` over `<default|concise|…>  Changes how…`) then they are one entry: the values are its choices', () => {
    const version = page('biome-version.txt', ['biome', 'version']);
    expect(option(version, 'reporter')).toMatchObject({ type: 'string', valueForm: 'equals', choices: expect.arrayContaining(['default', 'json', 'sarif']), description: expect.stringMatching(/^Changes how diagnostics/) });
    expect(option(version, 'reporter-file')).toMatchObject({ type: 'string' });
  });

  it('when the command column is right-aligned (citty: nuxi) then every row is a command with its text', () => {
    const nuxi = page('nuxi.txt', ['nuxi']);
    expect(nuxi.subcommands.map((entry) => entry.name)).toEqual(['add', 'add-template', 'analyze', 'build', 'cleanup', 'dev', 'devtools', 'generate', 'info', 'init', 'module', 'prepare', 'preview', 'start', 'test', 'typecheck', 'upgrade']);
    expect(nuxi.subcommands.find((entry) => entry.name === 'dev')?.description).toBe('Run Nuxt development server');
    expect(option(nuxi, 'cwd')).toMatchObject({ type: 'string' });
  });

  it('when bpaf lists "Available commands:" (biome) then each is a subcommand', () => {
    expect(page('biome.txt', ['biome']).subcommands.map((entry) => entry.name)).toEqual(expect.arrayContaining(['check', 'lint', 'format', 'ci', 'migrate']));
  });
});

describe('one word in braces', () => {
  it('when sed names its script {script-only-if-no-other-script} then it is an argument of any value, not a choice of one', async () => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const sed = parse('Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n\n  -n, --quiet, --silent\n                 suppress automatic printing of pattern space\n', { path: ['sed'] });
    expect(sed.positionals[0]).toMatchObject({ name: 'script-only-if-no-other-script', required: true });
    expect(sed.positionals[0]).not.toHaveProperty('choices');
  });
});

describe('dos2unix, whose two-letter flags are no mark of Go', () => {
  it('when it writes `-ul, --assume-utf16le assume that…` and `convmode  ascii, 7bit, …` under --convmode then it reads as GNU help and --convmode takes one of those', async () => {
    const { detectDialect } = await import('../../../src/reflect/help/detect.js');
    const text = readFileSync(new URL('../../fixtures/help/layouts/dos2unix.txt', import.meta.url), 'utf8');
    expect(detectDialect(text)).toBe('gnu');
    const dos2unix = page('dos2unix.txt', ['dos2unix']);
    expect(option(dos2unix, 'convmode')).toMatchObject({ type: 'string', choices: ['ascii', '7bit', 'iso', 'mac'], default: 'ascii' });
    expect(option(dos2unix, 'keep-bom')).toMatchObject({ type: 'boolean' });
    expect(option(dos2unix, 'keep-bom')).not.toHaveProperty('negation');
  });
});

describe('options read from a BSD synopsis', () => {
  it('when ssh writes [-D [bind_address:]port], [-J [user@]host[:port]] and [-W host:port] then each takes a value', () => {
    const ssh = page('ssh.txt', ['ssh']);
    for (const letter of ['D', 'J', 'W', 'w', 'B']) expect(option(ssh, letter)).toMatchObject({ type: 'string', valueForm: 'separate' });
    expect(option(ssh, 'v')).toMatchObject({ type: 'boolean' });
  });

  it('when eqn writes [ -rvDCNR ] -dxx -fn -Mdir -Ts then the bracket holds switches and each bare word is one letter with its value glued', () => {
    const eqn = parseHelp('usage: eqn [ -rvDCNR ] -dxx -fn -sn -pn -mn -Mdir -Ts [ files ... ]\n', { path: ['eqn'] });
    expect(eqn.options.map((found) => found.name)).toEqual(['r', 'v', 'D', 'C', 'N', 'R', 'd', 'f', 's', 'p', 'm', 'M', 'T']);
    for (const name of ['d', 'M', 'T']) expect(option(eqn, name)).toMatchObject({ type: 'string' });
    expect(option(eqn, 'r')).toMatchObject({ type: 'boolean' });
  });

  it('when nroff writes [-MDIR] [-nNUM] [-Tname] beside [-CchipStUv] then each is one letter with its value glued on, sent glued, and the cluster holds switches (class: glued value names)', () => {
    const nroff = parseHelp('usage: nroff [-CchipStUv] [-dCS] [-MDIR] [-mNAME] [-nNUM] [-oLIST]\n             [-rCN] [-Tname] [-WNAME] [-wNAME] [FILE...]\n', { path: ['nroff'] });
    expect(nroff.options.filter((found) => found.type === 'boolean').map((found) => found.name)).toEqual(['C', 'c', 'h', 'i', 'p', 'S', 't', 'U', 'v']);
    for (const name of ['d', 'M', 'm', 'o', 'r', 'T', 'W', 'w']) expect(option(nroff, name)).toMatchObject({ type: 'string', valueForm: 'attached' });
    expect(option(nroff, 'D')).toBeUndefined();
    // Letters in order are a cluster of switches, by code or by letter.
    expect(parseHelp('usage: tool [-ABCabc] [-alpvX] [file ...]\n', { path: ['tool'] }).options.every((found) => found.type === 'boolean' && found.name.length === 1)).toBe(true);
  });

  it('when json_pp writes [-json_opt options_to_json1[,options_to_json2[,...]]] then it is one flag taking a value, not a cluster of letters', () => {
    const jsonPp = parseHelp('Usage: /usr/bin/json_pp [-V] [-f from_format] [-t to_format] [-json_opt options_to_json1[,options_to_json2[,...]]]\n', { path: ['json_pp'] });
    expect(jsonPp.options.map((found) => found.name)).toEqual(['V', 'f', 't', 'json_opt']);
    expect(option(jsonPp, 'json_opt')).toMatchObject({ type: 'string', flag: '-json_opt' });
  });
});

describe('gcc, cmake, ctags and zip as their help and man page write them', () => {
  it('when cmake writes ` = ` between an option and its text, glued to a long name (`--compile-no-warning-as-error= Ignore …`), then it is no value and no text', () => {
    const cmake = page('cmake.txt', ['cmake']);
    expect(option(cmake, 'compile-no-warning-as-error')).toMatchObject({ type: 'boolean', description: expect.stringMatching(/^Ignore COMPILE_WARNING_AS_ERROR property/) });
    expect(option(cmake, 'S')).toMatchObject({ type: 'string', valueForm: 'separate', description: 'Explicitly specify a source directory.' });
  });

  it('when a flag ends in a bare `=` before its column (psql `-v, --set=, --variable=NAME=VALUE`, lessc `-m=, --math=`) then it takes a value', () => {
    const help = (text: string, program: string) => parseHelp(text, { path: [program] });
    const psql = help('Usage:\n  psql [OPTION]... [DBNAME [USERNAME]]\n\nGeneral options:\n  -v, --set=, --variable=NAME=VALUE\n                           set psql variable NAME to VALUE\n                           (e.g., -v ON_ERROR_STOP=1)\n  -X, --no-psqlrc          do not read startup file (~/.psqlrc)\n', 'psql');
    expect(option(psql, 'set')).toMatchObject({ type: 'string' });
    const lessc = help('usage: lessc [option option=parameter ...] <source> [destination]\n\noptions:\n  -h, --help                   Prints help (this message) and exit.\n  -m=, --math=\n                               always\n                               parens-division\n  -ru=, --rewrite-urls=        Rewrites URLs to make them relative to the base less file.\n  -s, --silent                 Suppresses output of error messages.\n', 'lessc');
    expect(option(lessc, 'math')).toMatchObject({ type: 'string' });
    expect(option(lessc, 'rewrite-urls')).toMatchObject({ type: 'string' });
  });

  it('when gcc writes -std=<standard> and -Xassembler <arg> then it is GNU-style help, not Go flag, and a name too long for its column keeps its sentence apart', () => {
    const gcc = page('gcc.txt', ['gcc']);
    expect(option(gcc, 'Xassembler')).toMatchObject({ type: 'string', valueForm: 'separate' });
    expect(option(gcc, 'Xassembler')).not.toHaveProperty('default');
    expect(option(gcc, 'print-multi-os-directory')).toMatchObject({ type: 'boolean', description: 'Display the relative path to OS libraries.' });
  });

  it('when ctags documents a family of options (--map-<LANG>=…) then none of them is a tool flag: a name ending in "-" is no option', async () => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const options = parse('Usage: ctags [options] [file(s)]\n\n  --map-<LANG>=[+|-]<extension>|<pattern>\n       Set, add(+) or remove(-) the map for <LANG>.\n  --sort=[yes|no|foldcase]\n       Should tags be sorted?\n', { path: ['ctags'] }).options;
    expect(options.map((found) => found.name)).toEqual(['sort']);
  });

  it('when zip\'s help shows -i as a bare switch and its man page shows -i files, --include files then the man page\'s value and long spelling decide, the help\'s text stays', async () => {
    const { withManualOptions } = await import('../../../src/reflect/help/git-manual.js');
    const zip = page('zip.txt', ['zip']);
    const merged = withManualOptions(zip, [{ name: 'include', type: 'string', flag: '--include', aliases: ['-i'], valueForm: 'separate', syntax: '-i files, --include files' }]);
    expect(merged.options.filter((found) => found.name === 'include')).toEqual([expect.objectContaining({ type: 'string', flag: '--include', aliases: ['-i'], valueForm: 'separate', description: 'include only the following names' })]);
    expect(merged.options.find((found) => found.name === 'i')).toBeUndefined();
  });

  it('when a usage line spells an option short only (niceload\'s `[-f factor]`) and its manual stacks the long one under it (`-f FACTOR` over `--factor FACTOR`) then the option takes the long name, the short as an alias, and the manual\'s text (class: short spellings in usage)', async () => {
    const { withManualOptions } = await import('../../../src/reflect/help/git-manual.js');
    const help = parseHelp('Usage:\n   niceload [-v] [-n niceness] [-s suspend_sec|-f factor] [-H]\n            command or -p pid\n', { path: ['niceload'] });
    const manual = pageFromManualText('NAME\n       niceload - slow down a program\n\nOPTIONS\n       -f FACTOR\n       --factor FACTOR\n                Suspend time factor.\n\n       -H\n       --hard   Hard limit.\n');
    const merged = withManualOptions(help, manual.options);
    expect(merged.options.find((found) => found.flag === '--factor')).toMatchObject({ name: 'factor', type: 'string', aliases: ['-f'], description: 'Suspend time factor.' });
    expect(merged.options.find((found) => found.flag === '--hard')).toMatchObject({ name: 'hard', type: 'boolean', aliases: ['-H'] });
    expect(merged.options.filter((found) => found.name === 'f' || found.name === 'H')).toEqual([]);
  });

  it('when the page already spells the long one as another option (strings\' `-U {d|s|i|x|e|h}` beside `--unicode={default|…}`) then the short one keeps its own name', async () => {
    const { withManualOptions } = await import('../../../src/reflect/help/git-manual.js');
    const help = parseHelp('Usage: strings [option(s)] [file(s)]\n  --unicode={default|show|invalid|hex|escape|highlight}\n  -U {d|s|i|x|e|h}          Specify how to treat UTF-8 encoded unicode characters\n', { path: ['strings'] });
    const merged = withManualOptions(help, [{ name: 'unicode', type: 'string', flag: '--unicode', aliases: ['-U'], valueForm: 'equals' }]);
    expect(merged.options.map((found) => [found.name, found.flag])).toEqual([
      ['unicode', '--unicode'],
      ['U', '-U'],
    ]);
  });
});

describe('operands named in the plural the way binutils, llvm and cac write them', () => {
  it.each([
    ['nm [option(s)] [file(s)]', 'file', false],
    ['readelf <option(s)> elf-file(s)', 'elf-file', true],
    ['llvm-nm [options] <input object files>', 'input-object-files', true],
    ['tsup [...files]', 'files', false], // cac's spread, as tsup, vite-node and vitest print it
    ['unbuild <...dirs>', 'dirs', true],
  ])('when the usage is `%s` then %s takes any number of arguments', async (usage, name, required) => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const program = usage.split(' ')[0] ?? '';
    expect(parse(`Usage: ${usage}\n\n  -a, --all   everything\n`, { path: [program] }).positionals).toEqual([{ name, type: 'string', required, variadic: true }]);
  });
});

describe('usage forms and value lists as Perl and Python programs write them', () => {
  it('when Pod::Usage wraps a form at its own column (pod2man\'s `[--verbose] [input` / `[output] ...]`) then the wrapped lines stay one form and its operands are read', () => {
    const pod2man = page('pod2man.txt', ['pod2man']);
    // The wrapped form is one; `pod2man --help`, under it past a blank line, is a second.
    expect(pod2man.usage).toHaveLength(2);
    expect(pod2man.usage[0]).toMatch(/^pod2man \[--center=string\] .* \[input \[output\] \.\.\.\]$/);
    expect(pod2man.usage[1]).toBe('pod2man --help');
    expect(pod2man.positionals.map((one) => one.name)).toEqual(['input', 'output']);
    expect(arity(pod2man)).toEqual([0, Infinity]);
  });

  it('when a help quotes another program\'s forms (yq quoting `jq [options] --args <jq filter>`) then a flag outside brackets in one form of several is not required', () => {
    const yq = page('yq.txt', ['yq']);
    expect(option(yq, 'args')).toMatchObject({ type: 'boolean' });
    expect(option(yq, 'args')).not.toHaveProperty('required');
    expect(yq.positionals.map((one) => one.name)).toEqual(['jq_filter', 'files']);
  });

  it('when docutils sets its usage under a reStructuredText title (`Usage` over `=====`) naming the program with its extension then the operands are read', () => {
    const rst2html = page('rst2html.txt', ['rst2html']);
    expect(rst2html.positionals.map((one) => [one.name, one.required])).toEqual([['source', false], ['destination', false]]);
    expect(rst2html.options.length).toBeGreaterThanOrEqual(60);
  });

  it('when an option\'s text is only a list of values (shasum\'s `-a, --algorithm   1 (default), 224, 256, …`) then it takes one of them, the marked one its default', () => {
    expect(option(page('shasum.txt', ['shasum']), 'algorithm')).toMatchObject({ type: 'string', choices: ['1', '224', '256', '384', '512', '512224', '512256'], default: '1', aliases: ['-a'] });
  });

  it('when a section\'s title has a line of its own flush left before its options (LLVM\'s `Polly Options:` over `Configure the polly loop optimizer`) then the options below are read (class: titled categories)', () => {
    const llc = page('llc-categories.txt', ['llc']);
    expect(option(llc, 'polly')).toMatchObject({ type: 'boolean', flag: '--polly' });
    expect(option(llc, 'polly-dce-precise-steps')).toMatchObject({ type: 'integer' });
    expect(option(llc, 'polly-context')).toMatchObject({ type: 'string', valueForm: 'equals' });
  });

  it('when a usage title is indented above titles flush left (pidtree\'s `  Usage` over `  $ pidtree <ppid>`, then `Options`) then its form is the usage and its operand is read (class: stray indented titles)', () => {
    const pidtree = page('pidtree.txt', ['pidtree']);
    expect(pidtree.usage).toEqual(['pidtree <ppid>']);
    expect(pidtree.positionals).toEqual([expect.objectContaining({ name: 'ppid', required: true })]);
    expect(option(pidtree, 'list')).toMatchObject({ type: 'boolean' });
  });

  it('when a usage line holds a second form after a wide gap (netstat\'s `netstat [-vWeenNcCF] [<Af>] -r         netstat {-V|--version|-h|--help}`) then they are two forms, and the program\'s name is no operand (class: side-by-side forms)', () => {
    const netstat = page('netstat.txt', ['netstat']);
    expect(netstat.usage.slice(0, 2)).toEqual(['netstat [-vWeenNcCF] [<Af>] -r', 'netstat {-V|--version|-h|--help}']);
    expect(netstat.positionals.map((positional) => positional.name)).not.toContain('netstat');
  });

  it('when forms name their operands differently and one repeats its own (netstat\'s `[<Af>]` and `[<Socket> ...]`) then the merged operand repeats (class: differently named forms)', () => {
    expect(page('netstat.txt', ['netstat']).positionals).toEqual([expect.objectContaining({ required: false, variadic: true })]);
    expect(mergeForms([[{ name: 'a', type: 'string', required: true, variadic: false }, { name: 'b', type: 'string', required: true, variadic: false }], [{ name: 'c', type: 'string', required: false, variadic: true }]]).map((positional) => [positional.name, positional.required, positional.variadic])).toEqual([
      ['a', false, false],
      ['b', false, true],
    ]);
  });

  it('when an operand is written as bracketed parts glued together (Angular architect\'s `[project][:target][:configuration]`) then it is one optional operand named by its first part (class: glued optional suffixes)', () => {
    expect(page('architect.txt', ['architect']).positionals).toEqual([expect.objectContaining({ name: 'project', required: false, variadic: false })]);
  });

  it('when citty right-aligns a table of only two flags (untyped load\'s `           --write` over `  --ignoreDefaults`) then both are options (class: right-aligned first columns)', () => {
    const load = page('untyped-load.txt', ['untyped', 'load']);
    expect(load.options.map((one) => one.name).sort()).toEqual(['ignoreDefaults', 'write']);
  });

  it('when a switch\'s text lists the options it stands for (xwininfo\'s `-all   -tree, -stats, -bits, …`) then it stays a switch (class: option lists are not value lists)', () => {
    const xwininfo = page('xwininfo.txt', ['xwininfo']);
    expect(option(xwininfo, 'all')).toMatchObject({ type: 'boolean', flag: '-all' });
    expect(option(xwininfo, 'all')).not.toHaveProperty('choices');
  });

  it('when a switch and an option with a value are one (diff\'s `-u, -U NUM, --unified[=NUM]`) then the long name\'s optional value decides: true sends the bare switch', () => {
    expect(option(page('diff.txt', ['diff']), 'unified')).toMatchObject({ type: 'integer', flag: '--unified', optionalValue: true, valueForm: 'equals', aliases: ['-u', '-U'] });
  });

  it('when a help line shows two flags used together (xxd\'s `-r -s off`) then it is an example, not a value for the first', () => {
    const xxd = page('xxd.txt', ['xxd']);
    expect(option(xxd, 'r')).toMatchObject({ type: 'boolean', flag: '-r' });
    expect(option(xxd, 's')).toMatchObject({ type: 'string', flag: '-s' });
  });

  it('when a man page writes a switch\'s spellings as alternatives (xxd\'s `-p | -ps | -postscript | -plain`) then they are one switch', async () => {
    const { parseHelp: parse } = await import('../../../src/reflect/help/parse.js');
    const read = parse('Usage: xxd [options]\n\n       -p | -ps | -postscript | -plain\n              Output in postscript continuous hexdump style.\n       -c cols | -cols cols\n              Format <cols> octets per line.\n', { path: ['xxd'] });
    expect(option(read, 'p')).toMatchObject({ type: 'boolean', aliases: ['-ps', '-postscript', '-plain'] });
    expect(option(read, 'c')).toMatchObject({ valueForm: 'separate', aliases: ['-cols'] });
  });

  it('when bsdtar lists its modes five a line (`-c Create  -r Add/Replace  -t List …`) then each is a switch, and its titled forms (`Create: bsdtar -c [options] …`) are its usage', () => {
    const bsdtar = page('bsdtar.txt', ['bsdtar']);
    expect(['c', 'r', 't', 'u', 'x'].map((name) => option(bsdtar, name)?.type)).toEqual(['boolean', 'boolean', 'boolean', 'boolean', 'boolean']);
    expect(option(bsdtar, 'r')).toMatchObject({ description: 'Add/Replace' });
    expect(bsdtar.usage).toEqual(['bsdtar -c [options] [<file> | <dir> | @<archive> | -C <dir> ]', 'bsdtar -t [options] [<patterns>]', 'bsdtar -x [options] [<patterns>]']);
    expect(arity(bsdtar)).toEqual([0, Infinity]);
  });

  it('when several switches share a text that names one thing each (`-z, -j, -J, --lzma  Compress archive with gzip/bzip2/xz/lzma`) then each is a switch of its own', () => {
    const bsdtar = page('bsdtar.txt', ['bsdtar']);
    expect(option(bsdtar, 'z')).toMatchObject({ type: 'boolean', flag: '-z', description: 'Compress archive with gzip' });
    expect(option(bsdtar, 'lzma')).toMatchObject({ type: 'boolean', flag: '--lzma', description: 'Compress archive with lzma' });
    expect(option(bsdtar, 'lzma')).not.toHaveProperty('aliases');
  });

  it('when a cobra-like help sets its form flush left under `Usage:` with the command\'s words and `[command options]` (skopeo copy) then its operands are read', () => {
    const copy = page('skopeo-copy.txt', ['skopeo', 'copy']);
    expect(copy.usage).toEqual(['skopeo copy [command options] SOURCE-IMAGE DESTINATION-IMAGE']);
    expect(copy.positionals.map((one) => [one.name, one.required])).toEqual([['source-image', true], ['destination-image', true]]);
  });

  it('when a help opens with a title line that names the program (`jq - commandline JSON processor [version 1.6]`) then it is no usage form', () => {
    const jq = page('jq.txt', ['jq']);
    expect(jq.usage).toHaveLength(3);
    expect(jq.positionals.map((one) => [one.name, one.required, one.variadic])).toEqual([['jq-filter', true, false], ['file', false, true]]);
  });

  it('when an operand carries an optional suffix (gsettings\' `SCHEMA[:PATH]`, degit\'s `<src>[#ref]`) then it is one operand', () => {
    expect(page('gsettings-list-keys.txt', ['gsettings', 'list-keys']).positionals).toEqual([{ name: 'schema', type: 'string', required: true, variadic: false }]);
  });

  it('when glib writes its ellipsis as `?` in the C locale (`gio copy [OPTION?] SOURCE? DESTINATION`) then the operand repeats', () => {
    expect(arity(page('gio-copy.txt', ['gio', 'copy']))).toEqual([1, Infinity]);
  });
});

describe('options the wide corpus saw rejected for the spelling cli-mcp chose', () => {
  const read = (usage: string, lines: readonly string[]): HelpPage => parseHelp(`Usage: ${usage}\n\nOptions:\n${lines.join('\n')}\n`, { path: [usage.split(' ')[0] ?? ''] });

  it('when gcc writes `-Wa,<options>` then the comma belongs to the flag and the value is attached to it', () => {
    const gcc = read('gcc [options] file...', ['  -Wa,<options>            Pass comma-separated <options> on to the assembler.']);
    expect(option(gcc, 'Wa')).toMatchObject({ type: 'string', flag: '-Wa,', valueForm: 'attached' });
  });

  it('when diff names a family with a capitalised placeholder (`--GTYPE-group-format=GFMT`) then it is no option', () => {
    const diff = read('diff [OPTION]... FILES', ['      --GTYPE-group-format=GFMT   format GTYPE input groups with GFMT', '      --line-format=LFMT          format all input lines with LFMT']);
    expect(diff.options.map((found) => found.name)).toEqual(['line-format']);
  });

  it('when csvkit writes `-t, --tabs  Specify that the input CSV file is delimited with tabs` then it is a switch, not a file', () => {
    expect(option(read('csvcut [-h] [-t] [FILE]', ['  -t, --tabs            Specify that the input CSV file is delimited with', '                        tabs. Overrides "-d".']), 'tabs')).toMatchObject({ type: 'boolean' });
  });

  it('when sass ends a text with its values in brackets (`[relative (default), absolute]`) then they are the choices', () => {
    const sass = read('sass <input.scss> [output.css]', ['    --source-map-urls          How to link from source maps to source files.', '                               [relative (default), absolute]']);
    expect(option(sass, 'source-map-urls')).toMatchObject({ type: 'string', choices: ['relative', 'absolute'], default: 'relative' });
  });
});

describe('a name too long for its column, parted from its text by one space', () => {
  it('when valgrind writes `--max-stackframe=<number> assume stack switch…` then the placeholder ends the flag and its type is read', () => {
    const valgrind = page('valgrind.txt', ['valgrind']);
    expect(option(valgrind, 'max-stackframe')).toMatchObject({ type: 'integer', syntax: '--max-stackframe=<number>', description: expect.stringMatching(/^assume stack switch/) });
    expect(option(valgrind, 'main-stacksize')).toMatchObject({ type: 'integer', syntax: '--main-stacksize=<number>' });
  });

  it('when ImageMagick writes `-set attribute value set an image attribute` then the page\'s text column parts them: two words a use', () => {
    const identify = page('identify.txt', ['identify']);
    expect(option(identify, 'set')).toMatchObject({ arity: 2, syntax: '-set attribute value', description: 'set an image attribute' });
    expect(option(identify, 'extract')).toMatchObject({ type: 'string', description: 'extract area from image' });
  });
});

describe('options written inside another option\'s run (qpdf --help=all)', () => {
  it('when a topic places options between an option and its closing "--" then they are marked inside it, and that option takes a run', () => {
    const qpdf = page('qpdf-all.txt', ['qpdf']);
    expect(option(qpdf, 'encrypt')).toMatchObject({ variadic: true, closedBy: ['--'] });
    expect(option(qpdf, 'pages')).toMatchObject({ closedBy: ['--'] });
    expect(option(qpdf, 'print')).toMatchObject({ inside: 'encrypt' });
    expect(option(qpdf, 'mimetype')).toMatchObject({ inside: 'add-attachment' });
    expect(option(qpdf, 'prefix')).toMatchObject({ inside: 'copy-attachments-from' });
    expect(option(qpdf, 'linearize')).not.toHaveProperty('inside');
    expect(option(qpdf, 'allow-weak-crypto')).not.toHaveProperty('inside');
  });
});

describe('short and long names parted by a space, long-only lines in the long column (systemd: hostnamectl)', () => {
  it('when an option\'s text stands one space after its value and long-only lines follow in the long column then each is an option of its own', () => {
    const hostnamectl = page('hostnamectl.txt', ['hostnamectl']);
    expect(option(hostnamectl, 'machine')).toMatchObject({ type: 'string', aliases: ['-M'], description: 'Operate on local container' });
    expect(hostnamectl.options.map((found) => found.name)).toEqual(expect.arrayContaining(['transient', 'static', 'pretty', 'json']));
    expect(option(hostnamectl, 'static')).toMatchObject({ type: 'boolean', description: 'Only set static hostname' });
  });
});

describe('a long name before its short one (the iptables family)', () => {
  it('when ip6tables writes `--append  -A chain`, `[!] --source -s address` and a short name under its long one then each is one option with both spellings', () => {
    const ip6tables = page('ip6tables.txt', ['ip6tables']);
    expect(option(ip6tables, 'append')).toMatchObject({ type: 'string', flag: '--append', aliases: ['-A'], description: 'Append to chain' });
    expect(option(ip6tables, 'source')).toMatchObject({ type: 'string', aliases: ['-s'], description: 'source specification' });
    expect(option(ip6tables, 'delete-chain')).toMatchObject({ type: 'string', aliases: ['-X'], description: 'Delete a user-defined chain' });
    expect(option(ip6tables, 'ipv6')).toMatchObject({ type: 'boolean', aliases: ['-6'] });
    expect(ip6tables.options.length).toBeGreaterThanOrEqual(30);
  });

  it('when ebtables parts names and text with a colon (`--src -s [!] address[/mask]: source mac address`) then the colon and the negation mark are no part of either', () => {
    const ebtables = page('ebtables.txt', ['ebtables']);
    expect(option(ebtables, 'append')).toMatchObject({ type: 'string', aliases: ['-A'], description: 'append to chain' });
    expect(option(ebtables, 'src')).toMatchObject({ type: 'string', aliases: ['-s'], description: 'source mac address' });
    expect(option(ebtables, 'logical-in')).toMatchObject({ type: 'string', description: 'logical bridge input interface name' });
    expect(option(ebtables, 'verbose')).toMatchObject({ type: 'boolean', aliases: ['-v'] });
  });
});
