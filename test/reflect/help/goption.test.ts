import { describe, expect, it } from 'vitest';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import { helpText } from './summary.js';

const optionsOf = (file: string, path: string[]) => Object.fromEntries(parseHelp(helpText(file), { path }).options.map((option) => [option.flag ?? option.negation, `${option.type}${option.variadic ? ' repeatable' : ''}`]));

describe("GLib's GOption help, which writes no value's name where the program gave none", () => {
  it("when an entry's description names a value (appstreamcli's `--cachepath  Manually selected location…`, `--source … e.g. \\`os\\`. May be specified multiple times`) then the option takes one; a description that reads as an action is a switch", () => {
    expect(optionsOf('layouts/appstreamcli-refresh-cache.txt', ['appstreamcli', 'refresh-cache'])).toEqual({
      '--force': 'boolean',
      '--source': 'string repeatable',
      '--cachepath': 'string',
      '--datapath': 'string',
      '--no-cache': 'boolean',
    });
  });

  it('when the description counts something (`-l, --limit  Limit the number of release entries…`) then the value is a number', () => {
    expect(optionsOf('layouts/appstreamcli-news-to-metainfo.txt', ['appstreamcli', 'news-to-metainfo'])).toMatchObject({ '--format': 'string', '--limit': 'integer', '--translatable-count': 'integer' });
  });

  it("when another GOption program (pkcon) describes its valued options so (`Set the filter, e.g. installed`, `The maximum metadata cache age.`) then they take values, and its switches stay switches", () => {
    expect(optionsOf('layouts/pkcon.txt', ['pkcon'])).toMatchObject({ '--filter': 'string', '--cache-age': 'string', '--noninteractive': 'boolean', '--only-download': 'boolean', '--plain': 'boolean', '--allow-untrusted': 'boolean', '--verbose': 'boolean' });
  });

  it("when a help is not GOption's then a switch's description is not read for a value, whatever it says (`--filter  Set the filter, e.g. installed` on a GNU page)", () => {
    expect(parseHelp('Usage: x [OPTION]...\n\nOptions:\n  --filter   Set the filter, e.g. installed\n', { path: ['x'] }).options[0]?.type).toBe('boolean');
  });
});
