/**
 * How to start a target the way its user starts it: Node scripts under the running Node (or the one
 * `node` names), other files directly, bare command names through PATH.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliMcpError } from '../errors.js';
import { IN_BINARY } from '../package-files.js';
import { whichExecutable } from './which.js';

/** What to spawn: `file` with `[...prefixArgs, ...argv]`. */
export interface Launcher {
  readonly file: string;
  readonly prefixArgs: readonly string[];
}

/**
 * The Node that runs JavaScript programs: this process's. The single-file binary's own Node runs only cli-mcp,
 * so there the `node` on PATH; undefined when there is none.
 */
export function defaultNode(cwd: string = process.cwd()): string | undefined {
  if (!IN_BINARY) return process.execPath;
  const found = whichExecutable('node', process.env['PATH'], cwd);
  return 'file' in found ? found.file : undefined;
}

const JS_EXTENSIONS = new Set(['.js', '.mjs', '.cjs']);
const NODE_NAMES = new Set(['node', 'nodejs']);

/**
 * Decides how to run a target. A JavaScript module (`.js`, `.mjs`, `.cjs`, or any file, symlinks
 * followed, whose `#!` line names node) runs under `process.execPath` with its real path, keeping node
 * flags from the shebang; another existing file runs directly; a bare name that is not a file runs by name (PATH
 * lookup at spawn). A missing path is returned as is: the spawn reports ENOENT.
 * @example resolveLauncher('node_modules/.bin/tsc') // { file: process.execPath, prefixArgs: ['/…/typescript/bin/tsc'] }
 * @example resolveLauncher('kubectl') // { file: 'kubectl', prefixArgs: [] }
 */
export function resolveLauncher(target: string, options: { cwd?: string; node?: string } = {}): Launcher {
  const resolved = path.resolve(options.cwd ?? process.cwd(), target);
  const isBareName = !target.includes('/') && !target.includes(path.sep);
  if (!isFile(resolved)) return { file: isBareName ? target : resolved, prefixArgs: [] };
  const real = realpathOr(resolved);
  const node = options.node ?? defaultNode(options.cwd) ?? 'node';
  if (JS_EXTENSIONS.has(path.extname(real)) || JS_EXTENSIONS.has(path.extname(resolved))) {
    return { file: node, prefixArgs: [real] };
  }
  const nodeFlags = nodeShebangFlags(readFirstLine(real));
  // Other files run through their own path: multi-call binaries (busybox) read the name they were called by.
  return nodeFlags === undefined ? { file: resolved, prefixArgs: [] } : { file: node, prefixArgs: [...nodeFlags, real] };
}

/**
 * The Node executable `--node` names, as an absolute path (from `cwd`; a bare name is looked up on PATH at
 * spawn), checked to run: a typo fails here, not as every call's ENOENT. Returns it with its version.
 * @throws {Error} naming the path and why it cannot run
 */
export function nodeExecutable(node: string, cwd: string = process.cwd()): { readonly file: string; readonly version: string } {
  const file = node.includes('/') ? path.resolve(cwd, node) : node;
  const version = nodeVersion(file);
  if (version === undefined) throw new CliMcpError('cli-mcp.invalid-option', `--node ${node}: ${file} does not run as Node (\`${file} --version\` failed)`);
  return { file, version };
}

/** `22.23.3` for a Node executable, undefined when it does not answer as Node. */
export function nodeVersion(file: string): string | undefined {
  if (file === process.execPath) return process.versions.node;
  try {
    const out = execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
    return /^v(\d+\.\d+\.\d+)/.exec(out.trim())?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The node flags of a `#!` line that runs node (`#!/usr/bin/env node`, `#!/usr/bin/env -S node
 * --no-warnings`, `#!/usr/local/bin/node`), or undefined when the line does not run node.
 */
export function nodeShebangFlags(firstLine: string): string[] | undefined {
  const line = shebangCommand(firstLine);
  if (line === undefined || !NODE_NAMES.has(path.basename(line.words[line.interpreter] ?? ''))) return undefined;
  return line.words.slice(line.interpreter + 1);
}

/** A `#!` line's words and which of them is the interpreter: the first, or the one `env` runs after its own options and assignments. */
export function shebangCommand(firstLine: string): { readonly words: readonly string[]; readonly interpreter: number } | undefined {
  if (!firstLine.startsWith('#!')) return undefined;
  const words = firstLine.slice(2).trim().split(/\s+/).filter((word) => word !== '');
  let index = 0;
  if (path.basename(words[0] ?? '') === 'env') {
    index = 1;
    // Skip env's own options (-S, -i, -u NAME) and NAME=value assignments.
    while (index < words.length) {
      const word = words[index] ?? '';
      if (word === '-u' || word === '--unset') index += 2;
      else if (word.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) index += 1;
      else break;
    }
  }
  return index < words.length ? { words, interpreter: index } : undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** The first line of a file, from its first 512 bytes; empty when unreadable. */
function readFirstLine(file: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(512);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString('utf8').split('\n')[0]?.replace(/\r$/, '') ?? '';
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
