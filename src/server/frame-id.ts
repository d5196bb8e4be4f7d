/**
 * Reads the JSON-RPC id of a message as its bytes stream past, without holding or parsing the message: the
 * top-level `"id"` member's value (a string or a number), wherever it stands. The SDK clients write it last,
 * so an oversized request's refusal can only carry its id if every byte is looked at.
 */

/** Longest id value kept; a longer one reads as no id. */
const MAX_ID_BYTES = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Takes a message's bytes in order; `id()` is the top-level id once they are all in, or null. */
export interface IdScanner {
  push(bytes: Buffer): void;
  id(): string | number | null;
}

export function idScanner(): IdScanner {
  let depth = 0;
  let inString = false;
  let escaped = false;
  // At the top level of an object: whether the next string is a member's name, the name being read, and where the member stands.
  let expectingKey = false;
  let key: number[] | undefined;
  let member: 'key' | 'colon' | 'id-value' | 'other-value' = 'other-value';
  let value: number[] | undefined;
  let found: string | number | null = null;

  const finishValue = (): void => {
    if (value !== undefined) found = parsed(value);
    value = undefined;
  };
  const keep = (into: number[] | undefined, byte: number, limit: number): number[] | undefined => {
    if (into === undefined) return undefined;
    if (into.length >= limit) return undefined;
    into.push(byte);
    return into;
  };

  const step = (byte: number): void => {
    if (inString) {
      if (depth === 1) {
        key = keep(key, byte, 4);
        value = keep(value, byte, MAX_ID_BYTES);
      }
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        inString = false;
        if (depth === 1 && member === 'key') {
          member = key !== undefined && Buffer.from(key).toString('latin1') === 'id"' ? 'colon' : 'other-value';
          key = undefined;
        }
      }
      return;
    }
    if (SPACE.has(byte)) return;
    if (depth === 1) {
      if (byte === QUOTE && expectingKey) {
        expectingKey = false;
        member = 'key';
        key = [];
        inString = true;
        return;
      }
      if (byte === COLON) {
        if (member === 'colon') {
          member = 'id-value';
          value = [];
        }
        return;
      }
      if (byte === COMMA) {
        finishValue();
        expectingKey = true;
        member = 'other-value';
        return;
      }
    }
    if (byte === QUOTE) {
      inString = true;
      if (depth === 1) value = keep(value, byte, MAX_ID_BYTES);
      return;
    }
    if (OPEN.has(byte)) {
      // An object or array is no id.
      if (depth === 1 && member === 'id-value') value = undefined;
      depth += 1;
      if (depth === 1) expectingKey = byte === 0x7b;
      return;
    }
    if (CLOSE.has(byte)) {
      if (depth === 1) finishValue();
      depth -= 1;
      return;
    }
    if (depth === 1) value = keep(value, byte, MAX_ID_BYTES);
  };

  return {
    push(bytes) {
      for (const byte of bytes) step(byte);
    },
    id: () => found,
  };
}

function parsed(bytes: readonly number[]): string | number | null {
  try {
    const id: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  } catch {
    return null;
  }
}
