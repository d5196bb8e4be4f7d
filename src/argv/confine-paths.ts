/**
 * Keeps path-like values inside one directory. A value "looks like a path" when it is absolute, starts with
 * `.` or `~`, contains `/` (or `\`), or is a `file:` URL; it must then resolve, `..` and symlinks followed,
 * inside the root. Anything else (`main`, `HEAD~1`, `pods`) is not a path to us and is not checked, even
 * where the CLI would read it as a file name relative to the root (which cannot leave it without a `/`).
 */
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { ToolInput } from '../types.js';

/** URLs are addresses, not paths; `file:` ones are paths and are checked as such. */
const URL_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * The reason a call's values leave `root`, or undefined. Checks every positional, passthrough word and
 * string option value; in a word shaped `--flag=VALUE` or `name=VALUE` the part after `=` too, and after a leading `@`.
 * @example confinedPaths({ args: ['../x'] }, '/repo') // '"../x" is not allowed: it resolves to /x, outside /repo'
 */
export function confinedPaths(input: ToolInput, root: string): string | undefined {
  const top = realRoot(root);
  for (const value of valuesOf(input)) {
    for (const candidate of candidatesOf(value)) {
      const path = pathOf(candidate);
      if (path === undefined) continue;
      const real = resolveReal(path, top);
      if (real !== top && !real.startsWith(top.endsWith(sep) ? top : top + sep)) {
        return `${JSON.stringify(value)} is not allowed: it resolves to ${real}, outside ${top} (paths are confined to the working directory)`;
      }
    }
  }
  return undefined;
}

/** Every string the model gave: positionals, passthrough, option values (arrays included). */
function valuesOf(input: ToolInput): string[] {
  const flags = Object.values(input?.flags ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value]));
  return [...(input?.args ?? []), ...(input?.passthrough ?? []), ...flags].filter((value): value is string => typeof value === 'string');
}

/** The value, and the parts a CLI may read as a path: after `=` (`--out=/x`, `key=/x`) and after a leading `@`. */
function candidatesOf(value: string): string[] {
  const candidates = [value];
  const eq = value.indexOf('=');
  if (eq !== -1) candidates.push(value.slice(eq + 1));
  for (const candidate of [...candidates]) if (candidate.startsWith('@')) candidates.push(candidate.slice(1));
  return candidates;
}

/** The path a value names, or undefined when it does not look like one. */
function pathOf(value: string): string | undefined {
  if (/^file:/i.test(value)) return decodeURIComponent(value.replace(/^file:(\/\/[^/]*)?/i, '')) || '/';
  if (URL_SCHEME.test(value)) return undefined;
  if (value === '~' || value.startsWith('~/')) return join(homedir(), value.slice(1));
  // `~user/…` names another user's home: where exactly does not matter, it is not ours.
  if (value.startsWith('~')) return resolve('/', 'home', value.slice(1));
  if (isAbsolute(value) || value.startsWith('.') || value.includes('/') || value.includes('\\')) return value;
  return undefined;
}

/** The directory itself with symlinks resolved, so a root reached through a link still matches. */
function realRoot(root: string): string {
  try {
    return realpathSync(resolve(root));
  } catch {
    return resolve(root);
  }
}

/**
 * Where `path` lands, one component at a time as the OS walks it: a symlink is followed before a later
 * `..` is applied. Past the first component that does not exist the rest is resolved by text.
 */
function resolveReal(path: string, root: string): string {
  const absolute = isAbsolute(path);
  let current = absolute ? resolve('/') : root;
  const parts = path.split(/[\\/]+/).filter((part) => part !== '');
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] ?? '';
    if (part === '.') continue;
    if (part === '..') {
      current = dirname(current);
      continue;
    }
    const next = join(current, part);
    try {
      current = lstatSync(next).isSymbolicLink() ? realpathSync(next) : next;
    } catch {
      return resolve(next, ...parts.slice(index + 1));
    }
  }
  return current;
}
