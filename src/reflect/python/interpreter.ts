/** Whether a program is a Python script, and the interpreter its `#!` line runs it with. */
import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';

/** python, python3, python3.11, pypy3: what a `#!` line names to run Python. */
const PYTHON = /^(python|pypy)\d*(\.\d+)?$/;

/**
 * The command words of a `#!` line that runs Python, as the kernel would start them: `['/usr/bin/python3']`,
 * `['/usr/bin/env', 'python3']`, `['/opt/venv/bin/python', '-u']`; undefined for a line that runs anything else.
 */
export function pythonShebang(firstLine: string): string[] | undefined {
  if (!firstLine.startsWith('#!')) return undefined;
  const words = firstLine.slice(2).trim().split(/\s+/).filter((word) => word !== '');
  let index = 0;
  if (basename(words[0] ?? '') === 'env') {
    index = 1;
    // env's own options (-S, -i, -u NAME) and NAME=value assignments come before the program.
    while (index < words.length) {
      const word = words[index] ?? '';
      if (word === '-u' || word === '--unset') index += 2;
      else if (word.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) index += 1;
      else break;
    }
  }
  const interpreter = words[index];
  return interpreter !== undefined && PYTHON.test(basename(interpreter)) ? words : undefined;
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
