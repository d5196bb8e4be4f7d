/**
 * Option values as real programs describe them: type tags and lines, stated defaults, unit lists,
 * truth-value placeholders and counters. Fixtures in test/fixtures/help/shapes/, captured on this machine:
 * - concurrently.txt: concurrently 9.2.5, a yargs program (`concurrently --help`)
 * - tsc-help.txt: TypeScript 7.0.2 (`tsc --help`); prettier.txt: prettier 3.10.1; eslint.txt: eslint v10.15.0 (optionator)
 * - docker-run.txt: Docker 28.2.2 (`docker run --help`); pip-install.txt: pip 23.2.1 (`pip install --help`)
 * - rclone-help-flags-head.txt: rclone v1.60.1 (Debian), the first 170 lines of `rclone help flags`
 * - click-shapes.txt: click 8.4.0, `python3 click_shapes.py --help` (the program is beside it)
 */
import { describe, expect, it } from 'vitest';
import { parseClick } from '../../../src/reflect/help/click.js';
import { parseCobra } from '../../../src/reflect/help/cobra.js';
import { parseGnu } from '../../../src/reflect/help/gnu.js';
import { optionFromEntry, type OptionRules } from '../../../src/reflect/help/option-spec.js';
import type { OptionSpec } from '../../../src/types.js';
import { helpText, optionLine } from './summary.js';

/** optionLine, with counters marked. */
const show = (option: OptionSpec | undefined): string => (option === undefined ? 'none' : `${optionLine(option)}${option.count === true ? ' count' : ''}`);
const find = (options: readonly OptionSpec[], name: string): string => show(options.find((option) => option.name === name));
const one = (spec: string, description = '', rules: OptionRules = {}): string => show(optionFromEntry({ spec, description }, rules));

describe('typing an option from its tags and lines', () => {
  const concurrently = parseGnu(helpText('shapes/concurrently.txt'), { path: ['concurrently'] }).options;
  const tsc = parseGnu(helpText('shapes/tsc-help.txt'), { path: ['tsc'] }).options;

  it('when yargs tags an option `[string]`, `[number]`, `[array]` or `[boolean]` then that is its type', () => {
    expect(find(concurrently, 'max-processes')).toBe('max-processes: --max-processes string');
    expect(find(concurrently, 'prefix-length')).toBe('prefix-length: --prefix-length number =10');
    expect(find(concurrently, 'teardown')).toBe('teardown: --teardown string repeatable');
    expect(find(concurrently, 'raw')).toBe('raw: --raw boolean');
  });

  it('when yargs shows no tag but a quoted default (`[default: ","]`) then the option takes a string', () => {
    expect(find(concurrently, 'name-separator')).toBe('name-separator: --name-separator string =","');
    expect(find(concurrently, 'success')).toBe('success: --success string ="all"');
  });

  it('when tsc writes `type: boolean` and `default: false` lines under an option then it is a switch with that default', () => {
    expect(find(tsc, 'sourceMap')).toBe('sourceMap: --sourceMap boolean =false');
    expect(find(tsc, 'strict')).toBe('strict: --strict boolean =true');
  });

  it('when tsc lists `one of: es5, es6/es2015, …` then the option takes a string from those, each alias on its own', () => {
    expect(find(tsc, 'module')).toBe('module: --module string {commonjs|es6|es2015|es2020|es2022|esnext|node16|node18|node20|nodenext|preserve}');
    expect(find(tsc, 'target')).toMatch(/^target: --target string \{es6\|es2015\|.*\|esnext\} ="es2025"$/);
  });

  it('when eslint (optionator) prints `[String]`, `Int` or `Array` then they are a list, an integer and a list', () => {
    const eslint = parseGnu(helpText('shapes/eslint.txt'), { path: ['eslint'] }).options;
    expect(find(eslint, 'ext')).toBe('ext: --ext string repeatable');
    expect(find(eslint, 'max-warnings')).toBe('max-warnings: --max-warnings integer =-1');
    expect(find(eslint, 'fix-type')).toBe('fix-type: --fix-type string repeatable');
    expect(find(eslint, 'cache-strategy')).toBe('cache-strategy: --cache-strategy string {metadata|content} ="metadata"');
  });
});

describe('reading stated defaults', () => {
  const prettier = parseGnu(helpText('shapes/prettier.txt'), { path: ['prettier'] }).options;

  it('when prettier says "Defaults to X." then X is the default, in the type of the option', () => {
    expect(find(prettier, 'end-of-line')).toBe('end-of-line: --end-of-line string {lf|crlf|cr|auto} ="lf"');
    expect(find(prettier, 'print-width')).toBe('print-width: --print-width integer =80');
    expect(find(prettier, 'single-quote')).toBe('single-quote: --single-quote boolean =false');
    expect(find(prettier, 'ignore-path')).toBe('ignore-path: --ignore-path string repeatable =[".gitignore",".prettierignore"]');
  });

  it('when a stated default does not fit the type ("Defaults to Infinity." for an <int>) then no default is published', () => {
    expect(find(prettier, 'range-end')).toBe('range-end: --range-end integer');
  });

  it('when a default is prose ("[default: index or name (when --names is set)]") then none is published', () => {
    const concurrently = parseGnu(helpText('shapes/concurrently.txt'), { path: ['concurrently'] }).options;
    expect(find(concurrently, 'prefix')).toBe('prefix: --prefix string');
  });

  it.each([
    ['--mode <a|b>', 'Mode. Defaults to c.', 'mode: --mode string {a|b}'],
    ['--level string', 'Level (one of "low" or "high") (default "mid")', 'level: --level string ="mid"'],
    ['--count <int>', 'How many. default: 5', 'count: --count integer =5'],
    ['--root <dir>', 'default: Computed from the list of input files', 'root: --root string'],
    ['--ids <id>...', 'Ids (default [a, b])', 'ids: --ids string repeatable =["a","b"]'],
  ])('when `%s` is described "%s" then it reads as `%s`', (spec, description, expected) => {
    expect(one(spec, description, spec.endsWith('string') ? { pflag: true } : {})).toBe(expected);
  });
});

describe('telling units and examples from choices', () => {
  it('when docker lists units `(ms|s|m|h)` for a duration then they are not choices, and the default stays', () => {
    const run = parseCobra(helpText('shapes/docker-run.txt'), { path: ['docker', 'run'] }).options;
    expect(find(run, 'health-interval')).toBe('health-interval: --health-interval string ="0s"');
  });

  it.each([
    ['--wait duration', 'How long to wait (e.g. 1s|2m|3h)', 'wait: --wait string'],
    ['--size string', 'Size (kb|mb|gb) (default "1mb")', 'size: --size string ="1mb"'],
    ['--format string', 'Format (json|yaml) (default "json")', 'format: --format string {json|yaml} ="json"'],
  ])('when pflag prints `%s` described "%s" then it reads as `%s`', (spec, description, expected) => {
    expect(one(spec, description, { pflag: true })).toBe(expected);
  });
});

describe('typing truth-value placeholders', () => {
  it('when click prints `--cache BOOLEAN` then the value must be given: a string of `true` or `false`, its default lowercased', () => {
    const click = parseClick(helpText('shapes/click-shapes.txt'), { path: ['click_shapes.py'] }).options;
    expect(find(click, 'cache')).toBe('cache: --cache string {true|false} ="true"');
    expect(find(click, 'strict')).toBe('strict: --strict string {true|false}');
  });

  it.each([
    ['--sign BOOLEAN', 'pflag (the bare flag is true)', 'sign: --sign boolean off:--sign=false'],
    ['--sign[=BOOLEAN]', 'getopt (the value may be left out)', 'sign: --sign boolean off:--sign=false'],
    ['--sign=<bool>', 'getopt (the value must be given)', 'sign: --sign string {true|false}'],
    ['-lock=false', "Go's flag (the value to type, not a default)", 'lock: -lock boolean off:-lock=false'],
  ])('when `%s` is printed by %s then it reads as `%s`', (spec, parser, expected) => {
    expect(one(spec, '', parser.startsWith('pflag') ? { pflag: true } : {})).toBe(expected);
  });
});

describe('reading counters', () => {
  it('when rclone (cobra) prints `-v, --verbose count` then it is an integer counted by repetition', () => {
    const rclone = parseCobra(helpText('shapes/rclone-help-flags-head.txt'), { path: ['rclone', 'help', 'flags'] });
    expect(find(rclone.globalOptions, 'verbose')).toBe('verbose: --verbose integer count');
  });

  it('when pip says "Option is additive" and click "can be repeated" then the switch is a counter', () => {
    const pip = parseGnu(helpText('shapes/pip-install.txt'), { path: ['pip', 'install'] });
    expect(find([...pip.options, ...pip.globalOptions], 'verbose')).toBe('verbose: --verbose integer count');
    expect(find([...pip.options, ...pip.globalOptions], 'require-hashes')).toBe('require-hashes: --require-hashes boolean'); // "repeatable installs" is prose
    const click = parseClick(helpText('shapes/click-shapes.txt'), { path: ['click_shapes.py'] }).options;
    expect(find(click, 'verbose')).toBe('verbose: --verbose integer count');
  });

  it.each([
    ['-v, --verbose...', 'Use verbose output (-vv very verbose/build.rs output)'],
    ['-v, --verbose', 'More output (repeatable)'],
    ['-d', 'Debug; use -ddd for more'],
    ['--verbose', 'Verbose output  [count]'],
  ])('when `%s` is described "%s" then it is a counter', (spec, description) => {
    expect(one(spec, description)).toMatch(/ integer count$/);
  });
});
