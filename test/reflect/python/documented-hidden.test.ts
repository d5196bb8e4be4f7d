import { describe, expect, it } from 'vitest';
import { argparseSpec } from '../../../src/reflect/python/argparse-spec.js';
import { hidesOptions, revealDocumented } from '../../../src/reflect/python/documented-hidden.js';
import { optparseSpec } from '../../../src/reflect/python/optparse-spec.js';
import type { ArgparseAction, ClickParam, OptparseOption, PythonAnswer } from '../../../src/reflect/python/parser-tree.js';
import type { OptionSpec } from '../../../src/types.js';

type Parsed = PythonAnswer & { readonly ok: true };

function action(fields: Partial<ArgparseAction> & { option_strings: readonly string[]; dest: string }): ArgparseAction {
  return { kind: 'store_true', class: '_StoreTrueAction', nargs: 0, type: null, choices: null, required: false, help: null, hidden: false, metavar: null, ...fields };
}

function argparseAnswer(actions: readonly ArgparseAction[]): Parsed {
  return { ok: true, kind: 'argparse', files: [], root: { prog: 'prog', description: null, epilog: null, prefix_chars: '-', actions, exclusive: [] } };
}

function opt(fields: Partial<OptparseOption>): OptparseOption {
  return { short: [], long: [], action: 'store_true', dest: 'x', type: null, nargs: null, takes_value: false, choices: null, metavar: null, hidden: false, help: null, ...fields };
}

/** What the man page lists, as its reader makes it. */
const manual = (flag: string, description: string, aliases: readonly string[] = []): OptionSpec => ({ name: flag.replace(/^-+/, ''), type: 'boolean', flag, description, ...(aliases.length > 0 ? { aliases } : {}) });

describe('options a parser hides but the man page documents are shown (deprecated options kept working: yt-dlp, isort)', () => {
  it('when an argparse action is hidden and the man page lists it then it is an option described as the page describes it', () => {
    const { answer, revealed } = revealDocumented(argparseAnswer([action({ option_strings: ['--old'], dest: 'old', hidden: true })]), [manual('--old', 'Does the old thing.')]);
    expect(revealed).toBe(1);
    expect(answer.kind === 'argparse' && argparseSpec('prog', answer.root).options).toEqual([expect.objectContaining({ name: 'old', type: 'boolean', description: 'Does the old thing.' })]);
  });

  it('when the page describes it by the option that replaces it then the description says it is the same as that', () => {
    const { answer } = revealDocumented(argparseAnswer([action({ option_strings: ['-g', '--get-url'], dest: 'get_url', hidden: true })]), [manual('--get-url', '--print urls', ['-g'])]);
    expect(answer.kind === 'argparse' && answer.root.actions[0]).toMatchObject({ hidden: false, help: 'Same as --print urls.' });
  });

  it('when a hidden option is not in the man page then it stays hidden, and a shown option keeps its parser help', () => {
    const shown = action({ option_strings: ['--new'], dest: 'new', help: 'From the parser.' });
    const secret = action({ option_strings: ['--secret'], dest: 'secret', hidden: true });
    const { answer, revealed } = revealDocumented(argparseAnswer([shown, secret]), [manual('--new', 'From the manual.'), manual('--other', 'Elsewhere.')]);
    expect(revealed).toBe(0);
    expect(answer.kind === 'argparse' && argparseSpec('prog', answer.root).options.map((option) => [option.name, option.description])).toEqual([['new', 'From the parser.']]);
  });

  it('when an optparse option is hidden and the page lists it by its short letter then it is shown', () => {
    const answer: Parsed = { ok: true, kind: 'optparse', files: [], root: { prog: 'prog', usage: null, description: null, epilog: null, version: null, interspersed: true, help: '', options: [opt({ short: ['-e'], long: ['--get-title'], dest: 'title', hidden: true })] } };
    const revealed = revealDocumented(answer, [manual('-e', 'Prints the title.')]);
    expect(revealed.revealed).toBe(1);
    expect(revealed.answer.kind === 'optparse' && optparseSpec('prog', revealed.answer.root, ['prog']).options).toEqual([expect.objectContaining({ name: 'get-title', description: 'Prints the title.' })]);
  });

  it('when a click option is hidden and the page lists its off switch then it is shown', () => {
    const param: ClickParam = { kind: 'option', name: 'legacy', opts: ['--legacy'], secondary_opts: ['--no-legacy'], nargs: 1, multiple: false, required: false, type: { name: 'boolean', class: 'BoolParamType' }, expose_value: true, is_eager: false, envvar: null, is_flag: true, is_bool_flag: true, hidden: true, help: null };
    const answer: Parsed = { ok: true, kind: 'click', files: [], root: { name: 'prog', help: null, short_help: null, epilog: null, hidden: false, deprecated: false, params: [param], group: false } };
    expect(hidesOptions(answer)).toBe(true);
    const { answer: shown } = revealDocumented(answer, [manual('--no-legacy', 'Turns the legacy mode off.')]);
    expect(shown.kind === 'click' && shown.root.params[0]).toMatchObject({ hidden: false, help: 'Turns the legacy mode off.' });
  });

  it('when a parser hides no option then its man page is not worth reading', () => {
    expect(hidesOptions(argparseAnswer([action({ option_strings: ['--new'], dest: 'new' })]))).toBe(false);
    // A hidden positional is no option a man page would list.
    expect(hidesOptions(argparseAnswer([action({ option_strings: [], dest: 'rest', hidden: true })]))).toBe(false);
    expect(hidesOptions(argparseAnswer([action({ option_strings: ['--old'], dest: 'old', hidden: true })]))).toBe(true);
  });
});
