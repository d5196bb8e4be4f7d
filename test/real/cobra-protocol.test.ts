/**
 * Real cobra programs: every tool takes exactly the flags the program's completion protocol lists for its
 * command (`prog __complete <words> -`, asked here directly), help and version printing aside (no tool offers them).
 * rclone's 640 backend flags, which no help page shows, are the one bound: left out, and said so.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { resolveBinary } from '../../src/reflect/help/binary.js';
import { reflectHelp } from '../../src/reflect/help/crawl.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';
import { limiter } from '../../src/reflect/help/limit.js';
import { sharedCrawl } from '../helpers/real-crawls.js';

const run = promisify(execFile);
/** Go's runtime on one thread, collecting only near 512 MiB: the answers are the same, at a third less CPU a run. */
const GO_QUICK = { ...process.env, GOMAXPROCS: '1', GOGC: 'off', GOMEMLIMIT: '512MiB' };

/** The program, and the package that brings it (.ci/run installs the Debian ones when missing). */
const PROGRAMS = [
  { name: 'kubectl', pkg: 'kubectl (Kubernetes apt repository)' },
  { name: 'gh', pkg: 'gh' },
  { name: 'docker', pkg: 'docker.io' },
  { name: 'hugo', pkg: 'hugo' },
  { name: 'restic', pkg: 'restic' },
  { name: 'skopeo', pkg: 'skopeo' },
  { name: 'etcdctl', pkg: 'etcd-client' },
  { name: 'rclone', pkg: 'rclone' },
] as const;

/** Long flags a command's answer lists; while it requires some, they are listed alone, so it is asked again with them given. */
async function protocolFlags(file: string, words: readonly string[]): Promise<Set<string>> {
  const ask = async (given: readonly string[]): Promise<string[]> => {
    let stdout: string;
    try {
      stdout = (await run(file, ['__complete', ...words, ...given, '-'], { encoding: 'utf8', timeout: 10_000, env: GO_QUICK })).stdout;
    } catch (error) {
      stdout = String((error as { stdout?: unknown }).stdout ?? '');
    }
    return stdout.split('\n').filter((line) => line.startsWith('--')).map((line) => line.split('\t')[0] ?? '');
  };
  const first = await ask([]);
  const all = first.includes('--help') ? first : [...first, ...(await ask(first.map((long) => `${long}=1`)))];
  return new Set(all.filter((long) => long !== '--help'));
}

describe('cobra programs hold to their completion protocol', () => {
  for (const program of PROGRAMS) {
    const found = execFileSync('sh', ['-c', `command -v ${program.name} || true`], { encoding: 'utf8' }).trim();
    it(`when ${program.name} is read then each tool's flags are those its completion protocol lists`, async () => {
      // A program that is missing fails its test, saying how to install it (.ci/run installs the Debian ones).
      if (found === '') throw new Error(`${program.name} is NOT INSTALLED on this machine: install ${program.pkg}`);
      const said: string[] = [];
      // rclone's crawl is read here alone, and what it says is checked: the others' are shared with the files that read them too.
      const reflected = program.name === 'rclone' ? await reflectHelp(program.name, { cache: false, onProgress: (message) => said.push(message) }) : await sharedCrawl(program.name);
      expect(reflected.sources).toContain('completion protocol');
      const file = (await resolveBinary(program.name, process.cwd())) ?? program.name;
      const differences: string[] = [];
      const offered = new Set<string>();
      const unoffered = new Set<string>();
      const commands = flattenRunnable(reflected.spec);
      // Asked four at a time, as the crawl asks.
      const limit = limiter(4);
      const listings = await Promise.all(commands.map((command) => limit(() => protocolFlags(file, command.path.slice(1)))));
      for (const [index, command] of commands.entries()) {
        const words = command.path.slice(1);
        const listed = listings[index] ?? new Set<string>();
        const ours = new Set(command.options.map((option) => option.flag ?? `--${option.name}`).filter((flag) => flag.startsWith('--')));
        for (const long of ours) offered.add(long);
        // A flag that prints the version is no tool's (rclone selfupdate's `--version string` is one).
        for (const long of listed) if (!ours.has(long) && long !== '--version') (program.name === 'rclone' ? unoffered.add(long) : differences.push(`${words.join(' ')}: ${long} listed, not offered`));
        for (const long of ours) if (!listed.has(long)) differences.push(`${words.join(' ')}: ${long} offered, not listed`);
      }
      expect(differences).toEqual([]);
      if (program.name !== 'rclone') return;
      // rclone's flags no help page shows (its backends' `--s3-…`, `--drive-…`): left out of every tool, and said so.
      expect(unoffered.size).toBeGreaterThan(600);
      expect(unoffered).toContain('--s3-access-key-id');
      expect(offered).not.toContain('--s3-access-key-id');
      expect(said.some((message) => /completion protocol: .*; \d{3} flags no help page shows left out/.test(message))).toBe(true);
    }, 180_000);
  }
});
