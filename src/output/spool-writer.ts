import type { ProgressCleaner } from './progress.js';
import type { StreamRedactor } from './redact-stream.js';
import type { OutputStream } from './output-uri.js';
import type { SpoolEntry, SpoolSummary } from './spool.js';

/** A line longer than this is cleaned and spooled in pieces: memory stays bounded on output without line breaks. */
const MAX_PENDING_CHARS = 64 * 1024;
/** A character no token shape holds (tokens are word characters, `-`, `+`, `/`, `=`, `.`): a long line is only cut after one. */
const TOKEN_BREAK = /[^A-Za-z0-9_\-+/=.][A-Za-z0-9_\-+/=.]*$/;

/** Feeds one call's raw output into a spool entry, cleaned as the result is (sanitised, redacted), a run of whole lines at a time. */
export interface SpoolWriter {
  write(chunk: Uint8Array, stream: OutputStream): void;
  /** Spools what is left and closes the entry. */
  end(): { readonly id: string; readonly summary: SpoolSummary };
}

/**
 * Each stream has its own decoder, partial line and redactor (as the result redacts each stream on its
 * own). Text goes to the cleaner as whole lines without their final line feed, which is put back: the
 * stream redactor drops line feeds at the edges of a private key block, as a progress message wants.
 */
export function spoolWriter(entry: SpoolEntry, clean: ProgressCleaner, holdBytes = 0): SpoolWriter {
  const cleaner = (): StreamRedactor => clean.stream?.() ?? { lines: (text) => text, text: clean };
  const streams = {
    stdout: { decoder: new TextDecoder(), pending: '', cleaner: cleaner(), held: [] as string[] },
    stderr: { decoder: new TextDecoder(), pending: '', cleaner: cleaner(), held: [] as string[] },
  };
  // Raw text is held, uncleaned, until the output passes `holdBytes`: output a result shows whole costs no cleaning at all.
  let heldBytes = 0;
  let holding = holdBytes > 0;
  const put = (name: OutputStream, text: string): void => {
    if (text === '') return;
    if (holding) {
      streams[name].held.push(text);
      heldBytes += Buffer.byteLength(text);
      if (heldBytes <= holdBytes) return;
      holding = false;
      for (const other of ['stdout', 'stderr'] as const) for (const piece of streams[other].held.splice(0)) cleanAndWrite(other, piece);
      return;
    }
    cleanAndWrite(name, text);
  };
  const cleanAndWrite = (name: OutputStream, text: string): void => {
    // Past a cap nothing more is kept: cleaning a flood only to drop it would be most of its cost.
    if (!entry.accepting) return entry.skip(name);
    const { cleaner: stream } = streams[name];
    const lineFeed = text.endsWith('\n');
    const body = lineFeed ? text.slice(0, -1) : text;
    const kept = stream.lines(body);
    const cleaned = kept === '' ? (body === '' && lineFeed ? '\n' : '') : `${stream.text(kept)}${lineFeed ? '\n' : ''}`;
    if (cleaned !== '') entry.write(name, cleaned);
  };
  return {
    write(chunk, name) {
      const stream = streams[name];
      const text = stream.pending + stream.decoder.decode(chunk, { stream: true });
      const cut = text.length > MAX_PENDING_CHARS && text.lastIndexOf('\n') === -1 ? longLineCut(text) : text.lastIndexOf('\n') + 1;
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

/** Where a long line without a line feed is cut: after its last character no token holds, so no secret is split; never inside a surrogate pair. */
function longLineCut(text: string): number {
  const match = TOKEN_BREAK.exec(text);
  if (match && match.index > text.length / 2) return match.index + 1;
  return text.length - (isHighSurrogate(text.charCodeAt(text.length - 1)) ? 1 : 0);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
