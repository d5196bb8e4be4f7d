/**
 * The state replicas of one cli-mcp server share: rate-limit buckets, approval grants, question nonces,
 * concurrency slots and the secret that seals question state. `memoryStore()` keeps it in this process;
 * `redisStore(url)` keeps it in Redis (or Valkey) so every replica behind a load balancer sees the same.
 * Every operation of a store that cannot answer rejects with `StoreUnavailableError`: callers refuse the call.
 */
export interface SharedStore {
  /**
   * Takes tokens from every listed bucket, or from none: a refused take gives back what the others took.
   * @returns `{ allowed: false, retryAfterMs }` when a bucket is empty: the longest wait among the refusing buckets.
   */
  consume(takes: readonly BucketTake[]): Promise<Consumed>;
  /** Grants `key` for `ttlMs` (a later grant of the same key replaces it). */
  grant(key: string, ttlMs: number): Promise<void>;
  /** Whether `key` has a grant that has not expired. */
  hasGrant(key: string): Promise<boolean>;
  /** Takes a live grant away: true for exactly one caller across every replica, false after it or once expired. */
  takeGrant(key: string): Promise<boolean>;
  /** A fresh random nonce that `takeNonce` accepts once within `ttlMs`. */
  addNonce(ttlMs: number): Promise<string>;
  /** True for exactly one caller across every replica, while the nonce lives; false for an unknown one. */
  takeNonce(nonce: string): Promise<boolean>;
  /** Leases one of `max` slots of `pool` for `leaseMs` (a holder that dies frees it by expiry); undefined when all are held. */
  acquireSlot(pool: string, max: number, leaseMs: number): Promise<string | undefined>;
  /**
   * Extends the lease to `leaseMs` from now. A lease that lapsed (the store was out of reach for longer than
   * the lease) is taken again, counted against `max` even when the pool is full: its call is still running,
   * and every call after it must see that. True when the lease was live, false when it was taken again.
   * Renew only a lease that is held: a released one would come back.
   */
  renewSlot(pool: string, lease: string, leaseMs: number): Promise<boolean>;
  /** Frees a lease's slot; a lease already gone is fine. */
  releaseSlot(pool: string, lease: string): Promise<void>;
  /**
   * A 32-byte secret named `name`, the same on every replica: the first to ask creates it. Read it where it
   * is used: a Redis that restarts empty gets a new one, and replicas that read it again agree on it again.
   */
  sharedSecret(name: string): Promise<Buffer>;
  /** Stores `value` under `name` for `ttlMs` (replacing what was there): a background run's record, readable on every replica. */
  putValue(name: string, value: string, ttlMs: number): Promise<void>;
  /** The value stored under `name`, or undefined when there is none (never stored, deleted, or expired). */
  getValue(name: string): Promise<string | undefined>;
  /** Removes the value under `name`; an absent one is fine. */
  deleteValue(name: string): Promise<void>;
  /** Sends `message` to every subscriber of `channel` on every replica (this one included); nobody listening is fine. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `handler` with every message published on `channel` from now on, on any replica; resolves once
   * listening. Messages published while the store cannot answer are lost (callers must tolerate that).
   * @returns a function that stops listening: at once in this process, even while the store cannot answer; it never rejects
   */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  /** Whether the store answers now (for `/readyz`); never rejects. */
  ping(): Promise<boolean>;
  /** Lets go of the store; every later operation rejects with `StoreUnavailableError`. */
  close(): Promise<void>;
}

/** A token bucket: `capacity` calls at once, refilled at `perSecond`. */
export interface BucketSettings {
  readonly capacity: number;
  readonly perSecond: number;
}

/** One bucket a call takes from. */
export interface BucketTake {
  /** Whose bucket: the same key with the same settings is the same bucket on every replica. */
  readonly key: string;
  readonly bucket: BucketSettings;
  /** Tokens taken; a whole number no larger than the capacity. @default 1 */
  readonly cost?: number;
}

/** The verdict of `consume`. */
export type Consumed = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };
