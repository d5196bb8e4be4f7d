import { describe, expect, it } from 'vitest';
import { cleanText } from '../../../src/reflect/help/clean-text.js';
import { splitHelp } from '../../../src/reflect/help/sections.js';

describe('splitting help text into usage, description and sections', () => {
  it('when a usage form wraps then its continuation lines join it, and `or:` lines start new forms', () => {
    const layout = splitHelp(['usage: git remote [-v | --verbose]', '   or: git remote add [-t <branch>]', '                      <name> <url>', '', 'text'].join('\n'));
    expect(layout.usage).toEqual(['git remote [-v | --verbose]', 'git remote add [-t <branch>] <name> <url>']);
  });

  it('when clap prints a second form under the first program word then it is a form of its own', () => {
    const layout = splitHelp(['Usage: cargo [OPTIONS] [COMMAND]', '       cargo [OPTIONS] -Zscript <MANIFEST_RS>', '', 'Options:', '  -q  quiet'].join('\n'));
    expect(layout.usage).toEqual(['cargo [OPTIONS] [COMMAND]', 'cargo [OPTIONS] -Zscript <MANIFEST_RS>']);
  });

  it('when argparse wraps its usage deeper than the program word then the lines are one form', () => {
    const layout = splitHelp(['usage: deploy [-h] [-v]', '              {release,status} ...', ''].join('\n'));
    expect(layout.usage).toEqual(['deploy [-h] [-v] {release,status} ...']);
  });

  it('when cobra puts the usage on the next line then each indented line is a form', () => {
    const layout = splitHelp(['Usage:', '  fakectl [flags]', '  fakectl [command]', '', 'Flags:', '  -h, --help   help'].join('\n'));
    expect(layout.usage).toEqual(['fakectl [flags]', 'fakectl [command]']);
    expect(layout.sections.map((section) => section.title)).toEqual(['Flags']);
  });

  it('when a title has no colon but an indented body (git, man, gh) then it is still a section', () => {
    const layout = splitHelp(['start a working area (see also: git help tutorial)', '   clone     Clone a repository', '', 'OPTIONS', '       -a, --annotate'].join('\n'));
    expect(layout.sections.map((section) => section.title)).toEqual(['start a working area (see also: git help tutorial)', 'OPTIONS']);
  });

  it('when free text precedes the sections then it is the description, with pointers to other help dropped', () => {
    const text = ['Display one or many resources.', '', ' Prints a table.', '', 'Use "kubectl api-resources" for a complete list.', '', 'Options:', '  -w  watch'].join('\n');
    expect(splitHelp(text).intro).toBe('Display one or many resources.\n\nPrints a table.');
  });

  it('when an inline title such as "Example:" carries text then the text is kept with the section', () => {
    const layout = splitHelp(['Usage: grep [OPTION]... PATTERNS [FILE]...', 'Example: grep -i hello menu.h', ''].join('\n'));
    expect(layout.sections).toEqual([{ title: 'Example', inline: 'grep -i hello menu.h', lines: [''] }]);
  });

  it('when text carries colours, man overstrike, tabs and CRLF then they are removed before parsing', () => {
    expect(cleanText('\u001b[1mN\bNA\bAM\bME\u001b[0m\r\n\t-x:')).toBe('NAME\n        -x:');
  });
});
