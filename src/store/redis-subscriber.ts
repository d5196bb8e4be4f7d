import { connectRedis, type ConnectionSettings, type RedisConnection } from './redis-connection.js';
import { StoreUnavailableError } from './store-unavailable.js';
import { deliver, Subscribers } from './subscribers.js';

/** The listening side of a Redis store, on a connection of its own: a subscribed connection can run nothing else. */
export interface RedisSubscriber {
  /** Calls `handler` with every message on `channel`; resolves once Redis confirmed the subscription. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Opens its connection on the first subscribe, so a server that never listens holds one connection only; channels are Redis channels under `keyPrefix`. */
export function redisSubscriber(url: string, settings: ConnectionSettings, where: string, keyPrefix: string): RedisSubscriber {
  const subscribers = new Subscribers();
  let connection: RedisConnection | undefined;
  let closed = false;
  const refused = (): StoreUnavailableError => new StoreUnavailableError(`the shared store at ${where} is closed; refusing the call`);

  /** UNSUBSCRIBE when nobody listens on `key` any more, checked as the command goes out so a subscribe in between wins; best effort. */
  const stopIfIdle = (listening: RedisConnection, key: string): Promise<void> =>
    listening.run(async (redis) => {
      if (!subscribers.has(key)) await redis.unsubscribe(key);
    }).catch(() => undefined);

  const connected = (): RedisConnection => {
    if (connection) return connection;
    const listening = connectRedis(url, settings);
    const { client } = listening;
    client.on('message', (key: string, message: string) => {
      const reached = subscribers.reached(key);
      if (reached.length > 0) deliver(reached, key.slice(keyPrefix.length), message);
      // A channel nobody listens on was left subscribed by an UNSUBSCRIBE that failed.
      else void stopIfIdle(listening, key);
    });
    client.on('ready', () => {
      const keys = subscribers.names();
      // Ours, not ioredis's autoResubscribe, whose failure (the connection dropping again, NOPERM) is an unhandled rejection: a crash.
      // What was published while disconnected is lost; a resubscribe that fails retries on a new connection.
      if (keys.length > 0) {
        client.subscribe(...keys).catch(() => {
          if (!closed && client.status === 'ready') client.disconnect(true);
        });
      }
    });
    return (connection = listening);
  };

  return {
    async subscribe(channel, handler) {
      if (closed) throw refused();
      const key = `${keyPrefix}${channel}`;
      const listening = connected();
      // Registered before SUBSCRIBE goes out, so a concurrent unsubscribe of the same channel sees someone still listening.
      const subscription = subscribers.add(key, handler);
      try {
        await listening.run((redis) => redis.subscribe(key));
      } catch (error) {
        if (subscribers.remove(key, subscription)) void stopIfIdle(listening, key);
        throw error;
      }
      if (!subscription.active) throw refused();
      return async () => {
        if (subscribers.remove(key, subscription) && !closed) await stopIfIdle(listening, key);
      };
    },
    async close() {
      closed = true;
      subscribers.clear();
      await connection?.close();
    },
  };
}
