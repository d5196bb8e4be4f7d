import type { BucketTake } from './shared-store.js';

// A wrong argument is the caller's bug, not an outage: a RangeError, never StoreUnavailableError.

/** A lifetime in whole milliseconds (Redis PX takes integers), rounded up. */
export function checkedMs(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a positive number of milliseconds, got ${value}`);
  return Math.ceil(value);
}

export function checkedMax(max: number): number {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a slot pool needs max >= 1 (a whole number), got ${max}`);
  return max;
}

export function checkedName(what: string, value: string): string {
  if (typeof value !== 'string' || value === '') throw new RangeError(`${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

/** The takes with their cost filled in, each checked against its bucket. */
export function checkedTakes(takes: readonly BucketTake[]): Array<BucketTake & { readonly cost: number }> {
  if (!Array.isArray(takes) || takes.length === 0) throw new RangeError('consume needs at least one bucket to take from');
  return takes.map((take) => {
    const { capacity, perSecond } = take.bucket;
    if (!(capacity >= 1) || !Number.isFinite(capacity) || !(perSecond > 0) || !Number.isFinite(perSecond)) {
      throw new RangeError(`a rate limit needs capacity >= 1 and perSecond > 0, got ${JSON.stringify(take.bucket)}`);
    }
    const cost = take.cost ?? 1;
    if (!Number.isInteger(cost) || cost < 1 || cost > capacity) throw new RangeError(`a take costs a whole number of tokens from 1 to the capacity ${capacity}, got ${cost}`);
    return { ...take, key: checkedName('a bucket key', take.key), cost };
  });
}

/** A value or message as both stores keep it: Redis stores UTF-8, where a lone surrogate would come back as U+FFFD. */
export function checkedText(what: string, value: string): string {
  if (typeof value !== 'string') throw new RangeError(`${what} must be a string, got ${typeof value}`);
  const lone = /\p{Surrogate}/u.exec(value);
  if (lone) throw new RangeError(`${what} must be well-formed Unicode, got a lone surrogate at index ${lone.index}`);
  return value;
}

export function checkedHandler<T>(what: string, handler: T): T {
  if (typeof handler !== 'function') throw new RangeError(`${what} must be a function, got ${typeof handler}`);
  return handler;
}
