/**
 * Help texts of the real-CLI corpus (test/real/) that read wrongly before: usage lines with no `Usage:`,
 * usage-only BSD synopses, argp's indented group titles, flush-left and bulleted option lists, and
 * options printed with no placeholder. Fixtures in test/fixtures/help/corpus/ (provenance in its README).
 */
import { describe, expect, it } from 'vitest';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import { assembleSpec } from '../../../src/reflect/help/spec-tree.js';
import { valueFormsOf } from '../../../src/reflect/help/value-form.js';
import { helpText, optionLines, positionalLines } from './summary.js';

const page = (program: string) => parseHelp(helpText(`corpus/${program}.txt`), { path: [program] });

describe('reading the arguments of programs whose usage is unusual', () => {
  it('when eslint prints its usage with no `Usage:` before it then it takes files', () => {
    const eslint = page('eslint');
    expect(eslint.usage).toEqual(['eslint [options] file.js [file.js] [dir]']);
    expect(positionalLines(eslint.positionals)).toBe('<file-js...>');
  });

  it('when tsc prints no usage but `tsc app.ts util.ts` among its common commands then it takes any number of files', () => {
    expect(positionalLines(page('tsc').positionals)).toBe('[file...]');
  });

  it('when esbuild writes `[entry points]` then it takes any number of entry points', () => {
    expect(positionalLines(page('esbuild').positionals)).toBe('[entry-points...]');
  });

  it('when meow indents the whole page and writes `$ cpy <source …> <destination>` then the sources take every argument', () => {
    const cpy = page('cpy');
    expect(cpy.usage).toEqual(['cpy <source …> <destination>']);
    expect(positionalLines(cpy.positionals)).toBe('<source...>');
    expect(optionLines(cpy.options)).toContain('rename: --rename string');
  });

  it('when optparse lists no positionals but its usage says `input ...` then pycodestyle takes inputs', () => {
    const pycodestyle = page('pycodestyle');
    expect(positionalLines(pycodestyle.positionals)).toBe('<input...>');
    expect(optionLines(pycodestyle.options)).toContain('max-line-length: --max-line-length integer =79');
  });

  it('when semver writes `<version> [<version> [...]]` then any number of versions follow the first', () => {
    expect(positionalLines(page('semver').positionals)).toBe('<version> [version2...]');
  });

  it('when mocha writes yargs-style `[spec..]` then it takes any number of specs', () => {
    expect(positionalLines(page('mocha').positionals)).toBe('[spec...]');
  });
});

describe('reading options from layouts other than GNU getopt', () => {
  it('when python lists `-c cmd : program passed in as string` flush left then its flags are read with their values', () => {
    const python = page('python3');
    expect(python.dialect).toBe('gnu');
    expect(optionLines(python.options)).toEqual(expect.arrayContaining(['c: -c string', 'm: -m string', 'B: -B boolean']));
    expect(positionalLines(python.positionals)).toBe('[file] [arg...]');
  });

  it('when semver prints `-r --range <range>` flush left with its text below then it is one option with a value', () => {
    expect(optionLines(page('semver').options)).toEqual(expect.arrayContaining(['range: --range string', 'loose: --loose boolean', 'n: -n integer =0']));
  });

  it('when ssh-keygen shows its options only in the usage synopsis then switches, values and choices are read from it', () => {
    const keygen = page('ssh-keygen');
    expect(keygen.dialect).toBe('gnu');
    const lines = optionLines(keygen.options);
    expect(lines).toEqual(expect.arrayContaining(['q: -q boolean', 'a: -a string', 'f: -f string', 'l: -l boolean', 'y: -y boolean', 'N: -N string', 'D: -D string']));
    expect(lines).toContain('t: -t string {dsa|ecdsa|ecdsa-sk|ed25519|ed25519-sk|rsa}');
    // `[-lv]` is two switches, not an option called `lv`.
    expect(keygen.options.map((option) => option.name)).not.toContain('lv');
  });

  it('when jo writes `-a creates an array of words` with one space then the synopsis `[-a]` says -a is a switch', () => {
    const lines = optionLines(page('jo').options);
    expect(lines).toEqual(expect.arrayContaining(['a: -a boolean', 'd: -d string', 'o: -o string']));
  });

  it('when tar titles its groups with one leading space then every group is read as options', () => {
    const lines = optionLines(page('tar').options);
    expect(lines).toEqual(expect.arrayContaining(['create: --create boolean', 'list: --list boolean', 'file: --file string', 'extract: --extract boolean']));
  });

  it('when marked puts each option of its man page after a bullet then its long names are read', () => {
    const lines = optionLines(page('marked').options);
    expect(lines).toEqual(expect.arrayContaining(['input: --input string value-optional', 'string: --string string value-optional', 'gfm: --gfm boolean']));
  });

  it('when shellcheck prints the long name in a column of its own then it is the option of the short one beside it', () => {
    const lines = optionLines(page('shellcheck').options);
    expect(lines).toEqual(expect.arrayContaining(['format: --format string', 'shell: --shell string', 'list-optional: --list-optional boolean', 'color: --color string value-optional']));
  });

  it('when sass prints its options flush left under a ruled title then `style` is among them', () => {
    expect(optionLines(page('sass').options)).toContain('style: --style string');
  });

  it('when mocha prints no placeholders then options whose text asks for a value take one', () => {
    const lines = optionLines(page('mocha').options);
    expect(lines).toEqual(expect.arrayContaining(['reporter: --reporter string', 'jobs: --jobs integer', 'grep: --grep string', 'bail: --bail boolean']));
  });

  it('when tsc prints `--outDir  Specify an output folder…` with no type line then it takes a path, while `--watch` stays a switch', () => {
    const lines = optionLines(page('tsc').options);
    expect(lines).toEqual(expect.arrayContaining(['outDir: --outDir string', 'project: --project string', 'watch: --watch boolean', 'noEmit: --noEmit boolean =false']));
  });

  it('when shfmt 3 prints `-l,  --list` and `-i,  --indent uint` then it is read as Go flag help with both names', () => {
    const shfmt = page('shfmt');
    expect(shfmt.dialect).toBe('goflag');
    expect(optionLines(shfmt.options)).toEqual(expect.arrayContaining(['list: --list boolean off:--list=false', 'diff: --diff boolean off:--diff=false', 'indent: --indent integer']));
    expect(positionalLines(shfmt.positionals)).toBe('[path...]');
  });
});

describe('reading commands from usage forms labelled with their names', () => {
  it('when ajv labels each form `validate:  ajv [validate] -s schema[.json] …` then the labels are its commands, help left out', () => {
    const ajv = page('ajv');
    expect(ajv.subcommands.map((entry) => `${entry.name}: ${entry.usage ?? ''}`)).toEqual([
      'validate: ajv validate -s schema[.json] -d data[.json]',
      'compile: ajv compile -s schema[.json]',
      'migrate: ajv migrate -s schema[.json] -o migrated_schema.json',
      'test: ajv test -s schema[.json] -d data[.json] --[in]valid',
    ]);
  });

  it('when `ajv migrate --help` prints every labelled form again then the page of migrate reads only its own', () => {
    const migrate = parseHelp(helpText('corpus/ajv.txt'), { path: ['ajv', 'migrate'] });
    expect(migrate.subcommands).toEqual([]);
    expect(optionLines(migrate.options)).toEqual(['s: -s string', 'o: -o string']);
    expect(positionalLines(migrate.positionals)).toBe('');
  });

  it('when a usage form names a one-letter option\'s value in lowercase then its values go as words of their own', () => {
    expect(valueFormsOf(helpText('corpus/ajv.txt'))).toMatchObject({ shortValue: 'separate' });
  });
});

describe('reading openssl, whose commands come in a grid and whose options have one dash', () => {
  it('when `openssl --help` prints its standard commands in a grid then they are its commands, digest and cipher names left out', () => {
    const names = page('openssl').subcommands.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['asn1parse', 'dgst', 'enc', 'rand', 'x509']));
    expect(names).not.toContain('sha256');
    expect(names).not.toContain('help');
  });

  it('when openssl lists digest names `(see the `dgst\' command …)` then dgst takes them as switches beside its own `-*` page', () => {
    const dgst = page('openssl').subcommands.find((entry) => entry.name === 'dgst');
    expect(dgst?.switches).toEqual(expect.arrayContaining(['sha256', 'sha512', 'md5']));
    const own = parseHelp(helpText('corpus/openssl-dgst.txt'), { path: ['openssl', 'dgst'] });
    const root = { words: [], page: page('openssl'), children: [{ words: ['dgst'], ...(dgst !== undefined ? { entry: dgst } : {}), page: own, children: [] }] };
    const spec = assembleSpec('openssl', root, { inherited: [], rootPage: [] }, { doubleDash: 'when-needed', options: 'command', falseValue: 'omit', shortValue: 'attached' });
    const options = optionLines(spec.subcommands[0]?.options ?? []);
    expect(options).toEqual(expect.arrayContaining(['sha256: -sha256 boolean', 'hex: -hex boolean']));
    expect(options.filter((line) => line.startsWith('hex:'))).toHaveLength(1);
  });

  it('when `openssl rand --help` lists `-hex` and `Parameters: num` then the options have one dash and num is an argument', () => {
    const rand = parseHelp(helpText('corpus/openssl-rand.txt'), { path: ['openssl', 'rand'] });
    expect(optionLines(rand.options)).toEqual(expect.arrayContaining(['hex: -hex boolean', 'out: -out string', 'base64: -base64 boolean']));
    expect(positionalLines(rand.positionals)).toBe('<num>');
    // `General options:` belong to the command here, not to every command as pip's `General Options:` do.
    expect(rand.globalOptions).toEqual([]);
  });

  it('when openssl and tsc show no `=` in their values then long options take them as words of their own', () => {
    expect(valueFormsOf(helpText('corpus/openssl.txt'))).toMatchObject({ longValue: 'separate' });
    expect(valueFormsOf(helpText('corpus/tsc.txt'))).toMatchObject({ longValue: 'separate' });
  });
});
