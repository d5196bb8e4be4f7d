import { closeSync, openSync, readSync } from 'node:fs';
import { charBoundary, isContinuation, nextBoundary } from './utf8.js';

/** One page of a spooled stream. */
export interface SpoolPage {
  readonly text: string;
  /** Where the page starts (the asked offset moved forward past a split UTF-8 character, if any). */
  readonly offset: number;
  /** Where the next page starts; equals totalBytes at the end. */
  readonly nextOffset: number;
  readonly totalBytes: number;
  /** The stream was kept whole (no cap cut it). */
  readonly complete: boolean;
}

/** Reads `[offset, offset + length)` moved to character boundaries; undefined when the file is gone. */
export function readPage(path: string, total: number, offset: number, length: number, complete: boolean): SpoolPage | undefined {
  if (offset >= total) return { text: '', offset: total, nextOffset: total, totalBytes: total, complete };
  // Room for 3 continuation bytes skipped at the start and 3 more to finish a character at the end.
  const window = Buffer.alloc(Math.min(total - offset, length + 6));
  try {
    const fd = openSync(path, 'r');
    try {
      for (let got = 0; got < window.length; ) {
        const n = readSync(fd, window, got, window.length - got, offset + got);
        if (n === 0) return undefined; // shorter than recorded: the file was changed under us
        got += n;
      }
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  let start = 0;
  while (start < 3 && start < window.length && isContinuation(window[start])) start += 1;
  let end = Math.min(start + length, window.length);
  if (end < window.length) {
    const back = charBoundary(window, end);
    end = back > start ? back : nextBoundary(window, end);
  }
  const text = window.subarray(start, end).toString('utf8');
  return { text, offset: offset + start, nextOffset: offset + end, totalBytes: total, complete };
}
