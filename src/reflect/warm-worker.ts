/**
 * Preloaded (`node --import warm-worker.js [node flags] program.js`) into a warm worker: the program
 * is the main module, as in a cold start, but with no arguments yet. At its first parse() the worker
 * says whether it can stand for a cold start, blocks until a call's arguments arrive on the control fd,
 * puts them where the program's argv is, and lets parse() go on: from there it is the program's own run.
 */
import { closeSync, readSync, writeSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { hookParse, type ParseCall } from './parse-hooks.js';
import { CONTROL_FD } from '../exec/control-fd.js';
import { heldArgv } from '../exec/warm-argv.js';
import { watchImport } from '../exec/warm-imports.js';

/** Handles a program may hold open while it waits in parse() without its run depending on when it runs. */
const QUIET_RESOURCES = new Set(['PipeWrap', 'TTYWrap', 'CloseReq', 'SignalWrap', 'ShutdownWrap', 'WriteWrap']);

// Our own `--import <url>` is not the program's: a program forking itself with its execArgv must not preload it.
const ownFlag = process.execArgv.findIndex((flag, index) => flag === '--import' && process.execArgv[index + 1] === import.meta.url);
if (ownFlag !== -1) process.execArgv.splice(ownFlag, 2);

const argv = heldArgv(process.argv);
const imported = watchImport();
const hooks = hookParse(hold);
let held = false;

/** The program's first parse(): report, wait for the call, release everything, and parse it. */
function hold(call: ParseCall): unknown {
  if (held) return call.original(...call.args);
  held = true;
  const unsafe = argv.touched() ?? imported.unsafe() ?? busy();
  // Made now rather than at the program's first write: a millisecond and a half off every call.
  void [process.stdout, process.stderr];
  if (unsafe === undefined) sweepYoung();
  const head = [process.argv[0], process.argv[1]];
  send(unsafe === undefined ? { ready: { rss: process.memoryUsage.rss(), files: imported.snapshot(), searches: argv.searches(), head } } : { unsafe });
  const args = receive();
  closeSync(CONTROL_FD); // nothing the program starts may inherit it
  hooks.remove();
  imported.stop();
  argv.release(args);
  return call.original(...call.args);
}

/**
 * A minor GC now, while the worker waits: the import's garbage is swept before the call, not by a scavenge in its run (about
 * a millisecond). `gc` is taken from a context of its own and the flag unset at once: the program's globals never hold it.
 */
function sweepYoung(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  setFlagsFromString('--no-expose-gc');
  gc({ type: 'minor' });
}

/** Why the program is not idle at parse(): timers or I/O in flight would run late in a worker. */
function busy(): string | undefined {
  const active = process.getActiveResourcesInfo().filter((name) => !QUIET_RESOURCES.has(name));
  return active.length === 0 ? undefined : `it has ${[...new Set(active)].join(', ')} in flight when it parses its arguments`;
}

function send(message: unknown): void {
  writeSync(CONTROL_FD, `${JSON.stringify(message)}\n`);
}

/** Blocks until the pool writes the call's arguments, a JSON array on one line; exits when the pool is gone. */
function receive(): string[] {
  const buffer = Buffer.alloc(64 * 1024);
  const chunks: Buffer[] = [];
  for (;;) {
    const length = readSync(CONTROL_FD, buffer);
    // The pool is gone without a call: end here, running none of the program's exit handlers.
    if (length === 0) process.kill(process.pid, 'SIGKILL');
    chunks.push(Buffer.from(buffer.subarray(0, length)));
    if (buffer[length - 1] === 0x0a) return JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[];
  }
}
