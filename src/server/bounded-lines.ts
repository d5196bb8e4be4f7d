/**
 * A line filter in front of the SDK's stdio reader: complete lines up to a maximum pass through one at
 * a time; a longer line is skipped as it streams in (never held whole) and reported once its end arrives.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** 4 MiB: far above any valid call (values are capped at 64 KiB, arrays at 1000 items). */
export const DEFAULT_MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Bytes of an oversized line kept to read its id from. */
const HEAD_BYTES = 1024;
const NEWLINE = 0x0a;

/** An oversized line that was skipped: its length and its first bytes. */
export interface SkippedFrame {
  readonly bytes: number;
  readonly head: Buffer;
}

/**
 * Passes through each complete line (newline included) of at most `maxBytes` bytes, as its own chunk;
 * calls `onSkipped` for each longer one. Memory stays under `maxBytes` plus one input chunk.
 */
export function boundedLines(maxBytes: number, onSkipped: (frame: SkippedFrame) => void): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  // While skipping: how long the line is so far, and its head.
  let skipping: { bytes: number; head: Buffer } | undefined;
  const take = (part: Buffer): void => {
    if (skipping !== undefined) {
      skipping.bytes += part.length;
      return;
    }
    if (heldBytes + part.length <= maxBytes) {
      held.push(part);
      heldBytes += part.length;
      return;
    }
    const head = Buffer.concat([...held, part.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
    skipping = { bytes: heldBytes + part.length, head: Buffer.from(head) };
    held = [];
    heldBytes = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        take(chunk.subarray(start, end));
        if (skipping !== undefined) onSkipped(skipping);
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
      if (skipping !== undefined) onSkipped(skipping);
      done();
    },
  });
}
