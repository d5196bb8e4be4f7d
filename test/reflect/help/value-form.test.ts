import { describe, expect, it } from 'vitest';
import { conventionsOf, valueFormsOf } from '../../../src/reflect/help/value-form.js';
import { helpText } from './summary.js';


describe('valueFormsOf', () => {
  it('when a help never writes --x=VALUE but writes --x <value> (curl) then long values go as separate words', () => {
    expect(valueFormsOf(helpText('gnu/curl-all.txt'))).toEqual({ longValue: 'separate' });
  });

  it('when a help writes a one-letter option with its value as a word of its own (zstd -o OUTPUT) then short values go separate', () => {
    expect(valueFormsOf(helpText('gnu/zstd.txt'))).toEqual({ shortValue: 'separate' });
  });

  it.each(['gnu/ls.txt', 'gnu/grep.txt'])('when a GNU help writes --x=VALUE (%s) then values stay joined', (name) => {
    expect(valueFormsOf(helpText(name))).toEqual({});
  });

  it('when a parser of the program\'s own shows no value form at all (typedoc refuses --name=x, serve reads -p8080 as -p -8…) then values go as words', () => {
    const typedoc = 'typedoc path/to/entry.ts\n\nOptions:\n --name                 Set the name of the project\n --customCss            Path to a custom CSS file\n';
    expect(valueFormsOf(typedoc, false)).toEqual({ longValue: 'separate', shortValue: 'separate' });
    expect(valueFormsOf(typedoc, true)).toEqual({});
  });
});

describe('zstd, whose help writes --[no-]x as git does', () => {
  it('when its help is read then it is not taken for git, and its values go as its help writes them', async () => {
    const { detectDialect } = await import('../../../src/reflect/help/detect.js');
    expect(detectDialect(helpText('gnu/zstd.txt'))).toBe('gnu');
  });
});

describe('each option keeps the value form its documentation shows', () => {
  const options = async (name: string) => (await import('../../../src/reflect/help/parse.js')).parseHelp(helpText(name), { path: [name.split('/')[1]?.replace(/\.txt$/, '') ?? ''] }).options;

  it('when ffmpeg writes one-dash long options and short ones with their value as the next word then each says separate, with the line as evidence (values spelled in a guessed dialect)', async () => {
    const found = await options('layouts/ffmpeg.txt');
    expect(found.find((option) => option.name === 'loglevel')).toMatchObject({ flag: '-loglevel', type: 'string', valueForm: 'separate', syntax: '-loglevel loglevel' });
    expect(found.find((option) => option.name === 'f')).toMatchObject({ flag: '-f', valueForm: 'separate', syntax: '-f fmt' });
  });

  it('when GNU help writes --block-size=SIZE and --color[=WHEN] then they say equals', async () => {
    const found = await options('gnu/ls.txt');
    expect(found.find((option) => option.name === 'block-size')).toMatchObject({ valueForm: 'equals', syntax: '--block-size=SIZE' });
    expect(found.find((option) => option.name === 'color')).toMatchObject({ valueForm: 'equals', optionalValue: true });
  });

  it('when a switch takes no value then it carries no value form', async () => {
    expect((await options('gnu/ls.txt')).find((option) => option.name === 'all')).not.toHaveProperty('valueForm');
  });
});

describe('"--" only where the program is known to read it as the end of options', () => {
  it.each(['gnu/ls.txt', 'gnu/grep.txt'])('when the help is getopt\'s own (%s) then "--" is honoured', async (name) => {
    const { honoursDoubleDash } = await import('../../../src/reflect/help/value-form.js');
    expect(honoursDoubleDash(helpText(name))).toBe(true);
  });

  it('when a usage writes `[--]` before its operands (jo) then "--" is honoured', async () => {
    const { honoursDoubleDash } = await import('../../../src/reflect/help/value-form.js');
    expect(honoursDoubleDash('Usage: jo [-a] [-B] [-p] [-f file] [--] [-s|-n|-b] [word...]\n\tword is key=value')).toBe(true);
    expect(honoursDoubleDash('Usage: tool [-a] [file...]\n  -a  all')).toBe(false);
  });

  it.each(['layouts/redis-cli.txt', 'layouts/zip.txt', 'layouts/ffmpeg.txt'])('when a parser of the program\'s own prints the help (%s) then no "--" is sent (the class of redis-cli -- -p …)', async (name) => {
    const { honoursDoubleDash } = await import('../../../src/reflect/help/value-form.js');
    expect(honoursDoubleDash(helpText(name))).toBe(false);
  });
});

describe('conventionsOf', () => {
  it("when the help is GLib's GOption (`Help Options:` then `-h, --help  Show help options`: appstreamcli) then options go after the command and its operands, where the program reads them", () => {
    expect(conventionsOf('gnu', helpText('layouts/appstreamcli.txt')).options).toBe('end');
    expect(conventionsOf('gnu', helpText('gnu/ls.txt')).options).toBe('command');
  });
});
