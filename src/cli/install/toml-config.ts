import { parse, patch, stringify } from '@decimalturn/toml-patch';
import type { ConfigEditor } from './config-editor.js';
import { sameData } from './same-data.js';
import { CliMcpError } from '../../errors.js';

type Table = Record<string, unknown>;

/** Edits a TOML file (Codex's config.toml) with toml-patch: comments and the other tables stay as they are. */
export function tomlEditor(key: string, file: string): ConfigEditor {
  return {
    servers(text) {
      const servers = parseToml(text, file)[key];
      if (servers === undefined) return undefined;
      if (!isTable(servers)) throw new CliMcpError('cli-mcp.invalid-option', `${file}: "${key}" is not a table`);
      return servers;
    },
    set(text, name, entry) {
      const root = parseToml(text, file);
      const servers = root[key];
      const expected = withServer(root, key, name, entry);
      if (!isTable(servers) || servers[name] === undefined) {
        // A new server as its own [key.name] table at the end: toml-patch alone would add a root dotted key.
        const appended = appendTable(text, `${key}.${name}`, entry);
        if (sameData(parseQuietly(appended), expected)) return appended;
      }
      return patch(text, expected);
    },
    remove(text, name) {
      const expected = parseToml(text, file);
      const servers = expected[key];
      if (isTable(servers)) delete servers[name];
      // Cutting the [key.name] section keeps every comment; toml-patch moves comments it deems owned.
      const cut = cutSection(text, `${key}.${name}`);
      if (cut !== undefined && sameData(parseQuietly(cut), expected)) return cut;
      return patch(text, expected);
    },
  };
}

/** The text without the `[header]` table and its `[header.*]` subtables; comments above the next table stay. */
function cutSection(text: string, header: string): string | undefined {
  const lines = text.split(/(?<=\n)/);
  const isHeader = (line: string): boolean => /^\s*\[/.test(line);
  const own = (line: string): boolean => line.trim().startsWith(`[${header}]`) || line.trim().startsWith(`[${header}.`);
  const start = lines.findIndex(own);
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !(isHeader(lines[end] as string) && !own(lines[end] as string))) end++;
  while (end > start + 1 && /^\s*(#.*)?$/.test((lines[end - 1] as string).trimEnd())) end--;
  let from = start;
  // The blank line that set the table apart goes with it, unless another table follows straight after.
  if (end === lines.length || (lines[end] as string).trim() === '') while (from > 0 && (lines[from - 1] as string).trim() === '') from--;
  return lines.slice(0, from).join('') + lines.slice(end).join('');
}

/** `[header]` and the entry's keys, nested tables inline, after a blank line. */
function appendTable(text: string, header: string, entry: Table): string {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const body = stringify(entry, { inlineTableStart: 0, newLine: newline, trailingNewline: 1 });
  const separator = text === '' ? '' : text.endsWith(newline) ? newline : newline + newline;
  return `${text}${separator}[${header}]${newline}${body}`;
}

function withServer(root: Table, key: string, name: string, entry: Table): Table {
  const servers = isTable(root[key]) ? (root[key] as Table) : {};
  return { ...root, [key]: { ...servers, [name]: entry } };
}

function parseToml(text: string, file: string): Table {
  try {
    return parse(text) as Table;
  } catch (error) {
    throw new CliMcpError('cli-mcp.invalid-option', `${file} is not valid TOML: ${error instanceof Error ? error.message : String(error)}; nothing was changed`);
  }
}

function parseQuietly(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
