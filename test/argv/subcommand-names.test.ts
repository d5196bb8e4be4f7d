import { describe, expect, it } from 'vitest';
import { layOutArgv } from '../../src/argv/build-argv.js';
import { PARSER_CONVENTIONS } from '../../src/argv/conventions.js';
import type { HelpPage } from '../../src/reflect/help/page.js';
import { assembleSpec } from '../../src/reflect/help/spec-tree.js';
import { flattenRunnable } from '../../src/reflect/flatten.js';

const page = (subcommands: HelpPage['subcommands'] = []): HelpPage => ({ usage: [], options: [], globalOptions: [], positionals: [{ name: 'files', type: 'string', required: false, variadic: true }], subcommands });

describe('subcommand names from help reflection', () => {
  it('when a listing gives a subcommand aliases then the runnable parent refuses each of them as a positional', () => {
    const listing = [{ name: 'remove', aliases: ['rm'] }];
    const root = { words: [], page: page(listing), children: [{ words: ['remove'], entry: listing[0], page: page(), children: [] }] };
    const spec = assembleSpec('tool', root, { inherited: [], rootPage: [] }, PARSER_CONVENTIONS.getopt);
    expect(spec.subcommands[0]?.aliases).toEqual(['rm']);
    const [parent] = flattenRunnable({ ...spec, runnable: true });
    if (!parent) throw new Error('no runnable root');
    expect(parent.subcommandNames).toEqual(['remove', 'rm']);
    expect(layOutArgv(parent, { flags: {}, args: ['rm'] })).toEqual({ ok: false, message: expect.stringMatching(/^args\[0\] "rm" names a command of tool/) });
  });
});
