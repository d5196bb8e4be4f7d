import { formatCount } from '../messages.js';
/**
 * The lines a background run printed, held between polls in bounded memory: the first lines (the
 * head, where a command says what it is doing) and the newest (a ring tail, where it says how it is
 * going), with a count of the lines dropped between them. A cursor is the number of lines a caller has
 * seen; lines are numbered from 0 in the order they arrived.
 */

/** @default 16384 characters of a run's first lines kept for its whole life. */
export const DEFAULT_HEAD_CHARS = 16 * 1024;
/** @default 65536 characters of a run's newest lines kept. */
export const DEFAULT_TAIL_CHARS = 64 * 1024;

/** Which lines a poll gets: what is still held after the cursor, head and tail within the page. */
export interface LinesPage {
  /** The lines after the cursor, oldest first; a line `[… N lines not shown …]` stands where lines were dropped. */
  readonly text: string;
  /** Lines after the cursor that this page does not show (dropped from memory, or cut to fit the page). */
  readonly omitted: number;
  /** The cursor for the next poll: every line received so far. */
  readonly nextCursor: number;
}

export interface OutputLines {
  /** Takes one progress message: one or more lines. */
  push(message: string): void;
  /**
   * The lines after `cursor`, at most `maxChars` characters of them (their head and tail around a
   * marker when more). A cursor past the end reads nothing.
   * @throws RangeError when `cursor` is not a non-negative integer
   */
  read(cursor: number, maxChars: number): LinesPage;
  /** Lines received so far, kept or not. */
  readonly total: number;
  /** What is held now, as plain data another replica can read with `readSnapshot`. */
  snapshot(): LinesSnapshot;
}

/** The lines a buffer holds: its head, its kept tail and the number of the tail's first line. */
export interface LinesSnapshot {
  readonly head: readonly string[];
  readonly tail: readonly string[];
  readonly tailStart: number;
  readonly total: number;
}

/** An empty buffer keeping at most `headChars` of the first lines and `tailChars` of the newest (always the newest line, however long). */
export function outputLines(headChars = DEFAULT_HEAD_CHARS, tailChars = DEFAULT_TAIL_CHARS): OutputLines {
  const head: string[] = [];
  let headSize = 0;
  let headOpen = true;
  let tail: string[] = [];
  /** Index into `tail` of its oldest kept line: shifting an array per line would be quadratic. */
  let tailFrom = 0;
  let tailSize = 0;
  /** The number of the line at tail[tailFrom]. */
  let tailStart = 0;
  let total = 0;

  const pushLine = (line: string): void => {
    total += 1;
    if (headOpen && headSize + line.length <= headChars) {
      head.push(line);
      headSize += line.length;
      tailStart = total;
      return;
    }
    headOpen = false; // the head is the unbroken start: nothing joins it after the first line that does not fit
    tail.push(line);
    tailSize += line.length;
    while (tailSize > tailChars && tail.length - tailFrom > 1) {
      tailSize -= (tail[tailFrom] as string).length;
      tailFrom += 1;
      tailStart += 1;
    }
    if (tailFrom > 1024 && tailFrom * 2 > tail.length) {
      tail = tail.slice(tailFrom);
      tailFrom = 0;
    }
  };

  return {
    push(message) {
      for (const line of message.split('\n')) pushLine(line);
    },
    read(cursor, maxChars) {
      return readLines(head, tail, tailFrom, tailStart, total, cursor, maxChars);
    },
    get total() {
      return total;
    },
    snapshot() {
      return { head: [...head], tail: tail.slice(tailFrom), tailStart, total };
    },
  };
}

/** The lines after `cursor` in a snapshot, as `OutputLines.read` gives them. @throws RangeError for a bad cursor */
export function readSnapshot(snapshot: LinesSnapshot, cursor: number, maxChars: number): LinesPage {
  return readLines(snapshot.head, snapshot.tail, 0, snapshot.tailStart, snapshot.total, cursor, maxChars);
}

function readLines(head: readonly string[], tail: readonly string[], tailFrom: number, tailStart: number, total: number, cursor: number, maxChars: number): LinesPage {
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError(`cursor must be a non-negative integer, got ${String(cursor)}`);
  const from = Math.min(cursor, total);
  const held: (string | number)[] = head.slice(from);
  const dropped = tailStart - Math.max(from, head.length);
  if (dropped > 0) held.push(dropped);
  held.push(...tail.slice(tailFrom + Math.max(0, from - tailStart)));
  return { ...fitPage(held, maxChars), nextCursor: total };
}

/** Lines (a number stands for that many dropped ones) as text within `maxChars`: the head and the tail, the middle counted. */
function fitPage(held: readonly (string | number)[], maxChars: number): Omit<LinesPage, 'nextCursor'> {
  const size = (item: string | number): number => (typeof item === 'number' ? 0 : item.length + 1);
  const whole = held.reduce<number>((sum, item) => sum + size(item), 0);
  if (whole <= maxChars + 1) return render(held);
  const shown: (string | number)[] = [];
  let room = Math.floor(maxChars / 2);
  let first = 0;
  for (; first < held.length && size(held[first] as string | number) <= room; first++) {
    room -= size(held[first] as string | number);
    shown.push(held[first] as string | number);
  }
  room += Math.ceil(maxChars / 2);
  let last = held.length;
  while (last > first && size(held[last - 1] as string | number) <= room) room -= size(held[--last] as string | number);
  const cut = held.slice(first, last).reduce<number>((sum, item) => sum + (typeof item === 'number' ? item : 1), 0);
  return render([...shown, cut, ...held.slice(last)]);
}

/** Joins lines, merging neighbouring counts into one marker line. */
function render(items: readonly (string | number)[]): Omit<LinesPage, 'nextCursor'> {
  const lines: string[] = [];
  let omitted = 0;
  let gap = 0;
  const closeGap = (): void => {
    if (gap > 0) lines.push(`[… ${formatCount(gap)} line${gap === 1 ? '' : 's'} not shown …]`);
    omitted += gap;
    gap = 0;
  };
  for (const item of items) {
    if (typeof item === 'number') gap += item;
    else {
      closeGap();
      lines.push(item);
    }
  }
  closeGap();
  return { text: lines.join('\n'), omitted };
}
