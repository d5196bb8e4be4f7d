/**
 * A line filter in front of the SDK's stdio reader: complete lines up to a maximum pass through one at
 * a time; a longer line is skipped as it streams in (never held whole) and reported once its end arrives.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { idScanner, type IdScanner } from './frame-id.js';

const NEWLINE = 0x0a;

/** An oversized line that was skipped: its length, and its JSON-RPC id (null when it has none to read). */
export interface SkippedFrame {
  readonly bytes: number;
  readonly id: string | number | null;
}

/**
 * Passes through each complete line (newline included) of at most `maxBytes` bytes, as its own chunk;
 * calls `onSkipped` for each longer one. Memory stays under `maxBytes` plus one input chunk.
 */
export function boundedLines(maxBytes: number, onSkipped: (frame: SkippedFrame) => void): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  // While skipping: how long the line is so far, and its id as read from every byte that went past.
  let skipping: { bytes: number; scanner: IdScanner } | undefined;
  const take = (part: Buffer): void => {
    if (skipping !== undefined) {
      skipping.bytes += part.length;
      skipping.scanner.push(part);
      return;
    }
    if (heldBytes + part.length <= maxBytes) {
      held.push(part);
      heldBytes += part.length;
      return;
    }
    skipping = { bytes: heldBytes + part.length, scanner: idScanner() };
    for (const piece of [...held, part]) skipping.scanner.push(piece);
    held = [];
    heldBytes = 0;
  };
  const skipped = (frame: { bytes: number; scanner: IdScanner }): SkippedFrame => ({ bytes: frame.bytes, id: frame.scanner.id() });
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        take(chunk.subarray(start, end));
        if (skipping !== undefined) onSkipped(skipped(skipping));
        else this.push(Buffer.concat([...held, Buffer.from([NEWLINE])]));
        held = [];
        heldBytes = 0;
        skipping = undefined;
        start = end + 1;
      }
      if (start < chunk.length) take(chunk.subarray(start));
      done();
    },
    flush(done: TransformCallback) {
      // A last line without its newline is not a frame; the SDK would drop it too.
      if (skipping !== undefined) onSkipped(skipped(skipping));
      done();
    },
  });
}
