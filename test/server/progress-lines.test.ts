import { describe, expect, it } from 'vitest';
import { MAX_LINES_PER_BATCH, MAX_STATUS_CHARS, statusLines } from '../../src/server/progress-lines.js';

describe('statusLines', () => {
  it('when a batch holds several lines then each is its own message, oldest first, blank ones skipped', () => {
    expect(statusLines('one\n\n   \ntwo')).toEqual(['one', 'two']);
  });

  it('when a line is redrawn with carriage returns or padded then the message is what a terminal shows of it, trimmed', () => {
    expect(statusLines('  10% [=>   ]\r  55% [===> ]\r 100% [=====]  ')).toEqual(['100% [=====]']);
  });

  it('when a CLI floods lines then only the newest few go out', () => {
    const batch = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    expect(statusLines(batch)).toEqual(Array.from({ length: MAX_LINES_PER_BATCH }, (_, i) => `line ${500 - MAX_LINES_PER_BATCH + i}`));
  });

  it('when a line is longer than a status line then its start is sent, ended with …, never half a surrogate pair', () => {
    expect(statusLines(`${'a'.repeat(MAX_STATUS_CHARS)}b`)).toEqual([`${'a'.repeat(MAX_STATUS_CHARS - 1)}…`]);
    const [cut] = statusLines(`${'a'.repeat(MAX_STATUS_CHARS - 2)}😀😀`);
    expect(cut).toBe(`${'a'.repeat(MAX_STATUS_CHARS - 2)}…`);
  });

  it('when the batch is empty or only blanks then nothing is sent', () => {
    expect(statusLines('')).toEqual([]);
    expect(statusLines('\n\r\n  ')).toEqual([]);
  });
});
