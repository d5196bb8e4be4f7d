/** UTF-8 byte boundaries: where bytes can be cut without splitting a character. */

export function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The largest cut ≤ `at` that does not split a character of `bytes` (valid UTF-8). */
export function charBoundary(bytes: Buffer, at: number): number {
  if (at <= 0) return 0;
  if (at >= bytes.length) return bytes.length;
  let cut = at;
  while (cut > 0 && at - cut < 3 && isContinuation(bytes[cut])) cut -= 1;
  return cut;
}

/** The smallest cut ≥ `at` that does not split a character. */
export function nextBoundary(bytes: Buffer, at: number): number {
  let cut = at;
  while (cut < bytes.length && isContinuation(bytes[cut])) cut += 1;
  return cut;
}
