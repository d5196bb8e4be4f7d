/** Keys that live until an expiry, at most `max` of them: past it the oldest go first (a lost grant or nonce only means asking again). */
export class ExpiringKeys {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly max: number) {}

  set(key: string, ttlMs: number): void {
    // Delete first so a renewed key moves to the young end of the insertion order.
    this.expiries.delete(key);
    this.expiries.set(key, Date.now() + ttlMs);
    if (this.expiries.size > this.max) this.prune();
  }

  has(key: string): boolean {
    const expiresAt = this.expiries.get(key);
    return expiresAt !== undefined && expiresAt > Date.now();
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
    const now = Date.now();
    for (const [key, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(key);
    for (const key of this.expiries.keys()) {
      if (this.expiries.size <= this.max) break;
      this.expiries.delete(key);
    }
  }
}
