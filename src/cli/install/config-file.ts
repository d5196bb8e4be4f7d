import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { ClientSpec } from './clients.js';
import { unifiedDiff } from './diff.js';
import type { ConfigEditor } from './config-editor.js';
import { jsonEditor } from './json-config.js';
import { sameData } from './same-data.js';
import { tomlEditor } from './toml-config.js';
import { CliMcpError } from '../../errors.js';


export function editorFor(client: ClientSpec, file: string): ConfigEditor {
  return client.format === 'toml' ? tomlEditor(client.key, file) : jsonEditor(client.key, file);
}

/** What a run did (or, with --print, would do) to the file. */
export interface Change {
  readonly status: 'added' | 'replaced' | 'unchanged' | 'refused' | 'removed' | 'absent';
  readonly file: string;
  /** The edit as a unified diff; empty when nothing changes. */
  readonly diff: string;
  /** Where the file was before the change, when it was written. */
  readonly backup?: string;
}

export interface WriteOptions {
  /** Replace a different server of the same name, and edit a config that a link leads out of `root`. */
  readonly force?: boolean;
  /** The project directory: a config inside it must not lead out of it through a link (a cloned repository's trap). */
  readonly root?: string;
  /** Compute the change and write nothing. */
  readonly print?: boolean;
}

/** Adds or updates server `name`; a different server of that name stays unless `force`. */
export function installEntry(client: ClientSpec, file: string, name: string, entry: Record<string, unknown>, options: WriteOptions = {}): Change {
  checkDestination(file, options);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const editor = editorFor(client, file);
  const existing = editor.servers(before)?.[name];
  if (existing !== undefined && sameData(existing, entry)) return { status: 'unchanged', file, diff: '' };
  const after = editor.set(before, name, entry);
  const diff = unifiedDiff(file, before, after);
  if (existing !== undefined && !options.force) return { status: 'refused', file, diff };
  return write(file, before, after, existing === undefined ? 'added' : 'replaced', diff, options);
}

/** Removes server `name` and nothing else. */
export function uninstallEntry(client: ClientSpec, file: string, name: string, options: WriteOptions = {}): Change & { readonly names: readonly string[] } {
  checkDestination(file, options);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const editor = editorFor(client, file);
  const servers = editor.servers(before) ?? {};
  const names = Object.keys(servers);
  if (!(name in servers)) return { status: 'absent', file, diff: '', names };
  const after = editor.remove(before, name);
  return { ...write(file, before, after, 'removed', unifiedDiff(file, before, after), options), names };
}

/**
 * Writes in place (a symlinked config stays a symlink), after copying the old text to `<file>.bak`. Nothing is
 * ever created through a link: the backup is written to a new file and renamed over whatever stood there, and a
 * new config is opened with O_EXCL|O_NOFOLLOW.
 */
function write(file: string, before: string, after: string, status: Change['status'], diff: string, options: WriteOptions): Change {
  if (options.print) return { status, file, diff };
  let backup: string | undefined;
  if (existsSync(file)) {
    backup = `${file}.bak`;
    writeNewFile(backup, before, statSync(file).mode & 0o777);
    writeFileSync(file, after);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
    try {
      writeAll(fd, after);
    } finally {
      closeSync(fd);
    }
  }
  return { status, file, diff, ...(backup === undefined ? {} : { backup }) };
}

/** Puts `text` at `path` as a new file of its own: a link standing there is replaced, never written through. */
function writeNewFile(path: string, text: string, mode: number): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}`);
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    writeAll(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/**
 * Refuses a config path that a dangling link leads anywhere (a file would be created wherever it points), and,
 * without `force`, one inside `root` that a link leads out of it: a repository can ship `.mcp.json` as a link
 * to any file its user owns.
 */
function checkDestination(file: string, options: WriteOptions): void {
  const real = realDestination(file);
  if (options.root === undefined || options.force) return;
  const root = realpathSync(options.root);
  const inside = (path: string): boolean => {
    const rest = relative(root, path);
    return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
  };
  if (!inside(real)) {
    throw new CliMcpError('cli-mcp.invalid-option', `${file} leads out of the project through a symbolic link, to ${real}: cli-mcp edits it there only with --force (a repository can point its config at any file you own)`);
  }
}

/** Where writing `file` really lands: its real path, or its deepest existing directory's with the rest joined. */
function realDestination(file: string): string {
  const rest: string[] = [];
  for (let at = file; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest);
    } catch (error) {
      const link = linkAt(at);
      if (link !== undefined) throw new CliMcpError('cli-mcp.invalid-option', `${at} is a symbolic link to ${link}, which does not exist: cli-mcp creates no file through a link (remove it, or give --config the real file)`, { cause: error });
      if (dirname(at) === at) throw error;
      rest.unshift(basename(at));
    }
  }
}

function linkAt(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}
