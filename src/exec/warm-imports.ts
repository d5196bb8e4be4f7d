/**
 * What a warm worker's program does while it imports. The files it looks at outside `node_modules` (its
 * own CommonJS modules and package.json, a config or data file) are stamped as first seen: a worker whose files changed since (a call wrote
 * the data file it read) no longer stands for a cold start, and the pool drops it. Writing files or
 * starting processes at import would happen for a worker no call ever takes: such a program is not kept warm.
 */
import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file as it was seen: its identity and size, or `null` when it was not there. */
export type FileStamp = readonly [file: string, stamp: string | null];

/** The `fs` functions that read a file, look one up or list a directory, by path. */
const WATCHED = ['readFileSync', 'readFile', 'existsSync', 'statSync', 'lstatSync', 'stat', 'lstat', 'readdirSync', 'readdir', 'openSync', 'open', 'accessSync', 'access', 'createReadStream'] as const;
const WATCHED_PROMISES = ['readFile', 'stat', 'lstat', 'readdir', 'open', 'access'] as const;
/** What changes the world outside the process. */
const WRITES = ['writeFileSync', 'writeFile', 'appendFileSync', 'appendFile', 'mkdirSync', 'mkdir', 'rmSync', 'rm', 'unlinkSync', 'unlink', 'renameSync', 'rename', 'copyFileSync', 'copyFile', 'createWriteStream', 'truncateSync', 'truncate'] as const;
const WRITES_PROMISES = ['writeFile', 'appendFile', 'mkdir', 'rm', 'unlink', 'rename', 'copyFile', 'truncate'] as const;
const PROCESSES = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

/**
 * Starts watching; `snapshot()` gives every file seen so far, stamped as it was first seen, `unsafe()` says what the program did
 * that a worker must not do ahead of its call, `stop()` puts `fs` and `child_process` back.
 */
export function watchImport(): { readonly snapshot: () => FileStamp[]; readonly unsafe: () => string | undefined; readonly stop: () => void } {
  // Stamped when first seen, before it is read: a call that writes it while this worker imports (the pool starts the
  // next worker as a call begins) changes the stamp, where one taken after the import would stamp the new file.
  const stamps = new Map<string, string | null>();
  let unsafe: string | undefined;
  const restores: (() => void)[] = [];
  const wrap = (owner: object, name: string, seeing: (args: unknown[]) => void): void => {
    const functions = owner as Record<string, unknown>;
    const original = functions[name];
    if (typeof original !== 'function') return;
    functions[name] = function (this: unknown, ...args: unknown[]) {
      seeing(args);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    restores.push(() => (functions[name] = original));
  };
  const read = (args: unknown[]): void => {
    const file = pathOf(args[0]);
    if (file !== undefined && !stamps.has(file) && stamped(file)) stamps.set(file, fileStamp(file));
  };
  const refuse = (what: string, named = pathOf) => (args: unknown[]): void => {
    unsafe ??= `it ${what} (${String(named(args[0]) ?? args[0])}) while it imports`;
  };
  for (const name of WATCHED) wrap(fs, name, read);
  for (const name of WATCHED_PROMISES) wrap(fs.promises, name, read);
  for (const name of WRITES) wrap(fs, name, refuse(`writes files: ${name}`));
  for (const name of WRITES_PROMISES) wrap(fs.promises, name, refuse(`writes files: ${name}`));
  for (const name of PROCESSES) wrap(childProcess, name, refuse(`starts processes: ${name}`, (command) => (typeof command === 'string' ? command : undefined)));
  syncBuiltinESMExports();
  return {
    unsafe: () => unsafe,
    snapshot: () => [...stamps],
    stop: () => {
      for (const restore of restores.splice(0)) restore();
      syncBuiltinESMExports();
    },
  };
}

/** Kernel files (`/proc/version`: its times change as it is looked up) say nothing a call wrote; installed packages change with an install, not between calls, and stamping them (hundreds of files) would cost every call. */
function stamped(file: string): boolean {
  return !/^\/(proc|sys|dev)\//.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`);
}

/** fs's own statSync, kept before watchImport wraps it: stamping a file is no read of the program's. */
const statSync = fs.statSync;

/** What says a file changed: device, inode, size and modification time; `null` when absent. */
function fileStamp(file: string): string | null {
  try {
    const stat = statSync(file, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  } catch {
    return null;
  }
}

/** Whether every file still is as stamped. */
export function unchanged(stamps: readonly FileStamp[]): boolean {
  return stamps.every(([file, stamp]) => fileStamp(file) === stamp);
}

function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return path.resolve(value);
  if (value instanceof URL && value.protocol === 'file:') return fileURLToPath(value);
  if (Buffer.isBuffer(value)) return path.resolve(value.toString('utf8'));
  return undefined;
}
