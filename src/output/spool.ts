/**
 * A bounded on-disk store of whole call outputs, so a model shown a cut result can page through the
 * rest: lazy (nothing on disk until a call passes `memoryBytes`), capped per call and in total (oldest
 * finished calls evicted first), and removed on close, on process exit, or by the next store after a kill.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPage, type SpoolPage } from './spool-page.js';

export type { SpoolPage } from './spool-page.js';
import { charBoundary } from './utf8.js';
import { CliMcpError } from '../errors.js';
import { DEFAULTS, wholeNumber } from '../options.js';

const DIR_PREFIX = 'cli-mcp-spool-';

/** Where the spool lives and how much it may hold. */
export interface SpoolOptions {
  /** Parent directory of the store's own directory. @default os.tmpdir() */
  readonly dir?: string;
  /** Most bytes one call may spool, its streams together; past it the rest is not kept. @default 16777216 (16 MiB) */
  readonly maxCallBytes?: number;
  /** Most bytes the whole store holds; the oldest finished calls are deleted first to make room. @default 268435456 (256 MiB) */
  readonly maxTotalBytes?: number;
  /** Bytes a call may write before anything touches the disk: smaller outputs are never spooled. @default 0 */
  readonly memoryBytes?: number;
}

export type SpoolStream = 'stdout' | 'stderr';

/** A store of spooled call outputs. */
export interface Spool {
  /** Starts recording one call; `owner` (a principal's id) is the only one who can read it back. @default '' (anyone holding the id, as over stdio) */
  open(owner?: string): SpoolEntry;
  /**
   * A page of a spooled stream, or undefined when no such output exists (never spooled, evicted, not
   * ended yet, or the id is unknown). Offsets are in bytes; pages never split a UTF-8 character.
   * @throws RangeError when `offset` is not a non-negative integer or `length` is not a number
   */
  read(id: string, stream: SpoolStream, offset: number, length: number, owner?: string): SpoolPage | undefined;
  /** Bytes on disk now (for tests and limits). */
  readonly usedBytes: number;
  /**
   * The store's directory, made now if it was not yet, so the sandbox can hide it from every call before one
   * starts; undefined once closed or when it cannot be made.
   */
  directory(): string | undefined;
  /** Deletes everything; later reads answer undefined and later writes are dropped. Also runs on process exit. */
  close(): void;
}

/** One call being recorded. */
export interface SpoolEntry {
  /** 32 hex characters from crypto.randomBytes(16): unguessable, so one client cannot read another's output by guessing. */
  readonly id: string;
  /** Appends text (UTF-8) to one stream. Never throws: a disk error or a cap stops the spooling and is reported by end(). */
  write(stream: SpoolStream, text: string): void;
  /** Whether written text can still be kept: false once a cap, an error or the end stopped this entry. */
  readonly accepting: boolean;
  /** Records that text of this stream was left out unwritten (the entry no longer accepts it): the stream is not whole. */
  skip(stream: SpoolStream): void;
  /** Finishes the call: which streams are on disk and how big they are. After end(), the entry is readable through Spool.read. */
  end(): SpoolSummary;
}

/** What one call left on disk. */
export interface SpoolSummary {
  /** Per stream that reached the disk: its total bytes kept, and whether the whole stream was kept (false when a cap or error cut it). */
  readonly streams: Partial<Record<SpoolStream, { readonly bytes: number; readonly complete: boolean }>>;
}


interface StreamFile {
  readonly path: string;
  fd: number | undefined;
  bytes: number;
}

interface EntryState {
  readonly id: string;
  /** Who may read it back: another caller gets "no such output", as for an unknown id. */
  readonly owner: string;
  readonly files: Partial<Record<SpoolStream, StreamFile>>;
  /** Writes held in memory until the call passes memoryBytes; undefined once it spools. */
  held: { stream: SpoolStream; bytes: Buffer }[] | undefined;
  heldBytes: number;
  keptBytes: number;
  /** Streams that lost bytes (a cap, an error, a write after the stop); once any did, later bytes are dropped. */
  readonly cut: Set<SpoolStream>;
  summary: SpoolSummary | undefined;
}

/**
 * Creates an empty store; nothing touches the disk until a call's output passes `memoryBytes`.
 * @throws RangeError when an option is out of range, naming it and its value
 * @example
 * const spool = createSpool({ memoryBytes: 64 * 1024 });
 * const entry = spool.open();
 * entry.write('stdout', text);
 * const { streams } = entry.end();
 * if (streams.stdout) spool.read(entry.id, 'stdout', 0, 16_384)?.text;
 */
export function createSpool(options: SpoolOptions = {}): Spool {
  const maxCallBytes = wholeNumber('spool.maxCallBytes', options.maxCallBytes, DEFAULTS.spoolCallBytes);
  const maxTotalBytes = wholeNumber('spool.maxTotalBytes', options.maxTotalBytes, DEFAULTS.spoolTotalBytes);
  const memoryBytes = wholeNumber('spool.memoryBytes', options.memoryBytes, 0, 0);
  if (maxCallBytes > maxTotalBytes) throw new CliMcpError('cli-mcp.invalid-option', `spool.maxCallBytes (${maxCallBytes}) must not exceed spool.maxTotalBytes (${maxTotalBytes})`);
  const parent = options.dir ?? tmpdir();
  let dir: string | undefined;
  let closed = false;
  let usedBytes = 0;
  const entries = new Map<string, EntryState>();
  /** Ended entries with files on disk, oldest end first: the eviction order. */
  const finished = new Set<EntryState>();
  const removeDir = (): void => {
    if (dir !== undefined) attempt(() => rmSync(dir as string, { recursive: true, force: true }));
  };

  const ensureDir = (): string => {
    if (dir !== undefined) return dir;
    dir = mkdtempSync(join(parent, `${DIR_PREFIX}${process.pid}-`));
    process.on('exit', removeDir);
    removeStaleSiblings(parent);
    return dir;
  };

  const evict = (entry: EntryState): void => {
    for (const file of Object.values(entry.files)) attempt(() => rmSync(file.path, { force: true }));
    usedBytes -= entry.keptBytes;
    finished.delete(entry);
    entries.delete(entry.id);
  };

  /** Appends what the caps allow of `bytes` to the stream's file; stops the entry on a cap or an error. */
  const persist = (entry: EntryState, stream: SpoolStream, bytes: Buffer): void => {
    let take = Math.min(bytes.length, maxCallBytes - entry.keptBytes);
    for (const oldest of finished) {
      if (usedBytes + take <= maxTotalBytes) break;
      evict(oldest);
    }
    take = charBoundary(bytes, Math.min(take, maxTotalBytes - usedBytes));
    if (take < bytes.length) entry.cut.add(stream);
    if (take === 0) return;
    const file = entry.files[stream] ?? (entry.files[stream] = { path: join(ensureDir(), `${entry.id}.${stream}`), fd: undefined, bytes: 0 });
    try {
      file.fd ??= openSync(file.path, 'wx', 0o600);
      for (let done = 0; done < take; ) done += writeSync(file.fd, bytes, done, take - done);
    } catch {
      entry.cut.add(stream);
      if (file.fd !== undefined) attempt(() => ftruncateSync(file.fd as number, file.bytes)); // drop a partial write
      return;
    }
    file.bytes += take;
    entry.keptBytes += take;
    usedBytes += take;
  };

  const write = (entry: EntryState, stream: SpoolStream, text: string): void => {
    if (entry.summary !== undefined || text === '') return;
    if (closed || entry.cut.size > 0) {
      entry.cut.add(stream);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    if (entry.held === undefined) return persist(entry, stream, bytes);
    entry.held.push({ stream, bytes });
    entry.heldBytes += bytes.length;
    if (entry.heldBytes <= memoryBytes) return;
    const held = entry.held;
    entry.held = undefined;
    try {
      ensureDir();
    } catch {
      for (const chunk of held) entry.cut.add(chunk.stream);
      return;
    }
    for (const chunk of held) {
      if (entry.cut.size > 0) entry.cut.add(chunk.stream);
      else persist(entry, chunk.stream, chunk.bytes);
    }
  };

  const end = (entry: EntryState): SpoolSummary => {
    if (entry.summary !== undefined) return entry.summary;
    const streams: Partial<Record<SpoolStream, { bytes: number; complete: boolean }>> = {};
    for (const [stream, file] of Object.entries(entry.files) as [SpoolStream, StreamFile][]) {
      closeFile(file);
      streams[stream] = { bytes: file.bytes, complete: !entry.cut.has(stream) };
    }
    entry.summary = { streams };
    entry.held = undefined;
    if (Object.keys(streams).length === 0 || closed) entries.delete(entry.id);
    else finished.add(entry);
    return entry.summary;
  };

  return {
    open(owner = '') {
      const entry: EntryState = { id: randomBytes(16).toString('hex'), owner, files: {}, held: [], heldBytes: 0, keptBytes: 0, cut: new Set(), summary: undefined };
      if (!closed) entries.set(entry.id, entry);
      return {
        id: entry.id,
        write: (stream, text) => write(entry, stream, text),
        get accepting() {
          return !closed && entry.summary === undefined && entry.cut.size === 0;
        },
        skip: (stream) => {
          if (entry.summary === undefined) entry.cut.add(stream);
        },
        end: () => end(entry),
      };
    },
    read(id, stream, offset, length, owner = '') {
      if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`offset must be a non-negative integer, got ${offset}`);
      if (typeof length !== 'number' || Number.isNaN(length)) throw new RangeError(`length must be a number, got ${String(length)}`);
      const found = entries.get(id);
      const entry = found?.owner === owner ? found : undefined;
      const file = entry?.summary === undefined ? undefined : entry.files[stream];
      if (entry === undefined || file === undefined) return undefined;
      return readPage(file.path, file.bytes, offset, Math.max(1, Math.floor(length)), !entry.cut.has(stream));
    },
    get usedBytes() {
      return usedBytes;
    },
    directory() {
      if (closed) return undefined;
      try {
        return ensureDir();
      } catch {
        return undefined;
      }
    },
    close() {
      closed = true;
      for (const entry of entries.values()) for (const file of Object.values(entry.files)) closeFile(file);
      entries.clear();
      finished.clear();
      usedBytes = 0;
      removeDir();
      process.removeListener('exit', removeDir);
    },
  };
}

/** Closes once: a second close could hit a descriptor the number was reused for. */
function closeFile(file: StreamFile): void {
  const fd = file.fd;
  file.fd = undefined;
  if (fd !== undefined) attempt(() => closeSync(fd));
}

/** Removes spool directories left by processes that no longer exist (a server killed with SIGKILL). */
function removeStaleSiblings(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^cli-mcp-spool-(\d+)-/.exec(name)?.[1]);
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid)) attempt(() => rmSync(join(parent, name), { recursive: true, force: true }));
  }
}

/** Only ESRCH means gone: EPERM is a live process of another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}


/** Cleanup that must not throw: the store is already giving the bytes up. */
function attempt(action: () => void): void {
  try {
    action();
  } catch {
    // nothing more to do
  }
}
