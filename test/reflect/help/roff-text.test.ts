import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { roffEntry, roffSection } from '../../../src/reflect/help/roff-text.js';

// git-stash(1) as Debian ships it (asciidoc → docbook → roff), up to its OPTIONS.
const stash = readFileSync(new URL('../../fixtures/help/roff/git-stash-excerpt.1', import.meta.url), 'utf8');

describe('the text of a man page\'s roff source', () => {
  it('when a section is read then requests, comments and example blocks are left out, and escapes become their characters', () => {
    const text = roffSection(stash, 'DESCRIPTION');
    expect(text).toMatch(/^Use git stash when you want to record the current state of the working directory and the index/);
    expect(text).not.toMatch(/\\f|\\&|^\.|\n/);
  });

  it('when a subcommand has no page of its own then its entry in the parent\'s page is its text (git stash pop)', () => {
    expect(roffEntry(stash, 'pop')).toMatch(/^Remove a single stashed state from the stash list and apply it on top of the current working tree state/);
    expect(roffEntry(stash, 'apply')).toMatch(/^Like pop, but do not remove the state from the stash list/);
    expect(roffEntry(stash, 'popular')).toBe('');
  });

  it('when escapes for fonts, sizes, dashes and named characters appear then they read as text', () => {
    const page = '.SH "DESCRIPTION"\n.PP\nSee \\fBgit\\-log\\fR(1)\\(em the \\s-1CA\\s0 \\(lqfile\\(rq\\&.\n.nf\n$ example --not-text\n.fi\nEnd\\&.\n.SH "OPTIONS"\nnot this\n';
    expect(roffSection(page, 'DESCRIPTION')).toBe('See git-log(1)— the CA “file”. End.');
  });

  it('when the section is missing then the text is empty', () => {
    expect(roffSection(stash, 'NO SUCH')).toBe('');
  });
});
