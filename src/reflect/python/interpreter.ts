/** Whether a program is a Python script, and the interpreter its `#!` line runs it with. */
import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { shebangCommand } from '../../exec/launcher.js';

/** python, python3, python3.11, pypy3: what a `#!` line names to run Python. */
const PYTHON = /^(python|pypy)\d*(\.\d+)?$/;

/**
 * The command words of a `#!` line that runs Python, as the kernel would start them: `['/usr/bin/python3']`,
 * `['/usr/bin/env', 'python3']`, `['/opt/venv/bin/python', '-u']`; undefined for a line that runs anything else.
 */
export function pythonShebang(firstLine: string): string[] | undefined {
  const line = shebangCommand(firstLine);
  return line !== undefined && PYTHON.test(basename(line.words[line.interpreter] ?? '')) ? [...line.words] : undefined;
}

/** The interpreter words of a Python script's `#!` line; undefined for any other file (a binary, a shell script, node). */
export function pythonInterpreter(file: string): string[] | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(256);
    const length = readSync(fd, head, 0, head.length, 0);
    return pythonShebang(head.subarray(0, length).toString('utf8').split('\n')[0]?.replace(/\r$/, '') ?? '');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
