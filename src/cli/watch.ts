/**
 * `wrap --watch`: when the program's files change, read it again and serve the new tools; clients whose
 * list changed are told (`notifications/tools/list_changed`). A JS target is watched as its package's
 * directory tree (node_modules, .git and other dot-directories left out), which holds every file it
 * imports of its own; a binary or a manifest as its one file (mtime, size, inode, polled).
 */
import { readdirSync, statSync, unwatchFile, watch, watchFile, type Dirent, type FSWatcher, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CliMcpServer } from '../server/create-mcp-server.js';
import { readSource, type ReadSource, type Source } from './load.js';
import type { SharedFlags } from './options.js';

/** Changes closer together than this make one reload. */
export const WATCH_DEBOUNCE_MS = 300;
/** How often a watched file (a binary, a manifest) is stat'ed. */
const FILE_POLL_MS = 500;
/** Past this many directories a package tree is too big to watch: only the script's own directory is. */
const MAX_WATCHED_DIRS = 2_000;

/** What a reload depends on: a directory tree, or one file. */
export type Watched = { readonly kind: 'tree'; readonly root: string } | { readonly kind: 'file'; readonly file: string };

/** A running watch; `close()` stops it. */
export interface WatchHandle {
  readonly watched: Watched;
  close(): void;
}

/** Watches what `source` was read from and reloads `server` on a change, reporting on stderr. */
export function watchSource(source: Source, first: ReadSource, server: CliMcpServer, flags: SharedFlags, stderr: NodeJS.WritableStream): WatchHandle {
  const watched = watchedOf(source, first, flags.cwd ?? process.cwd());
  const say = (message: string): void => void stderr.write(`cli-mcp: ${message}\n`);
  let rewalk = (): void => {};
  const reload = async (): Promise<void> => {
    // Directories made since the last walk are watched from now on.
    rewalk();
    try {
      const read = await readSource(source, flags, stderr);
      const changed = server.reload(read.spec);
      say(`${read.spec.name}: reloaded, ${server.tools.tools.length} commands; ${changed ? 'the tool list changed, clients are told' : 'the tool list is the same'}`);
    } catch (error) {
      say(`reload failed, still serving the previous tools: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const scheduler = reloadScheduler(reload, WATCH_DEBOUNCE_MS);
  const tree = watched.kind === 'tree' ? watchTree(watched.root, scheduler.poke, say) : undefined;
  if (tree) rewalk = tree.walk;
  const stop = watched.kind === 'file' ? watchOneFile(watched.file, scheduler.poke) : () => tree?.stop();
  say(`watching ${watched.kind === 'file' ? watched.file : `${watched.root} (its tree, without node_modules)`} for changes`);
  return {
    watched,
    close() {
      stop();
      scheduler.close();
    },
  };
}

/** A JS target: its package's tree; anything else: the file that runs (a binary) or was read (a manifest). */
export function watchedOf(source: Source, read: ReadSource, cwd: string): Watched {
  if (source.kind === 'manifest') return { kind: 'file', file: resolve(cwd, source.file) };
  const launcher = read.launcher;
  // A Node launcher's last argument is the script; a binary's launcher is the file itself.
  const script = launcher && launcher.prefixArgs.length > 0 ? launcher.prefixArgs.at(-1) : undefined;
  if (script) return { kind: 'tree', root: packageRoot(script) };
  return { kind: 'file', file: launcher?.file ?? source.target };
}

/**
 * Debounces pokes into reloads, never two at once: a poke during a reload makes one more after it.
 */
export function reloadScheduler(reload: () => Promise<void>, debounceMs: number): { poke(): void; close(): void } {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let closed = false;
  const fire = (): void => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void reload().finally(() => {
      running = false;
      if (again && !closed) {
        again = false;
        poke();
      }
    });
  };
  const poke = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
  };
  return {
    poke,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/** The nearest directory above the script with a package.json, else the script's own directory. */
function packageRoot(script: string): string {
  for (let dir = dirname(script); ; dir = dirname(dir)) {
    if (isFile(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(script);
  }
}

/** Polls a file's identity: a new inode (an editor's rename-over, a reinstalled binary), mtime or size. */
function watchOneFile(file: string, changed: () => void): () => void {
  const listener = (now: Stats, before: Stats): void => {
    if (now.ino !== before.ino || now.mtimeMs !== before.mtimeMs || now.size !== before.size) changed();
  };
  watchFile(file, { interval: FILE_POLL_MS, persistent: false }, listener);
  return () => unwatchFile(file, listener);
}

/**
 * One non-recursive watcher per directory of the tree (Node 20's recursive watch on Linux would walk
 * node_modules too); `walk()` again, before each reload, watches the directories made since.
 */
function watchTree(root: string, changed: () => void, say: (message: string) => void): { walk(): void; stop(): void } {
  const watchers = new Map<string, FSWatcher>();
  let warned = false;
  const sync = (): void => {
    let dirs = directoriesOf(root);
    if (dirs.length > MAX_WATCHED_DIRS) {
      if (!warned) say(`${root} has over ${MAX_WATCHED_DIRS} directories: watching only its top level`);
      warned = true;
      dirs = [root];
    }
    const wanted = new Set(dirs);
    for (const [dir, watcher] of watchers) {
      if (wanted.has(dir)) continue;
      watcher.close();
      watchers.delete(dir);
    }
    for (const dir of wanted) {
      if (watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: false }, changed);
        // A directory removed under us closes its watcher; the next walk forgets it.
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(dir);
        });
        watchers.set(dir, watcher);
      } catch {
        // Gone or unreadable since the walk: nothing to watch there.
      }
    }
  };
  sync();
  return {
    walk: sync,
    stop() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** The root and every directory under it but node_modules and dot-directories, up to one past the cap. */
function directoriesOf(root: string): string[] {
  const found = [root];
  for (let index = 0; index < found.length && found.length <= MAX_WATCHED_DIRS; index++) {
    const dir = found[index] as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) found.push(join(dir, entry.name));
    }
  }
  return found;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
