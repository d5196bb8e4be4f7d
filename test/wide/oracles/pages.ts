/**
 * The documentation a program ships, fetched the way its users read it and independently of cli-mcp:
 * `<command> --help` (then `-h`, then `help`) and `man -P cat <page>`, in an empty directory with a scratch HOME.
 */
import { execa } from 'execa';
import { documentedOptions } from './documented-options.js';
import { helpUsages } from './usage-operands.js';

/** One page of documentation and the command it documents. */
export interface Page {
  readonly kind: 'help' | 'man';
  /** The command words after the program (`['pr', 'create']`); empty for the program itself. */
  readonly words: readonly string[];
  /** What was run to get it: `rsync --help`, `man rsync`. */
  readonly how: string;
  readonly text: string;
}

/** Where and with what a documentation command runs. */
export interface PageRun {
  /** The program and the arguments before its command words (`node cli.js`). */
  readonly command: readonly string[];
  readonly program: string;
  readonly cwd: string;
  readonly env: Record<string, string>;
  /** The program's scratch directory (holding cwd and HOME): the only place a help run may write. */
  readonly scratch: string;
}

const MAX_TEXT = 400_000;

/**
 * A help run in a PID namespace of its own without network (bubblewrap), read-only but the scratch directory:
 * a daemon that help starts (pm2 starts one for `--help`) ends with it instead of outliving the corpus.
 */
function sandboxed(file: string, args: readonly string[], run: PageRun): [string, string[]] {
  const bind = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--bind', run.scratch, run.scratch];
  return ['bwrap', [...bind, '--unshare-pid', '--unshare-net', '--die-with-parent', '--chdir', run.cwd, '--', file, ...args]];
}

async function output(file: string, args: readonly string[], run: PageRun, extraEnv: Record<string, string> = {}): Promise<string> {
  const result = await execa(file, args, { cwd: run.cwd, env: { ...run.env, ...extraEnv }, extendEnv: false, reject: false, stdin: 'ignore', timeout: 8_000, all: true, maxBuffer: 8_000_000 });
  // Some programs colour their help whatever NO_COLOR says (degit): the escapes are not text.
  return (result.all ?? '').replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').slice(0, MAX_TEXT);
}

/** The help of a command: the first of `--help`, `-h`, `help` (for the program itself) that shows options or a usage. */
export async function helpPage(run: PageRun, words: readonly string[]): Promise<Page | undefined> {
  const [file, ...prefix] = run.command;
  const tries = words.length === 0 ? [['--help'], ['-h'], ['help']] : [['--help'], ['-h']];
  let fallback: Page | undefined;
  for (const flag of tries) {
    const text = await output(...sandboxed(file!, [...prefix, ...words, ...flag], run), run);
    const page: Page = { kind: 'help', words, how: [run.program, ...words, ...flag].join(' '), text };
    if (documentedOptions(text).length > 0 || helpUsages(text, [run.program]).length > 0) return page;
    fallback ??= text.trim() === '' ? undefined : page;
  }
  return fallback;
}

/** The program run with these arguments after its launcher, sandboxed as its help is: its output, stderr and stdout. */
export function runProgram(run: PageRun): (args: readonly string[]) => Promise<string> {
  const [file, ...prefix] = run.command;
  return (args) => output(...sandboxed(file!, [...prefix, ...args], run), run);
}

/** The man page `name` (`rsync`, `git-commit`), wide and without a pager, if one is installed. */
export async function manPage(run: PageRun, name: string, words: readonly string[]): Promise<Page | undefined> {
  const where = await execa('man', ['-w', name], { env: run.env, extendEnv: false, reject: false, stdin: 'ignore', timeout: 8_000 });
  if (where.exitCode !== 0 || where.stdout.trim() === '') return undefined;
  const text = await output('man', ['-P', 'cat', name], run, { MANWIDTH: '250', MANPAGER: 'cat', PAGER: 'cat' });
  return text.trim() === '' ? undefined : { kind: 'man', words, how: `man ${name}`, text };
}
