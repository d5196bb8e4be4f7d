/** Keys that live until an expiry, at most `max` of them: past it the oldest go first (a lost grant or nonce only means asking again). */
export class ExpiringKeys {
  private readonly expiries = new Map<string, number>();

  /** @param now the clock, in milliseconds; for tests. */
  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  set(key: string, ttlMs: number): void {
    // Delete first so a renewed key moves to the young end of the insertion order.
    this.expiries.delete(key);
    this.expiries.set(key, this.now() + ttlMs);
    if (this.expiries.size > this.max) this.prune();
  }

  has(key: string): boolean {
    const expiresAt = this.expiries.get(key);
    return expiresAt !== undefined && expiresAt > this.now();
  }

  /** True once for a live key; it is gone afterwards. */
  take(key: string): boolean {
    const live = this.has(key);
    this.expiries.delete(key);
    return live;
  }

  clear(): void {
    this.expiries.clear();
  }

  private prune(): void {
    const now = this.now();
    for (const [key, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(key);
    for (const key of this.expiries.keys()) {
      if (this.expiries.size <= this.max) break;
      this.expiries.delete(key);
    }
  }
}
