import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeAfterOperands } from '../../../src/reflect/help/after-operands.js';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import { splitPath } from '../../../src/reflect/help/usage-tokens.js';
import type { OptionSpec } from '../../../src/types.js';

// Options a usage writes after its operands are read there only: each case is a real program's usage line.
const switches = (...flags: string[]): OptionSpec[] => flags.map((flag) => ({ name: flag.replace(/^-+/, ''), type: 'boolean', flag }));
const after = (options: readonly OptionSpec[], form: string, program: string): string[] =>
  placeAfterOperands(options, [splitPath(form, [program]).rest]).filter((option) => option.afterOperands === true).map((option) => option.flag ?? '');

describe('options the usage writes after the operands', () => {
  it('when unzip writes `file[.zip] [list] [-x xlist] [-d exdir]` then -x and -d go after the operands, its other options before', () => {
    const unzip = parseHelp(readFileSync(new URL('../../fixtures/help/layouts/unzip.txt', import.meta.url), 'utf8'), { path: ['unzip'] });
    expect(unzip.options.filter((option) => option.afterOperands === true).map((option) => option.flag)).toEqual(['-x', '-d']);
    // The grid prints `-d  extract files into exdir` as a switch; the usage shows its value.
    expect(unzip.options.find((option) => option.name === 'd')).toMatchObject({ type: 'string', valueForm: 'separate' });
    expect(unzip.positionals.map((one) => [one.name, one.required])).toEqual([['file', true], ['list', false]]);
  });

  it('when zip writes `[zipfile list] [-xi list]` then -x and -i (bundled in the usage) go after the operands', () => {
    expect(after(switches('-r', '-x', '-i'), 'zip [-options] [-b path] [-t mmddyyyy] [-n suffixes] [zipfile list] [-xi list]', 'zip')).toEqual(['-x', '-i']);
  });

  it('when find writes `[path...] [expression]` then every option its usage does not show before the paths is a primary, sent after them', () => {
    expect(after(switches('-H', '-L', '-name', '-type', '-empty'), 'find [-H] [-L] [-P] [-Olevel] [-D debugopts] [path...] [expression]', 'find')).toEqual(['-name', '-type', '-empty']);
  });

  it('when jo writes `[--] [-s|-n|-b] [word...]` then -s and -b are words among the operands, and -n, also written before `--`, stays an option (class: options after the end of options)', () => {
    const jo = placeAfterOperands(switches('-a', '-n', '-s', '-b'), [splitPath('jo [-a] [-B] [-n] [-o outfile] [--] [-s|-n|-b] [word...]', ['jo']).rest]);
    expect(jo.filter((option) => option.amongOperands === true).map((option) => option.flag)).toEqual(['-s', '-b']);
    expect(jo.some((option) => option.afterOperands === true)).toBe(false);
  });

  it('when options are written only before the operands, or a bracket holds a flag\'s value (xxd\'s `[-s [-]offset]`), then nothing moves', () => {
    expect(after(switches('-a', '-l'), 'ls [OPTION]... [FILE]...', 'ls')).toEqual([]);
    expect(after(switches('-r', '-s', '-c', '-ps'), 'xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]', 'xxd')).toEqual([]);
  });
});
