/**
 * Which Node a JS target needs, for the error of a program that exits before it can be read: its
 * package.json's `engines.node`, or what its own error says ("requires Node.js >= 22").
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliMcpError } from '../errors.js';
import { nodeExecutable, nodeVersion } from '../exec/launcher.js';

/** The `--node` executable, checked to run as Node. @throws {CliMcpError} `cli-mcp.invalid-option` */
export function checkedNode(node: string, cwd: string): string {
  try {
    return nodeExecutable(node, cwd).file;
  } catch (error) {
    throw new CliMcpError('cli-mcp.invalid-option', error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/**
 * A sentence to add to a failed load when the Node it ran under is older than the program asks for; empty
 * when nothing says so. `said` is the program's own stderr.
 */
export function nodeTooOld(script: string, node: string, said: string): string {
  const running = nodeVersion(node);
  if (running === undefined) return '';
  const engines = enginesOf(script);
  if (engines && satisfies(running, engines.range) === false) {
    return `\nIt needs Node ${engines.range} (engines.node in ${engines.file}) and ran under Node ${running} (${node}): run it under a newer Node with --node <path>.`;
  }
  const asked = /requires?\s+node(?:\.?js)?\s*(?:version\s*)?(?:>=?\s*|v)?(\d+(?:\.\d+){0,2})/i.exec(said)?.[1];
  if (asked && compare(running, asked) < 0) return `\nIt says it needs Node ${asked} and ran under Node ${running} (${node}): run it under a newer Node with --node <path>.`;
  return '';
}

/** The nearest package.json above the script that declares `engines.node`. */
function enginesOf(script: string): { readonly range: string; readonly file: string } | undefined {
  for (let dir = dirname(script); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const range = (JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: unknown } }).engines?.node;
        if (typeof range === 'string') return { range, file };
      } catch {
        // An unreadable package.json says nothing about Node.
      }
      // The package's own package.json answers, with or without engines.
      return undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Whether `version` meets a semver range in the forms package.json uses for engines (`>=20.19`, `^22`,
 * `~22.1`, `22.x`, `>=18 <23`, `a || b`); undefined for a form not read here.
 */
export function satisfies(version: string, range: string): boolean | undefined {
  // `>= 0.6` is `>=0.6`: an operator may stand apart from its version (jsonlint's engines).
  const results = range.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split('||').map((part) => part.trim().split(/\s+/).filter(Boolean).map((term) => meets(version, term)));
  if (results.some((terms) => terms.length > 0 && terms.every((ok) => ok === true))) return true;
  return results.every((terms) => terms.some((ok) => ok === false)) ? false : undefined;
}

function meets(version: string, term: string): boolean | undefined {
  const match = /^(>=|<=|>|<|=|\^|~)?v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(term);
  if (!match) return term === '*' ? true : undefined;
  const [, op = '', major = '', minor, patch] = match;
  if (major === 'x' || major === '*') return true;
  const wild = (part: string | undefined) => part === undefined || part === 'x' || part === '*';
  const floor = [major, wild(minor) ? '0' : minor, wild(patch) ? '0' : patch].join('.');
  const cmp = compare(version, floor);
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '>':
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '<=':
      return cmp <= 0;
    case '^':
      return cmp >= 0 && compare(version, `${Number(major) + 1}.0.0`) < 0;
    case '~':
      return cmp >= 0 && compare(version, wild(minor) ? `${Number(major) + 1}.0.0` : `${major}.${Number(minor) + 1}.0`) < 0;
    default:
      // `22`, `22.x`, `=22.1.0`: the parts given must match.
      return [major, minor, patch].every((part, index) => wild(part) || Number(version.split('.')[index]) === Number(part));
  }
}

/** Compares dotted versions numerically (missing parts are 0). */
function compare(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < 3; index++) {
    const diff = (left[index] ?? 0) - (right[index] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
