import { describe, expect, it } from 'vitest';
import { windowOf } from '../../src/store/rate-windows.js';

describe('windowOf', () => {
  it.each([
    { bucket: { capacity: 60, perSecond: 30 }, window: { points: 60, duration: 2 }, why: 'the CLI default is exact' },
    { bucket: { capacity: 10, perSecond: 1 }, window: { points: 10, duration: 10 }, why: 'a whole-second window is exact' },
    { bucket: { capacity: 5, perSecond: 0.5 }, window: { points: 5, duration: 10 }, why: 'a slow refill is exact' },
    { bucket: { capacity: 6, perSecond: 0.3 }, window: { points: 6, duration: 20 }, why: 'float noise (6 / 0.3 = 20.000000000000004) is absorbed' },
    { bucket: { capacity: 10, perSecond: 3 }, window: { points: 12, duration: 4 }, why: 'a window rounded up to 4 s holds what 4 s refill' },
    { bucket: { capacity: 1, perSecond: 3 }, window: { points: 3, duration: 1 }, why: 'a window is at least 1 s' },
    { bucket: { capacity: 3, perSecond: 0.7 }, window: { points: 3, duration: 5 }, why: 'points round down, so the rate stays under perSecond' },
  ])('when the bucket is $bucket then the window is $window ($why)', ({ bucket, window }) => {
    expect(windowOf(bucket)).toEqual(window);
  });

  it('when any bucket is mapped then the window never lets more than perSecond through on average, and holds at least its capacity', () => {
    for (const capacity of [1, 2, 3, 5, 7, 10, 60, 100]) {
      for (const perSecond of [0.1, 0.3, 0.5, 0.7, 1, 2, 3, 7, 30, 100]) {
        const { points, duration } = windowOf({ capacity, perSecond });
        expect(Number.isInteger(duration) && duration >= 1).toBe(true);
        expect(points / duration).toBeLessThanOrEqual(perSecond + 1e-9);
        expect(points).toBeGreaterThanOrEqual(capacity);
      }
    }
  });
});
