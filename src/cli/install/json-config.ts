import { applyEdits, modify, parse, parseTree, findNodeAtLocation, printParseErrorCode, type Edit, type ParseError } from 'jsonc-parser';
import type { ConfigEditor } from './config-editor.js';
import { CliMcpError } from '../../errors.js';

/**
 * Edits a JSON or JSONC file in place with jsonc-parser's `modify` and `applyEdits`: comments and
 * the layout of every other entry stay. `modify` finds where the edit goes; its own formatter would
 * also re-lay the neighbouring line, so the new text is laid out here, in the file's indentation.
 */
export function jsonEditor(key: string, file: string): ConfigEditor {
  return {
    servers(text) {
      const root = parseJsonc(text, file);
      if (root === undefined) return undefined;
      if (!isObject(root)) throw new CliMcpError('cli-mcp.invalid-option', `${file}: the top level is not an object`);
      const servers = root[key];
      if (servers === undefined) return undefined;
      if (!isObject(servers)) throw new CliMcpError('cli-mcp.invalid-option', `${file}: "${key}" is not an object`);
      return servers;
    },
    set(text, name, entry) {
      const base = text.trim() === '' ? '{}' : text;
      const edited = applyEdits(base, modify(base, [key, name], entry, {}).map((edit) => laidOut(base, edit)));
      return text.trim() === '' ? `${edited}${style(base).eol}` : edited;
    },
    remove(text, name) {
      return applyEdits(text, modify(text, [key, name], undefined, {}).map((edit) => wholeLines(text, edit, [key, name])));
    },
  };
}

/** The file's indentation unit and line end, so new text looks like its neighbours. */
function style(text: string): { unit: string; eol: string } {
  return { unit: /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** `modify`'s one-line content, laid out as `JSON.stringify` indents it, at the depth it goes. */
function laidOut(text: string, edit: Edit): Edit {
  const { unit, eol } = style(text);
  const pretty = (value: unknown, indent: string): string => JSON.stringify(value, null, unit).split('\n').join(eol + indent);
  if (edit.length > 0) {
    // A new value for an existing property: it keeps its key and place.
    return { ...edit, content: pretty(JSON.parse(edit.content), indentAt(text, edit.offset)) };
  }
  const property = Object.entries(JSON.parse(`{${edit.content.replace(/^,/, '')}}`) as Record<string, unknown>)[0];
  if (!property) return edit;
  const [name, value] = property;
  const key = JSON.stringify(name);
  if (edit.content.startsWith(',')) {
    // After the last property, on a line of its own at the same indentation.
    const indent = indentAt(text, edit.offset);
    return { ...edit, content: `,${eol}${indent}${key}: ${pretty(value, indent)}` };
  }
  // Into an empty object: replace what is between its braces.
  const outer = indentAt(text, edit.offset);
  const close = text.indexOf('}', edit.offset);
  return { offset: edit.offset, length: close - edit.offset, content: `${eol}${outer}${unit}${key}: ${pretty(value, outer + unit)}${eol}${outer}` };
}

/** The first property's removal takes its own line, not the break before the next one. */
function wholeLines(text: string, edit: Edit, path: string[]): Edit {
  const property = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, path)?.parent;
  if (!property || edit.offset >= property.offset || edit.offset + edit.length <= property.offset + property.length) return edit;
  return { offset: property.offset, length: edit.offset + edit.length - property.offset, content: '' };
}

/** The leading whitespace of the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

function parseJsonc(text: string, file: string): unknown {
  if (text.trim() === '') return undefined;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const [first] = errors;
  if (first) {
    const line = text.slice(0, first.offset).split('\n').length;
    throw new CliMcpError('cli-mcp.invalid-option', `${file} is not valid JSON: ${printParseErrorCode(first.error)} on line ${line}; nothing was changed`);
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
