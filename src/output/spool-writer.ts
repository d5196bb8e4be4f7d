import type { ProgressCleaner } from '../call/progress.js';
import type { StreamRedactor } from '../middleware/redact-stream.js';
import type { OutputStream } from './output-uri.js';
import type { SpoolEntry, SpoolSummary } from './spool.js';

/** A line longer than this is cleaned and spooled in pieces: memory stays bounded on output without line breaks. */
const MAX_PENDING_CHARS = 64 * 1024;

/** Feeds one call's raw output into a spool entry, cleaned as the result is (sanitised, redacted), a run of whole lines at a time. */
export interface SpoolWriter {
  write(chunk: Uint8Array, stream: OutputStream): void;
  /** Spools what is left and closes the entry. */
  end(): { readonly id: string; readonly summary: SpoolSummary };
}

export function spoolWriter(entry: SpoolEntry, clean: ProgressCleaner): SpoolWriter {
  const cleaner: StreamRedactor = clean.stream?.() ?? { lines: (text) => text, text: clean };
  const streams = { stdout: { decoder: new TextDecoder(), pending: '' }, stderr: { decoder: new TextDecoder(), pending: '' } };
  const put = (stream: OutputStream, text: string): void => {
    if (text !== '') entry.write(stream, cleaner.text(cleaner.lines(text)));
  };
  return {
    write(chunk, name) {
      const stream = streams[name];
      const text = stream.pending + stream.decoder.decode(chunk, { stream: true });
      const last = text.lastIndexOf('\n');
      // A surrogate pair is never split between two pieces.
      const whole = text.length - (isHighSurrogate(text.charCodeAt(text.length - 1)) ? 1 : 0);
      const cut = last === -1 && text.length > MAX_PENDING_CHARS ? whole : last + 1;
      put(name, text.slice(0, cut));
      stream.pending = text.slice(cut);
    },
    end() {
      for (const name of ['stdout', 'stderr'] as const) {
        const stream = streams[name];
        put(name, stream.pending + stream.decoder.decode());
        stream.pending = '';
      }
      return { id: entry.id, summary: entry.end() };
    },
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
