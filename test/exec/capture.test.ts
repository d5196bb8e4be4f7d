import { describe, expect, it } from 'vitest';
import { createCapture, cutMarker } from '../../src/exec/capture.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Writes `text` into a fresh capture in chunks of the given sizes (the rest as one last chunk). */
function capture(maxBytes: number, text: string | Uint8Array, chunkSizes: readonly number[] = []) {
  const data = typeof text === 'string' ? bytes(text) : text;
  const sink = createCapture(maxBytes, 'stdout');
  let at = 0;
  for (const size of chunkSizes) {
    sink.write(data.subarray(at, at + size));
    at += size;
  }
  sink.write(data.subarray(at));
  return sink.result();
}

/** A deterministic pseudo-random generator, so a failing chunking can be replayed. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('createCapture', () => {
  it.each([
    ['nothing', 10, '', ''],
    ['less than the cap', 10, 'hello', 'hello'],
    ['exactly the cap', 10, '0123456789', '0123456789'],
  ])('when it gets %s then the text comes back whole and not truncated', (_, maxBytes, input, text) => {
    expect(capture(maxBytes, input)).toEqual({ text, truncated: false, totalBytes: input.length, cutBytes: 0 });
  });

  it.each([
    ['one byte over the cap', 10, '0123456789A', `01234${cutMarker(1, 'stdout')}6789A`],
    ['an odd cap', 5, 'abcdefghij', `abc${cutMarker(5, 'stdout')}ij`],
    ['a cap of one', 1, 'abc', `a${cutMarker(2, 'stdout')}`],
    ['a cap of zero', 0, 'abc', cutMarker(3, 'stdout')],
  ])('when it gets %s then head and tail are kept around the marker', (_, maxBytes, input, text) => {
    expect(capture(maxBytes, input)).toMatchObject({ text, truncated: true, totalBytes: input.length });
  });

  it('when the cut is large then the marker counts the bytes with thousands separators', () => {
    const result = capture(4, 'a'.repeat(1_234_571));
    expect(result.text).toBe(`aa\n[… 1,234,567 bytes cut from the middle of stdout …]\naa`);
    expect(result).toMatchObject({ truncated: true, totalBytes: 1_234_571, cutBytes: 1_234_567 });
  });

  it('when no stream name is given then the marker names the output', () => {
    const sink = createCapture(2);
    sink.write(bytes('abcd'));
    expect(sink.result().text).toBe('a\n[… 2 bytes cut from the middle of the output …]\nd');
  });

  it('when the input arrives in any chunking then the result is the same as in one chunk', () => {
    const text = Array.from({ length: 2_000 }, (_, i) => `${i},`).join('');
    const random = prng(42);
    for (const maxBytes of [0, 1, 7, 64, 1_000, 8_889, 9_000, 20_000]) {
      const whole = capture(maxBytes, text);
      for (let round = 0; round < 20; round++) {
        const sizes: number[] = [];
        for (let total = 0; total < text.length; ) {
          const size = Math.floor(random() * 3 * Math.max(1, maxBytes));
          sizes.push(size);
          total += size;
        }
        expect(capture(maxBytes, text, sizes), `cap ${maxBytes}, chunks ${sizes.join(' ')}`).toEqual(whole);
      }
    }
  });

  it('when one chunk is far larger than the cap then only its end is kept in the tail', () => {
    const result = capture(6, 'abcdefghijklmnopqrstuvwxyz', [2]);
    expect(result.text).toBe(`abc${cutMarker(20, 'stdout')}xyz`);
  });

  it('when the tail has wrapped around many times then it holds the last bytes in order', () => {
    const sink = createCapture(8, 'stdout');
    for (let i = 0; i < 1_000; i++) sink.write(bytes(String(i % 10)));
    expect(sink.result().text).toBe(`0123${cutMarker(992, 'stdout')}6789`);
  });

  it.each([
    ['a 2-byte character at the head edge', 'é'.repeat(10), 5, `é${cutMarker(16, 'stdout')}é`],
    ['a 3-byte character at both edges', '€'.repeat(10), 8, `€${cutMarker(24, 'stdout')}€`],
    ['a 4-byte character at both edges', '😀'.repeat(10), 10, `😀${cutMarker(32, 'stdout')}😀`],
    ['characters that end exactly at the edges', 'é'.repeat(10), 8, `éé${cutMarker(12, 'stdout')}éé`],
  ])('when the cut splits %s then the partial character is dropped, not garbled', (_, input, maxBytes, text) => {
    const result = capture(maxBytes, input);
    expect(result.text).toBe(text);
    expect(result.text).not.toContain('\uFFFD');
    expect(result.cutBytes + Buffer.byteLength(result.text) - Buffer.byteLength(cutMarker(result.cutBytes, 'stdout'))).toBe(
      result.totalBytes,
    );
  });

  it('when a multi-byte character is split across chunks but not cut then it is decoded whole', () => {
    expect(capture(100, 'a€b', [2, 1])).toMatchObject({ text: 'a€b', truncated: false });
  });

  it('when the output is not valid UTF-8 then the bad bytes become replacement characters', () => {
    expect(capture(100, Uint8Array.of(0x68, 0xff, 0x69)).text).toBe('h\uFFFDi');
    expect(capture(4, Uint8Array.of(0x61, 0xff, 0x62, 0x63, 0x64, 0x65, 0xff)).text).toBe(`a\uFFFD${cutMarker(3, 'stdout')}e\uFFFD`);
  });

  it('when result() is called twice then it gives the same answer and writing may go on', () => {
    const sink = createCapture(4, 'stdout');
    sink.write(bytes('abcdef'));
    expect(sink.result()).toEqual(sink.result());
    sink.write(bytes('gh'));
    expect(sink.result().text).toBe(`ab${cutMarker(4, 'stdout')}gh`);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('when the cap is %s then it throws a RangeError naming it', (maxBytes) => {
    expect(() => createCapture(maxBytes)).toThrow(new RangeError(`maxBytes must be a non-negative integer, got ${maxBytes}`));
  });
});
