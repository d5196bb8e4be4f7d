/** How often `set` sweeps out expired entries that nobody read, so they do not hold memory until the map is full. */
const SWEEP_INTERVAL_MS = 1000;

/** Values that live until an expiry, at most `max` of them: past it the oldest go first. */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresAt: number }>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  /** @param now the clock, in milliseconds; for tests. */
  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Entries held, expired ones not yet swept included. */
  get size(): number {
    return this.entries.size;
  }

  set(key: string, value: V, ttlMs: number): void {
    const now = this.now();
    // Delete first so a renewed key moves to the young end of the insertion order.
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
    if (this.entries.size > this.max || now - this.sweptAt >= SWEEP_INTERVAL_MS) this.prune(now);
  }

  /** The live value of `key`; an expired one is dropped on the way. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Removes `key`; true when it was live. */
  delete(key: string): boolean {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  clear(): void {
    this.entries.clear();
  }

  private prune(now: number): void {
    this.sweptAt = now;
    for (const [key, { expiresAt }] of this.entries) if (expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(key);
    }
  }
}

/** Keys that live until an expiry, at most `max` of them: past it the oldest go first (a lost grant or nonce only means asking again). */
export class ExpiringKeys {
  private readonly keys: ExpiringMap<true>;

  /** @param now the clock, in milliseconds; for tests. */
  constructor(max: number, now: () => number = Date.now) {
    this.keys = new ExpiringMap(max, now);
  }

  set(key: string, ttlMs: number): void {
    this.keys.set(key, true, ttlMs);
  }

  has(key: string): boolean {
    return this.keys.get(key) === true;
  }

  /** True once for a live key; it is gone afterwards. */
  take(key: string): boolean {
    return this.keys.delete(key);
  }

  clear(): void {
    this.keys.clear();
  }
}
