/**
 * Which options run a command until stopped, over real programs' options: those on this machine read through the
 * help crawler (a missing program's rows are skipped, with a warning), the npm CLIs pinned in node_modules read the
 * same way, captured help texts from test/fixtures/help, and jest's options declared with yargs as jest-cli does.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { followingFlag, followingOptions, followsByItself, turnsOn } from '../../src/middleware/refuse-follow.js';
import { resolveBinary } from '../../src/reflect/help/binary.js';
import { reflectHelp } from '../../src/reflect/help/crawl.js';
import { parseHelp } from '../../src/reflect/help/parse.js';
import { reflectYargs } from '../../src/reflect/yargs.js';
import type { CommandSpec, OptionSpec } from '../../src/types.js';
import { helpText } from '../reflect/help/summary.js';

type Options = readonly OptionSpec[];
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const npmBin = (name: string): string => join(repoRoot, 'node_modules', '.bin', name);

/** Where each program's options come from; undefined when the program is not on this machine. */
const crawled = new Map<string, Promise<CommandSpec | undefined>>();
function crawl(program: string, only?: readonly string[]): Promise<CommandSpec | undefined> {
  let found = crawled.get(program);
  if (!found) {
    found = resolveBinary(program, repoRoot).then(async (bin) => (bin === undefined ? undefined : (await reflectHelp(bin, { cache: false, maxDepth: 2, ...(only ? { only } : {}) })).spec));
    crawled.set(program, found);
  }
  return found;
}

const ONLY: Readonly<Record<string, readonly string[]>> = { git: ['log', 'push'], kubectl: ['logs', 'events', 'rollout'], docker: ['logs', 'stats'] };
const MACHINE = ['tail', 'journalctl', 'dmesg', 'node', 'git', 'kubectl', 'docker'];
const present = new Set((await Promise.all(MACHINE.map(async (program) => ((await resolveBinary(program, repoRoot)) ? program : undefined)))).filter(Boolean));
const absent = MACHINE.filter((program) => !present.has(program));
if (absent.length > 0) console.warn(`\n!!! not installed, their rows are SKIPPED: ${absent.join(', ')} !!!\n`);

function jest(): Options {
  // jest-cli declares these with yargs: camelCase names, booleans.
  const program = yargs([]).scriptName('jest').options({
    watch: { type: 'boolean', description: 'Watch files for changes and rerun tests related to changed files.' },
    watchAll: { type: 'boolean', description: 'Watch files for changes and rerun all tests when something changes.' },
    watchman: { type: 'boolean', description: 'Whether to use watchman for file crawling.' },
  });
  return reflectYargs(program).options;
}

const fromFixture = (file: string, program: string): Options => parseHelp(helpText(file), { path: [program] }).options;

/** A program's command's options, by source: the machine's program, an npm CLI, a help fixture, or a declaration. */
async function optionsOf(source: string, path: readonly string[]): Promise<Options> {
  if (source.startsWith('fixture:')) return fromFixture(source.slice('fixture:'.length), path[0] ?? '');
  if (source === 'yargs:jest') return jest();
  const spec = source.startsWith('npm:') ? (await reflectHelp(npmBin(source.slice(4)), { cache: false, maxDepth: 0 })).spec : await crawl(source, ONLY[source]);
  let node = spec;
  for (const word of path.slice(1)) node = node?.subcommands.find((command) => command.name === word);
  if (!node) throw new Error(`${path.join(' ')} was not read from ${source}`);
  return node.options;
}

interface Row {
  readonly source: string;
  readonly path: readonly string[];
  readonly option: string;
  readonly follows: boolean;
  readonly why: string;
}

const row = (source: string, command: string, option: string, follows: boolean, why: string): Row => ({ source, path: command.split(' '), option, follows, why });

const rows: readonly Row[] = [
  row('tail', 'tail', 'follow', true, 'it outputs appended data as the file grows; its value is optional (--follow[=name])'),
  row('tail', 'tail', 'F', true, 'its help says it is the same as --follow=name --retry'),
  row('tail', 'tail', 'retry', false, 'retry is not a watch or follow name'),
  row('tail', 'tail', 'pid', false, 'it needs a value and is no watch or follow name'),
  row('journalctl', 'journalctl', 'follow', true, 'it follows the journal'),
  row('journalctl', 'journalctl', 'tail', false, 'tail is only --no-tail here, and not a watch or follow name'),
  row('dmesg', 'dmesg', 'follow', true, 'it waits for new messages'),
  row('dmesg', 'dmesg', 'follow-new', true, 'it waits and prints only new messages'),
  row('git', 'git log', 'follow', false, 'it follows a file across renames, then ends'),
  row('git', 'git push', 'follow-tags', false, 'follow-tags pushes tags: not a watch or follow name'),
  row('kubectl', 'kubectl logs', 'follow', true, 'the logs are streamed'),
  row('kubectl', 'kubectl events', 'watch', true, 'it watches for more events'),
  row('kubectl', 'kubectl rollout status', 'watch', false, 'it is on by default and ends when the rollout is done'),
  row('docker', 'docker logs', 'follow', true, 'it follows log output'),
  row('docker', 'docker stats', 'no-stream', false, 'no-stream is not a watch or follow name'),
  row('node', 'node', 'watch', true, 'it runs in watch mode'),
  row('node', 'node', 'watch-path', false, 'watch-path names what to watch and needs a value'),
  row('node', 'node', 'watch-preserve-output', false, 'watch-preserve-output only tunes watch mode'),
  row('npm:vitest', 'vitest', 'watch', true, 'it enables watch mode'),
  row('npm:vitest', 'vitest', 'run', false, 'run disables watch mode'),
  row('npm:tsc', 'tsc', 'watch', true, 'it watches input files'),
  row('npm:mocha', 'mocha', 'watch', true, 'it watches files for changes'),
  row('npm:mocha', 'mocha', 'watch-files', false, 'watch-files lists what to watch'),
  row('npm:esbuild', 'esbuild', 'watch', true, 'it rebuilds on file system changes'),
  row('npm:esbuild', 'esbuild', 'watch-delay', false, 'watch-delay only tunes watch mode'),
  row('fixture:cobra/kubectl-get.txt', 'kubectl get', 'watch', true, 'it watches for changes after listing'),
  row('fixture:cobra/kubectl-get.txt', 'kubectl get', 'watch-only', true, 'it watches for changes without listing first'),
  row('fixture:cobra/kubectl-get.txt', 'kubectl get', 'output-watch-events', false, 'output-watch-events only shapes the output'),
  row('fixture:gnu/curl-all.txt', 'curl', 'location', false, 'it follows redirects, under another name'),
  row('fixture:corpus/tar.txt', 'tar', 'dereference', false, 'it follows symlinks, under another name'),
  row('fixture:shapes/docker-container-cp.txt', 'docker cp', 'follow-link', false, 'follow-link follows a symbolic link'),
  row('yargs:jest', 'jest', 'watch', true, 'it reruns tests on changes'),
  row('yargs:jest', 'jest', 'watchAll', true, 'camelCase watch-all reruns all tests on changes'),
  row('yargs:jest', 'jest', 'watchman', false, 'watchman is a file crawler, not a watch name'),
];

describe('which real options run their command until stopped', () => {
  for (const { source, path, option, follows, why } of rows) {
    const program = source.includes(':') ? undefined : source;
    it.skipIf(program !== undefined && !present.has(program))(`when ${path.join(' ')} declares ${option} (${why}) then it ${follows ? 'runs until stopped' : 'does not run until stopped'}`, async () => {
      const options = await optionsOf(source, path);
      const found = options.find((candidate) => candidate.name === option);
      expect(found, `${option} among ${options.map((candidate) => candidate.name).join(', ')}`).toBeDefined();
      expect(followingOptions(options).includes(found as OptionSpec)).toBe(follows);
    }, 30_000);
  }
});

describe('the manifest decides over the names', () => {
  const watch: OptionSpec = { name: 'watch', type: 'boolean', flag: '--watch' };
  it('when a manifest says follows: false then a --watch does not run until stopped', () => {
    expect(followsByItself({ ...watch, follows: false })).toBe(false);
  });

  it('when a manifest says follows: true then an option of any name runs until stopped, a value option too', () => {
    expect(followsByItself({ name: 'stream', type: 'boolean', flag: '--stream', follows: true })).toBe(true);
    expect(followsByItself({ name: 'interval', type: 'string', flag: '--interval', follows: true })).toBe(true);
  });

  it('when a one-letter switch is the same as an option that does not follow then it does not follow either', () => {
    const follow: OptionSpec = { name: 'follow', type: 'boolean', flag: '--follow', description: 'Continue listing the history of a file beyond renames.' };
    const f: OptionSpec = { name: 'f', type: 'boolean', flag: '-f', description: 'same as --follow' };
    expect(followingOptions([follow, f])).toEqual([]);
  });

  it('when a watch option needs a value or has no flag to turn it on then it is not inferred to follow', () => {
    expect(followsByItself({ name: 'watch', type: 'string', flag: '--watch', description: 'Watch this directory' })).toBe(false);
    expect(followsByItself({ name: 'watch', type: 'boolean', negation: '--no-watch' })).toBe(false);
  });
});

describe('which values turn an option on', () => {
  it.each([
    { value: true, on: true },
    { value: 'name', on: true },
    { value: 2, on: true },
    { value: ['a'], on: true },
    { value: false, on: false },
    { value: '', on: false },
    { value: 'false', on: false },
    { value: 0, on: false },
    { value: undefined, on: false },
  ])('when the value is $value then the option is on: $on', ({ value, on }) => {
    expect(turnsOn(value)).toBe(on);
  });

  it('when a call sets a following option to false and another flag on then no following flag is found', () => {
    const options: Options = [{ name: 'follow', type: 'boolean', flag: '--follow', negation: '--follow=false' }, { name: 'tail', type: 'integer', flag: '--tail' }];
    expect(followingFlag(options, { follow: false, tail: 5 })).toBeUndefined();
    expect(followingFlag(options, { follow: true })?.name).toBe('follow');
  });
});
