/**
 * Bounded capture of one output stream: keeps the first half of the byte cap (head) and the last half
 * (tail, in a ring buffer), counts everything, and never holds more than the cap however much passes.
 */
import { formatCount } from '../messages.js';

/** What a capture kept of its stream. */
export interface CaptureResult {
  /** The stream as UTF-8 text; when bytes were cut, `head + marker line + tail`. */
  readonly text: string;
  /** Bytes were left out of `text`. */
  readonly truncated: boolean;
  /** Every byte that was written, kept or not. */
  readonly totalBytes: number;
  /** Bytes not in `text`: the middle, plus any multi-byte character split at the head or tail edge. */
  readonly cutBytes: number;
}

/** A sink for one stream's chunks; `result()` may be called at any time, and again. */
export interface Capture {
  write(chunk: Uint8Array): void;
  result(): CaptureResult;
}

/** The line put between head and tail, e.g. `\n[… 12,345,678 bytes cut from the middle of stdout …]\n`. */
export function cutMarker(cutBytes: number, streamName: string): string {
  return `\n[… ${formatCount(cutBytes)} bytes cut from the middle of ${streamName} …]\n`;
}

/**
 * Creates a capture that keeps at most `maxBytes` bytes: the first `ceil(maxBytes / 2)` and the last
 * `floor(maxBytes / 2)`. Output of at most `maxBytes` bytes comes back whole and untruncated.
 * Memory grows with what is kept, never past `maxBytes` (plus one chunk in flight).
 * @param maxBytes the byte cap, a non-negative integer
 * @param streamName how the marker line names the stream; `'the output'` when left out
 * @example
 * const capture = createCapture(1024, 'stdout');
 * child.stdout.on('data', (chunk) => capture.write(chunk));
 * child.on('close', () => process.stderr.write(capture.result().text));
 */
export function createCapture(maxBytes: number, streamName = 'the output'): Capture {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new RangeError(`maxBytes must be a non-negative integer, got ${maxBytes}`);
  }
  const headCap = Math.ceil(maxBytes / 2);
  const head = new GrowingBuffer(headCap);
  const tail = new RingBuffer(maxBytes - headCap);
  let totalBytes = 0;
  return {
    write(chunk) {
      totalBytes += chunk.byteLength;
      const taken = head.append(chunk);
      if (taken < chunk.byteLength) tail.write(taken === 0 ? chunk : chunk.subarray(taken));
    },
    result() {
      const headBytes = head.bytes();
      const tailBytes = tail.bytes();
      if (totalBytes <= maxBytes) {
        // Nothing was dropped, so head and tail are one contiguous run of bytes.
        const text = new TextDecoder().decode(Buffer.concat([headBytes, tailBytes]));
        return { text, truncated: false, totalBytes, cutBytes: 0 };
      }
      const keptHead = headBytes.subarray(0, completeUtf8Prefix(headBytes));
      const keptTail = tailBytes.subarray(leadingContinuationBytes(tailBytes));
      const cutBytes = totalBytes - keptHead.byteLength - keptTail.byteLength;
      // The end of the tail is the real end of the stream: decode it without dropping anything.
      const text = new TextDecoder().decode(keptHead) + cutMarker(cutBytes, streamName) + new TextDecoder().decode(keptTail);
      return { text, truncated: true, totalBytes, cutBytes };
    },
  };
}

/** Length of `bytes` without a multi-byte UTF-8 sequence left incomplete at its end. */
function completeUtf8Prefix(bytes: Uint8Array): number {
  // A sequence is at most 4 bytes: look back at most 3 for the lead byte of the last one.
  for (let back = 1; back <= Math.min(3, bytes.byteLength); back++) {
    const byte = bytes[bytes.byteLength - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation: keep looking for the lead
    const need = byte >= 0xf5 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc2 ? 2 : 1; // others are not lead bytes
    return need > back ? bytes.byteLength - back : bytes.byteLength;
  }
  return bytes.byteLength;
}

/** How many continuation bytes (a character's middle, cut from its lead) open `bytes`; at most 3. */
function leadingContinuationBytes(bytes: Uint8Array): number {
  let count = 0;
  while (count < 3 && count < bytes.byteLength && ((bytes[count] ?? 0) & 0xc0) === 0x80) count++;
  return count;
}

/** Up to `cap` bytes appended in order; storage doubles as it fills, so a small output stays small. */
class GrowingBuffer {
  private store = Buffer.alloc(0);
  private length = 0;

  constructor(private readonly cap: number) {}

  /** Appends what still fits; returns how many bytes of `chunk` were taken. */
  append(chunk: Uint8Array): number {
    const taken = Math.min(chunk.byteLength, this.cap - this.length);
    if (taken === 0) return 0;
    this.reserve(this.length + taken);
    this.store.set(chunk.subarray(0, taken), this.length);
    this.length += taken;
    return taken;
  }

  bytes(): Buffer {
    return this.store.subarray(0, this.length);
  }

  /** Makes room for `needed` bytes, doubling up to the cap. */
  reserve(needed: number): void {
    if (needed <= this.store.byteLength) return;
    const grown = Buffer.alloc(Math.min(this.cap, Math.max(needed, this.store.byteLength * 2, 4096)));
    grown.set(this.store.subarray(0, this.length));
    this.store = grown;
  }
}

/** The last `cap` bytes written; grows like {@link GrowingBuffer} until it first wraps around. */
class RingBuffer {
  private readonly linear: GrowingBuffer;
  /** Once wrapped: the full-size store, and where the next byte goes (also where the oldest byte is). */
  private ring: Buffer | undefined;
  private end = 0;

  constructor(private readonly cap: number) {
    this.linear = new GrowingBuffer(cap);
  }

  write(chunk: Uint8Array): void {
    if (this.cap === 0) return;
    if (this.ring === undefined) {
      const taken = this.linear.append(chunk);
      if (taken === chunk.byteLength) return;
      this.linear.reserve(this.cap); // full now: from here on the store is the ring
      this.ring = this.linear.bytes();
      this.end = 0;
      chunk = chunk.subarray(taken);
    }
    const ring = this.ring;
    // Only the last `cap` bytes of a large chunk can survive.
    const bytes = chunk.byteLength > this.cap ? chunk.subarray(chunk.byteLength - this.cap) : chunk;
    const first = Math.min(bytes.byteLength, this.cap - this.end);
    ring.set(bytes.subarray(0, first), this.end);
    ring.set(bytes.subarray(first), 0);
    this.end = (this.end + bytes.byteLength) % this.cap;
  }

  /** The kept bytes, oldest first. */
  bytes(): Buffer {
    if (this.ring === undefined) return this.linear.bytes();
    return Buffer.concat([this.ring.subarray(this.end), this.ring.subarray(0, this.end)]);
  }
}
