import { describe, expect, it } from 'vitest';
import { ExpiringMap } from '../../src/store/expiring-keys.js';

describe('ExpiringMap', () => {
  it('when entries expire unread then a set a second later sweeps them out, so they hold no memory', () => {
    let now = 0;
    const map = new ExpiringMap<string>(100, () => now);
    map.set('run:1', 'a 200 KB record', 100);
    map.set('run:2', 'another', 100);
    now = 500;
    map.set('run:3', 'young', 10_000);
    expect(map.size).toBe(3);
    now = 1000;
    map.set('run:4', 'young', 10_000);
    expect(map.size).toBe(2);
    expect([map.get('run:1'), map.get('run:3')]).toEqual([undefined, 'young']);
  });

  it('when an entry has expired then get drops it and delete reports it was not live', () => {
    let now = 0;
    const map = new ExpiringMap<string>(100, () => now);
    map.set('a', 'x', 10);
    map.set('b', 'y', 10);
    now = 10;
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(1);
    expect(map.delete('b')).toBe(false);
    expect(map.size).toBe(0);
  });
});
