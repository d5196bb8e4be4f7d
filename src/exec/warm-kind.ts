/**
 * The two kinds of warm worker the pool keeps: a Node CLI imported and waiting in its parse() (its
 * `--import` preload, reflect/warm-worker.ts), or, for any other program, a stub that waits already in
 * the call's sandbox and execs the call's argv and environment when given them (a few lines of perl, which
 * every Debian has): each is started as a cold start would be, says on its control pipe that it is ready,
 * and takes its call on the same pipe.
 */
import { pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import type { Launcher } from './launcher.js';
import type { Sandbox } from './sandbox.js';
import { answersAlike, type ArgvSearch } from './warm-argv.js';
import { unchanged, type FileStamp } from './warm-imports.js';
import { whichExecutable } from './which.js';

/** What a ready worker stays valid for. */
export interface Readiness {
  /** Whether it still stands for a cold start of a call with these arguments (past the launcher's prefix). */
  accepts(callArgs: readonly string[]): boolean;
  /** Whether what it read while it started is unchanged; a worker that is not is dropped. */
  fresh(): boolean;
}

/** How one kind of worker starts, tells it is ready, and is given its call. */
export interface WorkerKind {
  readonly file: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** Directories a strict sandbox shows the worker read-only, besides the worker's own. */
  readonly readOnly: readonly string[];
  /** Where it waits, for the pool's notes: `in parse()`. */
  readonly waits: string;
  /** It takes long to be ready (a Node import), so the next worker starts as a call takes one rather than once it ends. */
  readonly slow: boolean;
  /** Its first line on the control pipe: what it stays valid for, or why no worker of this kind can stand for a cold start. */
  ready(line: string): Readiness | { readonly off: string };
  /** What gives it the call `args` (the launcher's prefix, then the call's argv), or undefined: start this call cold. */
  order(args: readonly string[]): string | undefined;
}

/** What every worker is started as. */
export interface WarmTarget {
  readonly launcher: Launcher;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly sandbox?: Sandbox;
  /**
   * The compiled module a Node worker preloads: it holds the program in its parser's parse() call
   * (reflect/warm-worker.ts). Without it, each worker is a stub that execs the call: any program.
   */
  readonly preload?: string;
}

/** The kind of worker that stands for `target`'s cold starts, or why none can. */
export function workerKind(target: WarmTarget, maxMemory: number): WorkerKind | { readonly off: string } {
  return target.preload === undefined ? execStub(target) : nodeWorker(target, target.preload, maxMemory);
}

type NodeReady = { ready?: { rss: number; files: FileStamp[]; searches?: ArgvSearch[]; head?: string[] }; unsafe?: string };

function nodeWorker(target: WarmTarget, preload: string, maxMemory: number): WorkerKind {
  const prefix = target.launcher.prefixArgs.length;
  return {
    file: target.launcher.file,
    args: ['--import', pathToFileURL(preload).href, ...target.launcher.prefixArgs],
    env: target.env,
    // cli-mcp's compiled code, which a strict sandbox must show the worker.
    readOnly: [dirname(dirname(preload))],
    waits: 'in parse()',
    slow: true,
    ready(line) {
      const message = parseJson(line) as NodeReady;
      if (message.unsafe !== undefined || !message.ready) return { off: message.unsafe ?? 'a worker answered nothing it should' };
      const { rss, files, searches = [], head = [] } = message.ready;
      if (rss > maxMemory) return { off: `a worker uses ${mib(rss)} once it has imported the program, over the ${mib(maxMemory)} cap` };
      // It looked for a word in its argv while importing (`--no-color`): a call must answer alike.
      return { accepts: (callArgs) => answersAlike([...head, ...callArgs], searches), fresh: () => unchanged(files) };
    },
    order: (args) => `${JSON.stringify(args.slice(prefix))}\n`,
  };
}

/**
 * Waits for the call: the number of environment pairs, the pairs, the program and its arguments, each ended by a NUL.
 * Then it closes the control pipe (a cold start never had it), sets exactly that environment, in that order, and execs
 * the program itself: no shell's variables reach it, and the environment never passes through an argv (`ps` shows argv).
 */
const STUB = 'open(my $c, "+<&=", 4) or exit 125; syswrite($c, "\\n"); local $/; my $m = <$c>; close($c); my @w = split(/\\0/, $m, -1); pop(@w); my $n = shift(@w); %ENV = (); for (splice(@w, 0, $n)) { my ($k, $v) = split(/=/, $_, 2); $ENV{$k} = $v; } exec { $w[0] } @w; exit 127;';
const PERL = ['/usr/bin/perl', '/bin/perl'];

function execStub(target: WarmTarget): WorkerKind | { readonly off: string } {
  const perl = firstExecutable(PERL);
  if (perl === undefined) return { off: 'there is no perl to wait in' };
  const { launcher, cwd } = target;
  if (Object.keys(target.env).some((name) => name === '' || name.includes('='))) return { off: 'an environment variable name no process can be given' };
  // bwrap sets PWD to the directory it changes to, where it was or last: a sandboxed cold start's program sees that.
  const callEnv = target.sandbox ? { ...target.env, PWD: resolve(cwd) } : target.env;
  const pairs = Object.entries(callEnv).map(([name, value]) => `${name}=${value}`);
  // A sandbox runs the program by its full path, and a strict one shows its directory: the one it had when the worker started.
  const where = (): string | undefined => {
    const found = whichExecutable(launcher.file, target.env.PATH, cwd);
    return 'file' in found ? found.file : undefined;
  };
  const started = where();
  if (started === undefined) return { off: `${launcher.file} is not an executable file here` };
  return {
    file: perl,
    args: ['-e', STUB],
    // Only HOME, which a strict sandbox reads to hide the credentials under the program's home; the call brings the rest.
    env: target.env.HOME === undefined ? {} : { HOME: target.env.HOME },
    readOnly: [dirname(started)],
    waits: 'for its call',
    slow: false,
    ready: () => ({ accepts: () => true, fresh: () => true }),
    order(args) {
      // Found where it was when the worker started; else a cold start says what is wrong.
      const found = where();
      const file = target.sandbox ? found : launcher.file;
      if (found !== started || file === undefined) return undefined;
      const words = [String(pairs.length), ...pairs, file, ...args];
      if (words.some((word) => word.includes('\0'))) return undefined;
      return words.map((word) => `${word}\0`).join('');
    },
  };
}

function firstExecutable(candidates: readonly string[]): string | undefined {
  return candidates.find((candidate) => 'file' in whichExecutable(candidate, undefined, '/'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}
