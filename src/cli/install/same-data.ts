import { isDeepStrictEqual } from 'node:util';

/** Equal as data: TOML tables come with a null prototype and dates as subclasses, so compare plain copies. */
export function sameData(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(structuredClone(a), structuredClone(b));
}
