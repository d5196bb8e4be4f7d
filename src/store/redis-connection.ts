import { Redis } from 'ioredis';
import { CliMcpError } from '../errors.js';
import { StoreUnavailableError } from './store-unavailable.js';

/** How the connection to Redis fails closed. */
export interface ConnectionSettings {
  /** Longest an operation may take, waiting for a connection included. */
  readonly timeoutMs: number;
  /** Longest one connection attempt may take. */
  readonly connectTimeoutMs: number;
}

/** A Redis client whose every use either answers in time or rejects with StoreUnavailableError. */
export interface RedisConnection {
  readonly client: Redis;
  /** The URL with its password masked: safe for messages and logs. */
  readonly where: string;
  run<T>(op: (client: Redis) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Longest pause between reconnection attempts: how soon a replica notices Redis is back. */
const MAX_RECONNECT_DELAY_MS = 1000;

export function connectRedis(url: string, settings: ConnectionSettings): RedisConnection {
  const where = masked(url);
  const client = new Redis(url, {
    // Never queue while disconnected, never retry a command: a call waits for nothing that may not come.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: settings.connectTimeoutMs,
    commandTimeout: settings.timeoutMs,
    // Keep trying for ever, so the store recovers by itself when Redis comes back.
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    // Subscribers subscribe again themselves (redis-subscriber.ts): ioredis's resubscribe leaves its failure an unhandled rejection.
    autoResubscribe: false,
  });
  let closed = false;
  // Known broken since the last `ready`: fail at once instead of waiting for a connection that is not coming.
  let down = false;
  let lastError: Error | undefined;
  client.on('ready', () => {
    down = false;
    lastError = undefined;
  });
  // Without an error listener ioredis prints every failed reconnection; the errors reach callers instead.
  client.on('error', (error: Error) => {
    down = true;
    lastError = error;
  });
  client.on('close', () => {
    down = true;
  });

  const unreachable = (reason: string, cause?: unknown): StoreUnavailableError =>
    new StoreUnavailableError(`the shared store at ${where} is unreachable: ${reason}; refusing the call`, { cause });

  // Callers waiting for the first connection share one wait (and one set of listeners).
  let waiting: Promise<void> | undefined;
  /** Resolves when the client is ready, or rejects: at once when it is known down, else after timeoutMs. */
  const ready = (): Promise<void> => {
    if (client.status === 'ready') return Promise.resolve();
    if (down) return Promise.reject(unreachable(lastError?.message ?? `the connection is ${client.status}`, lastError));
    waiting ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: StoreUnavailableError): void => {
        clearTimeout(timer);
        client.off('ready', onReady).off('error', onError).off('end', onEnd);
        waiting = undefined;
        if (error) reject(error);
        else resolve();
      };
      const onReady = (): void => settle();
      const onError = (error: Error): void => settle(unreachable(error.message, error));
      const onEnd = (): void => settle(unreachable('the connection ended'));
      const timer = setTimeout(() => settle(unreachable(`no connection within ${settings.timeoutMs} ms`)), settings.timeoutMs);
      client.on('ready', onReady).on('error', onError).on('end', onEnd);
    });
    return waiting;
  };

  return {
    client,
    where,
    async run(op) {
      if (closed) throw new StoreUnavailableError(`the shared store at ${where} is closed; refusing the call`);
      let timer: NodeJS.Timeout | undefined;
      // One deadline for the whole operation (the connection wait and every command): late work may still land, and only ever errs towards refusing.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(unreachable(`no answer within ${settings.timeoutMs} ms`)), settings.timeoutMs);
      });
      try {
        return await Promise.race([ready().then(() => op(client)), deadline]);
      } catch (error) {
        throw failure(error, where, settings.timeoutMs, unreachable);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // QUIT lets Redis finish what it has; a client that is not connected has nothing to finish.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** What a failed operation becomes: a caller's RangeError stays one; anything from Redis refuses the call. */
function failure(error: unknown, where: string, timeoutMs: number, unreachable: (reason: string, cause?: unknown) => StoreUnavailableError): unknown {
  if (error instanceof RangeError || error instanceof StoreUnavailableError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'Command timed out') return unreachable(`no answer within ${timeoutMs} ms`, error);
  // A reply error means Redis is there but refused (a wrong type under our prefix, a read-only replica, OOM).
  if (error instanceof Error && error.name === 'ReplyError') return new StoreUnavailableError(`the shared store at ${where} answered with an error: ${message}; refusing the call`, { cause: error });
  return unreachable(message, error);
}

/** The URL as messages may show it: the password masked. */
function masked(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliMcpError('cli-mcp.invalid-option', `the Redis URL must look like redis://host:6379 or rediss://host:6380, got ${JSON.stringify(url.replace(/:[^:@/]*@/, ':***@'))}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new CliMcpError('cli-mcp.invalid-option', `the Redis URL must start with redis:// or rediss://, got ${JSON.stringify(parsed.protocol)}`);
  }
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}
