import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClientSpec } from './clients.js';
import { unifiedDiff } from './diff.js';
import { jsonEditor } from './json-config.js';
import { sameData } from './same-data.js';
import { tomlEditor } from './toml-config.js';

/** Reads and edits the servers map of one config file's text; every edit is local to one entry. */
export interface ConfigEditor {
  /** The map of server names to entries; `undefined` when the file has none. */
  servers(text: string): Record<string, unknown> | undefined;
  set(text: string, name: string, entry: Record<string, unknown>): string;
  remove(text: string, name: string): string;
}

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
  /** Replace a different server of the same name. */
  readonly force?: boolean;
  /** Compute the change and write nothing. */
  readonly print?: boolean;
}

/** Adds or updates server `name`; a different server of that name stays unless `force`. */
export function installEntry(client: ClientSpec, file: string, name: string, entry: Record<string, unknown>, options: WriteOptions = {}): Change {
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
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const editor = editorFor(client, file);
  const servers = editor.servers(before) ?? {};
  const names = Object.keys(servers);
  if (!(name in servers)) return { status: 'absent', file, diff: '', names };
  const after = editor.remove(before, name);
  return { ...write(file, before, after, 'removed', unifiedDiff(file, before, after), options), names };
}

/** Writes in place (a symlinked config stays a symlink), after copying the old text to `<file>.bak`. */
function write(file: string, before: string, after: string, status: Change['status'], diff: string, options: WriteOptions): Change {
  if (options.print) return { status, file, diff };
  let backup: string | undefined;
  if (existsSync(file)) {
    backup = `${file}.bak`;
    copyFileSync(file, backup);
  } else {
    mkdirSync(dirname(file), { recursive: true });
  }
  writeFileSync(file, after);
  return { status, file, diff, ...(backup === undefined ? {} : { backup }) };
}

