import { describe, expect, it } from 'vitest';
import { fullerHelpArgs } from '../../../src/reflect/help/fuller-help.js';
import { helpText } from './summary.js';


describe('help that names a fuller help (topic-style help)', () => {
  it.each([
    ['curl', 'This is not the full help, this menu is stripped into categories.\nFor all options use the manual or "--help all".', ['--help', 'all']],
    ['qpdf', helpText('layouts/qpdf.txt'), ['--help=all']],
    ['ffmpeg', helpText('layouts/ffmpeg.txt'), ['-h', 'long']],
  ])('when %s\'s help points at its fuller form then those arguments are read', (_, text, args) => {
    expect(fullerHelpArgs(text)).toEqual(args);
  });

  it.each(['gnu/ls.txt', 'layouts/rsync.txt'])('when a help names no fuller form (%s) then nothing more is read', (name) => {
    expect(fullerHelpArgs(helpText(name))).toBeUndefined();
  });
});
