import type { StreamRedactor } from './redact-stream.js';
import { formatCount } from '../messages.js';

/** At most one progress notification per this many milliseconds; lines in between are sent together. */
export const PROGRESS_INTERVAL_MS = 250;
/** The longest message one notification carries; the newest lines are kept. */
const MAX_MESSAGE_CHARS = 2000;
/** Characters kept of the start of a longer line; the rest of it is counted, not held. */
export const MAX_LINE_CHARS = 4096;
/** Characters kept of the end of a cut line: where a redrawn progress bar shows its latest state. */
const LINE_END_CHARS = 256;
/** Lines held for the next message; only the newest can fit in one anyway. */
const MAX_PENDING_LINES = 200;

/** Progress from streamed output: complete lines, cleaned, batched and rate-limited. */
export interface LineProgress {
  /** One chunk of one stream: each stream's partial line and split characters are kept apart. */
  write(chunk: Uint8Array, stream?: 'stdout' | 'stderr'): void;
  /** Sends what is left; call once the process has ended. */
  end(): void;
}

/**
 * How streamed text is cleaned: a plain function runs on each message; a cleaner with a `stream()`
 * factory gets a {@link StreamRedactor} per call whose `lines` sees every line once (so a private key
 * opened in one message stays masked in the next) and whose `text` runs on each message.
 */
export type ProgressCleaner = ((text: string) => string) & { readonly stream?: () => StreamRedactor };

/** The line a cut line becomes: its start, a marker, and its end. */
export function cutLine(start: string, cutChars: number, end: string): string {
  return `${start}[… ${formatCount(cutChars)} characters cut from this line …]${end}`;
}

/**
 * Turns output chunks into progress messages of whole lines, sent at most every `intervalMs`.
 * `clean` runs on every message (sanitising and redaction), so progress never shows what the result would mask.
 * Memory and time are linear and bounded however the CLI prints: a line over {@link MAX_LINE_CHARS} keeps
 * its start and end and is cut in the middle as it streams; at most 200 lines wait for a message.
 */
export function lineProgress(send: (message: string) => void, clean: ProgressCleaner, intervalMs = PROGRESS_INTERVAL_MS): LineProgress {
  const cleaner: StreamRedactor = clean.stream?.() ?? { lines: (text) => text, text: clean };
  // The redaction state is shared (a key's body may follow its BEGIN on the other stream: over-mask, never leak).
  const streams = { stdout: { decoder: new TextDecoder(), line: new LineBuffer() }, stderr: { decoder: new TextDecoder(), line: new LineBuffer() } };
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    timer = undefined;
    if (pending.length === 0) return;
    const message = cleaner.text(pending.join('\n')).slice(-MAX_MESSAGE_CHARS);
    pending = [];
    if (message.trim() !== '') send(message);
  };
  // Every complete line goes through `cleaner.lines` in order, even those too old to be sent.
  const take = (block: string): void => {
    const kept = cleaner.lines(block);
    if (kept === '') return;
    const fresh = newestLines(kept, MAX_PENDING_LINES);
    pending = pending.length + fresh.length > MAX_PENDING_LINES ? pending.concat(fresh).slice(-MAX_PENDING_LINES) : pending.concat(fresh);
  };

  return {
    write(chunk, stream = 'stdout') {
      const { decoder, line } = streams[stream];
      const text = decoder.decode(chunk, { stream: true });
      const first = text.indexOf('\n');
      line.append(first === -1 ? text : text.slice(0, first));
      if (first === -1) return;
      const last = text.lastIndexOf('\n');
      // The lines wholly inside this chunk are handled as one string: no per-line work in a flood of short lines.
      const middle = first === last ? undefined : cutLongLines(text.slice(first + 1, last));
      const block = middle === undefined ? line.take() : `${line.take()}\n${middle}`;
      line.append(text.slice(last + 1));
      take(block);
      timer ??= setTimeout(flush, intervalMs);
    },
    end() {
      clearTimeout(timer);
      for (const { decoder, line } of Object.values(streams)) {
        line.append(decoder.decode());
        if (!line.isEmpty()) take(line.take());
      }
      flush();
    },
  };
}

/** The last `count` lines of `text`, found from its end, so a huge block is never split whole. */
function newestLines(text: string, count: number): string[] {
  let start = text.length;
  for (let seen = 0; seen < count; seen++) {
    const newline = start === 0 ? -1 : text.lastIndexOf('\n', start - 1);
    if (newline === -1) return text.split('\n');
    start = newline;
  }
  return text.slice(start + 1).split('\n');
}

/** `text` (whole lines) with every line over the cap cut as {@link LineBuffer} would cut it. */
function cutLongLines(text: string): string {
  let at = 0;
  let long = false;
  for (let newline = text.indexOf('\n'); !long; newline = text.indexOf('\n', at)) {
    const lineEnd = newline === -1 ? text.length : newline;
    long = lineEnd - at > MAX_LINE_CHARS + LINE_END_CHARS;
    if (newline === -1) break;
    at = newline + 1;
  }
  if (!long) return text;
  const buffer = new LineBuffer();
  return text
    .split('\n')
    .map((whole) => {
      buffer.append(whole);
      return buffer.take();
    })
    .join('\n');
}

/** The line being received: at most its first MAX_LINE_CHARS and last LINE_END_CHARS, and a count of the rest. */
class LineBuffer {
  private start = '';
  private end = '';
  private cut = 0;

  append(text: string): void {
    if (text === '') return;
    if (this.cut === 0 && this.end === '') {
      const room = MAX_LINE_CHARS - this.start.length;
      if (text.length <= room) {
        this.start += text;
        return;
      }
      // A surrogate pair is never split between the start and the rest.
      const split = isHighSurrogate(text.charCodeAt(room - 1)) ? room - 1 : room;
      this.start += text.slice(0, split);
      text = text.slice(split);
    }
    // A long piece replaces the end outright, so the end never grows with a chunk's size.
    const replaces = text.length >= LINE_END_CHARS;
    const joined = replaces ? text : this.end + text;
    const drop = joined.length - Math.min(joined.length, LINE_END_CHARS);
    this.cut += drop + (replaces ? this.end.length : 0);
    this.end = joined.slice(drop);
    // Nor is one split between the cut and the end.
    if (this.cut > 0 && isLowSurrogate(this.end.charCodeAt(0))) {
      this.end = this.end.slice(1);
      this.cut += 1;
    }
  }

  isEmpty(): boolean {
    return this.start === '' && this.end === '';
  }

  /** The whole line, or its start and end around a marker; the buffer is empty again after. */
  take(): string {
    const taken = this.cut === 0 ? this.start + this.end : cutLine(this.start, this.cut, this.end);
    this.start = '';
    this.end = '';
    this.cut = 0;
    return taken;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
